/** The per-leg level and time profile: Doc 4444 Item 15 speeds, levels, changes and cruise climb, in still air. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { flightOf } from '../../../server/src/flight';
import { flightProfile, stateAt, stateOver } from '../../../server/src/flight/profile';
import { fplDepartureTime } from '../../../server/src/flight/flightTime';
import { speedOfSoundKt, trueAirspeedKt } from '../../../server/src/flight/levels';
import { block, geodesicNm, HOUR, latLonPoints, MINUTE } from './helpers';
import { DEFAULT_CLIMB_DESCENT } from '../../../server/src/flight/vertical';
import { settingDefault } from '../../../common/settings/definitions';
import { DEFAULT_SETTINGS, mergeSettings, readSettings } from '../../../server/src/lsp/settings';

const T0 = Date.UTC(2026, 10, 23, 10, 0);

function near(actual: number | undefined, expected: number, tolerance: number, what: string): void {
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual} is not ${expected} ± ${tolerance}`,
  );
}

test('Item 15 (a) "Knots, expressed as N followed by 4 figures" and (b) "F followed by 3 numerics": one level on every leg, ETO from the geodesic lengths', () => {
  const b = block('N0450F350 5000N00500W 5100N01000W 5200N01500W');
  const points = latLonPoints(b);
  const profile = flightProfile(b.elements, points, T0);
  assert.equal(profile.legs.length, 2);
  for (const leg of profile.legs) {
    assert.deepEqual(leg.band, { lowerFt: 35000, upperFt: 35000 });
    assert.equal(leg.levelText, 'FL350');
    assert.equal(leg.speedKt, 450);
  }
  const d1 = geodesicNm(points[0]!, points[1]!),
    d2 = geodesicNm(points[1]!, points[2]!);
  near(profile.totalNm, d1 + d2, 1e-6, 'total');
  assert.equal(profile.points[0]!.etoMs, T0);
  near(profile.points[1]!.etoMs, T0 + (d1 / 450) * HOUR, 1, 'ETO 2');
  near(profile.points[2]!.etoMs, T0 + ((d1 + d2) / 450) * HOUR, 1, 'ETO 3');
  assert.equal(profile.legs[0]!.name, '5000N00500W–5100N01000W');
});

test('Item 15 (c)(2) "the point at which a change of speed … or a change of level is planned to commence": the leg leaving it spans both levels, later legs the new one; Mach through the ISA speed of sound', () => {
  const b = block('N0450F350 5000N00500W 5000N01000W/M082F370 5000N01500W 5000N02000W');
  const points = latLonPoints(b);
  const profile = flightProfile(b.elements, points, T0);
  assert.deepEqual(
    profile.legs.map((l) => l.band),
    [
      { lowerFt: 35000, upperFt: 35000 },
      { lowerFt: 35000, upperFt: 37000 },
      { lowerFt: 37000, upperFt: 37000 },
    ],
  );
  assert.equal(profile.legs[1]!.levelText, 'FL350 changing to FL370');
  assert.equal(profile.legs[0]!.speedKt, 450);
  // ISA above the tropopause: 216.65 K, a = √(1.4 · 287.05287 · 216.65) = 295.07 m/s = 573.6 kt.
  near(speedOfSoundKt(37000), 573.6, 0.1, 'a at FL370');
  near(profile.legs[2]!.speedKt, 0.82 * 573.57, 0.1, 'M082 at FL370');
  const d = points.slice(1).map((p, i) => geodesicNm(points[i]!, p));
  const eto = T0 + (d[0]! / 450 + d[1]! / profile.legs[1]!.speedKt! + d[2]! / profile.legs[2]!.speedKt!) * HOUR;
  near(profile.points[3]!.etoMs, eto, 1, 'ETO after the change');
});

test('Mach below the tropopause uses the ISA temperature at the level (−6.5 K/km): M078 at FL250 ≈ 475 kt', () => {
  // T = 288.15 − 0.0065 · 7620 m = 238.62 K; a = 309.67 m/s = 601.9 kt.
  near(trueAirspeedKt({ unit: 'mach', value: 78, text: 'M078' }, 25000), 0.78 * 601.9, 0.3, 'M078 at FL250');
  near(trueAirspeedKt({ unit: 'mach', value: 78, text: 'M078' }, 25000), 469.5, 0.3, 'M078 at FL250 in kt');
});

test('Item 15 (c)(4) cruise climb "the two levels defining the layer to be occupied during cruise climb … or the level above which cruise climb is planned followed by the letters PLUS"; K (km/h) and S (metric levels)', () => {
  const b = block(
    'N0450F350 5000N00500W C/5000N01000W/N0460F370F390 5000N01500W C/5000N02000W/K0830S1190PLUS 5000N02500W',
  );
  const profile = flightProfile(b.elements, latLonPoints(b), T0);
  // The leg leaving a cruise climb's start spans the level before and the layer.
  assert.deepEqual(profile.legs[1]!.band, { lowerFt: 35000, upperFt: 39000 });
  assert.equal(profile.legs[1]!.levelText, 'FL350 changing to FL370–FL390 (cruise climb)');
  assert.deepEqual(profile.legs[2]!.band, { lowerFt: 37000, upperFt: 39000 });
  assert.equal(profile.legs[2]!.levelText, 'FL370–FL390 (cruise climb)');
  assert.equal(profile.legs[1]!.speedKt, 460);
  // S1190: 11 900 m = 39 042 ft; PLUS leaves the layer open above.
  assert.deepEqual(profile.legs[3]!.band, { lowerFt: 37000, upperFt: Infinity });
  assert.equal(
    profile.legs[3]!.levelText,
    'FL370–FL390 (cruise climb) changing to S1190 (11900 m) and above (cruise climb)',
  );
  near(profile.legs[3]!.speedKt, 830 / 1.852, 1e-9, 'K0830 in kt');
});

test('VFR and altitudes: "A followed by 3 numerics" is hundreds of feet; VFR has no level band', () => {
  const b = block('N0120VFR 5000N00500W 5010N00510W/N0110A045 5020N00520W 5030N00530W');
  const profile = flightProfile(b.elements, latLonPoints(b), T0);
  assert.equal(profile.legs[0]!.band, undefined);
  assert.equal(profile.legs[0]!.levelText, 'VFR');
  // From VFR to a level: the leg leaving the change is known only by its new level.
  assert.deepEqual(profile.legs[1]!.band, { lowerFt: 4500, upperFt: 4500 });
  assert.deepEqual(profile.legs[2]!.band, { lowerFt: 4500, upperFt: 4500 });
  assert.equal(profile.legs[2]!.levelText, '4500 ft');
  assert.equal(profile.legs[2]!.speedKt, 110);
  assert.ok(profile.notes.some((n) => /VFR/.test(n)));
});

test('a leg from or to an aerodrome holds the climb from SFC and the descent to SFC', () => {
  const b = block('N0450F350 5000N00500W 5100N01000W 5200N01500W');
  const points = latLonPoints(b);
  points[0] = { ...points[0]!, type: 'aerodrome', designator: 'EGLL' };
  points[2] = { ...points[2]!, type: 'aerodrome', designator: 'EDDF' };
  const profile = flightProfile(b.elements, points, T0);
  assert.deepEqual(
    profile.legs.map((l) => l.band),
    [
      { lowerFt: 0, upperFt: 35000 },
      { lowerFt: 0, upperFt: 35000 },
    ],
  );
  assert.equal(profile.legs[0]!.levelText, 'climbing SFC–FL350');
  assert.equal(profile.legs[1]!.levelText, 'descending FL350–SFC');
});

/** EGLL and EDDF as the ends of a route between them, with the waypoints of `text`. */
function aerodromeRoute(text: string, ends = { from: [51.4775, -0.4614], to: [50.0333, 8.5706] }) {
  const b = block(text);
  const origin = {
    designator: 'EGLL',
    resolvedFix: 'EGLL',
    lat: ends.from[0]!,
    lon: ends.from[1]!,
    type: 'aerodrome' as const,
    elementIndex: -1,
  };
  const destination = {
    designator: 'EDDF',
    resolvedFix: 'EDDF',
    lat: ends.to[0]!,
    lon: ends.to[1]!,
    type: 'aerodrome' as const,
    elementIndex: -1,
  };
  return { b, points: [origin, ...latLonPoints(b), destination] };
}

