/**
 * Elements as views on a store of kinds and spans (issue 27.4): each reads exactly like the
 * element the full reader builds from the same text, and kinds and ranges are read without
 * building any element in full.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IncrementalRouteParser, parseRouteDocument, type RouteBlock } from '../../../server/src/route';
import { readBlock } from '../../../server/src/route/block';
import { splitBlocks, splitLines } from '../../../server/src/route/blocks';
import { fullBuilds } from '../../../server/src/route/elementViews';
import { tokenRecords } from '../../../server/src/route/keptTokens';
import { buildElements, buildRouteText, scanElements } from '../../../server/src/route/routeText';
import { FIRST_WORD, LAST_WORD, isAerodromeWord, looksLikeSpeedLevel } from '../../../server/src/route/elements';
import { EXAMPLES } from './examples';
import { generateRouteFile } from './generate';
import { first, nth } from './helpers';

const SAMPLES = join(__dirname, '../../../samples');

/** Every block's elements as the full reader builds them from the block read in full, and its route text. */
function builtInFull(text: string): { elements: unknown[]; routeTexts: string[] } {
  const elements: unknown[] = [];
  const routeTexts: string[] = [];
  for (const raw of splitBlocks(splitLines(text), false)) {
    const read = readBlock(raw);
    if (!read) continue;
    elements.push(JSON.parse(JSON.stringify(buildElements(read.routeSegments))));
    routeTexts.push(buildRouteText(read.routeSegments));
  }
  return { elements, routeTexts };
}

function sameAsFullRead(
  text: string,
  what: string,
  blocks: readonly RouteBlock[] = parseRouteDocument(text).blocks,
): void {
  const { elements: expected, routeTexts } = builtInFull(text);
  assert.equal(blocks.length, expected.length, what);
  blocks.forEach((block, i) => {
    const full = expected[i] as { kind: string; text: string; range: unknown }[];
    const views = block.elements;
    assert.equal(views.length, full.length, `${what}: block ${i}`);
    // Kind, text and range as the store gives them, before anything is built in full.
    views.forEach((e, k) => {
      const read = nth(full, k, `${what}: block ${i} element ${k}`);
      assert.equal(e.kind, read.kind, `${what}: block ${i} element ${k} kind`);
      assert.equal(e.text, read.text, `${what}: block ${i} element ${k} text`);
      assert.deepEqual(e.range, read.range, `${what}: block ${i} element ${k} range`);
    });
    assert.deepEqual(JSON.parse(JSON.stringify(views)), full, `${what}: block ${i}`);
    // Made from the elements' spans once they are built.
    assert.equal(block.routeText, routeTexts[i], `${what}: block ${i} route text`);
  });
}

test('views read as the elements the full reader builds: generated routes and FPL messages, with mistakes', () => {
  sameAsFullRead(generateRouteFile(150, 5, 0.6), 'generated');
});

test('route text from the spans: tabs, runs of blanks, lower case, wrapped lines, FPL field 15 over lines', () => {
  sameAsFullRead(
    [
      'N0450F350  DVR\tUL9 konan',
      'origin: EGLL\nN0450F350 DVR UL9 \n  KONAN  # note\n UL607   AMASI',
      'N0450F350 DVR UL9 KONAN\nUL607 AMASI',
      '(FPL-ABC123-IS-B738/M-S/C-EHAM0900\n-N0440F260 SPY  DCT\n DVR UL9\tKONAN\n-EGLL0040-0)',
      '(FPL-ABC123-IS-B738/M-S/C-EHAM0900\n-N0440F260 SPY DCT\n DVR UL9 KONAN\n-EGLL0040-0)',
      'origin: EGLL\ndestination: EDDF',
    ].join('\n\n'),
    'spacing',
  );
});

test('views read as the elements the full reader builds: the samples and every rule example', () => {
  for (const name of readdirSync(SAMPLES).filter((f) => f.endsWith('.route'))) {
    sameAsFullRead(readFileSync(join(SAMPLES, name), 'utf8'), name);
  }
  for (const ex of EXAMPLES) sameAsFullRead(ex.text, ex.code);
});

test('kinds and ranges of every element are read without building any element in full', () => {
  const doc = parseRouteDocument(generateRouteFile(40, 9));
  const before = fullBuilds.elements;
  let read = 0;
  for (const block of doc.blocks)
    for (const e of block.elements) {
      if (e.kind && e.range.end.character > e.range.start.character) read++;
    }
  assert.ok(read > 400, `${read} elements`);
  assert.equal(fullBuilds.elements, before, 'no element built in full');
  // A hover's description builds that one element.
  const one = nth(nth(doc.blocks, 3).elements, 2);
  assert.equal(typeof one.description, 'string');
  assert.equal(one.description, one.description);
  assert.equal(fullBuilds.elements, before + 1);
});

