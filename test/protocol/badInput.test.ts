/**
 * Bad input through the real server: none of it may crash the server or leave it unable to
 * answer, and each gets diagnostics rather than silence.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
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

const GOOD = 'N0450F350 DVR UL9 KONAN';

/** After bad input the server is alive and still answers a hover on a good document. */
async function stillAnswers(): Promise<void> {
  assert.ok(server.alive, `server died; stderr:\n${server.stderr}`);
  const uri = `file:///bad/probe-${Math.random().toString(36).slice(2)}.route`;
  await server.open(uri, GOOD);
  const hover = await server.hover(uri, 0, 11);
  assert.match((hover?.contents as MarkupContent).value, /navaid/);
  await server.close(uri);
}

test('binary garbage gets the binary-content diagnostic', async () => {
  // Deterministic bytes with NULs and invalid UTF-8, decoded the way an editor would.
  const bytes = Buffer.concat([Buffer.from([0, 1, 2, 0xff, 0xfe, 0x00]), randomBytes(4096)]);
  const diagnostics = await server.open('file:///bad/binary.route', bytes.toString('utf8'));
  assert.ok(
    diagnostics.some((d) => d.code === 'R001'),
    JSON.stringify(diagnostics.map((d) => d.code)),
  );
  await stillAnswers();
});

test('a 5 MB document is diagnosed, capped, and hovers on it still work', async () => {
  const line = 'N0450F350 DVR UL9 KONAN UL607 AMASI DCT 4620N07805W DCT 46N078W';
  const blocks: string[] = [];
  let size = 0;
  for (let i = 0; size < 5 * 1024 * 1024; i++) {
    const block = i % 7 === 0 ? `${line} DVR KONAN` : line;
    blocks.push(block);
    size += block.length + 2;
  }
  const uri = 'file:///bad/huge.route';
  const diagnostics = await server.open(uri, blocks.join('\n\n'));
  assert.ok(diagnostics.length > 0 && diagnostics.length <= 1001, `${diagnostics.length} diagnostics`);
  assert.equal(diagnostics.at(-1)?.code, 'too-many-problems');
  const lastLine = (blocks.length - 1) * 2;
  const hover = await server.hover(uri, lastLine, 11);
  assert.match((hover?.contents as MarkupContent).value, /navaid/);
  // The outline is capped (MAX_SYMBOLS) and says what it left out.
  const symbols = await server.symbols(uri);
  assert.ok(symbols.length < blocks.length);
  assert.equal(symbols.at(-1)?.name, `… ${blocks.length - symbols.length + 1} more blocks not listed`);
  await server.close(uri);
  await stillAnswers();
});

test('a 10,000-character line is read to its end', async () => {
  const words = [];
  while (words.join(' ').length < 10_000) words.push('DCT', 'KONAN');
  const text = `N0450F350 DVR ${words.join(' ')}`;
  assert.ok(text.length >= 10_000);
  const uri = 'file:///bad/long-line.route';
  const diagnostics = await server.open(uri, text);
  assert.ok(Array.isArray(diagnostics));
  const lastStart = text.lastIndexOf('KONAN');
  const hover = await server.hover(uri, 0, lastStart + 2);
  assert.deepEqual(hover?.range, {
    start: { line: 0, character: lastStart },
    end: { line: 0, character: lastStart + 5 },
  });
  await stillAnswers();
});

test('CRLF line ends and tabs keep ranges exact', async () => {
  const text = 'origin: EGLL\r\nN0450F350\tDVR KONAN\r\n\r\nN0450F350 DVR UL9 DCT KONAN\r\n';
  const diagnostics = await server.open('file:///bad/crlf.route', text);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
    [
      ['R206', 1, 14, 19],
      ['R205', 3, 18, 21],
    ],
  );
  await stillAnswers();
});

test('empty, blank-only and comment-only documents have no findings', async () => {
  assert.deepEqual(await server.open('file:///bad/empty.route', ''), []);
  assert.deepEqual(await server.open('file:///bad/blank.route', '\n\n   \n\t\n'), []);
  assert.deepEqual(await server.open('file:///bad/comments.route', '# just a comment\n# and another'), []);
  await stillAnswers();
});

test('requests with positions outside the document or for unknown documents answer empty', async () => {
  const uri = 'file:///bad/positions.route';
  await server.open(uri, GOOD);
  assert.equal(await server.hover(uri, 500, 3), null);
  assert.equal(await server.hover(uri, 0, 9999), null);
  assert.equal(await server.hover('file:///bad/never-opened.route', 0, 0), null);
  assert.deepEqual(await server.symbols('file:///bad/never-opened.route'), []);
  await stillAnswers();
});