test('top of climb and top of descent from the stated rates: 2,000 ft/min at 450 kt to FL350 is 131.25 NM out; 300 ft/NM from FL350 is 116.7 NM before the destination', () => {
  const { b, points } = aerodromeRoute('N0450F350 5100N00200E 5030N00500E');
  const profile = flightProfile(b.elements, points, T0);
  // 2,000 ft/min at 450 kt is 266.7 ft/NM: 35,000 ft in 131.25 NM, 17.5 min.
  near(profile.topOfClimb?.alongNm, 35_000 / ((2000 * 60) / 450), 1e-6, 'TOC along');
  assert.equal(profile.topOfClimb?.feet, 35_000);
  near(profile.topOfClimb?.etoMs, T0 + 17.5 * MINUTE, 1, 'TOC time');
  near(profile.topOfDescent?.alongNm, profile.totalNm - 35_000 / 300, 1e-6, 'TOD along');
  assert.equal(profile.topOfDescent?.feet, 35_000);
  // The levels at the points: 5100N00200E is 131 NM out, before the top of climb.
  const first = profile.legs[0]!;
  assert.equal(first.startFt, 0);
  near(first.endFt, first.endNm * ((2000 * 60) / 450), 1, 'level at the first point');
  assert.match(first.levelText, /^climbing SFC–FL\d{3}$/);
  assert.ok(first.endFt! < 35_000);
  // The last leg, 5030N00500E–EDDF (~160 NM), holds the top of descent and lands at SFC.
  const last = profile.legs.at(-1)!;
  assert.equal(last.endFt, 0);
  assert.ok(last.startNm < profile.topOfDescent!.alongNm && profile.topOfDescent!.alongNm < last.endNm);
  assert.equal(last.levelText, 'descending FL350–SFC');
  // Other rates move both: 1,000 ft/min doubles the climb, 600 ft/NM halves the descent.
  const slow = flightProfile(b.elements, points, T0, { climbFtPerMin: 1000, descentFtPerNm: 600 });
  near(slow.topOfClimb?.alongNm, 262.5, 1e-6, 'TOC at 1,000 ft/min');
  near(slow.topOfDescent?.alongNm, slow.totalNm - 35_000 / 600, 1e-6, 'TOD at 600 ft/NM');
});

