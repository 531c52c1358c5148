/**
 * The flight's judgement wired into the map and the editor, on a real offline expansion of
 * London–Frankfurt (navdata excerpt) and synthetic areas placed on the leg KONAN–KOK of L607:
 * verdicts and their reasons, the level and time filters, the crossing table, the vertical
 * profile, the conflict diagnostics on the token that produces the leg, and their code actions.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import type { AirspaceProperties, Feature } from '../../../server/src/hub/geojson';
import type { Notam } from '../../../server/src/hub/notams';
import { buildMapView, type MapComputation, type MapData } from '../../../server/src/map/mapView';
import { RouteCorridor } from '../../../server/src/flight/corridor';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { DEFAULT_MAP_FILTERS, type MapFilters } from '../../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../../server/src/route';
import { toLspDiagnostic } from '../../../server/src/services/documentDiagnostics';
import { OPEN_NOTAM_COMMAND, SHOW_MAP_COMMAND } from '../../../common/commands';
import { flightConflicts } from '../../../server/src/flight/conflicts';
import { flightConflictActions } from '../../../server/src/services/flightConflictActions';
import type { ClimbDescent } from '../../../server/src/flight/vertical';

/**
 * KONAN–KOK is 95–120 NM from EGLL: at 2,000 ft/min and 450 kt the flight is still climbing there
 * (FL254–FL320; top of climb at FL350 131 NM out) and over the box, 100–110 NM out, between
 * FL27x and FL29x. A 6,000 ft/min climb puts it at its level before KONAN.
 */
const CLIMBING_OVER_BOX = 'FL27\\d–FL29\\d';
const FAST_CLIMB: ClimbDescent = { climbFtPerMin: 6000, descentFtPerNm: 300 };

let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

/** Monday 23 Nov 2026 10:00Z: the flight is at EGLL then (plain route text). */
const REFERENCE_MS = Date.UTC(2026, 10, 23, 10, 0);
const route = (level: string) =>
  `origin: EGLL\ndestination: EDDF\nN0450${level} DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n`;
const ROUTE_LINE = 2;

/** A box around the middle of KONAN (51.131N 2.000E)–KOK (51.095N 2.652E): only that leg crosses it. */
const BOX = [
  [2.2, 51.0],
  [2.45, 51.0],
  [2.45, 51.25],
  [2.2, 51.25],
  [2.2, 51.0],
];
const fl = (value: string) => ({ uom: 'FL', value, reference: 'STD' });
function airspace(id: string, type: string, lower: string, upper: string, extra: Partial<AirspaceProperties> = {}) {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Polygon', coordinates: [BOX] },
    properties: {
      name: `${id} KONAN`,
      designator: id,
      type,
      lowerLimit: lower === 'SFC' ? { uom: 'FT', value: '0', reference: 'SFC' } : fl(lower),
      upperLimit: fl(upper),
      ...extra,
    },
  } as Feature<AirspaceProperties>;
}
const notam = (id: string, fields: Partial<Notam>): MapData['notams'][number] => ({
  notam: { id, designation: id, affectedFIR: 'EBBU', lat: 51.11, lon: 2.33, radiusNm: 5, ...fields },
  from: { kind: 'fir', designator: 'EBBU' },
});

const DATA: MapData = {
  firs: [],
  airspaces: [
    airspace('TEST-D1', 'D', '245', '360'),
    airspace('TEST-R1', 'R', 'SFC', '085'),
    // Active on weekday mornings only: 06:00–08:00Z, long before the flight.
    airspace('TEST-R2', 'R', '200', '400', {
      schedules: [
        {
          day: 'MON',
          dayTil: 'FRI',
          startTime: '06:00',
          endTime: '08:00',
          startDate: '01-01',
          endDate: '31-12',
          timeReference: 'UTC',
        },
      ],
    }),
    airspace('TEST-CTR', 'CTR', 'SFC', '025'),
  ],
  notams: [
    notam('A0001/26', {
      selectionCode: 'QRDCA',
      minimumFL: '245',
      maximumFL: '360',
      text: 'DANGER AREA TEST-D1 ACTIVATED. FL245-FL360.',
    }),
    notam('A0002/26', {
      selectionCode: 'QRTCA',
      minimumFL: '300',
      maximumFL: '400',
      lat: 50.9,
      lon: 3.56,
      text: 'TEMPORARY RESTRICTED AREA <b>ACTIVE</b> FOR UAV OPS.',
    }),
    notam('A0003/26', { selectionCode: 'QOBCE', text: 'CRANE ERECTED.' }),
  ],
  microlights: [],
  notices: [],
};

