/**
 * One airspace of 1.2 million vertices from the hub (issue 35, left from the last round): the
 * vertex cap is applied while the answer is read, from the parsed JSON itself, so the positions
 * are never copied whole first (that cost the server 420 MB, over the 400 MB the limit aims at),
 * nor made into an {x, y} object each for simplify-js (337–388 MB: under load, once, 400 MB).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { AIRSPACE_RULES, parseJson, readFeatureCollection, type LonLat } from '../../../server/src/hub';
import { MAX_VERTICES_PER_GEOMETRY } from '../../../server/src/geo/vertexLimit';
import { startLocalServer, type LocalServer } from './localServer';

const ROOT = path.resolve(__dirname, '../../..');
let folder: string;
let answer: string;
let server: LocalServer;

/** A FIR's airspace list of one restricted area: a wavy circle of 2° radius and 1.2 million vertices. */
function hugeAnswer(): string {
  const n = 1_200_000;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = 2 + 0.00001 * Math.sin(i);
    parts.push(`[${(5 + r * Math.cos(a)).toFixed(7)},${(50 + r * Math.sin(a)).toFixed(7)}]`);
  }
  parts.push(parts[0]!);
  return (
    '{"type":"FeatureCollection","features":[{"type":"Feature","id":"EBR99",' +
    '"properties":{"designator":"EBR99","name":"HUGE","type":"R"},' +
    `"geometry":{"type":"Polygon","coordinates":[[${parts.join(',')}]]}}]}`
  );
}

before(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'icao-route-huge-'));
  answer = hugeAnswer();
  writeFileSync(path.join(folder, 'answer.json'), answer);
  server = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/geo+json' }).end(answer);
  });
});
after(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

test('read with the airspace rules, the polygon comes out within the cap, closed, its outline where it was', async () => {
  const fc = readFeatureCollection(parseJson(await readFile(path.join(folder, 'answer.json'), 'utf8')), AIRSPACE_RULES);
  const geometry = fc.features[0]!.geometry as { type: 'Polygon'; coordinates: LonLat[][] };
  const outer = geometry.coordinates[0]!;
  assert.ok(outer.length <= MAX_VERTICES_PER_GEOMETRY && outer.length >= 100, `${outer.length} vertices`);
  assert.deepEqual(outer[0], outer[outer.length - 1], 'the ring stays closed');
  for (const [lon, lat] of outer) assert.ok(Math.abs(Math.hypot(lon - 5, lat - 50) - 2) < 0.05);
  // A bad position is still found and named: the cap does not skip the checks.
  const broken = answer.replace('[[[', '[[["x",1],[');
  const read = readFeatureCollection(parseJson(broken), AIRSPACE_RULES);
  assert.equal(read.features.length, 0);
  assert.match(
    read.leftOut?.reasons[0] ?? '',
    /features\[0\]\.geometry\.coordinates\[0\]\[0\] is not a \[lon, lat\] pair/,
  );
});

test('the airspaces of a FIR with that polygon, asked through the hub client and limited as the map does: the server stays under 400 MB', async () => {
  const script = `
    const { HubClient } = require(${JSON.stringify(path.join(ROOT, 'server/src/hub'))});
    const { limitFeatureVertices } = require(${JSON.stringify(path.join(ROOT, 'server/src/geo/vertexLimit'))});
    let peak = 0;
    const sample = () => { peak = Math.max(peak, process.memoryUsage().rss); };
    const timer = setInterval(sample, 1);
    const hub = new HubClient({ baseUrl: ${JSON.stringify(server.url)}, timeoutMs: 120_000 }, { userKey: 'huge-key' });
    hub.firAirspaces('E', 'EBBU').then(
      (list) => {
        // As the map's data source does with each airspace (map/hubData.ts).
        for (const feature of list.airspaces) limitFeatureVertices(feature);
        sample();
        clearInterval(timer);
        const ring = list.airspaces[0].geometry.coordinates[0];
        console.log(JSON.stringify({ vertices: ring.length, peakMb: Math.round(peak / 1e6) }));
        return hub.close();
      },
      (error) => { clearInterval(timer); console.log(JSON.stringify({ error: String(error) })); },
    );`;
  // Asynchronously: the answer is served by this process while the child reads it.
  const { stdout } = await promisify(execFile)(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as { vertices?: number; peakMb?: number };
  assert.ok((result.vertices ?? Infinity) <= MAX_VERTICES_PER_GEOMETRY, JSON.stringify(result));
  assert.ok((result.peakMb ?? Infinity) < 400, `peak RSS ${result.peakMb} MB`);
});
