/**
 * EET/ against the route (issue 37 §1) and Insert EET/ that never makes EET/ worse (issue 40):
 * the FIRs in the order flown as EET/ names them (a boundary followed is one crossing, no FIR for
 * under a minute, the stretches in no known FIR said), each EET/ word against the expanded route
 * (F003, F004, F008, F009), and the same without a hub, from a boundaries file and navigation data.
 * The route of the table is London–Frankfurt on the project's excerpt of the navigation data; its
 * FIRs are strips between meridians, written here.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { parseRouteDocument, type RouteBlock } from '../../../server/src/route';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { buildMapView, type MapData } from '../../../server/src/map/mapView';
import { prepareAreas } from '../../../server/src/flight/preparedAreas';
import type { FirEntry } from '../../../server/src/flight/firs';
import { fplTimes } from '../../../server/src/session/flightConflicts';
import { fplEet } from '../../../server/src/session/fplEet';
import { firSequence } from '../../../server/src/flight/firStays';
import type { FirCrossing } from '../../../server/src/flight/eet';
import { loadFirBoundaries } from '../../../server/src/map/firBoundaries';
import { boxOfRings } from '../../../server/src/hub/hubXml';
import { RouteSession } from '../../../server/src/session/routeSession';
import { LineIndex } from '../../../server/src/route/ranges';
import { DEFAULT_MAP_FILTERS } from '../../../common/protocol/mapMessages';
import type { TextFixData } from '../../../server/src/route/textFixes';
import { parsedDocument } from '../../../server/src/services/parsedDocument';
import { BUILTIN_FIRS } from '../../hub-sim/firs-builtin';
import { EXCERPT, ROOT, SHARED_NAVDATA, fullNavdataMissing, load } from '../navdata/paths';

// --- the order of FIRs ------------------------------------------------------------------------

const fir = (designator: string, ...spans: [number, number][]): FirCrossing => ({
  designator,
  crossings: spans.map(([entryNm, exitNm]) => ({ entryNm, exitNm })),
  approximate: false,
});

/** 460 kt from take-off. */
const at460 = (nm: number) => (nm / 460) * 60;

test('FIR order: a route along the LFMM/LSAS boundary is one crossing, LFEE for 0.8 min is not named, the end in no FIR is said', () => {
  // The crossings Insert EET/ gave on the Paris–Rome sample with the simulator's FIRs (issue 40).
  const sequence = firSequence(
    [
      fir('LFFF', [0, 134.5]),
      fir('LFEE', [134.5, 140.5]),
      fir('LFMM', [140.5, 248.4], [260.8, 276.2]),
      fir('LSAS', [248.4, 260.8], [276.2, 305.8]),
      fir('LIMM', [305.8, 531.6]),
    ],
    659,
    at460,
  );
  assert.deepEqual(
    sequence.stays.map((s) => [s.fir.designator, s.entryNm, s.exitNm]),
    [
      ['LFFF', 0, 134.5],
      ['LFMM', 140.5, 276.2],
      ['LSAS', 276.2, 305.8],
      ['LIMM', 305.8, 531.6],
    ],
  );
  assert.deepEqual(
    sequence.leftOut.map((l) => [l.designator, l.entryNm, l.exitNm, l.into ?? Number(l.minutes!.toFixed(2))]),
    [
      ['LFEE', 134.5, 140.5, 0.78],
      ['LSAS', 248.4, 260.8, 'LFMM'],
    ],
  );
  assert.deepEqual(sequence.gaps, [{ fromNm: 531.6, toNm: 659 }]);
});

interface OrderCase {
  name: string;
  firs: FirCrossing[];
  stays: string[];
  leftOut: string[];
  gaps?: [number, number][];
  overlaps?: string[];
}