test('a moved block views the same store, lines shifted, and reads as the full parse', () => {
  const text = generateRouteFile(20, 13, 0.5);
  const parser = new IncrementalRouteParser();
  const original = parser.parse(text);
  const views = original.blocks.map((b) => b.elements);
  const moved = parser.parse(`\n\n\n${text}`);
  assert.equal(parser.lastStats.shifted, original.blocks.length);
  sameAsFullRead(`\n\n\n${text}`, 'moved', moved.blocks);
  moved.blocks.forEach((b, i) =>
    assert.deepEqual(
      b.elements.map((e) => e.range.start.line),
      nth(views, i).map((e) => e.range.start.line + 3),
    ),
  );
});

test('position rules read the first and last words in any letter case, and non-ASCII by their upper case', () => {
  const kinds = (route: string): string[] => {
    const block = first(parseRouteDocument(route).blocks);
    const viewKinds = block.elements.map((e) => e.kind);
    const full = JSON.parse(JSON.stringify(block.elements)) as { kind: string }[];
    assert.deepEqual(
      full.map((e) => e.kind),
      viewKinds,
      route,
    );
    return viewKinds;
  };
  // An aerodrome first and last, a SID after the speed/level, a STAR last before the aerodrome.
  assert.deepEqual(kinds('egll n0450f350 bpk7g dvr ul9 konan kerax2b eddf'), [
    'aerodrome',
    'speedLevel',
    'sid',
    'point',
    'airway',
    'point',
    'star',
    'aerodrome',
  ]);
  // No aerodrome: STAR, NAT and PTS tracks, 3 or 5 letters, a digit.
  assert.equal(kinds('STAR N0450F350 DVR')[0] === 'aerodrome', false);
  assert.equal(kinds('DVR N0450F350 NATA')[2] === 'aerodrome', false);
  assert.equal(kinds('DVR N0450F350 pts3')[2] === 'aerodrome', false);
  assert.equal(kinds('DVR N0450F350 ED1F')[2] === 'aerodrome', false);
  assert.notEqual(kinds('DVR N0450F350 KONAN').at(-1), 'aerodrome');
  // A speed/level needs a digit second and no '/': otherwise the slot after it is no SID's.
  assert.deepEqual(kinds('N0450F350/ BPK7G DVR').slice(1, 2), ['airway']);
  assert.deepEqual(kinds('m082f350 BPK7G DVR').slice(1, 2), ['sid']);
  // 'ſ' upper-cases to S: EGLſ has an aerodrome's shape in upper case, so the SID slot is after
  // the speed/level that follows it; 'ß' upper-cases to SS: EGß has four letters, EGLß five.
  assert.equal(kinds('EGLſ N0450F350 BPK7G DVR')[2], 'sid');
  assert.equal(kinds('EGß N0450F350 BPK7G DVR')[2], 'sid');
  assert.equal(kinds('EGLß N0450F350 BPK7G DVR')[2], 'airway');
});

test('procedure designators: SID and STAR in their slots, an ATS route (and its warning) elsewhere, as the reader reads them', () => {
  const route = 'EGLL N0450F350 KERAX2B DVR LOGAN2H PTS1A STAY1A ABC1D ABCDE1F kerax2b ABCDEF1G ROKIL1A EDDF';
  const block = first(parseRouteDocument(route).blocks);
  const full = JSON.parse(JSON.stringify(block.elements)) as { kind: string }[];
  const kinds = block.elements.map((e) => e.kind);
  assert.deepEqual(
    kinds,
    full.map((e) => e.kind),
  );
  assert.deepEqual(kinds, [
    'aerodrome',
    'speedLevel',
    'sid',
    'point',
    'airway',
    'track',
    'unknown',
    'airway',
    'airway',
    'airway',
    'unknown',
    'star',
    'aerodrome',
  ]);
  // Outside their slots the usual procedure shapes warn (LOGAN2H, ABC1D, ABCDE1F, kerax2b).
  const warned = block.diagnostics.filter((d) => d.code === 'R116').map((d) => d.range.start.character);
  assert.deepEqual(warned, [27, 48, 54, 62]);
});

