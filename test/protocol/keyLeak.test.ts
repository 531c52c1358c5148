/**
 * The language server never shows the hub key: a local server on 127.0.0.1 echoes it back
 * through every path an independent attack found (a designator, a shape error, a JSON excerpt, a
 * Content-Encoding header, a failure page, a bad-request page), and the diagnostics, hovers,
 * statuses, log messages and stderr of the real built server are searched for it.
 */
import { after, before, test } from 'node:test';
import type { LocalServer } from '../unit/hub/localServer';
import { assertNoLeak, echoServer, KEY } from '../unit/hub/keyEcho';
import { SET_HUB_KEY_NOTIFICATION } from '../../common/protocol/lspMessages';
import { eventually, ServerUnderTest } from './support/server';

let echo: LocalServer;
let server: ServerUnderTest;
let mode = 'designator';
const routeTexts: string[] = [];
const hovers: string[] = [];

before(async () => {
  echo = await echoServer(() => mode);
  echo.server.on('request', (req) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => routeTexts.push(body));
  });
  server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: { diagnostics: { debounceMs: 0 }, hub: { baseUrl: echo.url, timeoutSeconds: 5, retries: 0 } },
    },
  });
  await server.expansionStatus((s) => s.state === 'local');
  await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: KEY, source: 'secretStorage' });
  await server.expansionStatus((s) => s.source === 'hub');
});

after(async () => {
  await server?.stop();
  await echo?.close();
});

let speed = 450;

/** Opens a new document for `echoMode`; resolves once the hub was asked and the answer handled. */
async function expandWith(echoMode: string): Promise<void> {
  mode = echoMode;
  const text = `N0${speed++}F350 DVR UL9 KONAN`;
  const uri = `file:///leak/${echoMode}-${speed}.route`;
  const statuses = server.expansionStatuses.length;
  await server.open(uri, `${text}\n`);
  if (echoMode === 'designator' || echoMode === 'mixedCase') {
    await server.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === 'H001'));
    const hover = await server.hover(uri, 0, 11);
    hovers.push(JSON.stringify(hover));
    return;
  }
  if (echoMode === 'badRequest') {
    // A rejected route text is no service failure in the editor: wait until the hub was asked.
    await eventually(() => routeTexts.some((b) => b.includes(text)), 'the hub asked for the route text');
    await new Promise((r) => setTimeout(r, 300));
    return;
  }
  await server.expansionStatus((s) => s.state !== 'ok', statuses);
}

test('no diagnostic, hover, status, log line or stderr of the language server holds the key', async () => {
  // A good answer between two failures, so each failure is reported with its own message.
  for (const echoMode of [
    'mixedCase',
    'shape',
    'jsonExcerpt',
    'jsonExcerptEncoded',
    'contentEncoding',
    'serverFailure',
    'badRequest',
  ]) {
    await expandWith('designator');
    await expandWith(echoMode);
  }
  const published = [...server.published.values()].flat();
  const output = [
    JSON.stringify(published),
    JSON.stringify(server.expansionStatuses),
    JSON.stringify(server.statuses),
    server.logMessages.join('\n'),
    server.stderr,
    hovers.join('\n'),
  ].join('\n');
  assertNoLeak(output, KEY, 'the language server');
});
