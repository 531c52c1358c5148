/**
 * Whole FPL messages as filed (issue 23): every class of finding, table-driven, with the exact
 * range and message. Rules quoted from ICAO Doc 4444 App. 2/3, Annex 2 and the IFPS Users Manual.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseRouteDocument, setReferenceClock, type RouteDiagnostic } from '../../../server/src/route';
import { allDiagnostics, first } from './helpers';

interface Case {
  name: string;
  text: string;
  code: string;
  /** [line, start, end] or [startLine, start, endLine, end]; undefined: the code must be absent. */
  at?: [number, number, number] | [number, number, number, number];
  says?: string;
}

function rangeOf(at: NonNullable<Case['at']>): RouteDiagnostic['range'] {
  const [line, start, a, b] = at;
  return b === undefined
    ? { start: { line, character: start }, end: { line, character: a } }
    : { start: { line, character: start }, end: { line: a, character: b } };
}

export function runCases(title: string, cases: Case[]): void {
  for (const c of cases) {
    test(`${title}: ${c.name}`, () => {
      const all = allDiagnostics(parseRouteDocument(c.text));
      const found = all.filter((d) => d.code === c.code);
      if (!c.at) {
        assert.deepEqual(
          found.map((d) => d.message),
          [],
          `${c.code} should be absent from ${JSON.stringify(c.text)}`,
        );
        return;
      }
      assert.ok(found.length > 0, `${c.code} not reported; got ${JSON.stringify(all.map((d) => [d.code, d.message]))}`);
      const expected = rangeOf(c.at);
      const d = found.find((x) => JSON.stringify(x.range) === JSON.stringify(expected)) ?? first(found);
      assert.deepEqual(d.range, expected, `${c.code} range: ${d.message}`);
      if (c.says) assert.ok(d.message.includes(c.says), `"${d.message}" should say "${c.says}"`);
    });
  }
}

runCases('Item 15 in every route', [
  {
    name: 'T after a SID (item 17)',
    text: 'N0400F200 SAM2X T',
    code: 'R218',
    at: [0, 16, 17],
    says: 'T (truncation) must follow the point where the route is truncated; found SID SAM2X before it',
  },
  {
    name: 'T with no route before it (item 17)',
    text: 'N0400F200 T',
    code: 'R218',
    at: [0, 10, 11],
    says: 'found speed/level group N0400F200 before it',
  },
  { name: 'T after a point is right', text: 'N0400F200 DVR UL9 KONAN T', code: 'R218' },
  { name: 'T after a point and an annotation is right', text: 'N0400F200 DVR DCT KONAN OAT T', code: 'R218' },
  { name: 'letters and two digits are an ATS route (item 18)', text: 'N0450F350 ABCDE OTR15 FGHIJ', code: 'R101' },
  { name: 'OTR15 is no SID/STAR either (item 18)', text: 'N0450F350 ABCDE OTR15 FGHIJ', code: 'R116' },
  { name: 'OTR5 is no SID/STAR (item 18)', text: 'N0450F350 ABCDE OTR5 FGHIJ', code: 'R116' },
  {
    name: 'a name + digit + letter still looks like a procedure',
    text: 'N0450F350 DVR UL9 KONAN KONA1A DCT LAM',
    code: 'R116',
    at: [0, 24, 30],
  },
  {
    name: 'three letters and three digits are still a broken bearing/distance',
    text: 'N0450F350 DVR DCT DUB180',
    code: 'R101',
    at: [0, 18, 24],
    says: 'bearing/distance',
  },
  {
    name: 'FL440 is no level above FL410 (item 16)',
    text: 'N0470F440 DVR',
    code: 'R210',
    at: [0, 5, 9],
    says: 'every 2,000 ft above FL410 (FL430, FL450 …) (e.g. F430 or F450)',
  },
  { name: 'FL430 is one (item 16)', text: 'N0470F430 DVR', code: 'R210' },
  { name: 'FL410 is one (item 16)', text: 'N0470F410 DVR', code: 'R210' },
  {
    name: 'FL420 is none (item 16)',
    text: 'N0470F390 DVR/N0470F420',
    code: 'R210',
    at: [0, 19, 23],
    says: '(e.g. F410 or F430)',
  },
  {
    name: 'F355 keeps its wording',
    text: 'N0450F355 DVR',
    code: 'R210',
    at: [0, 5, 9],
    says: 'F355 is not a usual cruising level: levels are multiples of 5, of 10 from FL200',
  },
  {
    name: 'cruise climb without a speed quotes the level (messages)',
    text: 'N0450F350 DVR DCT C/48N050W/F290F350 DCT KONAN',
    code: 'R103',
    at: [0, 28, 32],
    says: 'speed missing before the level F290: the speed comes first, e.g. N0450F290 or M082F290',
  },
  {
    name: "cruise climb with nothing after the point's '/' (messages)",
    text: 'N0450F350 DVR DCT C/48N050W/ DCT KONAN',
    code: 'R103',
    at: [0, 27, 28],
    says: "speed and level missing after '/'",
  },
  {
    name: 'a zero-width space inside an element is named (item 19)',
    text: 'N0450F350 DV\u200bR',
    code: 'R114',
    at: [0, 12, 13],
    says: "invisible character U+200B (zero-width space) in 'DVR' is not allowed in route text: remove it",
  },
]);

