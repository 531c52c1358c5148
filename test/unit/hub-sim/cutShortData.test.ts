// Data files cut short or broken: the simulator keeps what it can read and serves it.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { loadWorld } from '../../hub-sim/world';
import { startSim, hub, parseXml, many } from './helpers';

function tempFolder(t: { after(fn: () => void): void }): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'hub-sim-cut-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

test('a row of airports.tsv cut short before its name is left out; the rows around it load', (t) => {
  const folder = tempFolder(t);
  writeFileSync(
    path.join(folder, 'airports.tsv'),
    [
      'EDDF\tland\tFrankfurt am Main\t50.0333\t8.5706\t364',
      'EDDM\tland',
      'EGLL\tland\tLondon Heathrow\t51.4775\t-0.4614\t83',
    ].join('\n'),
  );
  const world = loadWorld(folder);
  assert.deepEqual([...world.aerodromes.keys()].sort(), ['EDDF', 'EGLL']);
});

test('a FIR polygon without an outer ring (a broken boundaries file) is left out; the FIR and its airspaces are served', async (t) => {
  const folder = tempFolder(t);
  const outline = [
    [-6, 49.8],
    [1.9, 49.8],
    [1.9, 55],
    [-6, 55],
    [-6, 49.8],
  ];
  const firsFile = path.join(folder, 'firs.geojson');
  writeFileSync(
    firsFile,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { id: 'EGTT' },
          geometry: { type: 'MultiPolygon', coordinates: [[], [outline]] },
        },
      ],
    }),
  );
  const sim = await startSim({ firsFile, settings: { variants: { fir: 'geometry' } } });
  try {
    const res = await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT'));
    assert.equal(res.status, 200);
    const fir = parseXml(await res.text())['gml:FeatureCollection']['gml:featureMember'].Fir;
    const members = many(fir.geometry['gml:MultiSurface']['gml:surfaceMember']);
    assert.equal(members.length, 1, 'the polygon that has an outer ring');

    const airspaces = await fetch(hub(sim, '/v2/icao-prefixes/E/firs/EGTT/airspaces'));
    assert.equal(airspaces.status, 200);
    const body = (await airspaces.json()) as { features: { properties: { type: string }; geometry: unknown }[] };
    const own = body.features.find((f) => f.properties.type === 'FIR');
    assert.deepEqual(own?.geometry, { type: 'Polygon', coordinates: [outline] });
  } finally {
    await sim.close();
  }
});
