/**
 * Cruising levels by magnetic track (X014): the table of ICAO Annex 2, Appendix 3 in each of its
 * quadrants (feet up to FL410 and above it, metres), then routes of ../shared/navdata (cycle
 * 2013.10) flown both ways between KONAN and KOK on UL607 (KOK–KONAN: true track 275°, westbound),
 * a level changed mid-way, the flight's date from DOF/, the setting, and the quick fix.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { expandRoute, type ExpansionOptions } from '../../../server/src/expansion/offlineExpansion';
import { directionOfLevel, directionOfTrack, nearestLevels, withValue } from '../../../server/src/route/cruisingLevels';
import type { Level } from '../../../server/src/route/model';
import { parseRouteDocument } from '../../../server/src/route';
import { setReferenceClock } from '../../../server/src/route/clock';
import { codeActions } from '../../../server/src/services/codeActions';
import { documentDiagnostics } from '../../../server/src/services/documentDiagnostics';
import { LineIndex } from '../../../server/src/route/ranges';
import { inverse } from '../../../server/src/geo/geodesy';
import { magneticModel } from '../../../server/src/geo/magnetic';
import { applyEdits } from '../services/edits';
import { SHARED_NAVDATA, fullNavdataMissing, load } from '../navdata/paths';

const skip = fullNavdataMissing;
const live = { isCancellationRequested: false };
const URI = 'file:///routes/levels.route';
const TODAY = Date.UTC(2026, 10, 26);

before(() => setReferenceClock(() => TODAY));
after(() => setReferenceClock(undefined));

const level = (text: string): Level => {
  const unit = { F: 'flightLevel', A: 'altitudeFeet', S: 'metricLevel', M: 'altitudeMetres' } as const;
  return { unit: unit[text[0] as keyof typeof unit], value: Number(text.slice(1)), text };
};

test('the table, feet up to FL410: odd thousands eastbound, even westbound (RVSM FL290–FL410 included)', () => {
  for (const east of ['F010', 'F090', 'F270', 'F290', 'F310', 'F370', 'F410', 'A050'])
    assert.equal(directionOfLevel(level(east)), 'eastbound', east);
  for (const west of ['F020', 'F280', 'F300', 'F360', 'F380', 'F400', 'A040'])
    assert.equal(directionOfLevel(level(west)), 'westbound', west);
  // In neither column: not a cruising level of the IFR table (R210's), or VFR.
  for (const none of ['F375', 'F355', 'A045']) assert.equal(directionOfLevel(level(none)), undefined, none);
  assert.equal(directionOfLevel({ unit: 'vfr', value: 0, text: 'VFR' }), undefined);
  assert.deepEqual(
    nearestLevels(level('F370'), 'westbound').map((l) => l.text),
    ['F360', 'F380'],
  );
  assert.deepEqual(
    nearestLevels(level('F360'), 'eastbound').map((l) => l.text),
    ['F350', 'F370'],
  );
  assert.equal(directionOfTrack(179), 'eastbound');
  assert.equal(directionOfTrack(180), 'westbound');
  assert.equal(directionOfTrack(0), 'eastbound');
  assert.equal(directionOfTrack(359), 'westbound');
});

test('the table above FL410: FL450, FL490 … eastbound, FL430, FL470, FL510 … westbound', () => {
  for (const east of ['F450', 'F490', 'F530']) assert.equal(directionOfLevel(level(east)), 'eastbound', east);
  for (const west of ['F430', 'F470', 'F510']) assert.equal(directionOfLevel(level(west)), 'westbound', west);
  for (const none of ['F420', 'F440', 'F460']) assert.equal(directionOfLevel(level(none)), undefined, none);
  assert.deepEqual(
    nearestLevels(level('F450'), 'westbound').map((l) => l.text),
    ['F430', 'F470'],
  );
  assert.deepEqual(
    nearestLevels(level('F430'), 'eastbound').map((l) => l.text),
    ['F410', 'F450'],
  );
  assert.deepEqual(
    nearestLevels(level('F470'), 'eastbound').map((l) => l.text),
    ['F450', 'F490'],
  );
});

test('the metric table (S and M, tens of metres): 600 m apart each way, 300 m between 8 900 and 12 500 m', () => {
  for (const east of ['S0030', 'S0810', 'S0890', 'S1130', 'S1250', 'S1370', 'S1490', 'M0210'])
    assert.equal(directionOfLevel(level(east)), 'eastbound', east);
  for (const west of ['S0060', 'S0840', 'S0920', 'S1100', 'S1220', 'S1310', 'S1430', 'M0600'])
    assert.equal(directionOfLevel(level(west)), 'westbound', west);
  for (const none of ['S0870', 'S1280', 'S1340', 'M0160']) assert.equal(directionOfLevel(level(none)), undefined, none);
  assert.deepEqual(
    nearestLevels(level('S1130'), 'westbound').map((l) => l.text),
    ['S1100', 'S1160'],
  );
  assert.deepEqual(
    nearestLevels(level('S1250'), 'westbound').map((l) => l.text),
    ['S1220'],
  );
  assert.deepEqual(
    nearestLevels(level('M0600'), 'eastbound').map((l) => l.text),
    ['M0570', 'M0630'],
  );
  assert.equal(withValue(level('S1130'), 920).text, 'S0920');
});

function findings(text: string, db: Parameters<typeof expandRoute>[1], options: ExpansionOptions = {}) {
  return expandRoute(parseRouteDocument(text).blocks[0]!, db, live, options).findings;
}

test(
  'the issue’s example: westbound at F370 is flagged, with leg, tracks, model, rule and data',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    const text = 'N0450F370 KOK UL607 KONAN';
    const found = findings(text, db);
    assert.deepEqual(
      found.map((f) => [f.code, f.severity]),
      [['X014', 'warning']],
    );
    const { message, range } = found[0]!;
    assert.equal(text.slice(range.start.character, range.end.character), 'N0450F370');
    // An independent computation of the track: the geodesic's true track less the model's variation.
    const kok = db.at(db.lookup('KOK').find((n) => db.airway('UL607')!.has(n))!);
    const konan = db.at(db.lookup('KONAN').find((n) => db.airway('UL607')!.has(n))!);
    const trueTrack = inverse(kok, konan).trackDeg;
    const magnetic = trueTrack - magneticModel(TODAY).variation(kok.lat, kok.lon);
    assert.ok(magnetic > 180 && magnetic < 360, String(magnetic));
    const pad = (n: number) => String(Math.round(n)).padStart(3, '0');
    assert.match(message, /^FL370 is an eastbound level \(odd thousands of feet\)/);
    assert.ok(message.includes(`KOK–KONAN, is westbound: magnetic track ${pad(magnetic)}° (true ${pad(trueTrack)}°`));
    assert.match(message, /World Magnetic Model WMM-2025 on 26 Nov 2026/);
    assert.match(
      message,
      /Rule: icaoRoute\.levels\.semicircular 'icao', the ICAO table of cruising levels \(Annex 2, Appendix 3/,
    );
    assert.match(message, /Nearest westbound levels \(even thousands of feet\): F360 or F380\./);
    assert.match(message, /Points in the navigation data, cycle 2013\.10/);

    // The quick fix: the nearest westbound levels, neither preferred (both as near); the finding clears.
    const document = parseRouteDocument(text);
    const diagnostics = documentDiagnostics(document, live, found).filter((d) => d.code === 'X014');
    const actions = codeActions(URI, document, new LineIndex(text), diagnostics[0]!.range, diagnostics, live);
    assert.deepEqual(
      actions.map((a) => [a.title, a.isPreferred]),
      [
        ['Change F370 to F360', false],
        ['Change F370 to F380', false],
      ],
    );
    const fixed = applyEdits(text, actions[0]!.edit!.changes![URI]!);
    assert.equal(fixed, 'N0450F360 KOK UL607 KONAN');
    assert.deepEqual(findings(fixed, db), []);
  },
);

test('eastbound at F370 is not flagged; each quadrant on the same stretch, both ways', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  const codes = (text: string) => findings(text, db).map((f) => `${f.code} ${(f.data as { levels: string[] }).levels}`);
  assert.deepEqual(findings('N0450F370 KONAN UL607 KOK', db), []);
  // Feet up to FL410.
  assert.deepEqual(codes('N0450F360 KONAN UL607 KOK'), ['X014 F350,F370']);
  assert.deepEqual(findings('N0450F360 KOK UL607 KONAN', db), []);
  // Above FL410.
  assert.deepEqual(codes('N0450F450 KOK UL607 KONAN'), ['X014 F430,F470']);
  assert.deepEqual(findings('N0450F430 KOK UL607 KONAN', db), []);
  assert.deepEqual(codes('N0450F430 KONAN UL607 KOK'), ['X014 F410,F450']);
  assert.deepEqual(findings('N0450F450 KONAN UL607 KOK', db), []);
  // Metric levels (S, and M altitudes) in the metric table.
  assert.deepEqual(findings('K0830S1130 KONAN UL607 KOK', db), []);
  assert.deepEqual(codes('K0830S1130 KOK UL607 KONAN'), ['X014 S1100,S1160']);
  assert.deepEqual(findings('K0830M0840 KOK UL607 KONAN', db), []);
  assert.match(findings('K0830M0840 KONAN UL607 KOK', db)[0]!.message, /metric table: 300 m, 900 m/);
  // A level in neither column is R210's, not this rule's.
  assert.deepEqual(findings('N0450F375 KOK UL607 KONAN', db), []);
});

test('a level changed mid-way is judged on the first leg flown at it, on the change', { skip }, async () => {
  const db = await load(SHARED_NAVDATA);
  assert.deepEqual(findings('N0450F370 KONAN UL607 KOK/N0450F380 DCT KONAN', db), []);
  const text = 'N0450F370 KONAN UL607 KOK/N0450F390 DCT KONAN';
  const found = findings(text, db);
  assert.deepEqual(
    found.map((f) => [f.code, text.slice(f.range.start.character, f.range.end.character)]),
    [['X014', 'KOK/N0450F390']],
  );
  assert.match(found[0]!.message, /^FL390 is an eastbound level .* KOK–KONAN, is westbound/);
  const document = parseRouteDocument(text);
  const diagnostics = documentDiagnostics(document, live, found).filter((d) => d.code === 'X014');
  const actions = codeActions(URI, document, new LineIndex(text), diagnostics[0]!.range, diagnostics, live);
  const fixed = applyEdits(text, actions[1]!.edit!.changes![URI]!);
  assert.equal(fixed, 'N0450F370 KONAN UL607 KOK/N0450F400 DCT KONAN');
  assert.deepEqual(findings(fixed, db), []);
});

test(
  'the setting off: no finding; the date of an FPL is its DOF/; an oceanic track is not judged',
  { skip },
  async () => {
    const db = await load(SHARED_NAVDATA);
    assert.deepEqual(findings('N0450F370 KOK UL607 KONAN', db, { semicircular: 'off' }), []);
    const fpl =
      '(FPL-TEST1-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EBBR1200\n-N0450F370 KOK UL607 KONAN\n-EGLL0100\n-DOF/270702)';
    const dated = findings(fpl, db).filter((f) => f.code === 'X014');
    assert.equal(dated.length, 1);
    assert.match(dated[0]!.message, /WMM-2025 on 2 Jul 2027/);
    // GOMUP to 57N050W on a NAT track: its levels come with the track message.
    assert.deepEqual(
      findings('N0450F350 GOMUP NATD 57N050W', db).map((f) => f.code),
      ['X010'],
    );
  },
);
