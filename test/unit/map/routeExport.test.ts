/**
 * The route export (server/src/map/routeExport.ts) on real offline expansions of the navdata
 * excerpt: the GeoJSON's line and points are the map's, an antimeridian crossing splits the line
 * (RFC 7946), points the expansion could not place are listed and never given coordinates, and
 * the GPX's text is escaped. Reading the files back with an independent reader:
 * routeExportReadback.test.ts.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import {
  exportFileName,
  exportRoute,
  routeGeoJson,
  routeGpx,
  routeKml,
  routeLines,
  xmlText,
  type GeoJsonFeatureCollection,
  type RouteExportInput,
} from '../../../server/src/map/routeExport';
import { routeLayer } from '../../../server/src/map/routePoints';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import type { LonLat, MapPoint } from '../../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../../server/src/route';
import type { RouteBlock } from '../../../server/src/route/model';

let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

const blockOf = (text: string): RouteBlock => parseRouteDocument(text).blocks.find((b) => b.elements.length > 0)!;

function exported(text: string, format: 'geojson' | 'gpx' | 'kml') {
  const block = blockOf(text);
  const expansion = expandRoute(block, db);
  const outcome = exportRoute(block, expansion, format, 'sample.route');
  assert.ok('content' in outcome, JSON.stringify(outcome));
  return { ...outcome, layer: routeLayer(block, expansion) };
}

const EUROPE = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n';
const PACIFIC = 'N0480F360 4000N16000E DCT 4500N17500W DCT 5000N15000W\n';

/** A strict XML parse: any error or warning fails the test. */
function parseXml(text: string) {
  const problems: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => {
      problems.push(`${level}: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
  assert.deepEqual(problems, [], 'the GPX is well-formed XML');
  return document;
}

test('GeoJSON: one LineString of the densified legs and a Point per point, with the map facts', () => {
  const { content, fileName, layer } = exported(EUROPE, 'geojson');
  assert.equal(fileName, 'sample-EGLL-EDDF.geojson');
  const collection = JSON.parse(content) as GeoJsonFeatureCollection;
  assert.equal(collection.type, 'FeatureCollection');
  const [route, ...waypoints] = collection.features;
  assert.equal(route!.geometry?.type, 'LineString', 'a route that does not cross the antimeridian is one line');
  const line = route!.geometry!.coordinates as LonLat[];
  const resolved = layer.points.filter((p) => p.status === 'resolved');
  assert.ok(line.length > resolved.length, 'the legs are densified, not straight lines between the points');
  assert.deepEqual(line[0], resolved[0]!.position);
  assert.deepEqual(line.at(-1), resolved.at(-1)!.position);
  assert.equal(route!.properties.name, 'EGLL → EDDF');
  assert.equal((route!.properties.legs as unknown[]).length, layer.legs.length);
  assert.deepEqual(route!.properties.unresolved, []);
  assert.equal(route!.properties.totalNm, resolved.at(-1)!.cumulativeNm);

  assert.deepEqual(
    waypoints.map((f) => f.properties.name),
    resolved.map((p) => p.name),
  );
  const konan = waypoints.find((f) => f.properties.name === 'KONAN')!;
  const mapKonan = resolved.find((p) => p.name === 'KONAN')!;
  assert.deepEqual(konan.geometry, { type: 'Point', coordinates: mapKonan.position });
  assert.equal(konan.properties.kind, 'fix');
  assert.equal(konan.properties.via, 'UL9');
  assert.equal(konan.properties.legNm, mapKonan.legNm);
  assert.equal(konan.properties.trackDeg, mapKonan.trackDeg);
  assert.equal(konan.properties.cumulativeNm, mapKonan.cumulativeNm);
  // Every vertex of the line lies on a leg the map draws: the line is the map's, joined.
  const drawn = layer.legs.flatMap((l) => l.paths.flat());
  assert.equal(line.length, drawn.length - (layer.legs.length - 1), 'each leg joins the next at one shared vertex');
  for (const [lon, lat] of line)
    assert.ok(
      drawn.some(([x, y]) => Math.abs(x - lon) < 1e-6 && Math.abs(y - lat) < 1e-6),
      `${lon},${lat} is a vertex of the map's legs`,
    );
});

