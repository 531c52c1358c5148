import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import test from 'node:test';
import { SymbolKind } from 'vscode-languageserver-types';
import { parseRouteDocument } from '../../../server/src/route';
import { foldingRanges } from '../../../server/src/services/folding';
import { rangeInside } from '../../../server/src/route/ranges';
import { documentSymbols } from '../../../server/src/services/symbols';
import { first, lastOf, nth } from '../route/helpers';

const live = { isCancellationRequested: false };
const cancelled = { isCancellationRequested: true };

const TEXT = [
  '# Heathrow to Frankfurt',
  '# on real airways',
  'origin: EGLL',
  'destination: EDDF',
  'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
  '',
  'N0480F340 POL UN57 GINGA DCT GOMUP/M083F360 DCT 57N020W 58N030W',
  'DCT YDP DCT YMX J524 YUL',
  '',
  '(FPL-DLH4AB-IS',
  '-A320/M-SDE2E3FGIJ1RWY/LB1',
  '-EGLL1200',
  '-N0450F350 DVR UL9 KONAN',
  '-EDDF0105 EDDK',
  '-DOF/261121)',
].join('\n');

test('one symbol per block, named like the block, with its points as children', () => {
  const document = parseRouteDocument(TEXT);
  const symbols = documentSymbols(document, live);
  assert.equal(symbols.length, 3);
  assert.deepEqual(
    symbols.map((s) => s.name),
    document.blocks.map((b) => b.name),
  );
  assert.deepEqual(
    symbols.map((s) => s.kind),
    [SymbolKind.Namespace, SymbolKind.Namespace, SymbolKind.Object],
  );

  assert.deepEqual(
    first(symbols).children!.map((c) => c.name),
    ['DVR', 'KONAN', 'RUDUS', 'ROLIS'],
  );
  const north = nth(symbols, 1).children!;
  assert.deepEqual(
    north.map((c) => [c.name, c.detail]),
    [
      ['POL', 'navaid'],
      ['GINGA', 'named point'],
      ['GOMUP', 'named point'],
      ['57N020W', 'lat/lon'],
      ['58N030W', 'lat/lon'],
      ['YDP', 'navaid'],
      ['YMX', 'navaid'],
      ['YUL', 'navaid'],
    ],
  );
  // The point change keeps the whole element as its range and the point as its name.
  assert.equal(nth(north, 2).range.end.character - nth(north, 2).range.start.character, 'GOMUP/M083F360'.length);
  assert.equal(
    nth(north, 2).selectionRange.end.character - nth(north, 2).selectionRange.start.character,
    'GOMUP'.length,
  );
  assert.deepEqual(
    nth(symbols, 2).children!.map((c) => c.name),
    ['DVR', 'KONAN'],
  );

  // What clients check: selection inside range, children inside their parent.
  for (const symbol of symbols) {
    assert.ok(rangeInside(symbol.selectionRange, symbol.range), symbol.name);
    for (const child of symbol.children ?? []) {
      assert.ok(rangeInside(child.range, symbol.range), `${child.name} inside ${symbol.name}`);
      assert.ok(rangeInside(child.selectionRange, child.range), child.name);
    }
  }
});

test('aerodromes at the ends of route text are points of kind aerodrome', () => {
  const symbol = first(documentSymbols(parseRouteDocument('EGLL N0450F350 DVR UL9 KONAN EDDF'), live));
  const children = symbol.children ?? [];
  const departure = first(children, 'first point');
  const destination = lastOf(children, 'last point');
  assert.deepEqual([departure.name, departure.detail, departure.kind], ['EGLL', 'aerodrome', SymbolKind.Module]);
  assert.deepEqual([destination.name, destination.detail], ['EDDF', 'aerodrome']);
});

test('every sample file gives a valid outline', () => {
  const samples = path.resolve(__dirname, '../../../samples');
  const files = ['europe.route', 'north-atlantic.route', 'asia.route', 'fpl-message.route', 'broken.route'];
  for (const file of files) {
    const document = parseRouteDocument(readFileSync(path.join(samples, file), 'utf8'));
    const symbols = documentSymbols(document, live);
    assert.equal(symbols.length, document.blocks.length, file);
    for (const s of symbols)
      assert.ok(s.name.length > 0 && rangeInside(s.selectionRange, s.range), `${file}: ${s.name}`);
  }
});

test('blocks and comment runs fold; one-line blocks and single comments do not', () => {
  const document = parseRouteDocument(TEXT);
  const ranges = foldingRanges(document, TEXT, live);
  assert.deepEqual(ranges, [
    { startLine: 0, endLine: 4, kind: 'region' },
    { startLine: 0, endLine: 1, kind: 'comment' },
    { startLine: 6, endLine: 7, kind: 'region' },
    { startLine: 9, endLine: 14, kind: 'region' },
  ]);
  const single = '# one comment\nN0450F350 DVR UL9 KONAN\n';
  assert.deepEqual(
    foldingRanges(parseRouteDocument(single), single, live).filter((r) => r.kind === 'comment'),
    [],
  );
});

test('cancelled requests return nothing', () => {
  const document = parseRouteDocument(TEXT);
  assert.deepEqual(documentSymbols(document, cancelled), []);
  assert.deepEqual(foldingRanges(document, TEXT, cancelled), []);
});

test('a huge document gets a capped outline of its blocks that says what it left out', () => {
  const text = Array.from({ length: 50 }, () => 'N0450F350 DVR UL9 KONAN UL607 AMASI').join('\n\n');
  const document = parseRouteDocument(text);
  const symbols = documentSymbols(document, live, 20);
  // 50 blocks of 1 + 3 points do not fit into 20: 19 blocks without their points, then a summary.
  assert.equal(symbols.length, 20);
  assert.ok(symbols.slice(0, 19).every((s) => s.children?.length === 0 && s.detail === 'route, 3 points'));
  const summary = symbols.at(-1)!;
  assert.equal(summary.name, '… 31 more blocks not listed');
  assert.equal(summary.detail, 'the outline lists the first 19 blocks of a very large file');
  assert.deepEqual(summary.range.end, nth(document.blocks, 49).range.end);
  assert.deepEqual(summary.range.start, nth(document.blocks, 19).range.start);
  assert.equal(documentSymbols(document, live).length, 50, 'small documents are complete');
  assert.ok(documentSymbols(document, live).every((s) => s.children?.length === 3));
});

test('blocks that fit without their points are all listed, without them', () => {
  const text = Array.from({ length: 10 }, () => 'N0450F350 DVR UL9 KONAN UL607 AMASI').join('\n\n');
  const document = parseRouteDocument(text);
  const flat = documentSymbols(document, live, 30);
  assert.equal(flat.length, 10);
  assert.ok(flat.every((s) => s.children?.length === 0));
  const nested = documentSymbols(document, live, 40);
  assert.equal(nested.length, 10);
  assert.ok(nested.every((s) => s.children?.length === 3));
});
