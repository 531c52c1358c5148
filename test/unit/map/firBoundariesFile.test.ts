/**
 * icaoRoute.map.firBoundariesFile attacked as the other local files are (issue 35, item 2): a
 * FIFO, a device, a file past the size limit, a gzip bomb, and brackets JSON.parse would turn into
 * far more memory than the text. Each ends in one clear message; the FIFO never holds a file
 * thread, the bomb stops at the limit within a bounded memory, and the map's FIR catalogue still
 * answers (with the notice) instead of waiting for ever.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { HubClient } from '../../../server/src/hub';
import { MAX_FIR_BOUNDARIES_BYTES } from '../../../server/src/map/airspaceFileLimits';
import { RouteCorridor } from '../../../server/src/flight/corridor';
import { FirBoundariesError, loadFirBoundaries } from '../../../server/src/map/firBoundaries';
import { MapDataSource } from '../../../server/src/map/hubData';
import { startLocalServer, type LocalServer } from '../hub/localServer';

const ROOT = path.resolve(__dirname, '../../..');
let folder: string;

before(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'icao-route-fir-boundaries-'));
});
after(() => rmSync(folder, { recursive: true, force: true }));

const rejectsWith = (pattern: RegExp) => (error: Error) => {
  assert.ok(error instanceof FirBoundariesError, `a FirBoundariesError, got ${error.name}: ${error.message}`);
  assert.match(error.message, pattern);
  return true;
};

/** A FeatureCollection of one FIR, EHAA, as a box. */
const ONE_FIR = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'EHAA',
      properties: { id: 'EHAA' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [3, 51],
              [7, 51],
              [7, 55],
              [3, 55],
              [3, 51],
            ],
          ],
        ],
      },
    },
  ],
});

/**
 * A gzip file of concatenated members, each one MB of blanks after a FeatureCollection's opening:
 * about a KB on disk per MB it inflates to (gunzip reads every member).
 */
function writeBomb(file: string, inflatedMb: number): void {
  const megabyte = Buffer.alloc(1 << 20, 0x20);
  const fd = openSync(file, 'w');
  writeSync(fd, gzipSync(Buffer.from('{"type":"FeatureCollection","features":['), { level: 9 }));
  for (let i = 0; i < inflatedMb; i++) writeSync(fd, gzipSync(megabyte, { level: 9 }));
  closeSync(fd);
}

test('a good file, plain or gzipped, gives its FIRs', async () => {
  const plain = path.join(folder, 'good.geojson');
  writeFileSync(plain, ONE_FIR);
  const zipped = path.join(folder, 'good.geojson.gz');
  writeFileSync(zipped, gzipSync(ONE_FIR));
  for (const file of [plain, zipped]) {
    const { byFir } = await loadFirBoundaries(file);
    assert.deepEqual([...byFir.keys()], ['EHAA'], file);
  }
});

test('a FIFO is refused at once, and five loads leave the file threads free', { timeout: 20_000 }, async () => {
  const fifo = path.join(folder, 'pipe.geojson');
  execFileSync('mkfifo', [fifo]);
  for (let i = 0; i < 5; i++)
    await assert.rejects(loadFirBoundaries(fifo), rejectsWith(/pipe\.geojson is not a regular file \(a FIFO\)/));
  // Node has four file threads: a read blocked on each would never let this one through.
  const own = path.join(folder, 'plain.txt');
  writeFileSync(own, 'free');
  assert.equal(await readFile(own, 'utf8'), 'free');
});

test('a device (/dev/zero) is refused without reading it', { timeout: 20_000 }, async () => {
  await assert.rejects(loadFirBoundaries('/dev/zero'), rejectsWith(/zero is not a regular file \(a device\)/));
});

test('a file past the size limit is refused by its size, with the limit in words', async () => {
  const big = path.join(folder, 'big.geojson');
  writeFileSync(big, '');
  truncateSync(big, MAX_FIR_BOUNDARIES_BYTES + 1);
  await assert.rejects(
    loadFirBoundaries(big),
    rejectsWith(/big\.geojson is 16\.0 MB: larger than the limit of 16 MB for the FIR boundaries file/),
  );
});

test('brackets nested deep are refused before JSON.parse, with a clear message', async () => {
  const deep = path.join(folder, 'deep.geojson');
  writeFileSync(deep, `${'['.repeat(200_000)}${']'.repeat(200_000)}`);
  await assert.rejects(
    loadFirBoundaries(deep),
    rejectsWith(/deep\.geojson is not used: its brackets nest more than 64/),
  );
});

