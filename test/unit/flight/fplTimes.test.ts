/**
 * EET/ and the total EET of an FPL message (F003–F005, "Insert EET/ for the FIR boundaries"), on
 * the route of samples/fpl-message.route expanded on the full navigation data of ../shared/navdata.
 * The FIRs are four strips between meridians, so the time to each boundary has an independent
 * answer: the point where each leg's geodesic reaches the meridian, found with geographiclib
 * itself, and the distance to it over the legs at the 450 kt of N0450.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Geodesic } from 'geographiclib-geodesic';
import { parseRouteDocument, type ExpandedPoint, type RouteBlock } from '../../../server/src/route';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { buildMapView, type MapData } from '../../../server/src/map/mapView';
import { prepareAreas } from '../../../server/src/flight/preparedAreas';
import type { FirEntry } from '../../../server/src/flight/firs';
import { fplTimes } from '../../../server/src/session/flightConflicts';
import { fplEet } from '../../../server/src/session/fplEet';
import { firEets } from '../../../server/src/flight/eet';
import { flightProfile } from '../../../server/src/flight/profile';
import { EET_MARGIN_MIN, INSERT_EET_TITLE, TOTAL_EET_SHARE } from '../../../server/src/flight/fplTimes';
import { DEFAULT_MAP_FILTERS } from '../../../common/protocol/mapMessages';
import { DIAGNOSTIC_CODES } from '../../../server/src/route/codes';
import type { TextFixData } from '../../../server/src/route/textFixes';
import { SHARED_NAVDATA, fullNavdataMissing, load } from '../navdata/paths';

const skip = fullNavdataMissing;

function fpl(f16: string, f18: string): string {
  return [
    '(FPL-DLH4AB-IS',
    '-A320/M-SDE2E3FGIJ1RWY/LB1',
    '-EGLL1200',
    '-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    `-${f16}`,
    `-${f18})`,
    'referenceFix: 5110N00122E',
    '',
  ].join('\n');
}

/** A FIR between two meridians, from 45°N to 56°N. */
function strip(designator: string, west: number, east: number, boundaryFile?: string): FirEntry {
  return {
    prefix: designator.slice(0, 2),
    designator,
    name: designator,
    bbox: [west, 45, east, 56],
    polygons: [
      [
        [
          [west, 45],
          [east, 45],
          [east, 56],
          [west, 56],
          [west, 45],
        ],
      ],
    ],
    ...(boundaryFile ? { boundaryFile } : {}),
  };
}

const FIRS = [strip('EGTT', -10, 1), strip('LFFF', 1, 3), strip('EBBU', 3, 6), strip('EDGG', 6, 15)];
/** Known to the hub's navigation, and far from the route. */
const LSAS = strip('LSAS', 6, 10.5);
LSAS.bbox = [6, 45.8, 10.5, 47.8];
LSAS.polygons = [
  [
    [
      [6, 45.8],
      [10.5, 45.8],
      [10.5, 47.8],
      [6, 47.8],
      [6, 45.8],
    ],
  ],
];

function data(firs: FirEntry[] = FIRS): MapData {
  return {
    firs,
    knownFirs: [...firs, LSAS].map((f) => ({
      designator: f.designator,
      approximate: false,
      ...(f.boundaryFile ? { boundaryFile: f.boundaryFile } : {}),
    })),
    airspaces: [],
    notams: [],
    microlights: [],
    notices: [],
  };
}

async function expanded(text: string): Promise<{ block: RouteBlock; points: ExpandedPoint[] }> {
  const block = parseRouteDocument(text).blocks[0]!;
  const result = expandRoute(block, await load(SHARED_NAVDATA));
  // L607 at FL350 is above its band (X012, the sample's kept finding): the route is placed all the same.
  assert.ok(
    result.findings.every((f) => f.code === 'X012'),
    JSON.stringify(result.findings),
  );
  assert.ok(result.points.length > 10);
  return { block, points: result.points };
}

async function findings(text: string, firs?: FirEntry[], given = data(firs)) {
  const { block, points } = await expanded(text);
  const expansion = { points, findings: [], procedures: [] };
  const computation = buildMapView({
    uri: 'file:///a.route',
    version: 1,
    blockIndex: 0,
    block,
    expansion,
    data: given,
    filters: DEFAULT_MAP_FILTERS,
    referenceMs: Date.UTC(2026, 10, 26, 10),
  });
  return fplTimes(block, expansion, computation, given);
}

