/**
 * The route map's host-side work: with 2,000 airspaces and 5,000 NOTAMs spread over Europe
 * (seeded, the same every run), how long the crossings and the corridor filter take for a real
 * route (europe.route's first block, expanded offline), target under 50 ms; and the one-off
 * cost of indexing the areas (flatbush) and reading the NOTAMs' geometry, which the language
 * server pays once per data set (it keeps the index while the hub's answers stay the same). Process CPU time, best
 * of several rounds, as this machine is shared. And with 80,000 tiny airspaces along the route
 * (the attack of issue 20), the longest the event loop is held while the server indexes them,
 * makes the view and judges the conflicts, a chunk per turn: target under 50 ms.
 * `node --import tsx test/bench/run.ts map`.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { expandRoute } from '../../server/src/expansion/offlineExpansion';
import type { AirspaceProperties, Feature } from '../../server/src/hub/geojson';
import type { Notam } from '../../server/src/hub/notams';
import { circleRing } from '../../server/src/geo/geometry';
import { buildMapView, buildMapViewYielding, type MapData } from '../../server/src/map/mapView';
import { prepareAreas } from '../../server/src/flight/preparedAreas';
import { flightConflicts } from '../../server/src/flight/conflicts';
import { loadNavDatabase } from '../../server/src/navdata/loader';
import { DEFAULT_MAP_FILTERS, type MapView } from '../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../server/src/route';
import type { BenchFigure } from './run';
import { longestStallMs } from './support/stall';

export const name = 'route map (host side)';

/** Monday 23 Nov 2026 10:00Z: the flight is judged at a fixed time, so every run does the same work. */
const REFERENCE_MS = Date.UTC(2026, 10, 23, 10, 0);

/** Mulberry32: a small seeded generator, so every run measures the same data. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function syntheticData(): MapData {
  const random = seeded(12);
  const inEurope = () => ({ lat: 40 + random() * 20, lon: -10 + random() * 30 });
  const airspaces: Feature<AirspaceProperties>[] = [];
  for (let i = 0; i < 2000; i++) {
    const ring = circleRing(inEurope(), 3 + random() * 27, 16 + Math.floor(random() * 17));
    airspaces.push({
      type: 'Feature',
      id: `a${i}`,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: {
        name: `AREA ${i}`,
        designator: `X${i}`,
        type: ['CTR', 'TMA', 'R', 'D'][i % 4]!,
        lowerLimit: { uom: 'FT', value: '0', reference: 'SFC' },
        // One restricted area in eight reaches FL660: the route at FL350 conflicts with those it crosses.
        upperLimit: { uom: 'FL', value: i % 8 === 2 ? '660' : '195', reference: 'STD' },
      },
    });
  }
  const notams: MapData['notams'] = [];
  for (let i = 0; i < 5000; i++) {
    const p = inEurope();
    const notam: Notam = {
      id: `n${i}`,
      designation: `A${i}/26`,
      selectionCode: (['QRTCA', 'QNMAS', 'QMRLC', 'QOBCE', 'QWPLW'] as const)[i % 5]!, // i modulo 5: in range
      lat: p.lat,
      lon: p.lon,
      radiusNm: i % 50 === 0 ? 999 : 1 + Math.floor(random() * 25),
      affectedFIR: 'EBBU',
      text: 'NOTAM TEXT',
    };
    if (i % 20 === 0) {
      const c = (dLat: number, dLon: number) =>
        `${String(Math.floor(p.lat + dLat)).padStart(2, '0')}${String(Math.floor(((p.lat + dLat) % 1) * 60)).padStart(2, '0')}N${String(Math.floor(p.lon + dLon + 20)).padStart(3, '0')}${String(Math.floor(((p.lon + dLon + 20) % 1) * 60)).padStart(2, '0')}E`;
      notam.text = `AREA ${c(0, 0)} - ${c(0.3, 0)} - ${c(0.3, 0.4)} - ${c(0, 0.4)}.`;
    }
    notams.push({ notam, from: { kind: 'fir', designator: 'EBBU' } });
  }
  return { firs: [], airspaces, notams, microlights: [], notices: [] };
}

/** `count` airspaces of 0.01° along the route's points, as the attack's FIR answer had. */
function tinyAlongRoute(points: [number, number][], count: number): MapData {
  const airspaces: Feature<AirspaceProperties>[] = [];
  const perLeg = Math.ceil(count / (points.length - 1));
  for (let i = 0; i < count; i++) {
    const leg = i % (points.length - 1);
    const t = (Math.floor(i / (points.length - 1)) + 0.5) / perLeg;
    const [lon0, lat0] = points[leg]!;
    const [lon1, lat1] = points[leg + 1]!;
    const [lon, lat] = [lon0 + (lon1 - lon0) * t, lat0 + (lat1 - lat0) * t];
    const d = 0.005;
    airspaces.push({
      type: 'Feature',
      id: `t${i}`,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [lon - d, lat - d],
            [lon + d, lat - d],
            [lon + d, lat + d],
            [lon - d, lat + d],
            [lon - d, lat - d],
          ],
        ],
      },
      properties: {
        name: `TINY ${i}`,
        designator: `T${i}`,
        type: 'D',
        lowerLimit: { uom: 'FT', value: '0', reference: 'SFC' },
        upperLimit: { uom: 'FL', value: '660', reference: 'STD' },
      },
    });
  }
  return { firs: [], airspaces, notams: [], microlights: [], notices: [] };
}

