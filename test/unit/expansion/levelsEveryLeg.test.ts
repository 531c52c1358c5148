/**
 * Cruising levels on every leg and VFR cruising levels (issue 37 §2, Annex 2 Appendix 3): a later
 * leg at the same level that turns into the other semicircle for 100 NM or more is X016 on the
 * airway or DCT of that leg; legs in the climb and the descent are not judged; the VFR columns
 * (the IFR levels + 500 ft) judge a VFR part, and field 8's Y and Z switch at the point of change.
 * On the project's excerpt of the navigation data (cycle 2013.10), so that the tests always run.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { rulesOfElements } from '../../../server/src/expansion/cruisingLevelFindings';
import { directionOfLevel, nearestLevels, columnWords } from '../../../server/src/route/cruisingLevels';
import type { Level } from '../../../server/src/route/model';
import { parseRouteDocument } from '../../../server/src/route';
import { setReferenceClock } from '../../../server/src/route/clock';
import { EXCERPT, load } from '../navdata/paths';
import { allDiagnostics } from '../route/helpers';

before(() => setReferenceClock(() => Date.UTC(2026, 10, 26)));
after(() => setReferenceClock(undefined));

const level = (text: string): Level => {
  const unit = { F: 'flightLevel', A: 'altitudeFeet', S: 'metricLevel', M: 'altitudeMetres' } as const;
  return { unit: unit[text[0] as keyof typeof unit], value: Number(text.slice(1)), text };
};

test('the VFR columns: the IFR levels + 500 ft (+ 150 m), from 3,500 and 4,500 ft up to FL275 and FL285', () => {
  for (const east of ['A035', 'A055', 'F095', 'F195', 'F275', 'S0105', 'M0165'])
    assert.equal(directionOfLevel(level(east), 'VFR'), 'eastbound', east);
  for (const west of ['A045', 'A065', 'F105', 'F285', 'S0135', 'M0195'])
    assert.equal(directionOfLevel(level(west), 'VFR'), 'westbound', west);
  // An IFR level, a VFR level below 3,000 ft above the ground, and none above FL290 (RVSM).
  for (const none of ['A050', 'A040', 'A025', 'F295', 'F300', 'S0090'])
    assert.equal(directionOfLevel(level(none), 'VFR'), undefined, none);
  // A VFR level is in no IFR column: never "westbound" by the IFR table.
  for (const vfr of ['A045', 'F105', 'F285']) assert.equal(directionOfLevel(level(vfr)), undefined, vfr);
  assert.deepEqual(
    nearestLevels(level('A050'), 'eastbound', 'VFR').map((l) => l.text),
    ['A055'],
  );
  assert.deepEqual(
    nearestLevels(level('A055'), 'westbound', 'VFR').map((l) => l.text),
    ['A045', 'A065'],
  );
  assert.equal(columnWords(level('A045'), 'westbound', 'VFR'), 'VFR, even thousands + 500 ft: 4,500 ft … FL285');
});

test('the rules of each element: field 8, and Y and Z switching at the point of change', () => {
  const rules = (text: string) => {
    const block = parseRouteDocument(text).blocks[0]!;
    return block.elements.map((e, i) => `${e.text}:${rulesOfElements(block)[i]}`).join(' ');
  };
  const fpl = (f8: string, f15: string) => `(FPL-GABCD-${f8}\n-C172/L-SDFGY/S\n-EGHI1000\n-${f15}\n-EGJJ0045\n-0)`;
  assert.equal(
    rules(fpl('YG', 'N0100A040 ORTAC DCT JSY/N0100A045 VFR DCT GUR')),
    'N0100A040:IFR ORTAC:IFR DCT:IFR JSY/N0100A045:VFR VFR:VFR DCT:VFR GUR:VFR',
  );
  assert.equal(
    rules(fpl('ZG', 'N0100A045 ORTAC DCT JSY/N0150A060 IFR DCT GUR')),
    'N0100A045:VFR ORTAC:VFR DCT:VFR JSY/N0150A060:IFR IFR:IFR DCT:IFR GUR:IFR',
  );
  assert.equal(rules('N0100VFR ORTAC DCT JSY'), 'N0100VFR:VFR ORTAC:VFR DCT:VFR JSY:VFR');
  assert.equal(rules('N0450F350 DVR DCT KONAN'), 'N0450F350:IFR DVR:IFR DCT:IFR KONAN:IFR');
});

interface Case {
  name: string;
  text: string;
  /** Code, line, start, end, the start of the message; [] when the route is right. */
  want: [string, number, number, number, string][];
}