/** A message from Zurich to Paris whose fields are replaced one at a time (lines 0–5 as written here). */
const M = (o: Partial<Record<'f7' | 'f8' | 'f9' | 'f10' | 'f13' | 'f15' | 'f16' | 'f18', string>> = {}): string =>
  `(FPL-${o.f7 ?? 'SWR12'}-${o.f8 ?? 'IS'}\n-${o.f9 ?? 'A320/M'}-${o.f10 ?? 'SDE2E3FGIJ1RWY/LB1'}\n-${o.f13 ?? 'LSZH1200'}` +
  `\n-${o.f15 ?? 'N0450F350 GERSA UN851 DJL'}\n-${o.f16 ?? 'LFPG0045 LFPO'}\n-${o.f18 ?? 'PBN/A1B1C1D1 DOF/270305'})`;

test('the base message is clean', () => {
  assert.deepEqual(
    allDiagnostics(parseRouteDocument(M())).map((d) => d.message),
    [],
  );
});

runCases('Rules between fields', [
  {
    name: '1. Y without a change to VFR',
    text: M({ f7: 'HBXYZ', f8: 'YG', f10: 'SDFGY/S', f15: 'N0110F080 DCT GVA DCT SPR', f18: 'DOF/270305' }),
    code: 'R314',
    at: [0, 11, 13],
    says: 'field 8 gives flight rules Y (IFR first, then VFR), but field 15 has no change to VFR',
  },
  {
    name: '1. Z without a change to IFR',
    text: M({ f8: 'ZG', f15: 'N0110A050 GERSA DCT DJL', f10: 'SDFGY/S', f18: 'DOF/270305' }),
    code: 'R314',
    at: [0, 11, 13],
    says: 'has no change to IFR',
  },
  {
    name: '1. I with a change to VFR',
    text: M({ f15: 'N0450F350 GERSA VFR DCT DJL' }),
    code: 'R314',
    at: [3, 17, 20],
    says: 'field 8 gives flight rules I (IFR throughout), but field 15 changes to VFR here: write Y in field 8',
  },
  {
    name: '1. V with a change to IFR',
    text: M({ f8: 'VG', f15: 'N0120A045 GERSA/N0450F350 IFR DCT DJL', f10: 'SDFGY/S', f18: 'DOF/270305' }),
    code: 'R314',
    at: [3, 27, 30],
    says: 'changes to IFR here: write Z in field 8',
  },
  {
    name: '1. I with a VFR level',
    text: M({ f15: 'N0120VFR GERSA DCT DJL' }),
    code: 'R314',
    at: [3, 6, 9],
    says: 'an IFR part of the flight cannot plan VFR as its level',
  },
  {
    name: '1. Y with its change to VFR is right',
    text: M({ f8: 'YG', f15: 'N0450F350 GERSA/N0120A045 VFR DCT DJL' }),
    code: 'R314',
  },
  {
    name: '1. Z with its change to IFR is right',
    text: M({ f8: 'ZG', f15: 'N0120A045 GERSA/N0450F350 IFR UN851 DJL' }),
    code: 'R314',
  },
  {
    name: '2. AFIL needs DEP/',
    text: M({ f13: 'AFIL1200' }),
    code: 'R315',
    at: [2, 1, 5],
    says: 'field 13 AFIL (flight plan filed in the air): field 18 must name the ATS unit',
  },
  { name: '2. AFIL with DEP/', text: M({ f13: 'AFIL1200', f18: 'PBN/A1B1C1D1 DEP/LSAZZQZX' }), code: 'R315' },
  {
    name: '2. ZZZZ destination needs DEST/',
    text: M({ f16: 'ZZZZ0045 LFPO' }),
    code: 'R315',
    at: [4, 1, 5],
    says: 'with DEST/',
  },
  {
    name: '2. ZZZZ alternate needs ALTN/',
    text: M({ f16: 'LFPG0045 ZZZZ' }),
    code: 'R315',
    at: [4, 10, 14],
    says: 'with ALTN/',
  },
  {
    name: '3. C2 needs G',
    text: M({ f10: 'SDRWY/S', f18: 'PBN/C2' }),
    code: 'R316',
    at: [5, 5, 7],
    says: 'PBN/ C2 (RNAV 2 GNSS) needs G (GNSS) in field 10a',
  },
  {
    name: '3. D4 needs D and I',
    text: M({ f10: 'SGRWY/S', f18: 'PBN/D4' }),
    code: 'R316',
    at: [5, 5, 7],
    says: 'needs D (DME) and I (inertial navigation)',
  },
  {
    name: '3. B4 needs O or S',
    text: M({ f10: 'DGRWY/S', f18: 'PBN/B4' }),
    code: 'R316',
    at: [5, 5, 7],
    says: 'needs O (VOR) or S',
  },
  { name: '3. B5 with I is right', text: M({ f10: 'SIRWY/S', f18: 'PBN/B5' }), code: 'R316' },
  {
    name: '4. R without PBN/',
    text: M({ f10: 'SDGRWY/S', f18: 'DOF/270305' }),
    code: 'R317',
    at: [1, 11, 12],
    says: 'R (PBN approved) in field 10a needs PBN/ in field 18',
  },
  {
    name: '4. Z without COM/ NAV/ DAT/',
    text: M({ f10: 'SDGRWYZ/S' }),
    code: 'R317',
    at: [1, 14, 15],
    says: 'Z (other equipment) in field 10a needs COM/, NAV/ or DAT/',
  },
  { name: '4. Z with NAV/', text: M({ f10: 'SDGRWYZ/S', f18: 'PBN/A1B1C1D1 NAV/GBAS' }), code: 'R317' },
  {
    name: '5. RVSM level without W in the EUR region',
    text: M({ f10: 'SDFGIRY/S' }),
    code: 'R318',
    at: [3, 6, 10],
    says: 'F350 is in RVSM airspace (FL290–FL410) of the EUR region, but field 10a has no W',
  },
  {
    name: '5. STS/NONRVSM',
    text: M({ f10: 'SDFGIRY/S', f18: 'PBN/A1B1C1D1 STS/NONRVSM' }),
    code: 'R318',
  },
  {
    name: '5. outside the EUR region',
    text: M({ f10: 'SDFGIRY/S', f13: 'KJFK1200', f16: 'KBOS0045' }),
    code: 'R318',
  },
  {
    name: '6. VFR above FL200',
    text: M({ f8: 'VG', f10: 'SDFGY/S', f15: 'N0140F250 GERSA DCT DJL', f18: 'DOF/270305' }),
    code: 'R319',
    at: [3, 6, 10],
    says: 'F250 is above FL200 in a VFR part of the flight',
  },
  {
    name: '7. DLE/ at a point not on a route of direct legs',
    text: M({ f15: 'N0450F350 GERSA DCT DJL', f18: 'PBN/A1B1C1D1 DLE/XAMAN0020' }),
    code: 'R320',
    at: [5, 18, 27],
    says: 'DLE/XAMAN0020: XAMAN is not a point of the route: field 15 flies no ATS route and does not write it',
  },
  {
    name: '7. DLE/ at a route point',
    text: M({ f15: 'N0450F350 GERSA DCT DJL', f18: 'PBN/A1B1C1D1 DLE/GERSA0020' }),
    code: 'R320',
  },
  // XAMAN may be a point of UN851 between GERSA and DJL: only the expansion can tell (X015).
  { name: '7. DLE/ on a route with an airway', text: M({ f18: 'PBN/A1B1C1D1 DLE/XAMAN0020' }), code: 'R320' },
  {
    name: '7. DLE/ on a route with a SID',
    text: M({ f15: 'N0450F350 DEGE3S GERSA DCT DJL', f18: 'PBN/A1B1C1D1 DLE/XAMAN0020' }),
    code: 'R320',
  },
  {
    name: '8. aerodrome before the speed/level group',
    text: M({ f15: 'LSZH N0450F350 GERSA UN851 DJL' }),
    code: 'R321',
    at: [3, 1, 5],
    says: 'aerodrome LSZH before the speed/level group: in an FPL message field 13 gives the departure (LSZH)',
  },
  {
    name: '8. aerodrome after the route',
    text: M({ f15: 'N0450F350 GERSA UN851 DJL LFPG' }),
    code: 'R321',
    at: [3, 27, 31],
    says: 'field 16 gives the destination (LFPG)',
  },
  { name: '8. the same text as plain route text is fine', text: 'LSZH N0450F350 GERSA UN851 DJL', code: 'R321' },
]);

