/**
 * Property tests: on any input the parser never throws, and every range it reports (blocks,
 * directives, FPL fields, elements and their parts, findings) lies inside the document.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type * as Route from '../../../server/src/route';
import type { Range, RouteDocument } from '../../../server/src/route';
import type * as Helpers from './helpers';
import { bundled } from '../../shared/bundled';

// The code under test as it ships (test/shared/bundled.ts): most of this file's time is in it.
const { route, helpers } = bundled<{ route: typeof Route; helpers: typeof Helpers }>({
  route: 'server/src/route',
  helpers: 'test/unit/route/helpers',
});
const { IncrementalRouteParser, parseRouteDocument } = route;
const { documentLines, rangeInside } = helpers;

/** Every object with start/end positions anywhere inside the document's data. */
function collectRanges(value: unknown, out: Range[] = []): Range[] {
  if (Array.isArray(value)) {
    for (const v of value) collectRanges(v, out);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.start && o.end && typeof (o.start as { line?: unknown }).line === 'number') out.push(o as unknown as Range);
    for (const key of Object.keys(o)) collectRanges(o[key], out);
  }
  return out;
}

function checkDocument(text: string, doc: RouteDocument): void {
  const lines = documentLines(text);
  // JSON round trip: builds every element, and proves the output is plain serialisable data.
  const data = JSON.parse(JSON.stringify(doc));
  for (const range of collectRanges(data)) {
    assert.ok(rangeInside(range, lines), `range ${JSON.stringify(range)} outside ${JSON.stringify(text)}`);
  }
  for (const block of doc.blocks) {
    for (const e of block.elements) assert.equal(typeof e.description, 'string');
  }
}

const TOKENS = [
  'N0450F350',
  'M082F370',
  'K0830S1130',
  'N0120VFR',
  'M082M0840',
  'DCT',
  'UL607',
  'L9',
  'DET1J',
  'KERAX2B',
  'DVR',
  'LN',
  'KONAN',
  'EGLL',
  'EDDF',
  '46N078W',
  '4620N07805W',
  '9999N99999W',
  'DUB180040',
  'DUB999999',
  'LN/N0284A045',
  'C/48N050W/M082F290F350',
  'C/48N050W/M082F290PLUS',
  'C//',
  '/',
  'VFR',
  'IFR',
  'NATD',
  'PTS3',
  'T',
  'OAT',
  'GAT',
  'IFPSTOP',
  'IFPSTART',
  'STAY1/0030',
  'SID',
  'STAR',
  'origin:',
  'destination: EDDF',
  'referenceFix:',
  '#',
  '# c',
  ':',
  '(',
  ')',
  '-',
  '(FPL-',
  '(FPL-DLH4AB-IS',
  '-A320/M',
  '-EGLL1200',
  '-0)',
  'dct',
  'ul9',
  'n0450f350',
  '\u0000',
  '\ufffd',
  '😀',
  'é',
  'F355',
  'N',
  'M',
  'C/',
  'STAY',
  'DOF/261121',
];
const SEPARATORS = [' ', ' ', ' ', '\n', '\r\n', '\t', '\n\n', '  ', '\r', '\u00a0'];

const routeLike = fc
  .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom(...SEPARATORS)), { maxLength: 60 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));

test('never throws and keeps every range inside the document: arbitrary strings', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
      checkDocument(text, parseRouteDocument(text));
    }),
    { numRuns: 400 },
  );
});

test('never throws and keeps every range inside the document: route-like token soup', () => {
  fc.assert(
    fc.property(routeLike, (text) => {
      checkDocument(text, parseRouteDocument(text));
    }),
    { numRuns: 600 },
  );
});

test('the incremental parser agrees with the full parse across a sequence of documents', () => {
  fc.assert(
    fc.property(fc.array(routeLike, { minLength: 1, maxLength: 5 }), (texts) => {
      const parser = new IncrementalRouteParser();
      for (const text of texts) {
        const doc = parser.parse(text);
        checkDocument(text, doc);
        assert.deepEqual(JSON.parse(JSON.stringify(doc)), JSON.parse(JSON.stringify(parseRouteDocument(text))));
      }
    }),
    { numRuns: 150 },
  );
});

test('every element carries at least one finding when it is unreadable', () => {
  fc.assert(
    fc.property(routeLike, (text) => {
      const doc = parseRouteDocument(text);
      for (const block of doc.blocks) {
        for (const e of block.elements) {
          if (e.kind !== 'unknown') continue;
          const hit = block.diagnostics.some(
            (d) =>
              d.range.start.line === e.range.start.line &&
              d.range.start.character >= e.range.start.character &&
              d.range.end.character <= e.range.end.character,
          );
          assert.ok(
            hit || block.diagnostics.some((d) => d.code === 'R010'),
            `unknown element ${e.text} without a finding`,
          );
        }
      }
    }),
    { numRuns: 300 },
  );
});