test('antimeridian: the line is split into a MultiLineString that ends and starts on ±180°', () => {
  const { content, layer } = exported(PACIFIC, 'geojson');
  const collection = JSON.parse(content) as GeoJsonFeatureCollection;
  const route = collection.features[0]!;
  assert.equal(route.geometry?.type, 'MultiLineString');
  const lines = route.geometry!.coordinates as LonLat[][];
  assert.equal(lines.length, 2, 'one crossing, two lines');
  assert.equal(lines[0]!.at(-1)![0], 180);
  assert.equal(lines[1]![0]![0], -180);
  assert.equal(lines[0]!.at(-1)![1], lines[1]![0]![1], 'both sides meet at the same latitude');
  for (const [lon, lat] of lines.flat()) assert.ok(lon >= -180 && lon <= 180 && Math.abs(lat) <= 90);
  assert.deepEqual(lines[0]![0], [160, 40]);
  assert.deepEqual(lines[1]!.at(-1), [-150, 50]);
  assert.deepEqual(
    collection.features.slice(1).map((f) => f.geometry?.coordinates),
    layer.points.map((p) => p.position),
  );

  // KML: a MultiGeometry of the two sides.
  const kml = parseXml(exported(PACIFIC, 'kml').content);
  assert.equal(kml.getElementsByTagName('MultiGeometry')[0]?.getElementsByTagName('LineString').length, 2);

  // The GPX's track has one segment per side; its route points are the three written ones.
  const gpx = parseXml(exported(PACIFIC, 'gpx').content);
  assert.equal(gpx.getElementsByTagName('trkseg').length, 2);
  const rtepts = Array.from(gpx.getElementsByTagName('rtept'));
  assert.deepEqual(
    rtepts.map((p) => [Number(p.getAttribute('lon')), Number(p.getAttribute('lat'))]),
    [
      [160, 40],
      [-175, 45],
      [-150, 50],
    ],
  );
});

test('points the expansion could not place are listed, never given coordinates', () => {
  const text = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR DCT QQQQQ DCT KONAN\n';
  const { content, layer } = exported(text, 'geojson');
  const collection = JSON.parse(content) as GeoJsonFeatureCollection;
  const route = collection.features[0]!;
  const unresolved = route.properties.unresolved as {
    name: string;
    status: string;
    sequence: number;
    reason: string;
  }[];
  assert.equal(unresolved.length, 1);
  assert.equal(unresolved[0]!.name, 'QQQQQ');
  assert.equal(unresolved[0]!.status, 'unresolved');
  assert.equal(layer.points[unresolved[0]!.sequence]!.name, 'QQQQQ', 'its place in the route');
  assert.match(unresolved[0]!.reason, /X001: QQQQQ is not in the navigation data/);
  const names = collection.features.slice(1).map((f) => f.properties.name);
  assert.deepEqual(names, ['EGLL', 'DVR', 'KONAN', 'EDDF']);
  assert.equal(route.geometry?.type, 'LineString', 'the legs go round it and stay one line');

  const gpx = parseXml(exported(text, 'gpx').content);
  const rteNames = Array.from(gpx.getElementsByTagName('rtept')).map(
    (p) => p.getElementsByTagName('name')[0]?.textContent,
  );
  assert.deepEqual(rteNames, ['EGLL', 'DVR', 'KONAN', 'EDDF']);
  assert.match(
    gpx.getElementsByTagName('rte')[0]!.getElementsByTagName('desc')[0]!.textContent ?? '',
    /Not placed \(no coordinates\): QQQQQ/,
  );
});