test('a gzip bomb (286 MB from a few hundred KB) stops at the limit in a child with a 64 MB heap', () => {
  const bomb = path.join(folder, 'bomb.geojson.gz');
  writeBomb(bomb, 286);
  const script = `
    const { loadFirBoundaries } = require(${JSON.stringify(path.join(ROOT, 'server/src/map/firBoundaries'))});
    let peak = 0;
    const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
    loadFirBoundaries(${JSON.stringify(bomb)}).then(
      () => { clearInterval(timer); console.log(JSON.stringify({ loaded: true })); },
      (error) => { clearInterval(timer); console.log(JSON.stringify({ message: error.message, peakRssMb: Math.round(peak / 1e6) })); },
    );`;
  const child = spawnSync(process.execPath, ['--max-old-space-size=64', '--require', 'tsx/cjs', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(child.status, 0, `the child died: ${child.stderr.slice(-600)}`);
  const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as { message?: string; peakRssMb?: number };
  assert.match(
    result.message ?? '',
    /bomb\.geojson\.gz inflates to more than 16 MB: that is over the limit for the FIR boundaries file/,
  );
  assert.ok((result.peakRssMb ?? Infinity) < 400, `peak RSS ${result.peakRssMb} MB`);
});

test('a large file is read between turns of the event loop', async () => {
  // About 3 MB of one FIR's many sectors: read in chunks, a timer gets its turns meanwhile.
  const ring = Array.from({ length: 1000 }, (_, i) => [3 + (i % 40) / 10, 51 + Math.floor(i / 40) / 20]);
  ring.push(ring[0]!);
  const feature = (i: number) =>
    JSON.stringify({
      type: 'Feature',
      properties: { id: `EHAA-${i}` },
      geometry: { type: 'Polygon', coordinates: [ring] },
    });
  const file = path.join(folder, 'sectors.geojson');
  writeFileSync(
    file,
    `{"type":"FeatureCollection","features":[${Array.from({ length: 120 }, (_, i) => feature(i)).join(',')}]}`,
  );
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  try {
    const { byFir } = await loadFirBoundaries(file);
    assert.equal(byFir.get('EHAA')?.length, 120);
  } finally {
    clearInterval(timer);
  }
  assert.ok(ticks >= 5, `the event loop turned ${ticks} times while the file was read`);
});

const links = (...hrefs: [string, string][]) =>
  `<?xml version="1.0"?><gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink">` +
  hrefs.map(([href, title]) => `<gml:featureMember xlink:href="${href}" xlink:title="${title}"/>`).join('') +
  `</gml:FeatureCollection>`;

test(
  'the map still answers with a FIFO as the boundaries file, and says why it is not used',
  { timeout: 30_000 },
  async () => {
    const fifo = path.join(folder, 'catalogue-pipe.geojson');
    execFileSync('mkfifo', [fifo]);
    const server: LocalServer = await startLocalServer((req, res) => {
      const send = (body: string) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      switch (new URL(req.url ?? '/', 'http://x').pathname) {
        case '/v1/icao-prefixes':
          return send(links(['/v1/icao-prefixes/E', 'E']));
        case '/v1/icao-prefixes/E':
          return send(
            `<?xml version="1.0"?><IcaoPrefix xmlns:xlink="http://www.w3.org/1999/xlink"><designator>E</designator><firs xlink:href="/v1/icao-prefixes/E/firs" xlink:title="FIRs of E"/></IcaoPrefix>`,
          );
        case '/v1/icao-prefixes/E/firs':
          return send(links(['/v1/icao-prefixes/E/firs/EHAA', 'EHAA AMSTERDAM']));
        case '/v1/icao-prefixes/E/firs/EHAA':
          return send(
            `<?xml version="1.0"?><gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2"><gml:featureMember><Fir><designator>EHAA</designator></Fir></gml:featureMember></gml:FeatureCollection>`,
          );
        default:
          return res.writeHead(404, { 'content-type': 'text/html' }).end('<html>not found</html>');
      }
    });
    const hub = new HubClient({ baseUrl: server.url }, { userKey: 'fir-file-key' });
    try {
      const source = new MapDataSource(hub, [], 'fir-file-key', fifo);
      const route = new RouteCorridor([
        { lon: 4, lat: 52 },
        { lon: 6, lat: 53 },
      ]);
      const data = await source.forRoute(route, { alternates: [] });
      const notices = data.notices.join('\n');
      assert.match(
        notices,
        /FIR boundaries \(icaoRoute\.map\.firBoundariesFile\) are not used: catalogue-pipe\.geojson is not a regular file \(a FIFO\)/,
      );
      assert.match(notices, /gives no boundary .* for 1 FIR: EHAA/);
    } finally {
      await hub.close();
      await server.close();
    }
  },
);