const fpl = (f8: string, f15: string) => `(FPL-GABCD-${f8}\n-C172/L-SDFGY/S\n-EGHI1000\n-${f15}\n-EGJJ0045\n-0)`;

const CASES: Case[] = [
  {
    name: 'Amsterdam–Madrid at FL350 throughout: two turns south-west, each on the airway of its leg',
    text: 'origin: EHAM\ndestination: LEMD\nN0450F350 LOPIK UN852 LNO UZ707 RESMI UN857 SAU/N0450F380 UN857 MITUM UN733 PRADO',
    want: [
      [
        'X016',
        2,
        26,
        31,
        'FL350 is an eastbound level (odd thousands of feet), set at the start, but the route turns westbound at FAMEN ' +
          'for 144 NM: FAMEN–BSN, magnetic track 229° (true 232°',
      ],
      [
        'X016',
        2,
        38,
        43,
        'FL350 is an eastbound level (odd thousands of feet), set at the start, but the route turns westbound at DIRMO ' +
          'for 179 NM: DIRMO–ARTAX, magnetic track 197° (true 199°',
      ],
    ],
  },
  {
    name: 'the sample as it is now: FL360 from LNO, where it turns',
    text: 'origin: EHAM\ndestination: LEMD\nN0450F350 LOPIK UN852 LNO/N0450F360 UZ707 RESMI UN857 SAU/N0450F380 UN857 MITUM UN733 PRADO',
    want: [],
  },
  {
    name: 'Singapore–Bangkok at FL360: north from HTY on A464',
    text: 'origin: WSSS\ndestination: VTBS\nN0470F360 VJR R325 VIH A464 BKK',
    want: [
      [
        'X016',
        2,
        23,
        27,
        'FL360 is a westbound level (even thousands of feet), set at the start, but the route turns eastbound at HTY ' +
          'for 303 NM: HTY–RELIP, magnetic track 003° (true 003°',
      ],
    ],
  },
  {
    name: 'Heathrow–Frankfurt: RUDUS–ROLIS turns north-west in the descent, not at the cruising level',
    text: 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN L607 RUDUS T150 ROLIS',
    want: [],
  },
  {
    name: 'VFR at an eastbound VFR level on a southbound leg: X014 by the VFR column',
    text: fpl('VG', 'N0100A055 ORTAC DCT JSY'),
    want: [
      [
        'X014',
        3,
        1,
        10,
        '5500 ft is an eastbound VFR level (VFR, odd thousands + 500 ft: 3,500 ft … FL275), but the first leg flown at ' +
          'it, ORTAC–JSY, is westbound: magnetic track',
      ],
    ],
  },
  { name: 'VFR at A045 southbound is right', text: fpl('VG', 'N0100A045 ORTAC DCT JSY'), want: [] },
  {
    name: 'IFR at A040 southbound is right; the same level VFR has no VFR direction (R336, the parser)',
    text: fpl('IG', 'N0100A040 ORTAC DCT JSY'),
    want: [],
  },
  {
    name: 'Z: VFR at A045 to JSY, IFR from JSY on at A050 westbound: judged by the IFR column',
    text: fpl('ZG', 'N0100A045 ORTAC DCT JSY/N0120A050 IFR DCT GUR'),
    want: [
      [
        'X014',
        3,
        21,
        34,
        '5000 ft is an eastbound level (odd thousands of feet), but the first leg flown at it, JSY–GUR, is westbound',
      ],
    ],
  },
];

