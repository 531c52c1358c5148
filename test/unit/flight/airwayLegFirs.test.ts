/**
 * F010 (issue 37 §4): with the hub as the only source, `DVR UL9 KONAM` (the KONAM near Warsaw,
 * 723 NM on, no point of UL9 in between) is found by the FIR outlines its one leg passes through
 * whole; correct routes are not: the samples, and every segment of every airway of the 2013.10
 * data of ../shared/navdata, with the simulator's FIR table and with the real boundaries of
 * ../shared/firs.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { test } from 'node:test';
import { parseRouteDocument, type RouteBlock } from '../../../server/src/route';
import type { ExpandedPoint, RouteDiagnostic } from '../../../server/src/route/model';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { RouteCorridor } from '../../../server/src/flight/corridor';
import { firsCrossed, type FirEntry } from '../../../server/src/flight/firs';
import { flightProfile } from '../../../server/src/flight/profile';
import { airwayLegFindings, FIRS_PASSED_MIN, firsPassedWhole } from '../../../server/src/flight/airwayLegFirs';
import { loadFirBoundaries } from '../../../server/src/map/firBoundaries';
import { boxOfRings } from '../../../server/src/hub/hubXml';
import { distanceNm } from '../../../server/src/geo/geodesy';
import { BUILTIN_FIRS } from '../../hub-sim/firs-builtin';
import { EXCERPT, ROOT, SAMPLES, SHARED_NAVDATA, fullNavdataMissing, load } from '../navdata/paths';

const SHARED_FIRS = path.resolve(ROOT, '../shared/firs/boundaries.geojson.gz');

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

/** The hub simulator's FIR table (its outlines, as its FIR airspaces give them). */
const SIMULATOR_FIRS: FirEntry[] = BUILTIN_FIRS.map((f) => entry(f.code, [[[...f.outline, f.outline[0]!]]]));

/** A FIR between two meridians, from 45°N to 56°N. */
function strip(designator: string, west: number, east: number): FirEntry {
  return entry(designator, [
    [
      [
        [west, 45],
        [east, 45],
        [east, 56],
        [west, 56],
        [west, 45],
      ],
    ],
  ]);
}

const blockOf = (text: string): RouteBlock => parseRouteDocument(text).blocks[0]!;
const point = (designator: string, lat: number, lon: number, elementIndex: number, via?: string): ExpandedPoint => ({
  designator,
  resolvedFix: designator,
  lat,
  lon,
  type: 'fix',
  elementIndex,
  ...(via ? { via } : {}),
});

/** As the session judges it: the FIRs crossed along the placed points, the profile over the same points. */
function findings(
  block: RouteBlock,
  points: readonly ExpandedPoint[],
  firs: readonly FirEntry[],
  expansionFindings: readonly RouteDiagnostic[] = [],
  pointsSource: 'hub' | 'navdata' = 'hub',
): RouteDiagnostic[] {
  const crossed = firsCrossed(new RouteCorridor(points.map((p) => ({ lat: p.lat, lon: p.lon }))), firs);
  return airwayLegFindings({
    block,
    profile: flightProfile(block.elements, points, 0),
    firs: crossed,
    expansionFindings,
    pointsSource,
  });
}

const at = (f: RouteDiagnostic) =>
  `${f.code}@${f.range.start.line}:${f.range.start.character}-${f.range.end.character}`;

// The hub's answer for DVR UL9 KONAM: DVR, then the only KONAM (52°14'N 020°43'E), no point in between.
const DVR = point('DVR', 51.1625, 1.359167, 1);
const KONAM = point('KONAM', 52.235556, 20.716944, 3);
const KONAM_TEXT = 'N0450F350 DVR UL9 KONAM';