function computed(
  level = 'F350',
  filters: Partial<MapFilters> = {},
  data: MapData = DATA,
  climbDescent?: ClimbDescent,
) {
  const text = route(level);
  const block = parseRouteDocument(text).blocks[0]!;
  const computation = buildMapView({
    uri: 'file:///w.route',
    version: 1,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion: expandRoute(block, db),
    data,
    filters: { ...DEFAULT_MAP_FILTERS, ...filters },
    ...(climbDescent ? { climbDescent } : {}),
  });
  return { text, computation };
}

const verdict = (c: MapComputation, id: string) => c.view.verdicts![id]!;
const slice = (
  text: string,
  d: { range: { start: { line: number; character: number }; end: { character: number } } },
) => text.split('\n')[d.range.start.line]!.slice(d.range.start.character, d.range.end.character);

test('every airspace and NOTAM of the view gets a verdict and says why, per stretch, in words', () => {
  const { computation } = computed();
  const { view } = computation;
  assert.match(
    verdict(computation, 'TEST-D1').reason,
    new RegExp(
      `^Applies: the leg KONAN–KOK passes through it; FL245–FL360 includes ${CLIMBING_OVER_BOX}; no schedule given: taken as always active, in it 10:1\\d–10:\\d\\dZ\\.$`,
    ),
  );
  assert.deepEqual(
    [verdict(computation, 'TEST-D1').applies, verdict(computation, 'TEST-D1').activity],
    [true, 'active'],
  );
  assert.match(
    verdict(computation, 'TEST-R1').reason,
    new RegExp(`^Left out: .*SFC–FL085 does not include ${CLIMBING_OVER_BOX}`),
  );
  assert.equal(verdict(computation, 'TEST-R1').applies, false);
  assert.match(
    verdict(computation, 'TEST-R2').reason,
    new RegExp(
      `FL200–FL400 includes ${CLIMBING_OVER_BOX}; not active then \\(MON-FRI 06:00-08:00 UTC 01-01\\.\\.31-12\\)`,
    ),
  );
  assert.deepEqual(
    [verdict(computation, 'TEST-R2').applies, verdict(computation, 'TEST-R2').activity],
    [false, 'inactive'],
  );
  // The lists say the same as the verdicts.
  for (const a of view.airspaces) assert.equal(a.reason, verdict(computation, a.id).reason);
  for (const n of view.notams) assert.equal(n.reason, verdict(computation, n.id).reason);
  assert.match(
    verdict(computation, 'A0003/26').reason,
    /^Applies: .*no vertical limits \(item Q 000\/999 or none\): applies at all levels/,
  );
  assert.match(
    view.flightTime!,
    /^reference time 23 Nov 2026 10:00Z at the first point: from the first point at 23 Nov 2026 10:00Z\./,
  );
});