runCases("One field's content", [
  {
    name: '9. a code outside the PBN list',
    text: M({ f18: 'PBN/C5' }),
    code: 'R309',
    at: [5, 1, 7],
    says: 'PBN/C5: C5 is not a PBN code',
  },
  {
    name: '9. more than 8 PBN codes',
    text: M({ f18: 'PBN/A1B1B2B3B4B5C1D1O1' }),
    code: 'R309',
    at: [5, 1, 23],
    says: '9 codes, but PBN/ holds at most 8',
  },
  {
    name: '9. a PBN code twice',
    text: M({ f18: 'PBN/A1B1A1' }),
    code: 'R309',
    at: [5, 1, 11],
    says: 'A1 given twice',
  },
  {
    name: '10. one letter twice in 10a',
    text: M({ f10: 'SDGGRWY/S' }),
    code: 'R306',
    at: [1, 8, 17],
    says: "field 10a 'SDGGRWY' gives G more than once",
  },
  {
    name: '10. two SSR capabilities',
    text: M({ f10: 'SDGRWY/CS' }),
    code: 'R306',
    at: [1, 8, 17],
    says: 'gives 2 SSR capabilities (C S)',
  },
  {
    name: '10. B1 and B2',
    text: M({ f10: 'SDGW/EB1B2', f18: 'DOF/270305' }),
    code: 'R306',
    at: [1, 8, 18],
    says: 'gives both B1 and B2',
  },
  {
    name: '11. 0 with other items',
    text: M({ f10: 'SDGW/S', f18: '0 RMK/TEST' }),
    code: 'R309',
    at: [5, 1, 2],
    says: '0 means "no other information", but field 18 has other items',
  },
  {
    name: '11. PER/ is one letter A–E or H',
    text: M({ f18: 'PBN/A1B1C1D1 PER/F' }),
    code: 'R309',
    at: [5, 14, 19],
    says: 'PER/F: the aircraft performance category is one letter A, B, C, D, E or H',
  },
  {
    name: '11. an EET/ time of 3 digits',
    text: M({ f18: 'PBN/A1B1C1D1 EET/LFFF015' }),
    code: 'R309',
    at: [5, 14, 25],
    says: 'elapsed time hhmm (4 digits, mm 00–59)',
  },
  {
    name: '11. an EET/ time of 5 digits',
    text: M({ f18: 'PBN/A1B1C1D1 EET/LFFF00150' }),
    code: 'R309',
    at: [5, 14, 27],
    says: 'elapsed time hhmm',
  },
  {
    name: '11. SEL/ with I, N or O',
    text: M({ f18: 'PBN/A1B1C1D1 SEL/ABIN' }),
    code: 'R309',
    at: [5, 14, 22],
    says: 'SEL/ABIN: the SELCAL code is 4 letters from A–S without I, N and O',
  },
  {
    name: '11. SEL/ with a pair of one letter',
    text: M({ f18: 'PBN/A1B1C1D1 SEL/AACD' }),
    code: 'R309',
    at: [5, 14, 22],
    says: 'two pairs of two different letters',
  },
  {
    name: '11. an empty indicator',
    text: M({ f18: 'PBN/A1B1C1D1 RMK/' }),
    code: 'R309',
    at: [5, 14, 18],
    says: 'RMK/ is empty',
  },
  {
    name: '11. an indicator twice with different values',
    text: M({ f18: 'PBN/A1B1C1D1 DOF/270305 DOF/270306' }),
    code: 'R324',
    at: [5, 25, 35],
    says: 'DOF/ is given twice with different values (DOF/270305 and DOF/270306)',
  },
  {
    name: '11. RMK/ twice with different values is allowed',
    text: M({ f18: 'PBN/A1B1C1D1 RMK/ONE RMK/TWO' }),
    code: 'R324',
  },
  {
    name: '11. an item twice',
    text: M({ f18: 'PBN/A1B1C1D1 REG/HBJXA REG/HBJXA' }),
    code: 'R323',
    at: [5, 24, 33],
    says: 'REG/HBJXA is given twice',
  },
  {
    name: "12. IFPS's RFP/",
    text: M({ f18: 'PBN/A1B1C1D1 RFP/Q1' }),
    code: 'R322',
    at: [5, 14, 20],
    says: "RFP/ (replacement flight plan) is not a Doc 4444 indicator: it is the EUROCONTROL IFPS's own",
  },
  {
    name: "12. IFPS's STAYINFO1/ is an indicator",
    text: M({ f18: 'PBN/A1B1C1D1 STAYINFO1/TEST' }),
    code: 'R322',
    at: [5, 14, 28],
    says: 'STAYINFO1/ (STAY information)',
  },
  {
    name: '12. XYZ/ stays an error',
    text: M({ f18: 'PBN/A1B1C1D1 XYZ/ABC' }),
    code: 'R309',
    at: [5, 14, 21],
    says: 'XYZ/ is not a field 18 indicator',
  },
  {
    name: '12. E/ is a field 19 indicator, not part of DOF/',
    text: M({ f18: 'PBN/A1B1C1D1 DOF/270305 E/0300' }),
    code: 'R309',
    at: [5, 25, 31],
    says: "E/ is a field 19 indicator, not a field 18 one: field 19 starts with '-' after field 18, e.g. -E/0300",
  },
  {
    name: '13. a hyphen inside field 18 text is an error that says why',
    text: M({ f18: 'PBN/A1B1C1D1 OPR/AIR-LINK' }),
    code: 'R328',
    at: [5, 22, 26],
    says: "a hyphen inside field 18 text (as in OPR/AIR-LINK) ends field 18 and starts a new field, and 'LINK' is no field 19",
  },
  {
    name: '14. one character in field 7',
    text: M({ f7: 'S' }),
    code: 'R303',
    at: [0, 5, 6],
    says: "'S' has 1 character: it has 2–7",
  },
  {
    name: '14. an SSR code with 8 or 9',
    text: M({ f7: 'SWR12/A1290' }),
    code: 'R303',
    at: [0, 5, 16],
    says: "SSR code '1290' is not octal",
  },
  {
    name: '15. one aircraft is not numbered',
    text: M({ f9: '1B738/M' }),
    code: 'R305',
    at: [1, 1, 8],
    says: "number of aircraft '1': the number is given only for more than one aircraft; write B738/M",
  },
  { name: '15. two aircraft are', text: M({ f9: '2F18/M' }), code: 'R305' },
  {
    name: '16. FL440 in a message',
    text: M({ f15: 'N0470F440 GERSA UN851 DJL' }),
    code: 'R210',
    at: [3, 6, 10],
    says: 'F440 is not a usual cruising level',
  },
  {
    name: '19. U+00A0 and U+3000 are named, in any field',
    text: M({ f15: 'N0450F350\u00a0GERSA\u3000UN851 DJL' }),
    code: 'R325',
    at: [3, 10, 11],
    says: 'U+00A0 (no-break space) is not a blank of an ATS message: only space, CR and LF separate its elements',
  },
  {
    name: '19. U+3000 in field 18',
    text: M({ f18: 'PBN/A1B1C1D1\u3000DOF/270305' }),
    code: 'R325',
    at: [5, 13, 14],
    says: 'U+3000 (ideographic space)',
  },
]);