test('a route too short for its level never reaches it: the climb meets the descent, no top of climb or descent, and the notes say so', () => {
  // EGLL–EGKK-like: about 100 NM, planned at FL350.
  const { b, points } = aerodromeRoute('N0450F350 5100N00100W', { from: [51.4775, -0.4614], to: [50.0, -0.9] });
  const profile = flightProfile(b.elements, points, T0);
  const climb = (2000 * 60) / 450;
  // Climb and descent meet where climb·x = 300·(total − x).
  const peakNm = (300 * profile.totalNm) / (climb + 300);
  assert.equal(profile.topOfClimb, undefined);
  assert.equal(profile.topOfDescent, undefined);
  const top = Math.max(...profile.legs.map((l) => l.band!.upperFt));
  near(top, climb * peakNm, 1, 'the highest level');
  assert.ok(top < 35_000);
  assert.ok(profile.notes.some((n) => /too short to reach FL350: the climb meets the descent at FL\d{3}/.test(n)));
  assert.deepEqual([profile.legs[0]!.startFt, profile.legs.at(-1)!.endFt], [0, 0]);
});

test("a change of level starts at its point and is flown at the same rates; a stretch near an aerodrome has the levels flown there, not its leg's", () => {
  // From EGLL, no destination aerodrome: no descent at the end.
  const { b, points } = aerodromeRoute('N0450F350 5100N00200E 5030N00500E/N0450F310 5010N00700E');
  const profile = flightProfile(b.elements, points.slice(0, -1), T0);
  assert.equal(profile.topOfDescent, undefined);
  const change = profile.legs[2]!;
  assert.equal(change.levelText, 'FL350 changing to FL310');
  // 4,000 ft down at 300 ft/NM: FL310 13.3 NM after the point.
  assert.deepEqual(stateOver(profile, change.startNm + 14, change.startNm + 20).band, {
    lowerFt: 31_000,
    upperFt: 31_000,
  });
  // 10 to 20 NM after departure: 2,667 to 5,333 ft, not the first leg's SFC–FL3xx.
  assert.deepEqual(stateOver(profile, 10, 20).band, { lowerFt: 2667, upperFt: 5333 });
});

test('origin and destination from directives (elementIndex −1) take the first speed/level group and the last one', () => {
  const b = block('N0450F350 5000N00500W 5100N01000W/N0450F370 5200N01500W');
  const points = latLonPoints(b);
  const origin = {
    designator: 'EGLL',
    resolvedFix: 'EGLL',
    lat: 51.47,
    lon: -0.46,
    type: 'aerodrome' as const,
    elementIndex: -1,
  };
  const destination = {
    designator: 'CYYR',
    resolvedFix: 'CYYR',
    lat: 53.32,
    lon: -60.42,
    type: 'aerodrome' as const,
    elementIndex: -1,
  };
  const profile = flightProfile(b.elements, [origin, ...points, destination], T0);
  assert.deepEqual(
    profile.legs.map((l) => l.band),
    [
      { lowerFt: 0, upperFt: 35000 },
      { lowerFt: 35000, upperFt: 35000 },
      { lowerFt: 35000, upperFt: 37000 },
      { lowerFt: 0, upperFt: 37000 },
    ],
  );
  assert.ok(profile.legs.every((l) => l.speedKt === 450));
  assert.equal(profile.legs[0]!.levelText, 'climbing SFC–FL350');
  assert.equal(profile.legs[3]!.levelText, 'descending FL370–SFC');
});

