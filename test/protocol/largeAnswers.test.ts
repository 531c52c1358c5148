/**
 * Answers that grow with the document, through the real built server: folding honours the
 * client's rangeLimit (the first ranges, before and after an edit), code lenses come without
 * their commands and are resolved one by one, and the outline of a very large document is capped
 * and says so.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CodeLensRequest, CodeLensResolveRequest } from 'vscode-languageserver-protocol';
import { parseRouteDocument } from '../../server/src/route';
import { foldingRanges } from '../../server/src/services/folding';
import { SHOW_MAP_COMMAND } from '../../common/commands';
import { MAX_SYMBOLS } from '../../server/src/services/symbols';
import { ServerUnderTest } from './support/server';
import { defined } from '../shared/defined';

const live = { isCancellationRequested: false };
const RANGE_LIMIT = 10;

/** Blocks of three lines under a two-line comment header: a region and a comment run each. */
const FOLDED = Array.from(
  { length: 30 },
  (_, i) => `# route ${i}\n# daily\norigin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN`,
).join('\n\n');

let server: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start({
    capabilities: { textDocument: { foldingRange: { rangeLimit: RANGE_LIMIT, lineFoldingOnly: true } } },
  });
});

after(async () => {
  await server.stop();
});

test('folding sends the first rangeLimit ranges, before and after an edit', async () => {
  const uri = 'file:///large/folding.route';
  await server.open(uri, FOLDED);
  const all = foldingRanges(parseRouteDocument(FOLDED), FOLDED, live);
  assert.equal(all.length, 60);
  assert.deepEqual(await server.folding(uri), all.slice(0, RANGE_LIMIT));
  // A line added at the top: every range moves down (the edited document's own lines).
  await server.change(uri, [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '\n' },
  ]);
  const edited = `\n${FOLDED}`;
  assert.deepEqual(
    await server.folding(uri),
    foldingRanges(parseRouteDocument(edited), edited, live).slice(0, RANGE_LIMIT),
  );
  assert.equal((await server.folding(uri))[0]?.startLine, 1);
});

test('a client that sets no rangeLimit gets every folding range', async () => {
  const unlimited = await ServerUnderTest.start();
  try {
    const uri = 'file:///large/folding-all.route';
    await unlimited.open(uri, FOLDED);
    assert.equal((await unlimited.folding(uri)).length, 60);
  } finally {
    await unlimited.stop();
  }
});

test('code lenses come without commands; each is resolved to open the map on its block', async () => {
  assert.deepEqual(server.initializeResult.capabilities.codeLensProvider, { resolveProvider: true });
  const uri = 'file:///large/lenses.route';
  await server.open(uri, FOLDED);
  const lenses = (await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
  assert.equal(lenses.length, 30);
  assert.ok(lenses.every((lens) => lens.command === undefined && lens.data !== undefined));
  const lens = defined(lenses[3], 'the fourth lens');
  const resolved = await server.connection.sendRequest(CodeLensResolveRequest.type, lens);
  assert.deepEqual(resolved.range, lens.range);
  assert.equal(resolved.command?.title, 'Show on map');
  assert.equal(resolved.command?.command, SHOW_MAP_COMMAND);
  assert.deepEqual(resolved.command?.arguments, [uri, { line: 18, character: 0 }]);
  // A lens the server never gave out comes back as it was, not as a failure.
  const foreign = { range: defined(lenses[0]).range, data: 'elsewhere' };
  assert.deepEqual(await server.connection.sendRequest(CodeLensResolveRequest.type, foreign), foreign);
});

/** `count` blocks of one point each: two symbols a block with its point. */
const blocks = (count: number) => Array.from({ length: count }, (_, i) => `# r${i}\nN0450F350 DVR`).join('\n\n');

test('an outline whose points do not fit lists its blocks without them', async () => {
  const uri = 'file:///large/flat.route';
  const count = Math.ceil(MAX_SYMBOLS * 0.6);
  await server.open(uri, blocks(count));
  const symbols = await server.symbols(uri);
  assert.equal(symbols.length, count);
  assert.ok(symbols.every((s) => s.children?.length === 0 && s.detail === 'route, 1 point'));
  assert.equal(symbols[count - 1]?.range.start.line, (count - 1) * 3);
  const small = 'file:///large/small.route';
  await server.open(small, blocks(10));
  assert.ok(
    (await server.symbols(small)).every((s) => s.children?.length === 1),
    'small outlines keep their points',
  );
});

test('the outline of a very large document stops at the cap and says so, in the outline and in the log', async () => {
  const uri = 'file:///large/capped.route';
  const count = MAX_SYMBOLS + 1000;
  await server.open(uri, blocks(count));
  const symbols = await server.symbols(uri);
  assert.equal(symbols.length, MAX_SYMBOLS);
  const summary = symbols.at(-1)!;
  assert.equal(summary.name, `… ${count - MAX_SYMBOLS + 1} more blocks not listed`);
  assert.equal(summary.range.start.line, (MAX_SYMBOLS - 1) * 3);
  assert.ok(
    server.logMessages.some((m) => m.includes(uri) && m.includes(`the first ${MAX_SYMBOLS - 1} are listed`)),
    server.logMessages.join('\n'),
  );
});