/** Minutes from take-off to the meridian `lon`, by geographiclib alone, at 450 kt. */
function independentMinutes(points: readonly ExpandedPoint[], lon: number): number {
  let along = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!,
      b = points[i + 1]!;
    const line = Geodesic.WGS84.InverseLine(a.lat, a.lon, b.lat, b.lon);
    if ((a.lon - lon) * (b.lon - lon) < 0) {
      let low = 0,
        high = line.s13;
      for (let k = 0; k < 60; k++) {
        const mid = (low + high) / 2;
        const at = line.Position(mid, Geodesic.STANDARD | Geodesic.LONG_UNROLL).lon2!;
        if ((at - lon) * (a.lon - lon) > 0) low = mid;
        else high = mid;
      }
      return (((along + low) / 1852) * 60) / 450;
    }
    along += line.s13;
  }
  throw new Error(`the route does not reach ${lon}°`);
}

const hhmm = (minutes: number) => {
  const m = Math.round(minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
};

async function expected(): Promise<{ LFFF: number; EBBU: number; EDGG: number; total: number }> {
  const { points } = await expanded(fpl('EDDF0105 EDDK', 'PBN/A1B1C1D1 RMK/TCAS'));
  let total = 0;
  for (let i = 0; i + 1 < points.length; i++)
    total += Geodesic.WGS84.Inverse(points[i]!.lat, points[i]!.lon, points[i + 1]!.lat, points[i + 1]!.lon).s12!;
  return {
    LFFF: independentMinutes(points, 1),
    EBBU: independentMinutes(points, 3),
    EDGG: independentMinutes(points, 6),
    total: ((total / 1852) * 60) / 450,
  };
}

function areasOf(firs: FirEntry[] = FIRS) {
  return {
    forBlock: async () => ({ data: data(firs), prepared: prepareAreas(data(firs)) }),
  };
}

function apply(
  text: string,
  edit: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    newText: string;
  },
): string {
  const lines = text.split('\n');
  const { start, end } = edit.range;
  const before = lines[start.line]!.slice(0, start.character);
  const after = lines[end.line]!.slice(end.character);
  lines.splice(start.line, end.line - start.line + 1, before + edit.newText + after);
  return lines.join('\n');
}

test(
  'Insert EET/: a route crossing four FIRs gets each FIR entered after take-off, in order, timed as geographiclib says',
  { skip },
  async () => {
    const want = await expected();
    const text = fpl('EDDF0105 EDDK', 'PBN/A1B1C1D1 REG/DAIZB RMK/TCAS');
    const { block, points } = await expanded(text);
    const answer = await fplEet(areasOf(), block, { points, findings: [], procedures: [] });
    assert.ok(!('error' in answer), JSON.stringify(answer));
    assert.equal(answer.newText, `EET/LFFF${hhmm(want.LFFF)} EBBU${hhmm(want.EBBU)} EDGG${hhmm(want.EDGG)} `);
    // Each time within a few seconds of the independent one (the rounding to minutes aside).
    assert.ok(want.LFFF > 5 && want.EBBU > want.LFFF && want.EDGG > want.EBBU, JSON.stringify(want));
    const written = apply(text, answer);
    assert.match(
      written,
      /-PBN\/A1B1C1D1 REG\/DAIZB EET\/LFFF\d{4} EBBU\d{4} EDGG\d{4} RMK\/TCAS\)/,
      'at its place, before RMK/',
    );
    assert.match(answer.summary, /still air/);
    assert.match(answer.summary, /the hub's boundary of LFFF/);
    // Written so, the message gets no finding about it.
    assert.deepEqual(await findings(written), []);
  },
);

test('the times to the boundaries are those of geographiclib to within 3 seconds', { skip }, async () => {
  const want = await expected();
  const { block, points } = await expanded(fpl('EDDF0105 EDDK', 'EET/LFFF0000 EBBU0000 EDGG0000'));
  const computation = buildMapView({
    uri: 'file:///a.route',
    version: 1,
    blockIndex: 0,
    block,
    expansion: { points, findings: [], procedures: [] },
    data: data(),
    filters: DEFAULT_MAP_FILTERS,
    referenceMs: 0,
  });
  const eets = firEets(computation.firs, flightProfile(block.elements, points, 0))!;
  assert.deepEqual(
    eets.map((e) => e.designator),
    ['LFFF', 'EBBU', 'EDGG'],
  );
  for (const e of eets) {
    const independent = want[e.designator as 'LFFF' | 'EBBU' | 'EDGG'];
    assert.ok(Math.abs(e.elapsedMin - independent) < 0.05, `${e.designator}: ${e.elapsedMin} vs ${independent}`);
  }
});