test('level filter: all levels, the planned band, or a custom band', () => {
  const all = computed('F350', { levels: { mode: 'all' } }).computation;
  assert.equal(verdict(all, 'TEST-R1').applies, true);
  assert.match(verdict(all, 'TEST-R1').reason, /SFC–FL085 \(levels not filtered\)/);
  const low = computed('F350', { levels: { mode: 'band', lowerFt: 0, upperFt: 10_000 } }).computation;
  assert.equal(verdict(low, 'TEST-R1').applies, true);
  assert.equal(verdict(low, 'TEST-D1').applies, false);
  assert.match(verdict(low, 'TEST-D1').reason, /FL245–FL360 is outside the band SFC–FL100/);
  // Planned at FL370, above the danger area's ceiling, but still climbing through it at KONAN–KOK.
  assert.equal(verdict(computed('F370').computation, 'TEST-D1').applies, true);
  assert.match(verdict(computed('F370').computation, 'TEST-D1').reason, new RegExp(`includes ${CLIMBING_OVER_BOX}`));
  // At FL370 there already (a 6,000 ft/min climb): above the ceiling.
  const fast = computed('F370', {}, DATA, FAST_CLIMB).computation;
  assert.equal(verdict(fast, 'TEST-D1').applies, false);
  assert.match(verdict(fast, 'TEST-D1').reason, /FL245–FL360 does not include FL370/);
});

test("time filter: a NOTAM coming into force 20 minutes after the flight's time there counts only within the margin", () => {
  const eto = computed().computation.flight.profile;
  const kok = eto.points.find((p) => p.designator === 'KOK')!.etoMs!;
  const later = (minutes: number) => new Date(kok + minutes * 60_000).toISOString().slice(0, 16) + 'Z';
  const data: MapData = {
    ...DATA,
    notams: [
      notam('B0001/26', {
        selectionCode: 'QRRCA',
        minimumFL: '200',
        maximumFL: '400',
        effectiveStart: later(20),
        effectiveEnd: later(120),
      }),
    ],
  };
  const withMargin = computed('F350', { timeMarginMin: 30 }, data).computation;
  const without = computed('F350', { timeMarginMin: 0 }, data).computation;
  assert.equal(verdict(withMargin, 'B0001/26').applies, true, verdict(withMargin, 'B0001/26').reason);
  assert.equal(verdict(without, 'B0001/26').applies, false);
  assert.match(verdict(without, 'B0001/26').reason, /not in force then/);
});

test('the crossing table: FIR, airspace and NOTAM stretches in order along the route, with ETOs, limits and levels', () => {
  const { view } = computed().computation;
  const rows = view.crossings!;
  assert.ok(rows.length >= 5);
  for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1]!.entryNm <= rows[i]!.entryNm);
  const d1 = rows.find((r) => r.itemId === 'TEST-D1')!;
  assert.equal(d1.kind, 'airspace');
  assert.deepEqual([d1.limits, d1.activity, d1.applies], ['FL245–FL360', 'active', true]);
  assert.match(d1.flightLevels, new RegExp(`^${CLIMBING_OVER_BOX}$`));
  assert.match(d1.entryEto!, /^10:1\dZ$/);
  assert.ok(d1.exitNm > d1.entryNm && d1.entryNm > 90 && d1.exitNm < 120, `${d1.entryNm}–${d1.exitNm}`);
  const r2 = rows.find((r) => r.itemId === 'TEST-R2')!;
  assert.deepEqual([r2.activity, r2.applies], ['inactive', false]);
  // The active danger area at the flight's level is a conflict; the CTR the flight crosses, an
  // inactive area and a FIR are not.
  assert.equal(d1.conflict, true);
  assert.equal(r2.conflict, undefined);
  const ctr = rows.find((r) => r.itemId === 'TEST-CTR');
  if (ctr) assert.equal(ctr.conflict, undefined);
  assert.ok(rows.filter((r) => r.kind === 'fir').every((r) => r.conflict === undefined));
  assert.ok(rows.some((r) => r.kind === 'notam' && r.itemId === 'A0002/26'));
  // The whole-FIR and aerodrome NOTAMs have no drawn area: no rows.
  assert.ok(rows.every((r) => r.kind !== 'notam' || view.notams.find((n) => n.id === r.itemId)!.circle));
});

