/**
 * With `debounceMs: 0` a burst of edits must not queue one full diagnostics run per version:
 * only the newest version of a document is worked on, so the server is done soon after the last
 * keystroke instead of minutes later.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ServerUnderTest } from './support/server';

let server: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start({ initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 } } } });
});

after(async () => {
  await server?.stop();
});

test('a burst of 500 edits on a large document: stale versions are dropped, the last one is published', async () => {
  const line = 'N0450F350 DVR UL9 KONAN UL607 AMASI DCT 4620N07805W DCT 46N078W';
  const blocks = Array.from({ length: 20_000 }, (_, i) => (i % 7 === 0 ? `${line} DVR KONAN` : line));
  const uri = 'file:///burst/large.route';
  await server.open(uri, blocks.join('\n\n'));
  const before = server.published.get(uri)?.length ?? 0;
  const EDITS = 500;
  let last = 0;
  for (let i = 0; i < EDITS; i++) {
    // Type one character after another at the end of block 100's line.
    const at = { line: 200, character: line.length + i };
    last = await server.sendChange(uri, [{ range: { start: at, end: at }, text: i % 2 ? ' ' : 'X' }]);
  }
  const final = await server.diagnosticsFor(uri, last);
  assert.equal(final.version, last);
  const runs = (server.published.get(uri)?.length ?? 0) - before;
  assert.ok(runs < EDITS / 5, `${runs} publications for ${EDITS} versions: stale versions were worked on`);
});
