/** FPL messages: fields split out with ranges, origin/destination/route taken from 13/16/15. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRouteDocument } from '../../../server/src/route';
import { codes, first, nth, onlyBlock, r } from './helpers';

const MESSAGE = `(FPL-DLH4AB-IS
-A320/M-SDE2E3FGIJ1WY/LB1
-EGLL1200
-N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI
-EDDF0105 EDDK
-DOF/261121 REG/DAIPX RMK/TCAS EQUIPPED)`;

test('a well-formed FPL message: fields, identification, origin, destination, route', () => {
  const block = onlyBlock(MESSAGE);
  assert.equal(block.kind, 'fpl');
  assert.deepEqual(block.diagnostics, []);
  assert.equal(block.name, 'DLH4AB EGLL → EDDF');
  assert.equal(block.fpl?.aircraftId, 'DLH4AB');
  assert.deepEqual(
    block.fpl?.fields.map((f) => [f.number, f.text]),
    [
      [7, 'DLH4AB'],
      [8, 'IS'],
      [9, 'A320/M'],
      [10, 'SDE2E3FGIJ1WY/LB1'],
      [13, 'EGLL1200'],
      [15, 'N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI'],
      [16, 'EDDF0105 EDDK'],
      [18, 'DOF/261121 REG/DAIPX RMK/TCAS EQUIPPED'],
    ],
  );
  const f = (n: number) => block.fpl?.fields.find((x) => x.number === n)?.range;
  assert.deepEqual(f(7), r(0, 5, 11));
  assert.deepEqual(f(8), r(0, 12, 14));
  assert.deepEqual(f(10), r(1, 8, 25));
  assert.deepEqual(f(15), r(3, 1, 43));
  assert.deepEqual(block.origin, { value: 'EGLL', range: r(2, 1, 5) });
  assert.deepEqual(block.destination, { value: 'EDDF', range: r(4, 1, 5) });
  assert.equal(block.routeText, 'N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI');
  assert.deepEqual(first(block.elements).range, r(3, 1, 10));
  assert.deepEqual(block.routeRange, { start: { line: 3, character: 1 }, end: { line: 3, character: 43 } });
  assert.deepEqual(
    block.fpl?.otherInformation.map((i) => [i.indicator, i.value, i.range]),
    [
      ['DOF', '261121', r(5, 1, 11)],
      ['REG', 'DAIPX', r(5, 12, 21)],
      ['RMK', 'TCAS EQUIPPED', r(5, 22, 39)],
    ],
  );
  assert.deepEqual(block.range, { start: { line: 0, character: 0 }, end: { line: 5, character: 40 } });
});

test('the whole message on one line, and field 15 spanning lines', () => {
  const one = onlyBlock('(FPL-ABC123-IS-B738/M-S/C-EHAM0900-N0440F260 SPY DCT DVR-EGLL0040-0)');
  assert.deepEqual(one.diagnostics, []);
  assert.equal(one.routeText, 'N0440F260 SPY DCT DVR');
  assert.deepEqual(nth(one.elements, 1).range, r(0, 45, 48));
  const spread = onlyBlock('(FPL-ABC123-IS-B738/M-S/C-EHAM0900\n-N0440F260 SPY\n   DCT DVR\n-EGLL0040-0)');
  assert.deepEqual(spread.diagnostics, []);
  assert.deepEqual(
    spread.fpl?.fields.find((f) => f.number === 15),
    {
      number: 15,
      text: 'N0440F260 SPY DCT DVR',
      range: { start: { line: 1, character: 1 }, end: { line: 2, character: 10 } },
    },
  );
  assert.deepEqual(
    spread.elements.map((e) => e.range.start),
    [
      { line: 1, character: 1 },
      { line: 1, character: 11 },
      { line: 2, character: 3 },
      { line: 2, character: 7 },
    ],
  );
});

test('route errors inside field 15 are reported at their place in the file', () => {
  const block = onlyBlock(MESSAGE.replace('UL9 KONAN', 'UL9 DCT KONAN'));
  assert.deepEqual(
    block.diagnostics.map((d) => [d.code, d.range]),
    [['R205', r(3, 26, 29)]],
  );
});

test('missing fields and unbalanced parentheses, and the parse goes on', () => {
  const missing = onlyBlock('(FPL-DLH4AB-IS-A320/M-S/C-EGLL1200-N0450F250 DVR UL9)');
  assert.deepEqual(
    missing.diagnostics.map((d) => d.code),
    ['R202', 'R302'],
  );
  assert.match(nth(missing.diagnostics, 1).message, /missing fields 16 \(destination.*18 \(other information\)/);
  assert.equal(missing.origin?.value, 'EGLL');
  const open = onlyBlock(MESSAGE.slice(0, -1));
  assert.deepEqual(
    open.diagnostics.map((d) => d.code),
    ['R301'],
  );
  assert.equal(open.elements.length, 8);
  const nested = onlyBlock(MESSAGE.replace('RMK/TCAS', 'RMK/(TCAS'));
  assert.deepEqual(
    nested.diagnostics.map((d) => [d.code, d.range]),
    [['R301', r(5, 26, 27)]],
  );
});

test('lower-case fields are read and reported with the fix', () => {
  const block = onlyBlock(MESSAGE.replace('-EGLL1200', '-egll1200').replace('(FPL-', '(fpl-'));
  assert.deepEqual(
    block.diagnostics.map((d) => [d.code, d.range, d.data]),
    [['R102', r(2, 1, 9), { replacement: 'EGLL1200' }]],
  );
  assert.equal(block.origin?.value, 'EGLL');
});

test('directives beside an FPL message; text after it is reported', () => {
  const doc = parseRouteDocument(`referenceFix: DVR\n${MESSAGE}\nreferenceFix: KOK`);
  const block = first(doc.blocks);
  assert.equal(block.referenceFix?.value, 'DVR');
  assert.deepEqual(
    block.diagnostics.map((d) => d.code),
    ['R004'],
  );
  assert.deepEqual(codes(`${MESSAGE} trailing`), ['R008']);
});

test('CRLF line ends and tabs in a message', () => {
  const block = onlyBlock(MESSAGE.replace(/\n/g, '\r\n').replace('DET L6', 'DET\tL6'));
  assert.deepEqual(block.diagnostics, []);
  assert.equal(block.routeText, 'N0450F350 DET L6 DVR UL9 KONAN UL607 AMASI');
  assert.deepEqual(block.range.end, { line: 5, character: 40 });
});

test('field 19 is accepted; a hyphen inside field 18 text is reported where it splits the field', () => {
  assert.deepEqual(codes(MESSAGE.replace(')', '-E/0230 P/TBN)')), []);
  const hyphen = onlyBlock(MESSAGE.replace('RMK/TCAS EQUIPPED', 'RMK/NON-RVSM'));
  assert.deepEqual(
    hyphen.diagnostics.map((d) => [d.code, d.range]),
    [['R328', r(5, 30, 34)]],
  );
  assert.match(first(hyphen.diagnostics).message, /hyphen inside field 18/);
});

// Doc 4444 App. 3: the FPL message is made of field types "3 7 8 9 10 13 15 16 18 19"; 19 alone is
// optional (App. 2, Item 18: "INSERT 0 (zero) if no other information").
const SHORT = (fields: string[]): string => `(FPL-${fields.join('-')})`;
const ALL = ['DLH4AB', 'IS', 'A320/M', 'S/C', 'EGLL1200', 'N0450F250 DVR', 'EDDF0105 EDDK', 'DOF/261121'];

test('Item 16 "destination aerodrome and total estimated elapsed time" missing: named as missing, field 18 still read as 18', () => {
  const block = onlyBlock(SHORT(ALL.filter((f) => f !== 'EDDF0105 EDDK')));
  assert.deepEqual(
    block.diagnostics.map((d) => [d.code, d.range]),
    [['R302', r(0, 48, 49)]],
  );
  assert.match(
    first(block.diagnostics).message,
    /^field 16 \(destination aerodrome, total EET and alternates\) is missing/,
  );
  assert.deepEqual(
    block.fpl?.fields.map((f) => f.number),
    [7, 8, 9, 10, 13, 15, 18],
  );
  assert.equal(block.destination, undefined);
  // A malformed item 18 after the gap is reported as item 18, not as a malformed field 16.
  const wrong = onlyBlock(SHORT([...ALL.slice(0, 6), 'DOF/261399']));
  assert.deepEqual(
    wrong.diagnostics.map((d) => d.code),
    ['R302', 'R309'],
  );
});

test('Item 18 missing: "INSERT 0 (zero) if no other information" is the hint', () => {
  const block = onlyBlock(SHORT(ALL.slice(0, 7)));
  assert.deepEqual(
    block.diagnostics.map((d) => [d.code, d.range]),
    [['R302', r(0, 62, 63)]],
  );
  assert.match(first(block.diagnostics).message, /^field 18 \(other information\) is missing.*write -0/);
  assert.equal(block.destination?.value, 'EDDF');
  assert.deepEqual(codes(SHORT([...ALL.slice(0, 7), '0'])), []);
});

test('Item 15 "route" missing: named as missing, field 16 still read as the destination', () => {
  const block = onlyBlock(SHORT(ALL.filter((f) => !f.startsWith('N0450'))));
  assert.deepEqual(
    block.diagnostics.map((d) => [d.code, d.range]),
    [['R302', r(0, 34, 35)]],
  );
  assert.match(first(block.diagnostics).message, /^field 15 \(route\) is missing/);
  assert.equal(block.destination?.value, 'EDDF');
  assert.equal(block.origin?.value, 'EGLL');
});

test('a missing field before field 19 is still found; a malformed field is not taken for a missing one', () => {
  const block = onlyBlock(SHORT([...ALL.filter((f) => f !== 'EDDF0105 EDDK'), 'E/0230']));
  assert.deepEqual(
    block.diagnostics.map((d) => d.code),
    ['R302'],
  );
  assert.deepEqual(
    block.fpl?.fields.map((f) => f.number),
    [7, 8, 9, 10, 13, 15, 18, 19],
  );
  assert.deepEqual(codes(SHORT(ALL.map((f) => (f === 'EDDF0105 EDDK' ? 'EDDF01' : f)))), ['R308']);
});

// Doc 4444 App. 2, Item 19: "E/ followed by a 4-figure group giving the fuel endurance in hours and
// minutes", "P/ followed by the total number of persons on board, when so prescribed by the
// appropriate ATS authority" (TBN when not known), R/ U V E, S/ P D M J, J/ L F U V, D/ number,
// capacity, C if covered, colour; A/ colour and markings, N/ remarks, C/ pilot in command.
test('Item 19 "supplementary information": each indicator in its format, on its own range', () => {
  const base = MESSAGE.slice(0, -1);
  const good = onlyBlock(
    `${base}\n-E/0745 P/123 R/VE S/PDMJ J/LFUV D/2 8 C YELLOW A/WHITE BLUE TAIL N/DOG ON BOARD C/SMITH)`,
  );
  assert.deepEqual(good.diagnostics, []);
  assert.deepEqual(
    good.fpl?.supplementaryInformation?.map((i) => [i.indicator, i.value]),
    [
      ['E', '0745'],
      ['P', '123'],
      ['R', 'VE'],
      ['S', 'PDMJ'],
      ['J', 'LFUV'],
      ['D', '2 8 C YELLOW'],
      ['A', 'WHITE BLUE TAIL'],
      ['N', 'DOG ON BOARD'],
      ['C', 'SMITH'],
    ],
  );
  assert.deepEqual(codes(`${base}\n-P/TBN)`), []);
  const bad = onlyBlock(`${base}\n-E/0790 P/1234 R/VX S/PP J/Q D/YELLOW Q/1 N/)`);
  assert.deepEqual(
    bad.diagnostics.map((d) => [d.code, d.range]),
    [
      ['R313', r(6, 1, 7)],
      ['R313', r(6, 8, 14)],
      ['R313', r(6, 15, 19)],
      ['R313', r(6, 20, 24)],
      ['R313', r(6, 25, 28)],
      ['R313', r(6, 29, 37)],
      ['R313', r(6, 38, 41)],
      ['R313', r(6, 42, 44)],
    ],
  );
  assert.match(first(bad.diagnostics).message, /E\/0790: the fuel endurance is hhmm/);
  assert.match(nth(bad.diagnostics, 6).message, /Q\/ is not a field 19 indicator/);
  // A word after an item belongs to its value: N/ and A/ are free text.
  assert.equal(onlyBlock(`${base}\n-N/TWO  WORDS)`).fpl?.supplementaryInformation?.[0]?.value, 'TWO WORDS');
});

test("cutting into fields: '-', ')' and '(' found in order, on ASCII lines and on lines with other blanks", () => {
  const found = (text: string): [string, number, number, number][] =>
    first(parseRouteDocument(text).blocks).diagnostics.map((d) => [
      d.code,
      d.range.start.line,
      d.range.start.character,
      d.range.end.character,
    ]);
  const head = '(FPL-DLH4AB-IS-A320/M-SDE2E3FGIJ1RWY/LB1-EGLL1200-N0450F350';
  // A no-break space and an em space (reported), a '(' between them, a comment with '-' and ')'.
  assert.deepEqual(
    found(`${head}\u00a0DVR (UL9\u2003KONAN-EDDF0105 EDDK\n-DOF/261121 (X)-E/0300-X-Y-Z) after # a-b)c`),
    [
      ['R317', 0, 33, 34],
      ['R325', 0, 59, 60],
      ['R301', 0, 64, 65],
      ['R114', 0, 64, 65],
      ['R325', 0, 68, 69],
      ['R309', 1, 1, 14],
      ['R301', 1, 12, 13],
      ['R008', 1, 15, 36],
    ],
  );
  assert.deepEqual(found(`${head} DVR UL9 KONAN-EDDF0105 EDDK-DOF/261121 RMK/A(B)\nC-D`), [
    ['R317', 0, 33, 34],
    ['R301', 0, 104, 105],
    ['R008', 1, 0, 3],
  ]);
  // Extra fields after field 19, a '(' among them, a comment that would close the message.
  assert.deepEqual(found(`${head} DVR UL9 KONAN-EDDF0105 EDDK-DOF/261121 (X-E/0300-X-Y(-Z) # (a-b)c`), [
    ['R317', 0, 33, 34],
    ['R309', 0, 88, 101],
    ['R301', 0, 99, 100],
    ['R310', 0, 109, 115],
    ['R301', 0, 112, 113],
  ]);
});