test('nothing to export: a route not expanded, or with no point placed, is an error in words', () => {
  const block = blockOf(EUROPE);
  const notExpanded = exportRoute(block, undefined, 'gpx', 'sample.route');
  assert.ok('error' in notExpanded);
  assert.match(notExpanded.error, /not expanded/);
  const nowhere = blockOf('N0450F350 QQQQQ DCT WWWWW\n');
  const none = exportRoute(nowhere, expandRoute(nowhere, db), 'geojson', 'sample.route');
  assert.ok('error' in none);
  assert.match(none.error, /No point of this route could be placed/);
});

function handMadeInput(names: string[]): RouteExportInput {
  const points: MapPoint[] = names.map((name, i) => ({
    id: `p${i}`,
    name,
    kind: 'fix',
    status: 'resolved',
    position: [i * 0.5 + 1e-9, 47 + i * 0.25],
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    elementIndex: i,
    facts: [`fact about ${name}`],
    cumulativeNm: i * 20,
  }));
  const legs = points.slice(1).map((to, i) => ({
    id: `l${i}`,
    fromId: points[i]!.id,
    toId: to.id,
    via: 'A1<&>',
    range: to.range,
    elementIndex: i,
    paths: [[points[i]!.position!, to.position!]],
    distanceNm: 20,
    trackDeg: 45,
  }));
  return { title: `${names[0]} → ${names.at(-1)}`, routeText: names.join(' DCT '), layer: { points, legs } };
}

test('GPX and KML escape names and drop characters XML cannot hold; numbers never in exponent notation', () => {
  const nasty = ['<&>"\'', 'A&B', '</name><script>x</script>', 'BAD\u0001CTRL\uD800', 'ÉTÉ😀'];
  const text = routeGpx(handMadeInput(nasty));
  assert.doesNotMatch(text, /<script>/);
  assert.doesNotMatch(text, /e-\d/, 'no exponent notation (1e-9 is written 0)');
  const gpx = parseXml(text);
  const wptNames = Array.from(gpx.getElementsByTagName('wpt')).map(
    (w) => w.getElementsByTagName('name')[0]?.textContent,
  );
  assert.deepEqual(wptNames, ['<&>"\'', 'A&B', '</name><script>x</script>', 'BADCTRL', 'ÉTÉ😀']);
  const cmt = gpx.getElementsByTagName('rtept')[1]!.getElementsByTagName('cmt')[0]!.textContent;
  assert.equal(cmt, 'via A1<&>');
  assert.equal(gpx.getElementsByTagName('rte')[0]!.getElementsByTagName('name')[0]!.textContent, '<&>"\' → ÉTÉ😀');
  assert.equal(gpx.getElementsByTagName('wpt')[0]!.getAttribute('lon'), '0');
  const kml = parseXml(routeKml(handMadeInput(nasty)));
  assert.deepEqual(
    Array.from(kml.getElementsByTagName('Folder')[0]!.getElementsByTagName('name'))
      .slice(1)
      .map((n) => n.textContent),
    ['<&>"\'', 'A&B', '</name><script>x</script>', 'BADCTRL', 'ÉTÉ😀'],
  );
  // The GeoJSON carries the same names as JSON strings.
  const collection = routeGeoJson(handMadeInput(nasty));
  assert.deepEqual(
    collection.features.slice(1).map((f) => f.properties.name),
    nasty,
  );
});

test('xmlText keeps tabs, newlines and astral characters and drops what XML 1.0 forbids', () => {
  assert.equal(xmlText('a\tb\nc\r😀'), 'a\tb\nc\r😀');
  assert.equal(xmlText('\u0000\u0008\u000B\u001F\uFFFE\uDC00x'), 'x');
});

