/**
 * Broken message frames on stdio: a frame whose Content-Length is not a number, is missing,
 * negative or absurdly large must not wedge the connection. The server logs what was wrong and
 * reads the next good message.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { ServerUnderTest } from './support/server';

let server: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start();
});

after(async () => {
  await server?.stop();
});

function withinSeconds<T>(seconds: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${seconds} s (connection wedged)`)),
      seconds * 1000,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const BODY = JSON.stringify({
  jsonrpc: '2.0',
  method: 'textDocument/didClose',
  params: { textDocument: { uri: 'file:///none.route' } },
});

const BAD_FRAMES: [string, string][] = [
  ['a Content-Length that is no number', `Content-Length: abc\r\n\r\n${BODY}`],
  ['no Content-Length', `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${BODY}`],
  ['a negative Content-Length', `Content-Length: -5\r\n\r\n${BODY}`],
  ['an absurd Content-Length', `Content-Length: 99999999999\r\n\r\n${BODY}`],
];

for (const [what, frame] of BAD_FRAMES) {
  test(`after a frame with ${what} the server logs it and answers the next message`, async () => {
    const logged = server.logMessages.length;
    server.process.stdin!.write(frame);
    const uri = `file:///framing/${what.replace(/\W+/g, '-')}.route`;
    await withinSeconds(10, 'didOpen after the bad frame', server.open(uri, 'N0450F350 DVR UL9 KONAN'));
    const hover = await withinSeconds(10, 'hover after the bad frame', server.hover(uri, 0, 11));
    assert.match((hover?.contents as MarkupContent).value, /navaid/);
    const lines = server.logMessages.slice(logged).join('\n');
    assert.match(lines, /invalid LSP message frame/);
    assert.match(server.stderr, /invalid LSP message frame/);
    assert.ok(server.alive);
    await server.close(uri);
  });
}