test('F010, table: the leg, the FIRs it passes through whole, the place, the words, the sources', () => {
  const file = '/data/firs.geojson';
  const fromFile = SIMULATOR_FIRS.map((f) => ({ ...f, boundaryFile: file }));
  const cases: {
    name: string;
    text: string;
    points: ExpandedPoint[];
    firs: FirEntry[];
    expansion?: RouteDiagnostic[];
    source?: 'hub' | 'navdata';
    /** Each finding's place, then words its message holds. */
    expected: [string, ...string[]][];
  }[] = [
    {
      name: "DVR UL9 KONAM, the hub's points and FIR outlines",
      text: KONAM_TEXT,
      points: [DVR, KONAM],
      firs: SIMULATOR_FIRS,
      expected: [
        [
          'F010@0:18-23',
          "UL9 to KONAM, where you leave it, is one leg of 723 NM in the hub's expansion (DVR–KONAM, no point of UL9 " +
            'between them) that passes through the whole of EHAA, EDGG and EDWW: airway segments end at points ' +
            'long before that; check that KONAM is the point of UL9 meant (a namesake elsewhere?), or write the point ' +
            "of UL9 where you leave it. Found on the hub's points and the hub's FIR outlines.",
        ],
      ],
    },
    {
      name: 'the outlines from the boundaries file: named',
      text: KONAM_TEXT,
      points: [DVR, KONAM],
      firs: fromFile,
      expected: [['F010@0:18-23', `Found on the hub's points and the FIR outlines of ${file}.`]],
    },
    {
      name: 'the navigation data already says KONAM is off UL9 (X002): nothing more',
      text: KONAM_TEXT,
      points: [DVR, KONAM],
      firs: SIMULATOR_FIRS,
      expansion: [
        {
          code: 'X002',
          severity: 'warning',
          message: 'UL9 does not pass KONAM',
          range: blockOf(KONAM_TEXT).elements[3]!.range,
        },
      ],
      expected: [],
    },
    {
      name: 'only the boxes of the FIRs are known: nothing is said of where they end',
      text: KONAM_TEXT,
      points: [DVR, KONAM],
      firs: SIMULATOR_FIRS.map(({ polygons: _outline, ...box }) => box),
      expected: [],
    },
    {
      name: 'points of the airway in between: the leg to the point where it is left',
      text: 'N0450F350 BIG UL9 KONAM',
      points: [point('BIG', 51.330875, 0.034811, 1), point('DVR', 51.1625, 1.359167, 2, 'UL9'), KONAM],
      firs: SIMULATOR_FIRS,
      expected: [
        ['F010@0:18-23', "UL9 to KONAM, where you leave it, is one leg of 723 NM in the hub's expansion (DVR–KONAM"],
      ],
    },
    {
      name: 'and the leg from the point where it is joined, on the airway',
      text: 'N0450F350 KONAM UL9 BIG',
      points: [
        point('KONAM', 52.235556, 20.716944, 1),
        point('DVR', 51.1625, 1.359167, 2, 'UL9'),
        point('BIG', 51.330875, 0.034811, 3),
      ],
      firs: SIMULATOR_FIRS,
      expected: [
        [
          'F010@0:16-19',
          "UL9 from KONAM, where you join it, is one leg of 723 NM in the hub's expansion (KONAM–DVR, no point of UL9 " +
            'between them) that passes through the whole of EDWW, EDGG and EHAA',
        ],
      ],
    },
    {
      name: 'DCT: a direct leg may cross as many FIRs as it likes',
      text: 'N0450F350 DVR DCT KONAM',
      points: [DVR, KONAM],
      firs: SIMULATOR_FIRS,
      expected: [],
    },
    {
      name: `${FIRS_PASSED_MIN} FIRs passed through whole: said`,
      text: 'N0450F350 AAA UL9 BBB',
      points: [point('AAA', 50, 0, 1), point('BBB', 50, 10, 3)],
      firs: [strip('F001', 1, 3), strip('F002', 3, 5), strip('F003', 5, 7)],
      expected: [['F010@0:18-21', 'the whole of F001, F002 and F003:']],
    },
    {
      name: `${FIRS_PASSED_MIN - 1}: not`,
      text: 'N0450F350 AAA UL9 BBB',
      points: [point('AAA', 50, 0, 1), point('BBB', 50, 10, 3)],
      firs: [strip('F001', 1, 3), strip('F002', 3, 5)],
      expected: [],
    },
    {
      // 9.9° of longitude at 50°N is about 8 NM short of the leg's end: within the boundary tolerance.
      name: 'a FIR left within 15 NM of the point: the leg ends at its boundary, not beyond it',
      text: 'N0450F350 AAA UL9 BBB',
      points: [point('AAA', 50, 0, 1), point('BBB', 50, 10, 3)],
      firs: [strip('F001', 1, 3), strip('F002', 3, 5), strip('F003', 5, 9.8)],
      expected: [],
    },
    {
      name: "the navigation data's points (no hub), said so",
      text: 'N0450F350 AAA UL9 BBB',
      points: [point('AAA', 50, 0, 1), point('BBB', 50, 10, 3)],
      firs: [strip('F001', 1, 3), strip('F002', 3, 5), strip('F003', 5, 7)],
      source: 'navdata',
      expected: [
        [
          'F010@0:18-21',
          'in the expansion (AAA–BBB,',
          "Found on the navigation data's points and the hub's FIR outlines.",
        ],
      ],
    },
  ];
  for (const c of cases) {
    const found = findings(blockOf(c.text), c.points, c.firs, c.expansion, c.source);
    assert.deepEqual(
      found.map(at),
      c.expected.map(([place]) => place),
      c.name,
    );
    found.forEach((f, i) => {
      assert.equal(f.severity, 'warning', c.name);
      for (const words of c.expected[i]!.slice(1)) assert.ok(f.message.includes(words), `${c.name}: ${f.message}`);
    });
  }
  // The first case's words in full.
  assert.equal(findings(blockOf(KONAM_TEXT), [DVR, KONAM], SIMULATOR_FIRS)[0]!.message, cases[0]!.expected[0]![1]);
});