const ORDER_CASES: OrderCase[] = [
  {
    name: 'a stay of 15 NM between two of the same FIR is the tolerance: folded',
    firs: [fir('AAAA', [0, 100], [115, 300]), fir('BBBB', [100, 115])],
    stays: ['AAAA 0–300'],
    leftOut: ['BBBB 100–115 into AAAA'],
  },
  {
    name: 'a stay of 20 NM is a crossing of its own',
    firs: [fir('AAAA', [0, 100], [120, 300]), fir('BBBB', [100, 120])],
    stays: ['AAAA 0–100', 'BBBB 100–120', 'AAAA 120–300'],
    leftOut: [],
  },
  {
    name: 'a FIR flown through in exactly a minute is named',
    firs: [fir('AAAA', [0, 100]), fir('BBBB', [100, 100 + 460 / 60]), fir('CCCC', [100 + 460 / 60, 300])],
    stays: ['AAAA 0–100', 'BBBB 100–108', 'CCCC 108–300'],
    leftOut: [],
  },
  {
    name: 'overlapping outlines at the departure: the small one is folded into the large one',
    firs: [fir('LFFF', [0, 211]), fir('LFEE', [0, 2.2])],
    stays: ['LFFF 0–211'],
    leftOut: ['LFEE 0–2 into LFFF'],
  },
  {
    name: 'two outlines for the same stretch are both named, and said',
    firs: [fir('LFFF', [0, 211]), fir('LSAG', [211, 313]), fir('LSAS', [211, 313]), fir('LIMM', [313, 400])],
    stays: ['LFFF 0–211', 'LSAG 211–313', 'LSAS 211–313', 'LIMM 313–400'],
    leftOut: [],
    overlaps: ['LSAG+LSAS 211–313'],
  },
  {
    name: 'a gap between two FIRs',
    firs: [fir('AAAA', [0, 100]), fir('BBBB', [130, 400])],
    stays: ['AAAA 0–100', 'BBBB 130–400'],
    leftOut: [],
    gaps: [[100, 130]],
  },
  {
    name: 'a seam of under 1 NM is no gap',
    firs: [fir('AAAA', [0, 100]), fir('BBBB', [100.8, 400])],
    stays: ['AAAA 0–100', 'BBBB 101–400'],
    leftOut: [],
  },
];

for (const c of ORDER_CASES) {
  test(`FIR order: ${c.name}`, () => {
    const total = Math.max(...c.firs.flatMap((f) => f.crossings.map((x) => x.exitNm)));
    const s = firSequence(c.firs, total, at460);
    const r = Math.round;
    assert.deepEqual(
      s.stays.map((x) => `${x.fir.designator} ${r(x.entryNm)}–${r(x.exitNm)}`),
      c.stays,
    );
    assert.deepEqual(
      s.leftOut.map((l) => `${l.designator} ${r(l.entryNm)}–${r(l.exitNm)}${l.into ? ` into ${l.into}` : ''}`),
      c.leftOut,
    );
    assert.deepEqual(
      s.gaps.map((g) => [r(g.fromNm), r(g.toNm)]),
      c.gaps ?? [],
    );
    assert.deepEqual(
      s.overlaps.map((o) => `${o.designators.join('+')} ${r(o.entryNm)}–${r(o.exitNm)}`),
      c.overlaps ?? [],
    );
  });
}

// --- Insert EET/ on the Paris–Rome sample (issue 40) --------------------------------------------

const parisRome = (): RouteBlock =>
  parseRouteDocument(readFileSync(path.join(ROOT, 'samples', 'fpl-message.route'), 'utf8')).blocks[1]!;

function areasOf(firs: FirEntry[]) {
  const data: MapData = {
    firs,
    knownFirs: firs.map((f) => ({ designator: f.designator, approximate: false })),
    airspaces: [],
    notams: [],
    microlights: [],
    notices: [],
  };
  return { forBlock: async () => ({ data, prepared: prepareAreas(data) }) };
}

function entry(designator: string, polygons: FirEntry['polygons'] & object, boundaryFile?: string): FirEntry {
  return {
    prefix: designator.slice(0, 2),
    designator,
    name: designator,
    bbox: boxOfRings(polygons),
    polygons,
    ...(boundaryFile ? { boundaryFile } : {}),
  };
}

