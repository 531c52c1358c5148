/** The .route file: comments, blank-line blocks, directives, tolerance of CRLF, tabs and case. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseBlock, parseRouteDocument, splitBlocks, splitLines } from '../../../server/src/route';
import { readCounts } from '../../../server/src/route/lazyBlock';
import { generateRouteFile } from './generate';
import { codes, first, onlyBlock, r } from './helpers';

const SAMPLE = `# London Heathrow to Frankfurt
origin: EGLL
destination: EDDF
N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI

(FPL-DLH4AB-IS
-A320/M-SDE2E3FGIJ1WY/LB1
-EGLL1200
-N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI
-EDDF0105 EDDK
-DOF/261121)
`;

test('the example of the notes: a route block and an FPL block, both clean', () => {
  const doc = parseRouteDocument(SAMPLE);
  assert.deepEqual(doc.diagnostics, []);
  assert.deepEqual(
    doc.blocks.map((b) => [b.kind, b.name, b.diagnostics.length]),
    [
      ['route', 'EGLL → EDDF', 0],
      ['fpl', 'DLH4AB EGLL → EDDF', 0],
    ],
  );
  const route = first(doc.blocks);
  assert.deepEqual(route.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 42 } });
  assert.deepEqual(route.directives, [
    { key: 'origin', value: 'EGLL', range: r(1, 0, 12), keyRange: r(1, 0, 6), valueRange: r(1, 8, 12) },
    { key: 'destination', value: 'EDDF', range: r(2, 0, 17), keyRange: r(2, 0, 11), valueRange: r(2, 13, 17) },
  ]);
  assert.deepEqual(route.origin, { value: 'EGLL', range: r(1, 8, 12) });
  assert.deepEqual(route.destination, { value: 'EDDF', range: r(2, 13, 17) });
  assert.equal(route.routeText, 'N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI');
});

test('directive keys are case-insensitive; referenceFix accepts every point form', () => {
  const block = onlyBlock('ORIGIN: egll\nDestination:EDDF\nREFERENCEFIX:  dub180040  \nN0450F350 DVR');
  assert.deepEqual(
    block.directives.map((d) => [d.key, d.value]),
    [
      ['origin', 'EGLL'],
      ['destination', 'EDDF'],
      ['referenceFix', 'DUB180040'],
    ],
  );
  assert.deepEqual(block.referenceFix, { value: 'DUB180040', range: r(2, 15, 24) });
  assert.deepEqual(block.diagnostics, []);
  for (const fix of ['DVR', 'KONAN', '46N078W', '4620N07805W']) {
    assert.deepEqual(codes(`referenceFix: ${fix}\nN0450F350 DVR`), [], fix);
  }
});

test('comments run to the end of the line anywhere; comment-only groups are no blocks', () => {
  const doc = parseRouteDocument(
    '# header\n# more\n\nN0450F350 DVR # first leg\n# between\nDCT KONAN\n\n# trailing comment only\n',
  );
  assert.equal(doc.blocks.length, 1);
  const block = first(doc.blocks);
  assert.equal(block.routeText, 'N0450F350 DVR DCT KONAN');
  assert.deepEqual(block.range, { start: { line: 3, character: 0 }, end: { line: 5, character: 9 } });
  assert.deepEqual(block.diagnostics, []);
});

test('blank lines (also with blanks on them) separate blocks; each block is on its own', () => {
  const doc = parseRouteDocument('N0450F350 DVR UL9\n   \t\nN0450F350 DVR DCT KONAN\n\n\n\nM082F370 KOK');
  assert.deepEqual(
    doc.blocks.map((b) => [b.range.start.line, b.routeText, b.diagnostics.map((d) => d.code)]),
    [
      [0, 'N0450F350 DVR UL9', ['R202']],
      [2, 'N0450F350 DVR DCT KONAN', []],
      [6, 'M082F370 KOK', []],
    ],
  );
});

test('block names: origin → destination, else the first words', () => {
  const doc = parseRouteDocument('N0450F350 DVR DCT KONAN DCT AMASI\n\nN0450F350 DVR\n\norigin: EGLL\nN0450F350 DVR');
  assert.deepEqual(
    doc.blocks.map((b) => b.name),
    ['N0450F350 DVR DCT …', 'N0450F350 DVR', 'N0450F350 DVR'],
  );
});

test('CRLF, tabs and lower case read the same as the clean text', () => {
  const clean = parseRouteDocument(SAMPLE);
  const messy = parseRouteDocument(SAMPLE.replace(/\n/g, '\r\n').replace('DET L6', 'DET\tL6'));
  assert.deepEqual(
    messy.blocks.map((b) => b.routeText),
    clean.blocks.map((b) => b.routeText),
  );
  assert.deepEqual(
    messy.blocks.flatMap((b) => b.diagnostics),
    [],
  );
  assert.deepEqual(first(messy.blocks).range, first(clean.blocks).range);
  const lower = onlyBlock('origin: egll\nn0450f350 det l6 dvr');
  assert.equal(lower.routeText, 'N0450F350 DET L6 DVR');
  assert.deepEqual(
    lower.diagnostics.map((d) => [d.code, d.range]),
    [
      ['R102', r(1, 0, 9)],
      ['R102', r(1, 10, 13)],
      ['R102', r(1, 14, 16)],
      ['R102', r(1, 17, 20)],
    ],
  );
});

test('unknown directive keys are kept and diagnosed; a colon inside route text is not a directive', () => {
  const block = onlyBlock('alternate: EDDK\nN0450F350 DVR');
  assert.deepEqual(
    block.directives.map((d) => d.key),
    ['alternate'],
  );
  assert.deepEqual(
    block.diagnostics.map((d) => [d.code, d.range]),
    [['R002', r(0, 0, 9)]],
  );
  assert.match(first(block.diagnostics).message, /expected origin, destination, referenceFix or departure/);
  const colon = onlyBlock('N0450F350 DVR DCT 12:30');
  assert.deepEqual(colon.directives, []);
  assert.deepEqual(
    colon.diagnostics.map((d) => d.code),
    ['R007'],
  );
});

test('an empty file and a file of blank lines have no blocks and no findings', () => {
  for (const text of ['', '\n\n', '   \r\n\t\r\n', '# only a comment']) {
    const doc = parseRouteDocument(text);
    assert.deepEqual([doc.blocks.length, doc.diagnostics.length], [0, 0], JSON.stringify(text));
  }
});

test('a whole parse reads each block once, its findings included (issue 27.5: a faulty block was read again for them)', () => {
  const text = generateRouteFile(200, 7, 0.55);
  const before = readCounts.blocks;
  const document = parseRouteDocument(text);
  const findings = document.blocks.reduce((n, block) => n + block.diagnostics.length, 0);
  assert.ok(findings > 50, `${findings} findings`);
  assert.equal(readCounts.blocks - before, document.blocks.length);
  // The same findings as a block read afresh (the lazy path) gives.
  const lazy = splitBlocks(splitLines(text)).flatMap((raw) => parseBlock(raw)?.diagnostics ?? []);
  assert.deepEqual(
    document.blocks.flatMap((block) => block.diagnostics),
    lazy,
  );
});
