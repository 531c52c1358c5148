/**
 * icaoRoute.map.airspaceFiles attacked: a FIFO, a device, a file past the size limit, brackets
 * JSON.parse would turn into far more memory than the text, and a broken file that an edit must
 * not read again. Each gives one clear notice; the FIFO never holds one of Node's file threads.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { RouteCorridor } from '../../../server/src/flight/corridor';
import { MapDataSource } from '../../../server/src/map/hubData';
import { MAX_AIRSPACE_FILE_BYTES } from '../../../server/src/map/airspaceFileLimits';

let folder: string;
const route = new RouteCorridor([
  { lon: 1, lat: 51 },
  { lon: 8, lat: 50 },
]);

before(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'icao-route-airspace-files-'));
});
after(() => rmSync(folder, { recursive: true, force: true }));

const noticesOf = async (files: string[]) =>
  (await new MapDataSource(undefined, files).forRoute(route, { alternates: [] })).notices.join('\n');

test('a FIFO is refused at once, and four refreshes leave the file threads free', async () => {
  const fifo = path.join(folder, 'pipe.geojson');
  execFileSync('mkfifo', [fifo]);
  const source = new MapDataSource(undefined, [fifo]);
  for (let i = 0; i < 5; i++) {
    const data = await source.forRoute(route, { alternates: [] });
    assert.match(data.notices.join('\n'), /pipe\.geojson could not be read: it is not a regular file/);
  }
  // Node has four file threads: a read blocked on each would never let this one through.
  const own = path.join(folder, 'plain.txt');
  writeFileSync(own, 'free');
  assert.equal(await readFile(own, 'utf8'), 'free');
});

test('a device (/dev/zero) is refused without reading it', async () => {
  assert.match(await noticesOf(['/dev/zero']), /\/dev\/zero could not be read: it is not a regular file/);
});

test('a file past the size limit is refused by its size, with the limit in words', async () => {
  const big = path.join(folder, 'big.geojson');
  writeFileSync(big, '');
  truncateSync(big, MAX_AIRSPACE_FILE_BYTES + 1);
  assert.match(
    await noticesOf([big]),
    /big\.geojson could not be read: it is 16 MB, more than the 16 MB an airspace file may have/,
  );
});

test('brackets nested deep or packed dense are refused before JSON.parse, with a clear message', async () => {
  const deep = path.join(folder, 'deep.geojson');
  writeFileSync(deep, `${'['.repeat(500_000)}${']'.repeat(500_000)}`);
  const dense = path.join(folder, 'dense.geojson');
  writeFileSync(dense, `[${Array.from({ length: 300_000 }, () => '[]').join(',')}]`);
  const notices = await noticesOf([deep, dense]);
  assert.match(notices, /deep\.geojson could not be read: its brackets nest more than 64 deep/);
  assert.match(notices, /dense\.geojson could not be read: it holds 300,001 brackets in/);
  assert.doesNotMatch(notices, /Invalid string length/);
});

test('a broken file is read once, not on every edit, and again once it changes', async () => {
  const broken = path.join(folder, 'broken.geojson');
  writeFileSync(broken, '{"type": "FeatureCollection", "features":  7}');
  const [atime, mtime] = [new Date(1_700_000_000_000), new Date(1_700_000_000_000)];
  utimesSync(broken, atime, mtime);
  const source = new MapDataSource(undefined, [broken]);
  const first = await source.forRoute(route, { alternates: [] });
  assert.match(first.notices.join('\n'), /broken\.geojson could not be read: it is not a GeoJSON FeatureCollection/);
  // Valid now, and of the same size: read again, it would give no notice.
  writeFileSync(broken, '{"type": "FeatureCollection", "features": []}');
  utimesSync(broken, atime, mtime);
  const again = await source.forRoute(route, { alternates: [] });
  assert.deepEqual(again.notices, first.notices, 'not read again while unchanged');
  utimesSync(broken, atime, new Date(mtime.getTime() + 5000));
  const changed = await source.forRoute(route, { alternates: [] });
  assert.doesNotMatch(changed.notices.join('\n'), /broken\.geojson/);
});