/** The simulator's FIRs, without LIRR as the demo had them, or with it. */
function simulatorFirs(withRoma: boolean): FirEntry[] {
  return BUILTIN_FIRS.filter((f) => withRoma || f.code !== 'LIRR').map((f) =>
    entry(f.code, [[[...f.outline, f.outline[0]!]]]),
  );
}

test(
  "Insert EET/ on Paris–Rome with the simulator's FIRs of the demo: no FIR for 0 minutes, no bouncing, and the end in no known FIR said",
  { skip: fullNavdataMissing },
  async () => {
    const block = parisRome();
    const expansion = expandRoute(block, await load(SHARED_NAVDATA));
    const answer = await fplEet(areasOf(simulatorFirs(false)), block, expansion);
    assert.ok(!('error' in answer), JSON.stringify(answer));
    assert.equal(answer.newText, 'EET/LFMM0018 LSAS0036 LIMM0040');
    assert.ok(
      answer.summary.includes(
        'no known FIR from 36 NM after RUXOL to LIRF (532–659 NM, 127 NM): no boundary there is known, so EET/ names none',
      ),
      answer.summary,
    );
    assert.ok(answer.summary.includes('LFEE (134–140 NM) is flown through in under 1 minute and not named'));
    assert.ok(
      answer.summary.includes(
        'LSAS (248–261 NM) is taken as LFMM: the route follows their shared boundary (crossings within 15 NM are one)',
      ),
    );
    // The simulator's table now has Roma: the route ends in it.
    const withRoma = await fplEet(areasOf(simulatorFirs(true)), block, expansion);
    assert.ok(!('error' in withRoma));
    assert.equal(withRoma.newText, 'EET/LFMM0018 LSAS0036 LIMM0040 LIRR0109');
    assert.doesNotMatch(withRoma.summary, /no known FIR/);
  },
);

const SHARED_FIRS = path.resolve(ROOT, '../shared/firs/boundaries.geojson.gz');

test(
  'Insert EET/ on Paris–Rome with the real boundaries of ../shared/firs: LIRR is there; two outlines of one stretch are said',
  { skip: fullNavdataMissing },
  async () => {
    const block = parisRome();
    const expansion = expandRoute(block, await load(SHARED_NAVDATA));
    const boundaries = await loadFirBoundaries(SHARED_FIRS);
    const firs = [...boundaries.byFir].map(([d, polygons]) => entry(d, polygons, SHARED_FIRS));
    const answer = await fplEet(areasOf(firs), block, expansion);
    assert.ok(!('error' in answer), JSON.stringify(answer));
    assert.equal(answer.newText, 'EET/LSAG0028 LSAS0028 LIMM0041 LIRR0105');
    assert.ok(
      answer.summary.includes(
        'LSAG and LSAS cover the same stretch (211–313 NM): their outlines overlap, so both are named; keep the one that is the FIR there',
      ),
      answer.summary,
    );
  },
);

test(
  'Insert EET/ never drops what no source knows: a point and a FIR without a known boundary stay',
  { skip: fullNavdataMissing },
  async () => {
    const text = readFileSync(path.join(ROOT, 'samples', 'fpl-message.route'), 'utf8').replace(
      'EET/LSAS0030 LIMM0041',
      'EET/LSAS0030 SRN0042 LIMM0041 LIRR0105',
    );
    const block = parseRouteDocument(text).blocks[1]!;
    const expansion = expandRoute(block, await load(SHARED_NAVDATA));
    const answer = await fplEet(areasOf(simulatorFirs(false)), block, expansion);
    assert.ok(!('error' in answer));
    assert.equal(answer.newText, 'EET/LFMM0018 LSAS0036 LIMM0040 SRN0042 LIRR0105');
  },
);

// --- each EET/ word against the route ----------------------------------------------------------