test('the vertical profile: climb from EGLL, FL350, descent to EDDF; the areas crossed as boxes', () => {
  const { view } = computed().computation;
  const profile = view.profile!;
  assert.deepEqual(profile.flight[0], { alongNm: 0, feet: 0 });
  assert.equal(profile.flight.at(-1)!.feet, 0);
  assert.ok(Math.abs(profile.flight.at(-1)!.alongNm - profile.totalNm) < 0.1);
  assert.ok(profile.flight.some((p) => p.feet === 35_000));
  assert.equal(profile.points.length, view.points.length);
  assert.deepEqual(
    profile.points.map((p) => p.id),
    view.points.map((p) => p.id),
  );
  assert.equal(profile.points[0]!.eto, '10:00Z');
  const box = profile.areas.find((a) => a.itemId === 'TEST-D1')!;
  assert.deepEqual([box.floorFt, box.ceilingFt, box.label, box.applies], [24_500, 36_000, 'FL245–FL360', true]);
  assert.ok(!profile.areas.some((a) => a.itemId === 'A0003/26' && a.kind !== 'notam'));
});

test('conflicts: on the token of the leg, once per area and token; an activation NOTAM opens from its area', () => {
  const { text, computation } = computed();
  const findings = flightConflicts(computation);
  const byCode = (code: string) => findings.filter((f) => f.code === code);
  const d1 = byCode('F001');
  assert.equal(d1.length, 1, findings.map((f) => f.message).join('\n'));
  assert.equal(d1[0]!.severity, 'warning');
  assert.equal(slice(text, d1[0]!), 'L607');
  assert.equal(d1[0]!.range.start.line, ROUTE_LINE);
  assert.match(
    d1[0]!.message,
    new RegExp(
      `^climbing through ${CLIMBING_OVER_BOX} over KONAN–KOK at 10:1\\dZ the route crosses active danger area TEST-D1 \\(FL245–FL360\\); a conflict: ${CLIMBING_OVER_BOX} is within FL245–FL360 and it is active (\\S+ )?when the flight is there\\.$`,
    ),
  );
  // Below the flight (R1), not active then (R2), not a restricted type (CTR): none.
  assert.ok(!findings.some((f) => /TEST-R1|TEST-R2|TEST-CTR/.test(f.message)));
  // A0001/26 activates TEST-D1: no diagnostic of its own, it opens from the area's.
  assert.deepEqual(
    (d1[0]!.data as { notams: { number: string }[] }).notams.map((n) => n.number),
    ['A0001/26'],
  );
  const f2 = byCode('F002');
  assert.equal(f2.length, 1);
  assert.match(
    f2[0]!.message,
    /^at FL350 over MAK–GOLEX|^at FL350 over KOK–MAK|^climbing through FL3\d\d–FL3\d\d over KOK–MAK/,
  );
  assert.match(f2[0]!.message, /crosses the area of NOTAM A0002\/26 \(FL300–FL400\), in force: TEMPORARY RESTRICTED/);
  assert.equal(slice(text, f2[0]!), 'L607');
});

test('a level above the ceiling clears the conflict; below the floor too; a climb through the area does not', () => {
  for (const [level, rates] of [
    ['F370', FAST_CLIMB],
    ['F230', undefined],
  ] as const) {
    const findings = flightConflicts(computed(level, {}, DATA, rates).computation);
    assert.ok(!findings.some((f) => f.message.includes('TEST-D1')), `${level}: ${findings.map((f) => f.message)}`);
  }
  assert.ok(flightConflicts(computed('F360').computation).some((f) => f.message.includes('TEST-D1')));
  // Planned above the ceiling, but climbing through the area at 2,000 ft/min: a conflict.
  assert.ok(flightConflicts(computed('F370').computation).some((f) => f.message.includes('TEST-D1')));
});