runCases('Stricter than ICAO no more', [
  { name: '20. field 8 without a type of flight', text: M({ f8: 'I' }), code: 'R304' },
  { name: '21. two blanks in field 16', text: M({ f16: 'LFPG0045  LFPO' }), code: 'R308' },
]);

test('Messages: one hyphen in field 7 is one finding, on the hyphen, and every later field reads as meant', () => {
  const ds = allDiagnostics(parseRouteDocument(M({ f7: 'HB-XYZ' })));
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
    [['R327', 0, 7, 8]],
  );
  assert.match(
    first(ds).message,
    /^hyphen inside field 7: 'HB-XYZ' is one aircraft identification, written without hyphens \(HBXYZ\)/,
  );
  const block = first(parseRouteDocument(M({ f7: 'HB-XYZ' })).blocks);
  assert.equal(block.fpl?.aircraftId, 'HBXYZ');
  assert.deepEqual(block.origin?.value, 'LSZH');
});

test('DOF/ in the past: a warning with the date it is, against the clock the session sets (issue 26 item 5)', () => {
  const text = M({ f18: 'PBN/A1B1C1D1 DOF/261121' });
  const at = (iso: string | undefined) => {
    setReferenceClock(iso ? () => Date.parse(iso) : undefined);
    try {
      return allDiagnostics(parseRouteDocument(text)).filter((d) => d.code === 'R326');
    } finally {
      setReferenceClock(undefined);
    }
  };
  const past = at('2026-11-26T08:00:00Z');
  assert.deepEqual(
    past.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character, d.severity]),
    [[5, 14, 24, 'warning']],
  );
  assert.equal(
    first(past).message,
    'DOF/261121 is 21 November 2026, 5 days before today (26 November 2026): the date of flight is in the past',
  );
  assert.equal(first(at('2026-11-22T23:59:00Z')).message.includes('1 day before today (22 November 2026)'), true);
  assert.deepEqual(at('2026-11-21T23:59:00Z'), [], 'the day itself is not past');
  assert.deepEqual(at(undefined), [], 'no clock, no date check');
});