test('views read as the full reader reads them: any words in any case first, second and last (position shortcuts)', () => {
  // Words the position rules and the procedure shortcut read in place, and their near misses:
  // aerodromes and not (STAR, NAT…, PTS…, 3 or 5 letters, non-ASCII that upper-cases to A–Z or
  // to two letters), speed/levels and not, procedure shapes in and out of their slots.
  const words = [
    ...['EGLL', 'egll', 'EgLl', 'STAR', 'star', 'NATA', 'PTSA', 'EGL', 'EGLLL', 'EGLſ', 'EGß', 'ÉGLL', 'EG1L'],
    ...['N0450F350', 'n0450f350', 'M082F370', 'K0830S1130', 'N0450F350/', 'NA450F350', 'N0450F', 'N0450', 'N045'],
    ...['KERAX2B', 'kerax2b', 'ABC1D', 'ABCDE1F', 'ABCDEF1G', 'AB1C', 'PTSAB1C', 'PTS1A', 'STAYA1B', 'STAY1A'],
    ...['KERAX2', 'KERAX22', 'KERAXZB', 'KÉRAX2B', 'DVR', 'UL9', 'DCT', 'T', '46N078W', 'DUB180040'],
  ];
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
      (routes) => {
        const text = routes.map((r) => r.join(' ')).join('\n\n');
        sameAsFullRead(text, JSON.stringify(routes));
        // The slots as the tests on each word's upper case place them (what the parse read in place).
        routes.forEach((route, i) => {
          const upper = route.map((w) => w.toUpperCase());
          const last = route.length - 1;
          const routeStart = last > 0 && isAerodromeWord(first(upper)) ? 1 : 0;
          const lastAerodrome = last > routeStart && isAerodromeWord(nth(upper, last));
          const expected = {
            firstFlags: routeStart === 1 ? FIRST_WORD : 0,
            lastFlags: lastAerodrome ? LAST_WORD : 0,
            routeStart,
            sidSlot: looksLikeSpeedLevel(nth(upper, routeStart)) ? routeStart + 1 : routeStart,
            starSlot: lastAerodrome ? last - 1 : last,
          };
          const raw = first(splitBlocks(splitLines(route.join(' ')), false));
          assert.deepEqual(
            scanElements(readBlock(raw)!.routeSegments).slots,
            expected,
            `${JSON.stringify(routes)}: ${i}`,
          );
        });
      },
    ),
    { numRuns: 300 },
  );
});

/** Tokens of every kind and shape, and the blanks and line breaks between them, for the records below. */
const SOUP_TOKENS = [
  'N0450F350',
  'n0450f350',
  'DCT',
  'UL607',
  'DVR',
  'KONAN',
  'KERAX2B',
  'EGLL',
  'EDDF',
  '46N078W',
  'DUB180040',
  'LN/N0284A045',
  'C/48N050W/M082F290F350',
  'VFR',
  'NATD',
  'STAY1/0030',
  'T',
  'é',
  'ÄÖÜ1',
  '\u00e9GLL',
  'X'.repeat(200),
  '😀',
];
const SOUP_BLANKS = [' ', ' ', ' ', '\t', '  ', '\n ', '\n', '\u00a0', '\u2028'];
const soupRoute = fc
  .array(fc.tuple(fc.constantFrom(...SOUP_TOKENS), fc.constantFrom(...SOUP_BLANKS)), { minLength: 1, maxLength: 40 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));

test("elements from the check pass's kept tokens read as the full reader builds them: routes, FPL field 15, moved blocks", () => {
  const decodedBefore = tokenRecords.decoded;
  fc.assert(
    fc.property(soupRoute, soupRoute, fc.nat(3), (route, fieldRoute, blankLines) => {
      const text = [
        `origin: EGLL\n${route}`,
        `(FPL-ABC123-IS-B738/M-S/C-EHAM0900\n-N0440F260 ${fieldRoute}\n-EGLL0040-0)`,
        route,
      ].join('\n\n');
      sameAsFullRead(text, JSON.stringify(text));
      // The same blocks moved down keep their records: their lines count from the block's first line.
      const parser = new IncrementalRouteParser();
      parser.parse(text);
      const moved = '\n'.repeat(blankLines + 1) + text;
      sameAsFullRead(moved, `moved ${JSON.stringify(text)}`, parser.parse(moved).blocks);
    }),
    { numRuns: 150 },
  );
  assert.ok(tokenRecords.decoded - decodedBefore > 100, `${tokenRecords.decoded - decodedBefore} records read`);
});

test('a block keeps its tokens only within half a byte a character and 8 to 4,096 tokens: a word a line reads its text again', () => {
  const words = Array.from({ length: 400 }, (_, i) => (i % 2 ? 'UL607' : 'KONAN'));
  const keptBefore = tokenRecords.kept;
  // Single-spaced on one line: two bytes a token, kept.
  sameAsFullRead(words.join(' '), 'one line');
  assert.equal(tokenRecords.kept, keptBefore + 1);
  // A word a line: a line and a start for every token, over the budget; nothing kept.
  sameAsFullRead(words.join('\n'), 'a word a line');
  assert.equal(tokenRecords.kept, keptBefore + 1);
  // Fewer than eight tokens, or more than 4,096: nothing kept either.
  sameAsFullRead('N0450F350 DVR UL9 KONAN', 'short');
  sameAsFullRead(Array.from({ length: 4097 }, (_, i) => (i % 2 ? 'UL607' : 'KONAN')).join(' '), 'huge');
  assert.equal(tokenRecords.kept, keptBefore + 1);
});
