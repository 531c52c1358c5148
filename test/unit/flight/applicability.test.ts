/** Airspaces and NOTAMs judged where and when the flight is, each with its reason in words. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { judgeAirspace, judgeNotam } from '../../../server/src/flight/applicability';
import { flightProfile } from '../../../server/src/flight/profile';
import { RouteCorridor } from '../../../server/src/flight/corridor';
import type { LonLat } from '../../../common/protocol/mapMessages';
import { block, latLonPoints } from './helpers';

// Monday 23 November 2026, 10:00Z at the first point.
const T0 = Date.UTC(2026, 10, 23, 10, 0);
const ROUTE = block('N0450F350 5000N00500W 5000N01000W/N0450F290 5000N01500W');
const POINTS = latLonPoints(ROUTE);
const PROFILE = flightProfile(ROUTE.elements, POINTS, T0);
const CORRIDOR = new RouteCorridor(POINTS);
const OPTIONS = { corridorNm: 30 };
const FL = (value: string) => ({ uom: 'FL', value, reference: 'STD' });
const LEG1 = '5000N00500W–5000N01000W',
  LEG2 = '5000N01000W–5000N01500W';
const VALID = { effectiveStart: '2026-11-20T00:00:00.000Z', effectiveEnd: '2026-11-30T23:59:00.000Z' };

function square(west: number, south: number, east: number, north: number): LonLat[][] {
  return [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ];
}

test('an airspace the first leg crosses at FL350 above its FL245–FL300 is left out, and says why (corridor crossings)', () => {
  const measure = CORRIDOR.measure({ polygons: [square(-8, 49.5, -7, 50.5)] }, 30);
  assert.ok(measure && measure.crossings.length === 1);
  const verdict = judgeAirspace({ lowerLimit: FL('245'), upperLimit: FL('300') }, measure, PROFILE, OPTIONS);
  assert.equal(verdict.applies, false);
  assert.equal(verdict.lateral, 'crossed');
  assert.equal(verdict.stretches[0]!.vertical, 'outside');
  assert.match(
    verdict.reason,
    new RegExp(
      `^Left out: the leg ${LEG1} passes through it; FL245–FL300 does not include FL350; no schedule given: taken as always active, in it 10:\\d\\d–10:\\d\\dZ\\.$`,
    ),
  );
});

test('judged per crossing, not once per flight: the same airspace crossed again after the change to FL290 applies', () => {
  const measure = CORRIDOR.measure({ polygons: [square(-8, 49.5, -7, 50.5), square(-13, 49.5, -12, 50.5)] }, 30);
  assert.equal(measure?.crossings.length, 2);
  const verdict = judgeAirspace({ lowerLimit: FL('245'), upperLimit: FL('300') }, measure, PROFILE, OPTIONS);
  assert.equal(verdict.applies, true);
  assert.deepEqual(
    verdict.stretches.map((s) => s.vertical),
    ['outside', 'inside'],
  );
  // The change to FL290 starts at 5000N01000W and is flown at 300 ft/NM: down 6,000 ft in 20 NM,
  // well before the crossing 77 NM on; the leg's band still spans both levels.
  assert.deepEqual(PROFILE.legs[1]!.band, { lowerFt: 29_000, upperFt: 35_000 });
  assert.match(
    verdict.reason,
    new RegExp(
      `^Applies: the leg ${LEG2} passes through it; FL245–FL300 includes FL290; .* \\(1 of 2 crossings apply\\)\\.$`,
    ),
  );
});

test('the issue\'s example: "12.3 NM from the leg … (< 30 NM); FL245–FL300 does not include FL350; active 06–14Z, ETO …"', () => {
  // 100 NM along the first leg at 450 kt: 13 min 20 s after 10:00Z.
  const placement = { crossings: [], distanceNm: 12.3, alongNm: 100 };
  const verdict = judgeNotam(
    { ...VALID, schedule: '0600-1400', minimumFL: '245', maximumFL: '300' },
    placement,
    PROFILE,
    OPTIONS,
  );
  assert.equal(verdict.applies, false);
  assert.equal(verdict.lateral, 'near');
  assert.equal(
    verdict.reason,
    `Left out: 12.3 NM from the leg ${LEG1} (< 30 NM); FL245–FL300 does not include FL350; active 06:00–14:00Z (0600-1400, valid 20 Nov 2026 00:00Z to 30 Nov 2026 23:59Z), ETO 10:13Z.`,
  );
});

test('item Q "000/999" — no vertical limits — applies at all levels; ETO 10:42Z on the second leg', () => {
  // 315 NM at 450 kt = 42 min.
  const placement = { crossings: [], distanceNm: 12.3, alongNm: 315 };
  for (const limits of [{ minimumFL: '000', maximumFL: '999' }, {}]) {
    const verdict = judgeNotam({ ...VALID, schedule: '0600-1400', ...limits }, placement, PROFILE, OPTIONS);
    assert.equal(verdict.applies, true);
    assert.equal(
      verdict.reason,
      `Applies: 12.3 NM from the leg ${LEG2} (< 30 NM); no vertical limits (item Q 000/999 or none): applies at all levels; active 06:00–14:00Z (0600-1400, valid 20 Nov 2026 00:00Z to 30 Nov 2026 23:59Z), ETO 10:42Z.`,
    );
  }
});

test('a NOTAM inside the levels but not active when the flight passes is left out', () => {
  const placement = { crossings: [], distanceNm: 3, alongNm: 315 };
  const verdict = judgeNotam(
    { ...VALID, schedule: '1500-1800', minimumFL: '200', maximumFL: '400' },
    placement,
    PROFILE,
    OPTIONS,
  );
  assert.equal(verdict.applies, false);
  assert.equal(verdict.stretches[0]!.vertical, 'inside');
  assert.equal(verdict.stretches[0]!.time, 'inactive');
  assert.match(verdict.reason, /FL200–FL400 includes FL290; not active then \(1500-1800, valid .*\), ETO 10:42Z\.$/);
});

test('an airspace with a hub schedule (MON–FRI 07:00–09:00 UTC) the flight passes at 10:xx is left out', () => {
  const measure = CORRIDOR.measure({ polygons: [square(-8, 49.5, -7, 50.5)] }, 30);
  const schedules = [{ day: 'MON', dayTil: 'FRI', startTime: '07:00', endTime: '09:00', timeReference: 'UTC' }];
  const verdict = judgeAirspace(
    { lowerLimit: { value: 'GND' }, upperLimit: { value: 'UNL' }, schedules },
    measure,
    PROFILE,
    OPTIONS,
  );
  assert.equal(verdict.applies, false);
  assert.match(verdict.reason, /SFC and above includes FL350; not active then \(MON-FRI 07:00-09:00 UTC\)/);
});

test('outside the corridor: left out with the distance; no placement at all: farther than the corridor', () => {
  const far = judgeAirspace({}, { crossings: [], distanceNm: 45, alongNm: 10 }, PROFILE, OPTIONS);
  assert.deepEqual(
    [far.applies, far.lateral, far.reason],
    [false, 'far', 'Left out: 45.0 NM from the route (> 30 NM).'],
  );
  assert.equal(judgeNotam({}, undefined, PROFILE, OPTIONS).reason, 'Left out: farther than 30 NM from the route.');
});

test('without a time of flight the schedule cannot be judged: kept, and the reason says the time is not known', () => {
  const untimed = flightProfile(ROUTE.elements, POINTS);
  const verdict = judgeNotam(
    { ...VALID, schedule: '0600-1400' },
    { crossings: [], distanceNm: 1, alongNm: 50 },
    untimed,
    OPTIONS,
  );
  assert.equal(verdict.applies, true);
  assert.equal(verdict.stretches[0]!.time, 'unknown');
  assert.match(verdict.reason, /time of flight not known\.$/);
});

test('limits in feet AGL and missing limits: assumptions are said in the reason', () => {
  const placement = { crossings: [], distanceNm: 2, alongNm: 50 };
  const agl = judgeAirspace(
    {
      lowerLimit: { value: '0', uom: 'FT', reference: 'SFC' },
      upperLimit: { value: '3000', uom: 'FT', reference: 'AGL' },
    },
    placement,
    PROFILE,
    OPTIONS,
  );
  assert.equal(agl.applies, false);
  assert.match(agl.reason, /SFC–FL030 does not include FL350 \(3000 ft AGL taken above mean sea level\)/);
  const none = judgeAirspace({}, placement, PROFILE, OPTIONS);
  assert.equal(none.applies, true);
  assert.match(none.reason, /no lower limit given, taken as SFC, no upper limit given, taken as UNL/);
});

test('a VFR leg has no level: the verdict is "unknown" and the area is kept', () => {
  const vfr = block('N0120VFR 5000N00500W 5010N00510W');
  const profile = flightProfile(vfr.elements, latLonPoints(vfr), T0);
  const verdict = judgeNotam(
    { ...VALID, minimumFL: '000', maximumFL: '050' },
    { crossings: [], distanceNm: 1, alongNm: 2 },
    profile,
    OPTIONS,
  );
  assert.equal(verdict.stretches[0]!.vertical, 'unknown');
  assert.equal(verdict.applies, true);
  assert.match(verdict.reason, /SFC–FL050; the flight's level there is not known \(VFR\)/);
});

test('limits are inclusive: a flight at FL290 meets an area whose upper limit is FL290, not one whose lower limit is FL295', () => {
  const level = block('N0450F290 5000N00500W 5000N01000W');
  const profile = flightProfile(level.elements, latLonPoints(level), T0);
  const placement = { crossings: [], distanceNm: 1, alongNm: 50 };
  assert.equal(
    judgeNotam({ minimumFL: '200', maximumFL: '290' }, placement, profile, OPTIONS).stretches[0]!.vertical,
    'inside',
  );
  assert.equal(
    judgeNotam({ minimumFL: '295', maximumFL: '400' }, placement, profile, OPTIONS).stretches[0]!.vertical,
    'outside',
  );
});

test('near the departure aerodrome the verdict uses the climb: an FL100–FL195 area crossed 10–20 NM out is left out (2,667–5,333 ft there), an SFC–FL055 one applies', () => {
  const origin = {
    designator: 'EGLL',
    resolvedFix: 'EGLL',
    lat: 51.4775,
    lon: -0.4614,
    type: 'aerodrome' as const,
    elementIndex: -1,
  };
  const route = block('N0450F350 5100N00200E 5030N00500E');
  const profile = flightProfile(route.elements, [origin, ...latLonPoints(route)], T0);
  const placement = { crossings: [{ entryNm: 10, exitNm: 20 }], distanceNm: 0, alongNm: 10 };
  const above = judgeAirspace({ lowerLimit: FL('100'), upperLimit: FL('195') }, placement, profile, OPTIONS);
  assert.equal(above.applies, false);
  assert.match(above.reason, /FL100–FL195 does not include FL027–FL053/);
  const low = judgeAirspace({ lowerLimit: { value: 'GND' }, upperLimit: FL('055') }, placement, profile, OPTIONS);
  assert.equal(low.applies, true);
  assert.match(low.reason, /SFC–FL055 includes FL027–FL053/);
  // Judged by its leg's band (SFC to the level reached at 5100N00200E, as before the climb was
  // modelled per stretch) the first area would have applied.
  assert.deepEqual(profile.legs[0]!.band, {
    lowerFt: 0,
    upperFt: Math.round((profile.legs[0]!.endNm * 2000 * 60) / 450),
  });
});

test("AIXM's FLOOR and CEILING limits: never a height; the known limit decides where it can, else possibly inside, said", () => {
  const measure = CORRIDOR.measure({ polygons: [square(-8, 49.5, -7, 50.5)] }, 30);
  const CODED = (value: string) => ({ uom: 'OTHER', value });
  const FLOOR_WHY =
    "upper limit 'FLOOR' (AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere) is not known here";
  const CEILING_WHY =
    "lower limit 'CEILING' (AIXM's CEILING: the top of the airspace or route it belongs to, a level given elsewhere) is not known here";
  const cases: {
    name: string;
    lower?: { uom: string; value: string };
    upper?: { uom: string; value: string };
    levels?: { mode: 'band'; lowerFt: number; upperFt: number } | { mode: 'all' };
    vertical: string;
    /** The level part of the reason, between the lateral part and the schedule. */
    words: string;
    open?: string;
  }[] = [
    {
      name: 'FL245 to FLOOR, flown at FL350: possibly inside',
      lower: FL('245'),
      upper: CODED('FLOOR'),
      vertical: 'unknown',
      words: `levels not known: ${FLOOR_WHY}; FL350 is not below its floor FL245: taken as possibly at the flight's level`,
      open: FLOOR_WHY,
    },
    {
      name: 'FL400 to FLOOR, flown at FL350: below its floor whatever its ceiling',
      lower: FL('400'),
      upper: CODED('FLOOR'),
      vertical: 'outside',
      words: `FL350 is below its floor FL400, whatever its ceiling: ${FLOOR_WHY}`,
    },
    {
      name: 'the band filter below the known floor: outside too',
      lower: FL('400'),
      upper: CODED('FLOOR'),
      levels: { mode: 'band', lowerFt: 10_000, upperFt: 20_000 },
      vertical: 'outside',
      words: `the band FL100–FL200 is below its floor FL400, whatever its ceiling: ${FLOOR_WHY}`,
    },
    {
      name: 'CEILING to FL300, flown at FL350: above its ceiling whatever its floor',
      lower: CODED('CEILING'),
      upper: FL('300'),
      vertical: 'outside',
      words: `FL350 is above its ceiling FL300, whatever its floor: ${CEILING_WHY}`,
    },
    {
      name: 'CEILING to FL400: possibly inside',
      lower: CODED('CEILING'),
      upper: FL('400'),
      vertical: 'unknown',
      words: `levels not known: ${CEILING_WHY}; FL350 is not above its ceiling FL400: taken as possibly at the flight's level`,
      open: CEILING_WHY,
    },
    {
      name: 'neither limit known: possibly inside',
      lower: CODED('FLOOR'),
      upper: CODED('CEILING'),
      vertical: 'unknown',
      words:
        "levels not known: lower limit 'FLOOR' (AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere) is not known here; upper limit 'CEILING' (AIXM's CEILING: the top of the airspace or route it belongs to, a level given elsewhere) is not known here; FL350 may be within it: taken as possibly at the flight's level",
      open: "lower limit 'FLOOR' (AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere) is not known here; upper limit 'CEILING' (AIXM's CEILING: the top of the airspace or route it belongs to, a level given elsewhere) is not known here",
    },
    {
      name: 'all levels: inside, what is open still said',
      lower: FL('400'),
      upper: CODED('FLOOR'),
      levels: { mode: 'all' },
      vertical: 'inside',
      words: `levels not filtered; ${FLOOR_WHY}`,
    },
    {
      name: 'no lower limit to FLOOR: the floor taken as SFC, and said',
      upper: CODED('FLOOR'),
      vertical: 'unknown',
      words: `levels not known: ${FLOOR_WHY}; FL350 is not below its floor SFC: taken as possibly at the flight's level (no lower limit given, taken as SFC)`,
      open: FLOOR_WHY,
    },
    {
      name: 'CEILING with no upper limit: the ceiling taken as UNL, and said',
      lower: CODED('CEILING'),
      vertical: 'unknown',
      words: `levels not known: ${CEILING_WHY}; FL350 is not above its ceiling UNL: taken as possibly at the flight's level (no upper limit given, taken as UNL)`,
      open: CEILING_WHY,
    },
    {
      name: 'UNL is unlimited, unlike FLOOR',
      lower: FL('245'),
      upper: { uom: 'FT', value: 'UNL' },
      vertical: 'inside',
      words: 'FL245 and above includes FL350',
    },
  ];
  for (const c of cases) {
    const limits = { ...(c.lower ? { lowerLimit: c.lower } : {}), ...(c.upper ? { upperLimit: c.upper } : {}) };
    const verdict = judgeAirspace(limits, measure, PROFILE, {
      ...OPTIONS,
      ...(c.levels ? { levels: c.levels } : {}),
    });
    assert.equal(verdict.stretches[0]!.vertical, c.vertical, c.name);
    assert.equal(verdict.applies, c.vertical !== 'outside', c.name);
    const prefix = `${verdict.applies ? 'Applies' : 'Left out'}: the leg ${LEG1} passes through it; ${c.words}; no schedule given`;
    assert.ok(verdict.reason.startsWith(prefix), `${c.name}:\n${verdict.reason}\n${prefix}`);
    assert.equal(verdict.open, c.open, c.name);
  }
});