test("the samples, expanded on the excerpt, with the simulator's FIRs: no F010", async () => {
  const db = await load(EXCERPT);
  for (const file of readdirSync(SAMPLES).filter((f) => f.endsWith('.route') && f !== 'broken.route')) {
    for (const block of parseRouteDocument(readFileSync(path.join(SAMPLES, file), 'utf8')).blocks) {
      if (block.elements.length === 0) continue;
      const expansion = expandRoute(block, db);
      const placed = expansion.points;
      if (placed.length < 2) continue;
      assert.deepEqual(
        findings(block, placed, SIMULATOR_FIRS, expansion.findings).map(at),
        [],
        `${file} ${block.name}`,
      );
    }
  }
});

/** Every segment of the 2013.10 airways, once each way of writing it: [from, to, airway]. */
function airwaySegments(): { a: { lat: number; lon: number }; b: { lat: number; lon: number }; name: string }[] {
  const text = zlib.gunzipSync(readFileSync(path.join(SHARED_NAVDATA, 'awy.dat.gz'))).toString('latin1');
  const seen = new Set<string>();
  const out: ReturnType<typeof airwaySegments> = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10) continue;
    const a = { lat: Number(f[1]), lon: Number(f[2]) };
    const b = { lat: Number(f[4]), lon: Number(f[5]) };
    if (![a.lat, a.lon, b.lat, b.lon].every(Number.isFinite)) continue;
    const key = [f[0], f[3]].sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ a, b, name: `${f[0]} ${f[9]} ${f[3]}` });
  }
  return out;
}

/** The FIRs each segment passes through whole, by the rule's own measure, where it passes any. */
function passedWhole(firs: readonly FirEntry[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { a, b, name } of airwaySegments()) {
    const length = distanceNm(a, b);
    // A leg shorter than twice the tolerance passes through nothing whole.
    if (length < 30) continue;
    const [w, s, e, n] = [
      Math.min(a.lon, b.lon),
      Math.min(a.lat, b.lat),
      Math.max(a.lon, b.lon),
      Math.max(a.lat, b.lat),
    ];
    const near = firs.filter(({ bbox: [fw, fs, fe, fn] }) => fw <= e && fe >= w && fs <= n && fn >= s);
    if (near.length === 0) continue;
    const whole = firsPassedWhole(0, length, firsCrossed(new RouteCorridor([a, b]), near));
    if (whole.length > 0)
      found.set(
        name,
        whole.map((f) => f.designator),
      );
  }
  return found;
}

test(
  "every airway segment of the 2013.10 data against the simulator's FIRs: none passes through two whole",
  { skip: fullNavdataMissing },
  () => {
    const found = passedWhole(SIMULATOR_FIRS);
    const two = [...found].filter(([, firs]) => firs.length >= 2);
    assert.deepEqual(two, []);
    // The rule's measure is exercised: a few long segments do pass through one FIR whole.
    assert.ok(found.size > 10, `${found.size}`);
  },
);

test(
  'every airway segment against the real boundaries of ../shared/firs: none passes through three whole; DVR–KONAM does',
  { skip: fullNavdataMissing || !existsSync(SHARED_FIRS) },
  async () => {
    const boundaries = await loadFirBoundaries(SHARED_FIRS);
    const firs = [...boundaries.byFir].map(([d, polygons]) => entry(d, polygons, SHARED_FIRS));
    const found = passedWhole(firs);
    const three = [...found].filter(([, whole]) => whole.length >= FIRS_PASSED_MIN);
    assert.deepEqual(three, []);
    // Two in turn do happen (Gander and Moncton on a North American Route, a jet route across two
    // US centres): the reason the rule asks for three.
    assert.ok([...found.values()].some((whole) => whole.length === 2));
    const found010 = findings(blockOf(KONAM_TEXT), [DVR, KONAM], firs);
    assert.deepEqual(found010.map(at), ['F010@0:18-23']);
    assert.match(found010[0]!.message, /passes through the whole of (\w{4}, )+\w{4} and \w{4}: /);
    assert.ok(found010[0]!.message.endsWith(`Found on the hub's points and the FIR outlines of ${SHARED_FIRS}.`));
  },
);
