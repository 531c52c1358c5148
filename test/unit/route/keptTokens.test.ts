/**
 * Elements decoded from the check pass's kept tokens (keptTokens.ts) read exactly as the full
 * reader builds them, whatever the text around and between the tokens, and wherever the block
 * went since it was read: parsed, moved by the incremental parser, moved by the editor's edits.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  IncrementalRouteParser,
  parseRouteDocument,
  RouteDocumentEditor,
  type RouteBlock,
} from '../../../server/src/route';
import { checkBlock, KEEP_FACTS, readBlock } from '../../../server/src/route/block';
import { splitBlocks, splitLines } from '../../../server/src/route/blocks';
import { tokenRecords } from '../../../server/src/route/keptTokens';
import { buildElements, buildRouteText } from '../../../server/src/route/routeText';
import { nth } from './helpers';

/** Every block's elements and route text as the full reader builds them from the block read in full. */
function builtInFull(text: string): { elements: unknown[]; routeText: string }[] {
  const out: { elements: unknown[]; routeText: string }[] = [];
  for (const raw of splitBlocks(splitLines(text), false)) {
    const read = readBlock(raw);
    if (!read) continue;
    out.push({
      elements: JSON.parse(JSON.stringify(buildElements(read.routeSegments))) as unknown[],
      routeText: buildRouteText(read.routeSegments),
    });
  }
  return out;
}

function assertSameAsFullRead(text: string, blocks: readonly RouteBlock[], what: string): void {
  const expected = builtInFull(text);
  assert.equal(blocks.length, expected.length, `${what}: blocks`);
  blocks.forEach((block, i) => {
    const read = nth(expected, i, `${what}: block ${i}`);
    assert.deepEqual(JSON.parse(JSON.stringify(block.elements)), read.elements, `${what}: block ${i}`);
    assert.equal(block.routeText, read.routeText, `${what}: block ${i} route text`);
  });
}

/** Tokens of every kind the reader knows and of shapes it does not, in any letter case and script. */
const TOKENS = [
  'N0450F350',
  'n0450f350',
  'M082F350',
  'N0450VFR',
  'N0450',
  'F350',
  'DCT',
  'UL607',
  'ul9',
  'DVR',
  'KONAN',
  'KERAX2B',
  'kerax2b',
  'PTS1A',
  'STAY1A',
  'ABCDE1F',
  'NATA',
  'EGLL',
  'egll',
  'EDDF',
  'EGLß',
  'EGLſ',
  'ED1F',
  '46N078W',
  '4620N07805W',
  'DUB180040',
  'LN/N0284A045',
  'DVR/N0450F350',
  'C/48N050W/M082F290F350',
  'VFR',
  'IFR',
  'OAT',
  'IFPSTOP',
  'STAY1/0030',
  'SID',
  'STAR',
  'T',
  'é',
  'ÄÖÜ1',
  'X'.repeat(130),
  '😀',
  '\ud800',
  'A\u0085B',
  'AB\u200bC',
  'DV:R',
  'A(B',
  'Q1%W',
];
/** What may stand between two tokens: blanks of every width, line breaks of every kind, huge runs, comment lines. */
const GAPS = [
  ' ',
  ' ',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n ',
  '\r\n',
  '\r',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\v',
  ' '.repeat(20000),
  ' # a comment\n',
  // Lines apart by more than a varint byte holds.
  '\n# c'.repeat(150) + '\n',
];
const route = fc
  .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom(...GAPS)), { minLength: 6, maxLength: 30 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));
/** An FPL message around a field 15, in the forms a message may take. */
const FPL_FORMS: ((route: string) => string)[] = [
  (r) => `(FPL-ABC123-IS-B738/M-S/C-EHAM0900\n-N0440F260 ${r}\n-EGLL0040-0)`,
  (r) => `(FPL-AB-C123-IS-B738/M-S/C-EHAM0900-${r}-EGLL0040 EGKK-DOF/260101)`,
  (r) => `(FPL-ABC123-IS\n-B738/M-S/C\n-EHAM0900\n-${r}\n-EGLL0040`,
  (r) => `  (FPL-ABC123-VG-C172/L-V/C-EHAM0900-${r}-EGLL0040-0)\norigin: EDDF`,
  (r) => `(FPL-ABC123-IS-EHAM0900-${r}-EGLL0040-0)`,
];
const block = fc.oneof(
  route,
  route.map((r) => `origin: EGLL\n${r}`),
  fc.tuple(fc.constantFrom(...FPL_FORMS), route).map(([form, r]) => form(r)),
);
const document = fc.array(block, { minLength: 1, maxLength: 4 }).map((blocks) => blocks.join('\n\n'));

test("elements from the kept tokens read as the full reader's: any blanks, line breaks, columns, FPL forms", () => {
  const decodedBefore = tokenRecords.decoded;
  fc.assert(
    fc.property(document, (text) => {
      assertSameAsFullRead(text, parseRouteDocument(text).blocks, JSON.stringify(text));
    }),
    { numRuns: 120 },
  );
  assert.ok(tokenRecords.decoded - decodedBefore > 60, `${tokenRecords.decoded - decodedBefore} records read`);
});

test('elements from the kept tokens of moved blocks: the incremental parser, and the editor after edits', () => {
  const decodedBefore = tokenRecords.decoded;
  fc.assert(
    fc.property(document, fc.nat(3), fc.nat(2), (text, blank, times) => {
      const parser = new IncrementalRouteParser();
      parser.parse(text);
      // Moved before anything was read, then moved again (a chain of moves).
      let moved = text;
      for (let k = 0; k <= times; k++) {
        moved = '\n'.repeat(blank + 1) + moved;
        const blocks = parser.parse(moved).blocks;
        if (k === times) assertSameAsFullRead(moved, blocks, `moved ${JSON.stringify(text)}`);
      }
      // The editor built in idle time over the parser's blocks, which it takes over moved.
      const idle = new RouteDocumentEditor(`\n${moved}`, parser.parse(moved).blocks, {}, true);
      while (!idle.buildFor(1));
      assertSameAsFullRead(`\n${moved}`, idle.document().blocks, `idle build ${JSON.stringify(text)}`);
      // The editor: lines added above every block, then removed.
      const editor = new RouteDocumentEditor(text);
      const lines = '\n'.repeat(blank + 1);
      editor.edit({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, lines);
      assertSameAsFullRead(lines + text, editor.document().blocks, `edited ${JSON.stringify(text)}`);
      editor.edit({ start: { line: 0, character: 0 }, end: { line: blank + 1, character: 0 } }, '');
      assertSameAsFullRead(text, editor.document().blocks, `edited back ${JSON.stringify(text)}`);
    }),
    { numRuns: 60 },
  );
  assert.ok(tokenRecords.decoded - decodedBefore > 30, `${tokenRecords.decoded - decodedBefore} records read`);
});

test("the checker's route text from the check pass's cut of the text is buildRouteText's: any blanks, case, FPL forms", () => {
  fc.assert(
    fc.property(document, (text) => {
      for (const raw of splitBlocks(splitLines(text), false)) {
        const full = readBlock(raw);
        const expected = full && buildRouteText(full.routeSegments);
        assert.equal(checkBlock(raw, KEEP_FACTS)?.routeText, expected, JSON.stringify(raw.lines));
      }
    }),
    { numRuns: 120 },
  );
});
