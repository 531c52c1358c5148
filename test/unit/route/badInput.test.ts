/** Bad input never throws and gives clear findings on exact ranges. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type * as Route from '../../../server/src/route';
import type * as Helpers from './helpers';
import { bundled } from '../../shared/bundled';
import { generateRouteFile } from './generate';

// The code under test as it ships (test/shared/bundled.ts): most of this file's time is in it.
const { route, helpers } = bundled<{ route: typeof Route; helpers: typeof Helpers }>({
  route: 'server/src/route',
  helpers: 'test/unit/route/helpers',
});
const { IncrementalRouteParser, parseRouteDocument } = route;
const { allDiagnostics, documentLines, first, lastOf, rangeInside } = helpers;

test('a 5 MB file of routes parses completely and cleanly', () => {
  let text = generateRouteFile(2000, 3);
  while (text.length < 5 * 1024 * 1024) text += '\n' + text;
  const doc = parseRouteDocument(text);
  assert.ok(doc.blocks.length >= 2000 * 8, `blocks: ${doc.blocks.length}`);
  assert.deepEqual(allDiagnostics(doc), []);
  const last = lastOf(doc.blocks);
  assert.ok(rangeInside(lastOf(last.elements).range, documentLines(text)));
});

test('a 10,000-character line: one route of 1,000+ elements, and one unbroken token', () => {
  const words: string[] = ['N0450F350', 'DVR'];
  while (words.join(' ').length < 10_000) words.push('DCT', 'KONAN', 'UL9', 'DVR');
  const line = words.join(' ');
  const doc = parseRouteDocument(line);
  assert.equal(first(doc.blocks).elements.length, words.length);
  assert.deepEqual(allDiagnostics(doc), []);
  const token = 'A'.repeat(10_000);
  const garbage = parseRouteDocument(`N0450F350 ${token}`);
  assert.deepEqual(
    allDiagnostics(garbage).map((d) => [d.code, d.range.start.character, d.range.end.character]),
    [['R101', 10, 10_010]],
  );
});

test('binary garbage: one document-level finding, capped block findings, ranges inside', () => {
  const bytes = randomBytes(200_000);
  const text = bytes.toString('latin1');
  const doc = parseRouteDocument(text);
  assert.equal(doc.diagnostics.length, 1);
  assert.equal(first(doc.diagnostics).code, 'R001');
  const lines = documentLines(text);
  for (const d of allDiagnostics(doc)) assert.ok(rangeInside(d.range, lines), JSON.stringify(d.range));
  for (const block of doc.blocks)
    assert.ok(block.diagnostics.length <= 201, `${block.diagnostics.length} findings in one block`);
  // Decoding binary as UTF-8 gives replacement characters: also reported.
  const utf8 = parseRouteDocument(bytes.toString('utf8'));
  assert.equal(utf8.diagnostics[0]?.code, 'R001');
});

test('a NUL byte is located exactly, also after CRLF and lone CR line ends', () => {
  const doc = parseRouteDocument('N0450F350 DVR\r\n\rN0450F350 D\u0000VR');
  assert.deepEqual(
    doc.diagnostics.map((d) => [d.code, d.range]),
    [['R001', { start: { line: 2, character: 11 }, end: { line: 2, character: 12 } }]],
  );
});

test('many problems in one block are capped with a summary finding', () => {
  const doc = parseRouteDocument(`N0450F350 ${'? '.repeat(1000)}`);
  const ds = first(doc.blocks).diagnostics;
  assert.equal(ds.length, 201);
  assert.equal(lastOf(ds).code, 'R010');
  assert.match(lastOf(ds).message, /800 more problem/);
});

test('lower case, tabs and CRLF everywhere still read as the clean route', () => {
  const doc = parseRouteDocument('ORIGIN:\tegll\r\n\tn0450f350\tdet\tl6\tdvr\r\n\r\nN0450F350 DVR\r\n');
  assert.equal(doc.blocks.length, 2);
  assert.equal(first(doc.blocks).routeText, 'N0450F350 DET L6 DVR');
  assert.equal(first(doc.blocks).origin?.value, 'EGLL');
  assert.deepEqual(new Set(first(doc.blocks).diagnostics.map((d) => d.code)), new Set(['R102']));
});

test('the incremental parser handles the same bad inputs', () => {
  const parser = new IncrementalRouteParser();
  for (const text of [
    '',
    '\u0000\u0001\u0002',
    'x'.repeat(10_000),
    randomBytes(5000).toString('latin1'),
    '(((((',
    ')))',
    '(FPL-',
    '-\n-\n-',
  ]) {
    const doc = parser.parse(text);
    const lines = documentLines(text);
    for (const d of allDiagnostics(doc)) assert.ok(rangeInside(d.range, lines));
  }
});

test('a block of 100,000 directive lines stays linear (and every repeat is reported, capped)', () => {
  const text = Array.from({ length: 100_000 }, (_, i) => `key${i % 50}: value`).join('\n');
  const doc = parseRouteDocument(text);
  assert.equal(doc.blocks.length, 1);
  assert.equal(first(doc.blocks).directives.length, 100_000);
  assert.equal(first(doc.blocks).diagnostics.length, 201);
});

test('a character outside the BMP is reported on both of its UTF-16 units, and later columns count them', () => {
  const doc = parseRouteDocument('N0450F350 D😀R DCT UL9');
  assert.deepEqual(
    first(doc.blocks).diagnostics.map((d) => [d.code, d.range.start.character, d.range.end.character]),
    [
      ['R114', 11, 13],
      ['R204', 19, 22],
      ['R202', 19, 22],
    ],
  );
  assert.match(first(first(doc.blocks).diagnostics).message, /character '😀'/);
});

test("a character whose upper case is A–Z ('ß', 'ſ') is not allowed, with lower case around it or not, and ranges stay on the token", () => {
  for (const word of ['ß', 'aß', 'ſam', 'dſ', 'ßa']) {
    const text = `N0450F350 DVR DCT ${word}`;
    const block = first(parseRouteDocument(text).blocks);
    const last = lastOf(block.elements);
    assert.equal(last.kind, 'unknown', word);
    assert.deepEqual([last.range.start.character, last.range.end.character], [18, text.length], word);
    const r114 = block.diagnostics.find((d) => d.code === 'R114');
    assert.ok(r114 && rangeInside(r114.range, [text]), word);
  }
});