test('Insert EET/ replaces the EET/ that is there, and keeps every other item', { skip }, async () => {
  const want = await expected();
  const text = fpl('EDDF0105 EDDK', 'PBN/A1B1C1D1 REG/DAIZB EET/EBUR0025 EDGG0045 RMK/TCAS');
  const { block, points } = await expanded(text);
  const answer = await fplEet(areasOf(), block, { points, findings: [], procedures: [] });
  assert.ok(!('error' in answer));
  const written = apply(text, answer);
  // EBUR is no FIR the data knows: the edit cannot say it is wrong, so it keeps it in the order of
  // the times (Insert EET/ never makes EET/ worse, issue 40); EDGG's time is the computed one.
  assert.ok(want.EBBU < 25 && want.EDGG > 25, JSON.stringify(want));
  assert.ok(
    written.includes(
      `-PBN/A1B1C1D1 REG/DAIZB EET/LFFF${hhmm(want.LFFF)} EBBU${hhmm(want.EBBU)} EBUR0025 EDGG${hhmm(want.EDGG)} RMK/TCAS)`,
    ),
    written,
  );
  assert.equal(written.replace(/EET\/[A-Z0-9 ]+ RMK/, 'RMK'), text.replace(/EET\/[A-Z0-9 ]+ RMK/, 'RMK'));
});

test('a plain route text and a route without FIR data get no EET/', { skip }, async () => {
  const text = fpl('EDDF0105 EDDK', 'EET/LSAS0010');
  const { block, points } = await expanded(text);
  const none = { forBlock: async () => ({ data: { ...data([]), knownFirs: [] }, prepared: prepareAreas(data([])) }) };
  const answer = await fplEet(none, block, { points, findings: [], procedures: [] });
  assert.ok('error' in answer && /No FIR boundaries are known/.test(answer.error));
  const route = parseRouteDocument('origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN\n').blocks[0]!;
  const plain = await fplEet(areasOf(), route, { points, findings: [], procedures: [] });
  assert.ok('error' in plain && /FPL message/.test(plain.error));
});