test('routeLines joins legs end to start and starts a new line only where one does not continue', () => {
  const leg = (paths: LonLat[][]) => ({ paths }) as Parameters<typeof routeLines>[0][number];
  assert.deepEqual(
    routeLines([
      leg([
        [
          [0, 0],
          [1, 1],
        ],
      ]),
      leg([
        [
          [1, 1.00000000001],
          [2, 2],
        ],
      ]),
    ]),
    [
      [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    ],
  );
});

test('file names: the route file and the route, with nothing a file system could mind', () => {
  assert.equal(exportFileName('europe.route', 'EGLL → EDDF', 'gpx'), 'europe-EGLL-EDDF.gpx');
  assert.equal(exportFileName('my routes.route', 'DLH4AB', 'geojson'), 'my-routes-DLH4AB.geojson');
  assert.equal(exportFileName('../x/..\\a.route', '<>:"/\\|?*', 'gpx'), 'x-a.gpx');
  assert.equal(exportFileName('.route', '', 'gpx'), 'route.gpx');
});

/** The legs' levels of EGLL DVR UL9 KONAN L607 RUDUS EDDF at 450 kt, from the points that start them. */
const LEVELS: Record<string, string> = {
  EGLL: 'climbing SFC–FL189',
  DVR: 'climbing FL189–FL254',
  KONAN: 'climbing FL254–FL320',
  KOK: 'climbing FL320–FL350',
  LNO: 'descending FL350–FL284',
  ARCKY: 'descending FL284–FL265',
  GELPA: 'descending FL265–FL238',
  NEKIR: 'descending FL238–FL197',
  ULMEN: 'descending FL197–FL148',
  NANOK: 'descending FL148–FL135',
  PINEM: 'descending FL135–FL105',
  LAGES: 'descending FL105–FL074',
  UBIDU: 'descending FL074–FL054',
  RUDUS: 'descending FL054–SFC',
  EDDF: 'descending FL054–SFC',
};

test('every format gives each placed point its planned level, its altitude on the climb or descent, and ETO (from the flight profile)', () => {
  const block = blockOf('origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN L607 RUDUS\n');
  const expansion = expandRoute(block, db);
  const at10 = Date.UTC(2026, 10, 26, 10, 0);
  const exportAs = (format: 'geojson' | 'gpx' | 'kml') => {
    const outcome = exportRoute(block, expansion, format, 'sample.route', at10);
    assert.ok('content' in outcome, JSON.stringify(outcome));
    return outcome.content;
  };
  const features = (JSON.parse(exportAs('geojson')) as { features: { properties: Record<string, unknown> }[] }).features
    .slice(1)
    .map((f) => f.properties);
  assert.deepEqual(
    features.map((p) => [p.name, p.plannedLevel, p.eto]),
    features.map((p) => {
      // 450 kt in still air from 10:00 at EGLL, to the nearest minute.
      const minutes = Math.round(((p.cumulativeNm as number) / 450) * 60);
      const eto = new Date(at10 + minutes * 60_000).toISOString().replace(/:00\.000Z$/, 'Z');
      // The climb at 2,000 ft/min to the top of climb 131 NM out (after KOK), the descent at
      // 300 ft/NM from 117 NM before EDDF (after LNO): each point says the leg that leaves it.
      const level = LEVELS[p.name as string] ?? 'FL350';
      return [p.name, level, eto];
    }),
  );
  assert.ok(features.length >= 5);
  assert.ok(features.filter((p) => p.plannedLevel === 'FL350').every((p) => p.plannedLevelFt === 35000));

  const gpx = parseXml(exportAs('gpx'));
  const dvr = [...gpx.getElementsByTagName('wpt')].find(
    (w) => w.getElementsByTagName('name')[0]?.textContent === 'DVR',
  )!;
  // DVR, 70.9 NM out on the climb at 266.7 ft/NM: 18,902 ft = 5761.3 m (FL350 would be 10668 m).
  assert.equal(dvr.getElementsByTagName('ele')[0]?.textContent, '5761.3');
  assert.equal(dvr.getElementsByTagName('time')[0]?.textContent, '2026-11-26T10:09:00Z');
  assert.match(
    dvr.getElementsByTagName('desc')[0]?.textContent ?? '',
    /^planned climbing FL189–FL254, ETO 2026-11-26T10:09Z; /,
  );
  assert.match(
    exportAs('kml'),
    /<name>DVR<\/name>\s*<description>via DCT; planned climbing FL189–FL254, ETO 2026-11-26T10:09Z; /,
  );
});