/** A FIR between two meridians, from 45°N to 56°N. */
function strip(designator: string, west: number, east: number, boundaryFile?: string): FirEntry {
  const ring: [number, number][] = [
    [west, 45],
    [east, 45],
    [east, 56],
    [west, 56],
    [west, 45],
  ];
  return entry(designator, [[ring]], boundaryFile);
}

const STRIPS = [strip('EGTT', -10, 1), strip('LFFF', 1, 3), strip('EBBU', 3, 6), strip('EDGG', 6, 15)];
const LSAS = entry('LSAS', [
  [
    [
      [6, 45.8],
      [10.5, 45.8],
      [10.5, 47.8],
      [6, 47.8],
      [6, 45.8],
    ],
  ],
]);

const london = (f15: string, f18: string) =>
  `(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL1200\n-${f15}\n-EDDF0105\n-PBN/A1B1C1D1 ${f18})`;
const ROUTE = 'N0450F350 DVR UL9 KONAN L607 RUDUS';

function stripData(firs: FirEntry[] = STRIPS): MapData {
  return {
    firs,
    knownFirs: [...firs, LSAS].map((f) => ({ designator: f.designator, approximate: false })),
    airspaces: [],
    notams: [],
    microlights: [],
    notices: [],
  };
}

async function judge(text: string, data: MapData = stripData()) {
  const block = parseRouteDocument(text).blocks[0]!;
  const expansion = expandRoute(block, await load(EXCERPT));
  const computation = buildMapView({
    uri: 'file:///a.route',
    version: 1,
    blockIndex: 0,
    block,
    expansion,
    data,
    filters: DEFAULT_MAP_FILTERS,
    referenceMs: 0,
  });
  return fplTimes(block, expansion, computation, data).filter((f) => f.code !== 'F005');
}

interface WordCase {
  name: string;
  f15?: string;
  f18: string;
  /** Code, start and end character on line 5 (field 18), message; [] for none. */
  want: [string, number, number, string][];
  /** The first quick fix: its title and the text it writes. */
  fix?: [string, string];
  data?: MapData;
}

const STILL = 'in still air (the wind is not known) at the speeds of field 15 over the expanded route';