test(
  'F003: an EET/ FIR the route does not cross is a warning that gives the computed EET/, with the fix',
  { skip },
  async () => {
    const want = await expected();
    const text = fpl('EDDF0105 EDDK', 'PBN/A1B1C1D1 EET/LSAS0010 EBUR0025 RMK/TCAS');
    const found = await findings(text);
    assert.deepEqual(
      found.map((f) => [f.code, f.severity]),
      [['F003', 'warning']],
      'EBUR is no FIR the hub knows: not judged',
    );
    const f = found[0]!;
    // EBUR, which no source knows, stays where its time puts it.
    const computed = `EET/LFFF${hhmm(want.LFFF)} EBBU${hhmm(want.EBBU)} EBUR0025 EDGG${hhmm(want.EDGG)}`;
    assert.match(f.message, /^EET\/LSAS0010: the route does not cross LSAS by the hub's boundary of LSAS;/);
    assert.ok(f.message.includes(computed), f.message);
    assert.match(f.message, /the wind is not known/);
    // On the word itself.
    const line = text.split('\n')[f.range.start.line]!;
    assert.equal(line.slice(f.range.start.character, f.range.end.character), 'LSAS0010');
    const fix = (f.data as TextFixData).fixes[0]!;
    assert.equal(fix.title, INSERT_EET_TITLE);
    assert.equal(apply(text, fix.edits[0]!).split('\n')[5], `-PBN/A1B1C1D1 ${computed} RMK/TCAS)`);
  },
);

test(
  `F004: an EET/ time more than ${EET_MARGIN_MIN} min off the still-air time is a warning with the computed time`,
  { skip },
  async () => {
    const want = await expected();
    const late = want.EBBU + EET_MARGIN_MIN + 5;
    const near = want.EDGG + EET_MARGIN_MIN - 3;
    const text = fpl('EDDF0105 EDDK', `EET/LFFF${hhmm(want.LFFF)} EBBU${hhmm(late)} EDGG${hhmm(near)}`);
    const found = await findings(text);
    assert.deepEqual(
      found.map((f) => f.code),
      ['F004'],
    );
    const f = found[0]!;
    assert.equal(f.severity, 'warning');
    assert.ok(f.message.startsWith(`EET/EBBU${hhmm(late)}: `), f.message);
    assert.ok(f.message.includes(`computed EBBU${hhmm(want.EBBU)}`), f.message);
    assert.match(f.message, /by the hub's boundary of EBBU/);
    assert.match(f.message, /still air \(the wind is not known\)/);
  },
);

test('F004 names the boundaries file when the FIR outline comes from it, not from the hub', { skip }, async () => {
  const want = await expected();
  const firs = [FIRS[0]!, FIRS[1]!, strip('EBBU', 3, 6, '/data/boundaries.geojson.gz'), FIRS[3]!];
  const text = fpl('EDDF0105 EDDK', `EET/LFFF${hhmm(want.LFFF)} EBBU${hhmm(want.EBBU + 20)}`);
  const found = await findings(text, firs);
  assert.equal(found.length, 1, `${text} ${JSON.stringify(want)}`);
  assert.match(found[0]!.message, /by the boundary of EBBU in the file \/data\/boundaries\.geojson\.gz/);
  assert.doesNotMatch(found[0]!.message, /hub's boundary/);
});

test(
  `F005: a total EET more than ${TOTAL_EET_SHARE * 100} % from the still-air time is information saying the wind is not known`,
  { skip },
  async () => {
    const want = await expected();
    const close = await findings(fpl(`EDDF${hhmm(want.total * (1 + TOTAL_EET_SHARE - 0.05))} EDDK`, 'PBN/A1B1C1D1'));
    assert.deepEqual(close, []);
    const far = `EDDF${hhmm(want.total * (1 + TOTAL_EET_SHARE + 0.1))} EDDK`;
    const text = fpl(far, 'PBN/A1B1C1D1');
    const found = await findings(text);
    assert.deepEqual(
      found.map((f) => [f.code, f.severity]),
      [['F005', 'information']],
    );
    const f = found[0]!;
    const line = text.split('\n')[f.range.start.line]!;
    assert.equal(line.slice(f.range.start.character, f.range.end.character), far.slice(4, 8));
    const m = Math.round(want.total);
    assert.ok(f.message.includes(`${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`), f.message);
    assert.match(f.message, /the wind is not known/);
    // Without FIR data (no hub) the total is still judged: it rests on the route and its speeds only.
    assert.deepEqual(
      (await findings(text, [], { ...data([]), knownFirs: [] })).map((x) => x.code),
      ['F005'],
    );
  },
);

test('the titles of F004 and F005 state the margins the rules use', () => {
  assert.ok(DIAGNOSTIC_CODES.F004.title.includes(`${EET_MARGIN_MIN} minutes`));
  assert.ok(DIAGNOSTIC_CODES.F005.title.includes(`${Math.round(TOTAL_EET_SHARE * 100)} %`));
});

test(
  "the map's crossing table says where each FIR boundary comes from: the hub, or the boundaries file",
  { skip },
  async () => {
    const { block, points } = await expanded(fpl('EDDF0105 EDDK', 'PBN/A1B1C1D1'));
    const firs = [FIRS[0]!, FIRS[1]!, strip('EBBU', 3, 6, '/data/boundaries.geojson.gz'), FIRS[3]!];
    const { view } = buildMapView({
      uri: 'file:///a.route',
      version: 1,
      blockIndex: 0,
      block,
      expansion: { points, findings: [], procedures: [] },
      data: data(firs),
      filters: DEFAULT_MAP_FILTERS,
      referenceMs: 0,
    });
    const reason = (name: string) => view.crossings!.find((r) => r.kind === 'fir' && r.name.startsWith(name))!.reason;
    assert.match(reason('EBBU'), /, by the boundary of EBBU in the file \/data\/boundaries\.geojson\.gz\.$/);
    assert.match(reason('EDGG'), /, by the hub's boundary of EDGG\.$/);
  },
);
