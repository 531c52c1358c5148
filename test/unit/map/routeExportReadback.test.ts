/**
 * The exported files read back by an independent reader: @tmcw/togeojson (with @xmldom/xmldom as
 * its DOM) turns the GPX (and the KML) into GeoJSON, which must give the expansion's points (names and
 * coordinates to 1e-6°), the route through them and the great-circle track; the GeoJSON export
 * parses as JSON with the same points. Routes from the navdata excerpt, one of them across the
 * antimeridian.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { exportRoute, routeLines } from '../../../server/src/map/routeExport';
import { routeLayer } from '../../../server/src/map/routePoints';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { readBackExport, type ExportedPoint } from '../../shared/routeExportReadback';

let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

const ROUTES = {
  europe: 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n',
  pacific: 'N0480F360 4000N16000E DCT 4500N17500W DCT 5000N15000W\n',
  unresolved: 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR DCT QQQQQ DCT KONAN\n',
};

function expectedPoints(text: string): { points: ExportedPoint[]; lines: [number, number][][] } {
  const block = parseRouteDocument(text).blocks.find((b) => b.elements.length > 0)!;
  const layer = routeLayer(block, expandRoute(block, db));
  return {
    points: layer.points
      .filter((p) => p.status === 'resolved')
      .map((p) => ({ name: p.name, lon: p.position![0], lat: p.position![1] })),
    lines: routeLines(layer.legs),
  };
}

function exportOf(text: string, format: 'geojson' | 'gpx' | 'kml'): string {
  const block = parseRouteDocument(text).blocks.find((b) => b.elements.length > 0)!;
  const outcome = exportRoute(block, expandRoute(block, db), format, 'sample.route');
  assert.ok('content' in outcome, JSON.stringify(outcome));
  return outcome.content;
}

function assertSamePoints(actual: ExportedPoint[], expected: ExportedPoint[], what: string): void {
  assert.deepEqual(
    actual.map((p) => p.name),
    expected.map((p) => p.name),
    `${what}: names`,
  );
  actual.forEach((p, i) => {
    const e = expected[i]!;
    assert.ok(
      Math.abs(p.lon - e.lon) <= 1e-6 && Math.abs(p.lat - e.lat) <= 1e-6,
      `${what}: ${p.name} at ${p.lon},${p.lat}, expected ${e.lon},${e.lat}`,
    );
  });
}

for (const [name, text] of Object.entries(ROUTES)) {
  test(`${name}: togeojson reads the GPX back with the expansion's points, route and track`, () => {
    const expected = expectedPoints(text);
    const back = readBackExport(exportOf(text, 'gpx'), 'gpx');
    assertSamePoints(back.points, expected.points, 'GPX waypoints');
    assert.ok(back.route, 'a route (rte) feature');
    assert.equal(back.route.length, expected.points.length);
    back.route.forEach(([lon, lat], i) => {
      assert.ok(Math.abs(lon - expected.points[i]!.lon) <= 1e-6 && Math.abs(lat - expected.points[i]!.lat) <= 1e-6);
    });
    assert.equal(back.track.length, expected.lines.length, 'one track segment per line between antimeridian crossings');
    back.track.forEach((line, i) => {
      assert.equal(line.length, expected.lines[i]!.length);
      line.forEach(([lon, lat], j) => {
        const [elon, elat] = expected.lines[i]![j]!;
        assert.ok(Math.abs(lon - elon) <= 1e-6 && Math.abs(lat - elat) <= 1e-6);
      });
    });
  });

  test(`${name}: togeojson reads the KML back with the expansion's points and lines`, () => {
    const expected = expectedPoints(text);
    const back = readBackExport(exportOf(text, 'kml'), 'kml');
    assertSamePoints(back.points, expected.points, 'KML placemarks');
    assert.equal(back.track.length, expected.lines.length);
    back.track.forEach((line, i) => assert.equal(line.length, expected.lines[i]!.length));
  });

  test(`${name}: the GeoJSON parses and has the same points`, () => {
    const expected = expectedPoints(text);
    const back = readBackExport(exportOf(text, 'geojson'), 'geojson');
    assertSamePoints(back.points, expected.points, 'GeoJSON points');
    assert.equal(back.track.length, expected.lines.length);
  });
}

test('togeojson itself: a hand-written GPX gives its waypoint (the reader is not a pass-through)', () => {
  const doc = new DOMParser().parseFromString(
    '<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1"><wpt lat="1.5" lon="-2.25"><name>X&amp;Y</name></wpt></gpx>',
    'text/xml',
  );
  const features = gpx(doc).features;
  assert.equal(features.length, 1);
  assert.deepEqual(features[0]!.geometry, { type: 'Point', coordinates: [-2.25, 1.5] });
  assert.equal(features[0]!.properties?.name, 'X&Y');
});
