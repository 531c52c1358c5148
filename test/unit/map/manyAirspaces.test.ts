/**
 * 80,000 tiny airspaces along a route and one polygon of a million vertices: the map view is made
 * a chunk per turn of the event loop (other requests get through; a newer version cancels it),
 * keeps at most MAX_AIRSPACES_PER_VIEW with a notice, and no geometry keeps more than
 * MAX_VERTICES_PER_GEOMETRY vertices.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import type { AirspaceProperties, Feature } from '../../../server/src/hub/geojson';
import { buildMapView, buildMapViewYielding, type MapData, type MapViewInput } from '../../../server/src/map/mapView';
import { MAX_AIRSPACES_PER_VIEW } from '../../../server/src/flight/judgedFlight';
import { prepareAreasYielding } from '../../../server/src/flight/preparedAreas';
import { routeLayer } from '../../../server/src/map/routePoints';
import { StepsCancelled } from '../../../server/src/flight/steps';
import { limitFeatureVertices, MAX_VERTICES_PER_GEOMETRY, vertexCount } from '../../../server/src/geo/vertexLimit';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { DEFAULT_MAP_FILTERS, type LonLat } from '../../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../../server/src/route';

let db: NavDatabase;
before(async () => {
  db = (await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata')))!;
});

const EUROPE = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n';

function airspace(id: string, ring: LonLat[]): Feature<AirspaceProperties> {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: {
      name: `TINY ${id}`,
      designator: id,
      type: 'D',
      lowerLimit: { uom: 'FT', value: '0', reference: 'SFC' },
      upperLimit: { uom: 'FL', value: '660', reference: 'STD' },
    },
  };
}

/** `count` squares of 0.01° along the route's legs. */
function tinyAirspaces(input: Pick<MapViewInput, 'block' | 'expansion'>, count: number): MapData {
  const points = routeLayer(input.block, input.expansion)
    .points.filter((p) => p.position)
    .map((p) => p.position!);
  const airspaces: Feature<AirspaceProperties>[] = [];
  for (let i = 0; i < count; i++) {
    const leg = i % (points.length - 1);
    const t = (Math.floor(i / (points.length - 1)) + 0.5) / Math.ceil(count / (points.length - 1));
    const [lon0, lat0] = points[leg]!;
    const [lon1, lat1] = points[leg + 1]!;
    const lon = lon0 + (lon1 - lon0) * t;
    const lat = lat0 + (lat1 - lat0) * t;
    const d = 0.005;
    airspaces.push(
      airspace(`t${i}`, [
        [lon - d, lat - d],
        [lon + d, lat - d],
        [lon + d, lat + d],
        [lon - d, lat + d],
        [lon - d, lat - d],
      ]),
    );
  }
  return { firs: [], airspaces, notams: [], microlights: [], notices: [] };
}

function inputFor(count: number): MapViewInput {
  const block = parseRouteDocument(EUROPE).blocks[0]!;
  const expansion = expandRoute(block, db);
  return {
    uri: 'file:///many.route',
    version: 1,
    blockIndex: 0,
    block,
    expansion,
    data: tinyAirspaces({ block, expansion }, count),
    filters: DEFAULT_MAP_FILTERS,
    referenceMs: Date.UTC(2026, 10, 23, 10, 0),
  };
}

test('80,000 airspaces in the corridor: at most the cap in the view, crossed ones first, with a notice', () => {
  const { view, judged } = buildMapView(inputFor(80_000));
  assert.equal(view.airspaces.length, MAX_AIRSPACES_PER_VIEW);
  assert.ok(view.airspaces.every((a) => a.crossed));
  assert.equal(judged.filter((j) => j.kind === 'airspace').length, MAX_AIRSPACES_PER_VIEW);
  assert.equal(Object.keys(view.verdicts ?? {}).length, MAX_AIRSPACES_PER_VIEW);
  assert.ok(
    view.notices.some((n) =>
      /^80,000 airspaces lie within the corridor; the map shows and judges the 2,000 nearest/.test(n),
    ),
    view.notices.join('\n'),
  );
});

test('the view of 20,000 airspaces is made a chunk per turn: the event loop turns hundreds of times meanwhile', async () => {
  const input = inputFor(20_000);
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const prepared = await prepareAreasYielding(input.data);
  const { view } = await buildMapViewYielding({ ...input, prepared });
  running = false;
  assert.equal(view.airspaces.length, MAX_AIRSPACES_PER_VIEW);
  assert.ok(turns >= 100, `only ${turns} turns of the event loop while 20,000 airspaces were judged`);
  assert.deepEqual(view, buildMapView({ ...input, prepared }).view, 'the same view as made at once');
});

test('a cancelled view stops between two chunks', async () => {
  const input = inputFor(20_000);
  const controller = new AbortController();
  const pending = buildMapViewYielding(input, controller.signal);
  await new Promise((resolve) => setImmediate(resolve));
  controller.abort();
  await assert.rejects(pending, StepsCancelled);
});

test('one polygon of 1.2 million vertices keeps at most 5,000, its outline where it was', () => {
  const ring: LonLat[] = [];
  const n = 1_200_000;
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    // A wavy circle of 2° radius: the waves are far below what a map at route scale shows.
    const r = 2 + 0.00001 * Math.sin(i);
    ring.push([5 + r * Math.cos(a), 50 + r * Math.sin(a)]);
  }
  ring.push([ring[0]![0], ring[0]![1]]);
  const feature = airspace('huge', ring);
  assert.equal(limitFeatureVertices(feature), true);
  const polygons = [(feature.geometry as { coordinates: LonLat[][] }).coordinates];
  const count = vertexCount(polygons);
  assert.ok(count <= MAX_VERTICES_PER_GEOMETRY && count >= 100, `${count} vertices`);
  const outer = polygons[0]![0]!;
  assert.deepEqual(outer[0], outer[outer.length - 1], 'the ring stays closed');
  for (const [lon, lat] of outer) {
    const r = Math.hypot(lon - 5, lat - 50);
    assert.ok(Math.abs(r - 2) < 0.05, `a vertex moved ${Math.abs(r - 2)}°`);
  }
  const small = airspace('small', ring.slice(0, 10).concat([ring[0]!]));
  assert.equal(limitFeatureVertices(small), false, 'a geometry within the limit stays as it is');
});