function cpuMs(rounds: number, fn: () => void): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

export async function run(): Promise<BenchFigure[]> {
  const db = await loadNavDatabase(path.resolve(__dirname, '../fixtures/navdata'));
  const text = readFileSync(path.resolve(__dirname, '../../samples/europe.route'), 'utf8');
  const block = parseRouteDocument(text).blocks.find((b) => b.elements.length > 0)!;
  const expansion = expandRoute(block, db);
  const data = syntheticData();
  const filters = DEFAULT_MAP_FILTERS;
  let prepared = prepareAreas(data);
  // The view at the planned levels (the default filter): verdicts, reasons, crossing table, profile.
  const computation = () =>
    buildMapView({
      uri: 'file:///bench.route',
      version: 1,
      blockIndex: 0,
      referenceMs: REFERENCE_MS,
      block,
      expansion,
      data,
      filters,
      prepared,
    });
  const view = () => computation().view;
  const first = view();
  for (let i = 0; i < 3; i++) view();
  const prepareMs = cpuMs(5, () => (prepared = prepareAreas(data)));
  const corridorMs = cpuMs(10, view);
  // What the editor does per expanded block: the view at the planned levels (verdicts, reasons,
  // crossing table, profile) and the conflicts from it. Some areas are set to cross the route at
  // its level (one R area in eight reaches FL660; the route cruises at FL350): see syntheticData.
  const conflictsMs = cpuMs(10, () => flightConflicts(computation()));
  const judged = computation();
  const conflicts = flightConflicts(judged);
  const totalMs = cpuMs(5, () =>
    buildMapView({
      uri: 'file:///bench.route',
      version: 1,
      blockIndex: 0,
      referenceMs: REFERENCE_MS,
      block,
      expansion,
      data,
      filters,
    }),
  );
  // The language server's path for the map and the conflicts: index, view, conflicts, yielding.
  const routePoints = first.points.filter((p) => p.position).map((p) => p.position!);
  const many = tinyAlongRoute(routePoints, 80_000);
  let manyView: MapView | undefined;
  let stallMs = Infinity;
  for (let round = 0; round < 3; round++) {
    stallMs = Math.min(
      stallMs,
      await longestStallMs(async () => {
        const computation = await buildMapViewYielding({
          uri: 'file:///bench.route',
          version: 1,
          blockIndex: 0,
          referenceMs: REFERENCE_MS,
          block,
          expansion,
          data: many,
          filters,
        });
        flightConflicts(computation);
        manyView = computation.view;
      }),
    );
  }
  return [
    {
      label: 'map view with 80,000 airspaces: longest event-loop stall',
      value: stallMs,
      unit: 'ms',
      target: '< 50 ms',
      ok: stallMs < 50,
    },
    {
      label: 'map view with 80,000 airspaces: airspaces drawn (the cap)',
      value: manyView?.airspaces.length ?? 0,
      unit: 'airspaces',
    },
    {
      label: `route legs / airspaces kept / NOTAMs kept (of 2,000 / 5,000)`,
      value: first.legs.length * 1e6 + first.airspaces.length * 1e3 + first.notams.length,
      unit: 'legs·1e6 + airspaces·1e3 + NOTAMs',
    },
    {
      label: 'crossings and corridor filter, areas indexed',
      value: corridorMs,
      unit: 'ms',
      target: '< 50 ms',
      ok: corridorMs < 50,
    },
    {
      label: 'expansion result → crossings, reasons and diagnostics, 2,000 airspaces and 5,000 NOTAMs',
      value: conflictsMs,
      unit: 'ms',
      target: '< 50 ms',
      ok: conflictsMs < 50,
    },
    {
      label: 'verdicts / crossing rows / conflict diagnostics of that route',
      value:
        Object.keys(judged.view.verdicts ?? {}).length * 1e6 +
        (judged.view.crossings?.length ?? 0) * 1e3 +
        conflicts.length,
      unit: 'verdicts·1e6 + rows·1e3 + diagnostics',
    },
    { label: 'indexing 7,000 areas and reading NOTAM geometry (once per data set)', value: prepareMs, unit: 'ms' },
    { label: 'both, from raw data (a new data set)', value: totalMs, unit: 'ms' },
  ];
}