test('no speed, no time: levels only, and the notes say why there are no ETOs', () => {
  const b = block('5000N00500W 5100N01000W', true);
  const profile = flightProfile(b.elements, latLonPoints(b));
  assert.equal(profile.points[1]!.etoMs, undefined);
  assert.equal(profile.legs[0]!.band, undefined);
  assert.ok(profile.notes.some((n) => /no speed/.test(n)));
  assert.ok(profile.notes.some((n) => /No time of flight/.test(n)));
});

test('stateAt and stateOver: the leg, band and time at a distance and over a crossing', () => {
  const b = block('N0450F350 5000N00500W 5000N01000W/N0450F370 5000N01500W');
  const profile = flightProfile(b.elements, latLonPoints(b), T0);
  const first = profile.legs[0]!;
  const mid = stateAt(profile, first.endNm / 2);
  assert.equal(mid.leg, first);
  near(mid.etoMs, T0 + (first.endNm / 2 / 450) * HOUR, 1, 'halfway ETO');
  const over = stateOver(profile, first.endNm - 10, first.endNm + 10);
  assert.deepEqual(
    over.legs.map((l) => l.name),
    [first.name, profile.legs[1]!.name],
  );
  assert.deepEqual(over.band, { lowerFt: 35000, upperFt: 37000 });
  near(over.exitMs! - over.entryMs!, (20 / 450) * HOUR, 1, 'time inside');
});

const FPL = (eobt: string, dof: string) => `(FPL-DLH4AB-IS
-A320/M-SDE2E3FGIJ1WY/LB1
-EGLL${eobt}
-N0450F350 5000N00500W 5000N01500W 5000N02500W
-EDDF0105 EDDK
-${dof})`;

test('Item 13 EOBT with Item 18 "DOF/ The date of flight departure in a six-figure format (YYMMDD)": a flight that crosses midnight comes out on the next day', () => {
  const b = block(FPL('2300', 'DOF/261123 REG/DAIPX'));
  const time = fplDepartureTime(b.fpl!, Date.UTC(2026, 0, 1));
  assert.equal(time.ms, Date.UTC(2026, 10, 23, 23, 0));
  assert.equal(time.text, 'EOBT 2300Z on DOF 261123');
  const profile = flightProfile(b.elements, latLonPoints(b), time.ms);
  const last = new Date(profile.points[2]!.etoMs!);
  // ~770 NM at 450 kt: about 1 h 43 min after 23:00 on the 23rd, so after midnight on the 24th.
  assert.equal(last.getUTCDate(), 24);
  assert.equal(last.getUTCHours(), 0);
  near(profile.points[2]!.etoMs! - time.ms!, (profile.totalNm / 450) * HOUR, 1, 'flight time');
});

test('DOF at the end of a year and of a month: 261231 2330Z flies into 1 January 2027', () => {
  const b = block(FPL('2330', 'DOF/261231'));
  const time = fplDepartureTime(b.fpl!, Date.UTC(2026, 0, 1));
  const profile = flightProfile(b.elements, latLonPoints(b), time.ms);
  const last = new Date(profile.points[2]!.etoMs!);
  assert.deepEqual([last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate()], [2027, 0, 1]);
});

test('no DOF: the EOBT is its first occurrence at or after the reference time (a plan without DOF is for the next 24 hours)', () => {
  const b = block(FPL('0130', 'REG/DAIPX'));
  const evening = Date.UTC(2026, 10, 23, 22, 15);
  assert.equal(fplDepartureTime(b.fpl!, evening).ms, Date.UTC(2026, 10, 24, 1, 30));
  const morning = Date.UTC(2026, 10, 23, 0, 45);
  assert.equal(fplDepartureTime(b.fpl!, morning).ms, Date.UTC(2026, 10, 23, 1, 30));
  assert.equal(fplDepartureTime(b.fpl!, Date.UTC(2026, 10, 23, 1, 30)).ms, Date.UTC(2026, 10, 23, 1, 30));
});