const WORD_CASES: WordCase[] = [
  {
    name: 'a significant point the route does not pass (F008) says where the route is at that time',
    f18: 'EET/XAMAN0020',
    want: [
      [
        'F008',
        18,
        27,
        `EET/XAMAN0020: XAMAN is not a point of the expanded route (airway points included); at 0:20 from take-off ` +
          `the route is near KOK (0:16) ${STILL}; an estimate is for a significant point on the route or a FIR boundary`,
      ],
    ],
  },
  {
    name: 'a point of the route at a time 17 min off (F004), with its computed time as the fix',
    f18: 'EET/KONAN0030',
    want: [
      [
        'F004',
        18,
        27,
        `EET/KONAN0030: 0:30 is 17 min later than the computed KONAN0013: the route passes KONAN 95 NM from ` +
          `take-off, at 0:13 ${STILL} (more than the 10 min margin)`,
      ],
    ],
    fix: ['Write KONAN0013', 'KONAN0013'],
  },
  { name: 'a point of an airway within the margin', f18: 'EET/GOLEX0025', want: [] },
  {
    name: 'times that do not grow along the route (F009): EDGG is reached after EBBU',
    f18: 'EET/LFFF0009 EBBU0027 EDGG0026',
    want: [
      [
        'F009',
        36,
        44,
        `EET/EDGG0026: 0:26 is earlier than EET/EBBU0027 (0:27), but the route reaches EDGG after EBBU (256 NM from ` +
          `take-off, EBBU at 133 NM): elapsed times grow along the route; computed EDGG0034 ${STILL}`,
      ],
    ],
    fix: ['Write EDGG0034', 'EDGG0034'],
  },
  {
    name: 'a FIR the route does not cross (F003) gives the computed EET/',
    f18: 'EET/LSAS0010',
    want: [
      [
        'F003',
        18,
        26,
        `EET/LSAS0010: the route does not cross LSAS by the hub's boundary of LSAS; it enters LFFF at 0:08, EBBU at ` +
          `0:18, EDGG at 0:34 ${STILL}: EET/LFFF0008 EBBU0018 EDGG0034`,
      ],
    ],
    fix: ['Insert EET/ for the FIR boundaries', 'EET/LFFF0008 EBBU0018 EDGG0034'],
  },
  {
    name: 'a FIR 19 min off (F004): its own time first, the whole EET/ second',
    f18: 'EET/LFFF0008 EBBU0037',
    want: [
      [
        'F004',
        27,
        35,
        `EET/EBBU0037: 0:37 is 19 min later than the computed EBBU0018: the route enters EBBU at 0:18 from take-off, ` +
          `${STILL}, by the hub's boundary of EBBU (more than the 10 min margin); all FIRs: EET/LFFF0008 EBBU0018 EDGG0034`,
      ],
    ],
    fix: ['Write EBBU0018', 'EBBU0018'],
  },
  { name: 'a 4-letter name no source knows as a FIR is not judged', f18: 'EET/EBUR0025', want: [] },
  {
    name: 'a point the route may pass inside its SID is not judged (F008 needs every point)',
    f15: 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS',
    f18: 'EET/XAMAN0020',
    want: [],
  },
  {
    name: 'without FIR data the points are still judged',
    f18: 'EET/KONAN0030 LFFF0008',
    want: [
      [
        'F004',
        18,
        27,
        `EET/KONAN0030: 0:30 is 17 min later than the computed KONAN0013: the route passes KONAN 95 NM from ` +
          `take-off, at 0:13 ${STILL} (more than the 10 min margin)`,
      ],
    ],
    data: { ...stripData([]), knownFirs: [] },
  },
];

for (const c of WORD_CASES) {
  test(`EET/ against the route: ${c.name}`, async () => {
    const text = london(c.f15 ?? ROUTE, c.f18);
    const found = await judge(text, c.data);
    assert.deepEqual(
      found.map((f) => [f.code, f.range.start.character, f.range.end.character, f.message]),
      c.want,
    );
    for (const f of found) {
      assert.equal(f.severity, 'warning');
      assert.equal(f.range.start.line, 5);
    }
    if (c.fix) {
      const fix = (found[0]!.data as TextFixData).fixes[0]!;
      assert.deepEqual([fix.title, fix.edits[0]!.newText], c.fix);
    }
  });
}

// --- without a hub: navigation data and a boundaries file ----------------------------------------

test('without a hub, navigation data and a boundaries file judge EET/: F003 names the file', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'eet-firs-'));
  const file = path.join(dir, 'firs.geojson');
  try {
    writeFileSync(
      file,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [...STRIPS, LSAS].map((f) => ({
          type: 'Feature',
          properties: { id: f.designator },
          geometry: { type: 'MultiPolygon', coordinates: f.polygons },
        })),
      }),
    );
    const session = new RouteSession({}, { retryMs: 0 });
    session.configure(
      { hub: {}, reference: {}, navdataFolder: EXCERPT, firBoundariesFile: file },
      { hubUserKey: null, reference: null },
    );
    const text = london(ROUTE, 'EET/LSAS0010');
    const checked = await session.documents.check(
      parsedDocument('file:///eet.route', 1, parseRouteDocument(text), new LineIndex(text)),
    );
    const f003 = checked.findings.filter((f) => f.code === 'F003');
    assert.deepEqual(
      f003.map((f) => f.message),
      [
        `EET/LSAS0010: the route does not cross LSAS by the boundary of LSAS in the file ${file}; it enters LFFF at ` +
          `0:08, EBBU at 0:18, EDGG at 0:34 ${STILL}: EET/LFFF0008 EBBU0018 EDGG0034`,
      ],
    );
    await session.dispose();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
