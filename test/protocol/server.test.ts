/**
 * The real built server over stdio: diagnostics, hover, outline, folding, quick fixes and edits,
 * as an editor sees them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { applyEdits, editsOf, sample, ServerUnderTest } from './support/server';
import { BROKEN_ROUTE_LOCAL } from '../shared/brokenRoute';

let server: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start();
});

after(async () => {
  await server?.stop();
});

const ROUTES = [
  '# London Heathrow to Frankfurt',
  'origin: EGLL',
  'destination: EDDF',
  'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS',
  '',
  'N0450F350 DVR KONAN UL607 AMASI',
  '',
  'N0450F350 DVR UL9 DCT KONAN',
].join('\n');

const range = (line: number, start: number, end: number) => ({
  start: { line, character: start },
  end: { line, character: end },
});

test('the server announces what it can do', () => {
  const capabilities = server.initializeResult.capabilities;
  assert.equal(server.initializeResult.serverInfo?.name, 'icao-route-language-server');
  assert.ok(capabilities.hoverProvider);
  assert.ok(capabilities.documentSymbolProvider);
  assert.ok(capabilities.foldingRangeProvider);
  assert.deepEqual(capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
});

test('diagnostics on open carry exact codes, severities and ranges', async () => {
  const diagnostics = await server.open('file:///protocol/open.route', ROUTES);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.source, d.range]),
    [
      ['R206', 2, 'icao-route', range(5, 14, 19)],
      ['R205', 1, 'icao-route', range(7, 18, 21)],
    ],
  );
  assert.match(JSON.stringify(diagnostics[1]?.message), /UL9/);
});

test('hover explains the element under the cursor', async () => {
  const uri = 'file:///protocol/hover.route';
  await server.open(uri, ROUTES);
  const speed = await server.hover(uri, 3, 4);
  assert.deepEqual(speed?.range, range(3, 0, 9));
  assert.match((speed?.contents as MarkupContent).value, /450 kt TAS at FL350/);
  const sid = await server.hover(uri, 3, 12);
  assert.match((sid?.contents as MarkupContent).value, /\*\*standard instrument departure \(SID\)\*\*/);
  const directive = await server.hover(uri, 1, 3);
  assert.match((directive?.contents as MarkupContent).value, /Departure aerodrome/);
  assert.equal(await server.hover(uri, 0, 5), null, 'comments have no hover');
});

test('document symbols: one per block with its points', async () => {
  const uri = 'file:///protocol/symbols.route';
  await server.open(uri, ROUTES);
  const symbols = await server.symbols(uri);
  assert.equal(symbols.length, 3);
  assert.deepEqual(
    symbols[0]?.children?.map((c) => c.name),
    ['DVR', 'KONAN', 'RUDUS'],
  );
  assert.deepEqual(
    symbols[1]?.children?.map((c) => c.name),
    ['DVR', 'KONAN', 'AMASI'],
  );
  assert.deepEqual(symbols[0]?.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 40 } });
});

test('folding ranges cover the blocks that span lines', async () => {
  const uri = 'file:///protocol/folding.route';
  await server.open(uri, ROUTES);
  assert.deepEqual(await server.folding(uri), [{ startLine: 0, endLine: 3, kind: 'region' }]);
});

test('a quick fix applied through didChange clears its diagnostic', async () => {
  const uri = 'file:///protocol/fix.route';
  const before = await server.open(uri, ROUTES);
  const missingDirect = before.find((d) => d.code === 'R206')!;
  const actions = await server.codeActions(uri, missingDirect.range, [missingDirect]);
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Insert DCT between DVR and KONAN'],
  );
  const edits = editsOf(actions[0], uri);
  // Send the edit as an incremental change, the way an editor applies it.
  const after = await server.change(
    uri,
    edits.map((e) => ({ range: e.range, text: e.newText })),
  );
  assert.deepEqual(
    after.map((d) => d.code),
    ['R205'],
  );
  assert.equal(applyEdits(ROUTES, edits).split('\n')[5], 'N0450F350 DVR DCT KONAN UL607 AMASI');
  // Hovers follow the edited text.
  const hover = await server.hover(uri, 5, 15);
  assert.match((hover?.contents as MarkupContent).value, /`DCT` — \*\*direct\*\*/);
});

test('a didChange that fixes an error clears it, one that breaks a route reports it', async () => {
  const uri = 'file:///protocol/edit.route';
  await server.open(uri, ROUTES);
  // Replace `DCT KONAN` after the airway by its exit point: `UL9 KONAN`.
  const fixed = await server.change(uri, [{ range: range(7, 18, 22), text: '' }]);
  assert.deepEqual(
    fixed.map((d) => d.code),
    ['R206'],
  );
  const whole = await server.change(uri, [{ text: 'N0450F350 DVR UL9 KONAN' }]);
  assert.deepEqual(whole, []);
  const broken = await server.change(uri, [{ range: range(0, 0, 9), text: 'DVR' }]);
  assert.ok(
    broken.some((d) => d.code === 'R201'),
    JSON.stringify(broken),
  );
});

test('closing a document clears its diagnostics', async () => {
  const uri = 'file:///protocol/close.route';
  await server.open(uri, ROUTES);
  const cleared = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      const last = server.published.get(uri)?.at(-1);
      if (last && last.version === undefined && last.diagnostics.length === 0) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
  await server.close(uri);
  await cleared;
  assert.equal(await server.hover(uri, 3, 4), null, 'a closed document is forgotten');
});

test('the sample files give the same findings as the parser', async () => {
  const diagnostics = await server.open('file:///protocol/broken.route', sample('broken.route'));
  const codes = diagnostics.map((d) => d.code);
  for (const code of ['R206', 'R205', 'R203', 'R105', 'R102', 'R201', 'R211'])
    assert.ok(codes.includes(code), `${code} in ${codes}`);
  assert.ok(diagnostics.every((d) => d.source === 'icao-route'));
  // Exactly the findings every suite expects (test/shared/brokenRoute.ts), on their ranges, in their words.
  const severity = ['', 'error', 'warning', 'info', 'hint'];
  const seen = diagnostics.map(
    (d) =>
      `${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.character + 1} ${d.code} ${severity[d.severity ?? 1]}`,
  );
  const wanted = BROKEN_ROUTE_LOCAL.map((e) => `${e.line}:${e.from}-${e.to} ${e.code} ${e.severity}`);
  assert.deepEqual([...seen].sort(), [...wanted].sort());
  for (const e of BROKEN_ROUTE_LOCAL) {
    const d = diagnostics.find(
      (x) => x.code === e.code && x.range.start.line + 1 === e.line && x.range.start.character + 1 === e.from,
    )!;
    assert.ok(String(d.message).includes(e.message), `${e.code}: "${d.message}" says "${e.message}"`);
  }
});