test('code actions: reveal the area on the map, open its NOTAM; nothing for other diagnostics or bad data', () => {
  const uri = 'file:///w.route';
  const diagnostics: Diagnostic[] = flightConflicts(computed().computation).map(toLspDiagnostic);
  const d1 = diagnostics.find((d) => d.code === 'F001')!;
  const actions = flightConflictActions(uri, [d1]);
  assert.deepEqual(
    actions.map((a) => [a.title, a.command!.command]),
    [
      ['Reveal TEST-D1 on the map', SHOW_MAP_COMMAND],
      ['Open NOTAM A0001/26 of TEST-D1', OPEN_NOTAM_COMMAND],
    ],
  );
  assert.deepEqual(actions[0]!.command!.arguments, [{ uri, position: d1.range.start, itemId: 'TEST-D1' }]);
  // "Open NOTAM" shows the whole NOTAM in ICAO form, not the E line alone.
  assert.deepEqual(actions[1]!.command!.arguments, [
    {
      number: 'A0001/26',
      text: [
        'A0001/26 NOTAMN',
        'Q) EBBU/QRDCA////245/360/5107N00220E005',
        'A) EBBU',
        'E) DANGER AREA TEST-D1 ACTIVATED. FL245-FL360.',
        'F) FL245 G) FL360',
      ].join('\n'),
      // Its issuing place: NOTAM numbers are per office, the document is keyed by both.
      place: 'EBBU',
    },
  ]);
  const other: Diagnostic = { ...d1, code: 'R206' };
  const broken: Diagnostic = { ...d1, data: { itemId: 3 } };
  assert.deepEqual(flightConflictActions(uri, [other, broken]), []);
});

test('the verdicts mark the conflicts, as the table does; the map is told where to name them and each FIR crossed', () => {
  const data: MapData = {
    ...DATA,
    firs: [
      { prefix: 'E', designator: 'EGTT', name: 'London', bbox: [-6, 49.8, 1.9, 55] },
      { prefix: 'E', designator: 'EBBU', name: 'Brussels', bbox: [1.9, 49.4, 6.2, 51.5] },
      { prefix: 'E', designator: 'EDGG', name: 'Langen', bbox: [6.2, 47.5, 11, 51.5] },
    ],
  };
  const { view } = computed('F350', {}, data).computation;
  const conflicts = Object.entries(view.verdicts!)
    .filter(([, v]) => v.conflict)
    .map(([id]) => id)
    .sort();
  const marked = [...new Set(view.crossings!.filter((r) => r.conflict).map((r) => r.itemId))].sort();
  assert.deepEqual(conflicts, marked);
  assert.ok(conflicts.includes('TEST-D1') && conflicts.includes('A0002/26'), conflicts.join(', '));
  for (const id of ['TEST-R1', 'TEST-R2', 'TEST-CTR', 'A0003/26'])
    assert.equal(view.verdicts![id]!.conflict, undefined);
  // The danger area is named at its corner farthest from the route (KONAN–KOK runs at about
  // 51.1°N through the box from 51.0° to 51.25°N): a north corner; a CTR is named as ever.
  const d1 = view.airspaces.find((a) => a.id === 'TEST-D1')!;
  assert.ok(
    (
      [
        [2.2, 51.25],
        [2.45, 51.25],
      ] as const
    ).some(([lon, lat]) => d1.labelAt?.[0] === lon && d1.labelAt[1] === lat),
    `${d1.labelAt}`,
  );
  assert.equal(view.airspaces.find((a) => a.id === 'TEST-CTR')!.labelAt, undefined);
  assert.ok(view.notams.find((n) => n.id === 'A0002/26')!.labelAt);
  // Each FIR is named on the route, inside its stretch, between two route points.
  const corridor = new RouteCorridor(
    view.points.filter((p) => p.position).map((p) => ({ lon: p.position![0], lat: p.position![1] })),
  );
  assert.deepEqual(
    view.firs.map((f) => f.designator),
    ['EGTT', 'EBBU', 'EDGG'],
  );
  for (const fir of view.firs) {
    assert.ok(fir.labelPlaces!.length >= 1, fir.designator);
    const [w, s, e, n] = data.firs.find((f) => f.designator === fir.designator)!.bbox;
    const stretch = fir.crossings![0]!;
    for (const [lon, lat] of fir.labelPlaces!) {
      assert.ok(lon > w && lon < e && lat > s && lat < n, `${fir.designator} named inside it: ${lon},${lat}`);
      const on = corridor.distanceTo({ lon, lat });
      assert.ok(on.distanceNm < 0.5, `${fir.designator} named on the route: ${on.distanceNm} NM off`);
      assert.ok(on.alongNm > stretch.entryNm && on.alongNm < stretch.exitNm, `${fir.designator} within its stretch`);
      // Between two route points: on none.
      const gaps = view.points.map((p) => Math.abs((p.cumulativeNm ?? 0) - on.alongNm));
      assert.ok(Math.min(...gaps) > 3, `${fir.designator} clear of the points: ${Math.min(...gaps)} NM`);
    }
  }
});

