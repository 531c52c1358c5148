/**
 * Item 15 rules written from Doc 4444 Appendix 2 (the wording quoted in each test), one test per
 * class of mistake an expert review found, each with inputs beyond the review's own examples.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRouteDocument } from '../../../server/src/route';
import { first } from './helpers';

function findings(text: string): { code: string; from: number; to: number; message: string }[] {
  return parseRouteDocument(text).blocks.flatMap((b) =>
    b.diagnostics.map((d) => ({
      code: d.code,
      from: d.range.start.character,
      to: d.range.end.character,
      message: d.message,
    })),
  );
}

function codes(text: string): string[] {
  return findings(text).map((f) => f.code);
}

test('"Point at which a change of speed or level is planned … followed by an oblique stroke": a keyword is no point', () => {
  for (const word of ['DCT', 'SID', 'STAR', 'VFR', 'IFR', 'OAT', 'GAT', 'T']) {
    const text = `N0450F350 DVR ${word}/N0450F350 KONAN`;
    const found = findings(text);
    assert.equal(found.length, 1, `${text}: ${JSON.stringify(found)}`);
    assert.equal(first(found).code, 'R111', text);
    assert.deepEqual([first(found).from, first(found).to], [14, 14 + word.length], text);
    assert.match(first(found).message, /not a significant point/);
  }
});

test('"cruising speed … and cruising level … followed by the significant point": a lone level or Mach number is no ATS route', () => {
  for (const [text, word] of [
    ['N0450F350 DVR DCT KONAN F370 AMASI', 'F370'],
    ['N0450F350 DVR M082 KONAN', 'M082'],
    ['K0830S1130 DVR DCT KONAN S1190 DCT AMASI', 'S1190'],
    ['N0120A045 DVR A055 DCT LAM', 'A055'],
    ['N0450F350 DVR UL9 KONAN M0840 DCT AMASI', 'M0840'],
  ] as const) {
    const found = findings(text).filter((f) => f.code === 'R117');
    assert.equal(found.length, 1, `${text}: ${JSON.stringify(findings(text))}`);
    const at = text.indexOf(` ${word} `) + 1;
    assert.deepEqual([first(found).from, first(found).to], [at, at + word.length]);
    assert.ok(!codes(text).includes('R202') && !codes(text).includes('R205'), text);
  }
  // ATS routes numbered from 1 stay routes (A470, M603, UM603).
  assert.deepEqual(codes('N0450F350 DVR A470 KONAN M603 AMASI UM603 LAM'), []);
  // The lone level right after a lone speed is the same mistake: one finding.
  assert.deepEqual(codes('N0450 F350 DCT DVR'), ['R104']);
  // Only right after it: with a point between, the level is alone again, whatever the point's case.
  assert.deepEqual(codes('N0450F350 N0450 DVR F350 KONAN'), ['R104', 'R117']);
  assert.deepEqual(
    codes('N0450F350 N0450 dvr F350 KONAN').filter((c) => c !== 'R102'),
    ['R104', 'R117'],
  );
  assert.deepEqual(
    codes('N0450F350 N0450 UL9 F350 KONAN').filter((c) => c === 'R117'),
    ['R117'],
  );
});

test('"SID … followed by the point at which the SID ends": neither DCT nor an ATS route comes next', () => {
  assert.deepEqual(codes('N0450F350 DVR6J DCT KONAN'), ['R215']);
  assert.deepEqual(codes('N0450F350 DVR6J UL9 KONAN'), ['R215']);
  assert.deepEqual(codes('N0450F350 SID UL9 KONAN'), ['R215']);
  assert.deepEqual(codes('N0450F350 ANEKI1L DCT KONAN'), ['R215']);
  assert.deepEqual(codes('N0450F350 DVR6J DVR UL9 KONAN'), []);
  // "STAR … the last element": only the destination may follow.
  assert.deepEqual(codes('N0450F350 DVR UL9 KONAN KONA1A EDDF'), []);
  assert.ok(codes('N0450F350 DVR UL9 KONAN KONA1A DCT LAM').includes('R116'));
});

test('"DCT … when the flight is direct" from departure to destination: DCT alone is a whole route', () => {
  assert.deepEqual(codes('N0120VFR DCT'), []);
  assert.deepEqual(codes('N0450F350 DCT'), []);
  assert.deepEqual(codes('EGLL N0450F350 DCT EDDF'), []);
  assert.deepEqual(codes('N0450F350 DVR UL9 KONAN DCT'), ['R204']);
});

test('a lower-to-upper transition of one route (L9 UL9) is a warning, another route still an error', () => {
  assert.deepEqual(codes('N0450F350 DVR L9 UL9 KONAN'), ['R216']);
  assert.deepEqual(codes('N0450F350 DVR UL9 L9 KONAN'), ['R216']);
  assert.deepEqual(codes('N0450F350 DVR UL9 UL10 KONAN'), ['R203']);
});

test("Doc 4444's own parts build a 22-character change (4620N07805W/K0830S1130): no length error; VFR is a level of a change", () => {
  assert.deepEqual(codes('N0450F350 DVR DCT 4620N07805W/K0830S1130 DCT KONAN'), []);
  assert.deepEqual(codes('N0450F350 DVR DCT 4620N07805W/M082F350 DCT KONAN'), []);
  assert.deepEqual(codes('N0450F350 DVR/N0120VFR DCT KONAN'), []);
  // After a change to VFR, a change back to IFR asks for the new speed and level.
  assert.deepEqual(codes('N0450F350 DVR/N0120VFR DCT KONAN IFR'), ['R212']);
});

test('"speed and level … followed by the route": a group and no route is flagged, with DCT as the fix', () => {
  assert.deepEqual(codes('N0450F350'), ['R217']);
  assert.deepEqual(codes('EGLL N0450F350 EDDF'), ['R217']);
  assert.deepEqual(codes('M082F350'), ['R217']);
});

test('messages name the real mistake, on the faulty part', () => {
  const unit = findings('N0450F350 DVR DCT X0450F350');
  assert.deepEqual(
    unit.map((f) => [f.code, f.from, f.to]),
    [['R103', 18, 19]],
  );
  assert.match(first(unit).message, /'X' is not a speed unit/);
  const lat = findings('N0450F350 DVR DCT 9100N01000W');
  assert.match(first(lat).message, /latitude 91°00'N out of range/);
  const lon = findings('N0450F350 DVR DCT 4500N18100W');
  assert.match(first(lon).message, /longitude 181°00'W out of range/);
  for (const word of ['D180040', 'DUB180', 'KONAN18004']) {
    const f = findings(`N0450F350 DVR DCT ${word}`);
    assert.equal(f.length, 1, word);
    assert.equal(first(f).code, 'R101', word);
    assert.match(first(f).message, /bearing\/distance/, word);
  }
  const missingLevel = findings('N0450F350 DVR/N0450 DCT KONAN');
  assert.deepEqual(
    missingLevel.map((f) => [f.code, f.from, f.to]),
    [['R104', 14, 19]],
  );
});

test('one rule for white space: every Unicode white space separates elements silently (NBSP, VT, FF, U+2028, U+3000)', () => {
  for (const blank of ['\u00a0', '\u000b', '\u000c', '\u2028', '\u2029', '\u2003', '\u202f', '\u3000']) {
    const text = `N0450F350${blank}DVR${blank}UL9 KONAN`;
    const block = first(parseRouteDocument(text).blocks);
    assert.deepEqual(block.diagnostics, [], JSON.stringify(blank));
    assert.equal(block.routeText, 'N0450F350 DVR UL9 KONAN');
    assert.deepEqual(
      block.elements.map((e) => e.range.start.character),
      [0, 10, 14, 18],
    );
  }
});