for (const c of CASES) {
  test(`levels on every leg: ${c.name}`, async () => {
    const db = await load(EXCERPT);
    const result = expandRoute(parseRouteDocument(c.text).blocks[0]!, db);
    const found = result.findings.filter((f) => f.code === 'X014' || f.code === 'X016');
    assert.deepEqual(
      found.map((f) => [f.code, f.range.start.line, f.range.start.character, f.range.end.character]),
      c.want.map(([code, line, from, to]) => [code, line, from, to]),
      found.map((f) => f.message).join('\n'),
    );
    found.forEach((f, k) => assert.ok(f.message.startsWith(c.want[k]![4]), f.message));
    for (const f of found) assert.equal(f.severity, 'warning');
  });
}

interface ParserCase {
  name: string;
  f8: string;
  f15: string;
  want: [string, number, number, string][];
}

const PARSER_CASES: ParserCase[] = [
  {
    name: 'VFR at an IFR level',
    f8: 'VG',
    f15: 'N0100A050 ORTAC DCT JSY',
    want: [
      [
        'R336',
        6,
        10,
        'A050 is an IFR cruising level, but this part of the flight is VFR: above 3,000 ft above the ground a VFR ' +
          'flight cruises at the IFR levels + 500 ft (Annex 2, Appendix 3), e.g. A045 westbound or A055 eastbound',
      ],
    ],
  },
  {
    name: 'IFR at a VFR level',
    f8: 'IG',
    f15: 'N0100A045 ORTAC DCT JSY',
    want: [
      [
        'R337',
        6,
        10,
        'A045 is a VFR cruising level (the IFR levels + 500 ft, Annex 2, Appendix 3), but this part of the flight is ' +
          'IFR: an IFR flight cruises at an IFR level, e.g. A040 westbound or A050 eastbound',
      ],
    ],
  },
  { name: 'VFR below 3,000 ft: any level', f8: 'VG', f15: 'N0100A030 ORTAC DCT JSY', want: [] },
  {
    name: 'Y: the IFR part at an IFR level, the VFR part from JSY at an IFR level',
    f8: 'YG',
    f15: 'N0100A040 ORTAC DCT JSY/N0100A060 VFR DCT GUR',
    want: [
      [
        'R336',
        30,
        34,
        'A060 is an IFR cruising level, but this part of the flight is VFR: above 3,000 ft above the ground a VFR ' +
          'flight cruises at the IFR levels + 500 ft (Annex 2, Appendix 3), e.g. A055 eastbound or A065 westbound',
      ],
    ],
  },
  {
    name: 'Z: the VFR part at a VFR level, the IFR part from JSY at a VFR level',
    f8: 'ZG',
    f15: 'N0100A045 ORTAC DCT JSY/N0150A065 IFR DCT GUR',
    want: [
      [
        'R337',
        30,
        34,
        'A065 is a VFR cruising level (the IFR levels + 500 ft, Annex 2, Appendix 3), but this part of the flight is ' +
          'IFR: an IFR flight cruises at an IFR level, e.g. A060 westbound or A070 eastbound',
      ],
    ],
  },
  {
    name: 'Z with the right columns on both sides',
    f8: 'ZG',
    f15: 'N0100A045 ORTAC DCT JSY/N0150A060 IFR DCT GUR',
    want: [],
  },
];

for (const c of PARSER_CASES) {
  test(`VFR and IFR columns in an FPL message: ${c.name}`, () => {
    const found = allDiagnostics(parseRouteDocument(fpl(c.f8, c.f15))).filter(
      (d) => d.code === 'R336' || d.code === 'R337',
    );
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.character, d.range.end.character, d.message]),
      c.want,
    );
    for (const d of found) assert.equal(d.range.start.line, 3);
  });
}
