/**
 * icaoRoute/exportRoute in the real built server, expanding offline from the navdata excerpt:
 * asked right after the document opens (the server waits for the expansion), the GPX and GeoJSON
 * read back through @tmcw/togeojson have the points of the map view of the same block; the block
 * follows the position; bad requests and a server with nothing to expand from answer in words.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { EXPORT_ROUTE_REQUEST, type ExportRouteResult } from '../../common/protocol/lspMessages';
import { MAP_VIEW_REQUEST, type MapView } from '../../common/protocol/mapMessages';
import { readBackExport } from '../shared/routeExportReadback';
import { ROOT } from './support/build';
import { sample, ServerUnderTest } from './support/server';

const NAVDATA = path.join(ROOT, 'test', 'fixtures', 'navdata');
const URI = 'file:///export/my%20europe.route';

let server: ServerUnderTest;
let bare: ServerUnderTest;

before(async () => {
  server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder: NAVDATA } } },
  });
  bare = await ServerUnderTest.start();
});

after(async () => {
  await server?.stop();
  await bare?.stop();
});

const exportAt = (s: ServerUnderTest, params: unknown) =>
  s.connection.sendRequest(EXPORT_ROUTE_REQUEST, params) as Promise<ExportRouteResult>;

function content(result: ExportRouteResult): { fileName: string; content: string } {
  assert.ok('content' in result, JSON.stringify(result));
  return result;
}

test('asked at once, the export waits for the expansion; GPX, GeoJSON and KML read back with the map view points', async () => {
  await server.open(URI, sample('europe.route'));
  // Line 14 is the third route (EHAM → LEMD); nothing is expanded yet when the request arrives.
  const gpx = content(await exportAt(server, { uri: URI, position: { line: 14, character: 3 }, format: 'gpx' }));
  assert.equal(gpx.fileName, 'my-europe-EHAM-LEMD.gpx');
  const view = (await server.connection.sendRequest(MAP_VIEW_REQUEST, {
    uri: URI,
    position: { line: 14, character: 3 },
  })) as MapView | null;
  assert.ok(view);
  const expected = view.points
    .filter((p) => p.status === 'resolved')
    .map((p) => ({ name: p.name, lon: p.position![0], lat: p.position![1] }));
  assert.ok(expected.length > 8, `the map view's points: ${JSON.stringify(expected)}`);
  assert.deepEqual(
    expected.slice(0, 1).map((p) => p.name),
    ['EHAM'],
  );

  const geojson = content(
    await exportAt(server, { uri: URI, position: { line: 14, character: 3 }, format: 'geojson' }),
  );
  assert.equal(geojson.fileName, 'my-europe-EHAM-LEMD.geojson');
  const kml = content(await exportAt(server, { uri: URI, position: { line: 14, character: 3 }, format: 'kml' }));
  assert.equal(kml.fileName, 'my-europe-EHAM-LEMD.kml');
  for (const [format, text] of [
    ['gpx', gpx.content],
    ['geojson', geojson.content],
    ['kml', kml.content],
  ] as const) {
    const back = readBackExport(text, format);
    assert.deepEqual(
      back.points.map((p) => p.name),
      expected.map((p) => p.name),
      format,
    );
    back.points.forEach((p, i) => {
      assert.ok(Math.abs(p.lon - expected[i]!.lon) <= 1e-6 && Math.abs(p.lat - expected[i]!.lat) <= 1e-6, format);
    });
    assert.equal(back.track.length, 1, `${format}: one line, no antimeridian here`);
  }
});

test('without a position, the first route block', async () => {
  const result = content(await exportAt(server, { uri: URI, format: 'geojson' }));
  assert.equal(result.fileName, 'my-europe-EGLL-EDDF.geojson');
  const names = readBackExport(result.content, 'geojson').points.map((p) => p.name);
  assert.equal(names[0], 'EGLL');
  assert.equal(names.at(-1), 'EDDF');
  assert.ok(names.includes('KONAN'));
});

test('bad requests are answered in words, and the server stays up', async () => {
  const error = async (params: unknown) => {
    const result = await exportAt(server, params);
    assert.ok('error' in result, JSON.stringify(result));
    return result.error;
  };
  assert.match(await error({ uri: 'file:///export/not-open.route', format: 'gpx' }), /not open/);
  assert.match(await error({ uri: URI, format: 'kml<script>' }), /Unknown export format: kml<script>/);
  assert.match(await error({ uri: URI, position: { line: 0, character: 0 }, format: 'gpx' }), /No route here/);
  assert.match(await error(null), /No document/);
  // A malformed position counts as none: the first block.
  const first = content(await exportAt(server, { uri: URI, position: { line: -3, character: 'x' }, format: 'gpx' }));
  assert.equal(first.fileName, 'my-europe-EGLL-EDDF.gpx');
  assert.ok((await server.serverInfo()).pid > 0);
});

test('with no hub key and no navigation data there are no coordinates, and the answer says why', async () => {
  await bare.open(URI, sample('europe.route'));
  const result = await exportAt(bare, { uri: URI, format: 'gpx' });
  assert.ok('error' in result, JSON.stringify(result));
  assert.match(result.error, /not expanded/);
});
