// Where the data come from (real geography), configurable paths, real FIR boundaries, the CLI.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { HubSimulator } from '../../hub-sim/server';
import { loadWorld } from '../../hub-sim/world';
import { createRouteEngine } from '../../hub-sim/route-engine';
import { loadRoutePlans } from '../../hub-sim/flights';
import { distanceNm, pointInRing } from '../../hub-sim/geo';
import { BUILTIN_FIRS } from '../../hub-sim/firs-builtin';
import { startSim, hub, parseXml, many, expandRoute } from './helpers';
import { defined } from '../../shared/defined';

const repo = path.resolve(__dirname, '../../..');
const excerpt = path.join(repo, 'test/fixtures/navdata');
const realFirs = path.resolve(repo, '../shared/firs/boundaries.geojson.gz');

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
});
after(() => sim.close());

test('airspaces are built on real aerodromes and lie inside their FIR', async () => {
  const world = loadWorld(excerpt);
  for (const code of ['EGTT', 'EDGG', 'LFFF']) {
    const body = (await (await fetch(hub(sim, `/v2/icao-prefixes/${code[0]}/firs/${code}/airspaces`))).json()) as any;
    const outline = BUILTIN_FIRS.find((f) => f.code === code)!.outline;
    const ring = [...outline, defined(outline[0], `${code}'s outline`)];
    for (const f of body.features) {
      const p = f.properties;
      if (p.type === 'CTR' || p.type === 'TMA') {
        const icao = p.designator.slice(0, 4);
        const aerodrome = world.aerodromes.get(icao);
        assert.ok(aerodrome, `${p.designator} belongs to a real aerodrome`);
        assert.ok(
          p.name.startsWith(aerodrome.name.toUpperCase().split(' ')[0]),
          `${p.name} is named after ${aerodrome.name}`,
        );
      }
      if (p.type === 'R' || p.type === 'D' || p.type === 'TRA') {
        for (const [lon, lat] of f.geometry.coordinates[0])
          assert.ok(pointInRing(lon, lat, ring), `${p.designator} lies in ${code}`);
        assert.ok(['R', 'D'].includes(p.designator.match(/([RD])-?\d+/)?.[1]), `${p.designator} is an R/D designator`);
      }
    }
  }
});

test('en-route NOTAMs lie near the real points of the sample routes', async () => {
  const world = loadWorld(excerpt);
  const plans = loadRoutePlans(world, await createRouteEngine(excerpt), path.join(repo, 'samples'));
  const points = plans.flatMap((p) => p.path).filter((p) => p.type !== 'aerodrome');
  assert.ok(points.length > 20, 'the samples expand into many points');
  let checked = 0;
  for (const code of ['EGTT', 'EISN', 'EGGX', 'LFFF', 'VHHK', 'WMFC']) {
    const body = (await (
      await fetch(hub(sim, `/v1/icao-prefixes/${code[0]}/firs/${code}/notams`, { format: 'json' }))
    ).json()) as any;
    for (const f of body.features) {
      const p = f.properties;
      if (p.affectedAerodrome !== null || p.qcode.startsWith('QR')) continue;
      const nearest = Math.min(...points.map((q) => distanceNm(p.lat, p.lon, q.lat, q.lon)));
      assert.ok(nearest < 10, `${p.id} ${p.qcode} is ${nearest.toFixed(1)} NM from a route point`);
      checked += 1;
    }
  }
  assert.ok(checked > 0, 'some en-route NOTAMs exist');
});

test('flights fly the sample routes between real aerodromes', async () => {
  const body = (await (
    await fetch(hub(sim, '/v1/aerodromes/EGCC/departures', { format: 'json', status: 'SCHEDULED' }))
  ).json()) as any;
  assert.ok(body.features.length > 0);
  const detail = (await (
    await fetch(hub(sim, `/v1/flights/${body.features[0].id}`, { format: 'json' }))
  ).json()) as any;
  const designators: string[] = detail.features[1].properties.designators;
  assert.equal(designators[0], 'EGCC');
  assert.equal(designators.at(-1), 'CYUL');
  assert.ok(designators.includes('GOMUP') && designators.includes('PRAWN'));
});

test('the path table is configurable like the client’s', async () => {
  const custom = await startSim({
    endpoints: { routeExpansion: { path: '/{version}/route/expansion' } },
    versions: { flights: 'v3', airspaces: 'v9' },
  });
  try {
    assert.equal((await fetch(hub(custom, '/v3/aerodromes/EGLL/departures'))).status, 200);
    assert.equal((await fetch(hub(custom, '/v1/aerodromes/EGLL/departures'))).status, 404);
    const moved = await expandRoute(custom, { routeText: 'N0450F350 DVR UL9 KONAN' }).catch(() => undefined);
    assert.equal(moved?.status, 404, 'the default path is gone');
    const res = await fetch(hub(custom, '/v1/route/expansion'), {
      method: 'POST',
      headers: { Accept: 'application/geo+json' },
      body: JSON.stringify({ routeText: 'N0450F350 DVR UL9 KONAN' }),
    });
    assert.equal(res.status, 200);
    const fir = parseXml(await (await fetch(hub(custom, '/v1/icao-prefixes/E/firs/EGTT'))).text());
    const links = many(fir['gml:FeatureCollection']['gml:featureMember'].Fir.apis.api).map(
      (a: any) => a['@xlink:href'],
    );
    assert.ok(links.includes(`${custom.url}/v9/icao-prefixes/E/firs/EGTT/airspaces`), 'links follow the table');
  } finally {
    await custom.close();
  }
});

test(
  'real FIR boundaries with firsFile',
  { skip: existsSync(realFirs) ? false : 'no ../shared/firs here' },
  async () => {
    const real = await startSim({ firsFile: realFirs });
    try {
      const firs = parseXml(await (await fetch(hub(real, '/v1/icao-prefixes/K/firs'))).text());
      const codes = many(firs['gml:FeatureCollection']['gml:featureMember']).map((m: any) =>
        (m['@xlink:href'] as string).split('/').pop(),
      );
      assert.ok(codes.includes('KZNY') && codes.includes('KZLA'));
      assert.ok(
        codes.every((c) => /^K[A-Z]{3}$/.test(c!)),
        'sectors are left out',
      );
      const airspaces = (await (await fetch(hub(real, '/v2/icao-prefixes/E/firs/EDGG/airspaces'))).json()) as any;
      assert.ok(airspaces.features.some((f: any) => f.properties.designator === 'EDDF CTR'));
    } finally {
      await real.close();
    }
  },
);

test('npm run hub-sim: the first line names the base addresses; SIGTERM stops it', async () => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repo, 'test/hub-sim/main.ts'), '--port', '0', '--quiet'],
    { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('\n')) resolve(output.split('\n')[0]!); // split gives one part at least
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
  });
  const match =
    /^hub-sim listening on (http:\/\/127\.0\.0\.1:\d+) \(reference: (http:\/\/127\.0\.0\.1:\d+\/reference)/.exec(
      firstLine,
    );
  assert.ok(match, firstLine);
  assert.equal((await fetch(`${match[1]}/v1/icao-prefixes?user_key=demo`)).status, 200);
  assert.equal((await fetch(`${match[2]}/flex/airlines/rest/v1/json/fs/LH?appId=demo&appKey=demo`)).status, 200);
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  assert.equal(code, 0);
});