test('a point that cannot be placed: no area is judged on the straight line over it, and F006 says which stretch', () => {
  // ZZZZZ is in no data: the expansion joins KONAN to KOK in a straight line the text never
  // says, right across TEST-D1. That line is not the route, so TEST-D1 is no conflict.
  const text =
    'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN DCT ZZZZZ DCT KOK L607 RUDUS T150 ROLIS ROLIS1A\n';
  const block = parseRouteDocument(text).blocks[0]!;
  const computation = buildMapView({
    uri: 'file:///w.route',
    version: 1,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion: expandRoute(block, db),
    data: DATA,
    filters: DEFAULT_MAP_FILTERS,
  });
  const gap = computation.view.legs.find((l) => l.unplaced);
  assert.deepEqual(gap && { from: gap.unplaced!.from, to: gap.unplaced!.to, names: gap.unplaced!.names }, {
    from: 'KONAN',
    to: 'KOK',
    names: ['ZZZZZ'],
  });
  // Measured against the known legs only: near KOK, not crossed.
  const d1 = computation.judged.find((j) => j.itemId === 'TEST-D1')!;
  assert.notEqual(d1.applicability.lateral, 'crossed', d1.applicability.reason);
  assert.doesNotMatch(d1.applicability.reason, /passes through/);
  assert.ok(
    !computation.view.crossings!.some((row) => /TEST-D1/.test(row.name)),
    'no crossing row on the unknown stretch',
  );
  assert.ok(
    computation.view.notices.includes(
      'No area is judged between KONAN and KOK: ZZZZZ could not be placed, so the route there is not known.',
    ),
    computation.view.notices.join('\n'),
  );
  const findings = flightConflicts(computation);
  assert.ok(!findings.some((f) => /TEST-D1/.test(f.message)), findings.map((f) => f.message).join('\n'));
  const notJudged = findings.filter((f) => f.code === 'F006');
  assert.equal(notJudged.length, 1);
  assert.equal(notJudged[0]!.severity, 'information');
  assert.equal(slice(text, notJudged[0]!), 'ZZZZZ');
  assert.match(notJudged[0]!.message, /^Conflicts are not judged between KONAN and KOK: ZZZZZ is not placed/);
  // What is known is still judged: the NOTAM area on KOK–MAK, after the gap.
  assert.ok(findings.some((f) => f.code === 'F002' && /A0002\/26/.test(f.message)));
});

test("a block's departure: times the map's flight and the areas' schedules at the ETO, before the reference time", () => {
  // Monday 23 Nov 06:30Z: over the box about a quarter of an hour later, within TEST-R2's MON-FRI
  // 06:00-08:00 UTC; at the reference time (10:00Z, the first test) it is not active.
  const text = route('F350').replace('N0450F350', 'departure: 261123 0630\nN0450F350');
  const block = parseRouteDocument(text).blocks[0]!;
  const { view } = buildMapView({
    uri: 'file:///w.route',
    version: 1,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion: expandRoute(block, db),
    data: DATA,
    filters: DEFAULT_MAP_FILTERS,
  });
  assert.match(view.flightTime!, /^departure: 261123 0630: from the first point at 23 Nov 2026 06:30Z\./);
  assert.deepEqual([view.verdicts!['TEST-R2']!.applies, view.verdicts!['TEST-R2']!.activity], [true, 'active']);
});