test('a DOF that is no date gives no time, and says why', () => {
  // The parser reports the bad DOF (R309) since issue 10; the flight's time must still say why it has none.
  const b = block(FPL('1200', 'DOF/261131'), true);
  assert.ok(b.diagnostics.some((d) => /DOF\/261131/.test(d.message)));
  const time = fplDepartureTime(b.fpl!, T0);
  assert.equal(time.ms, undefined);
  assert.match(time.text, /DOF\/261131 is not a date/);
  void MINUTE;
});

test('flightOf: an FPL is timed by its EOBT and DOF, plain route text by the reference time', () => {
  const fpl = block(FPL('2300', 'DOF/261123'));
  const timed = flightOf(fpl, latLonPoints(fpl), T0);
  assert.equal(timed.profile.departureMs, Date.UTC(2026, 10, 23, 23, 0));
  const plain = block('N0450F350 5000N00500W 5100N01000W');
  const reference = flightOf(plain, latLonPoints(plain), T0);
  assert.equal(reference.profile.points[0]!.etoMs, T0);
  assert.match(reference.time.text, /^reference time 23 Nov 2026 10:00Z/);
});

test('the end altitudes the profile is drawn with: the old to the new level on a change, the lower end of a cruise climb', () => {
  const change = block('N0450F350 5000N00500W 5000N01000W/N0450F370 5000N01500W 5000N02000W');
  const legs = flightProfile(change.elements, latLonPoints(change), T0).legs;
  assert.deepEqual(
    legs.map((l) => [l.startFt, l.endFt]),
    [
      [35_000, 35_000],
      [35_000, 37_000],
      [37_000, 37_000],
    ],
  );
  const climb = block('N0450F350 5000N00500W C/5000N01000W/N0450F350F390 5000N01500W');
  const layer = flightProfile(climb.elements, latLonPoints(climb), T0).legs.at(-1)!;
  assert.deepEqual([layer.band, layer.startFt, layer.endFt], [{ lowerFt: 35_000, upperFt: 39_000 }, 35_000, 35_000]);
  const vfr = block('N0100VFR 5000N00500W 5000N01000W');
  const unknown = flightProfile(vfr.elements, latLonPoints(vfr), T0).legs[0]!;
  assert.deepEqual([unknown.startFt, unknown.endFt], [undefined, undefined]);
});

test('the default rates are the settings’ defaults (icaoRoute.flight.climbRateFtPerMin, descentFtPerNm), and the settings are read', () => {
  assert.deepEqual(DEFAULT_CLIMB_DESCENT, {
    climbFtPerMin: settingDefault('icaoRoute.flight.climbRateFtPerMin'),
    descentFtPerNm: settingDefault('icaoRoute.flight.descentFtPerNm'),
  });
  assert.deepEqual(DEFAULT_SETTINGS.climbDescent, DEFAULT_CLIMB_DESCENT);
  const read = readSettings({ icaoRoute: { flight: { climbRateFtPerMin: 1500, descentFtPerNm: 'steep' } } });
  assert.deepEqual(mergeSettings(DEFAULT_SETTINGS, read).climbDescent, { climbFtPerMin: 1500, descentFtPerNm: 300 });
});

test('a higher level planned from a point passed in the climb: the climb goes on to it, and the top of climb is there', () => {
  const { b, points } = aerodromeRoute('N0450F350 5120N00000E/N0450F370 5100N00500E');
  const profile = flightProfile(b.elements, points.slice(0, -1), T0);
  near(profile.topOfClimb?.alongNm, 37_000 / ((2000 * 60) / 450), 1e-6, 'TOC along');
  assert.equal(profile.topOfClimb?.feet, 37_000);
  assert.match(profile.legs[1]!.levelText, /^climbing FL0\d\d–FL370$/);
});

test('VFR out of an aerodrome, then a level: no climb is invented over the VFR legs; the level holds from its point', () => {
  const { b, points } = aerodromeRoute('N0120VFR 5120N00000E 5110N00100E/N0110A045 5100N00200E');
  const profile = flightProfile(b.elements, points, T0);
  assert.equal(profile.topOfClimb, undefined);
  assert.deepEqual(
    profile.legs.map((l) => l.band),
    [undefined, undefined, { lowerFt: 4500, upperFt: 4500 }, profile.legs[3]!.band],
  );
  // Into EDDF from 4,500 ft at 300 ft/NM: the last 15 NM descend.
  assert.equal(profile.legs[3]!.endFt, 0);
  near(profile.topOfDescent?.alongNm, profile.totalNm - 15, 1e-6, 'TOD from 4,500 ft');
  assert.equal(stateOver(profile, 1, 5).band, undefined);
});
