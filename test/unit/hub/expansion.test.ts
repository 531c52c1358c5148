/**
 * The hub's route expansion mapped back onto ExpansionResult: for every sample route, the
 * simulator (which expands with the project's engine) and the offline engine must agree point
 * for point, so the editor can use either interchangeably.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { expandBlockAtHub, expansionFromHub } from '../../../server/src/hub/expansionMapping';
import { parseRouteDocument } from '../../../server/src/route';
import type { RouteBlock } from '../../../server/src/route/model';
import { loadNavDatabase } from '../../../server/src/navdata/loader';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { startSim } from './simHelpers';
import { requireRouteExpansion } from '../../shared/routeExpansion';

const SAMPLES = resolve(__dirname, '../../../samples');
const NAVDATA = resolve(__dirname, '../../fixtures/navdata');

let sim: HubSimulator;
let hub: HubClient;
let db: Awaited<ReturnType<typeof loadNavDatabase>>;

before(async () => {
  sim = await startSim();
  hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
  db = await loadNavDatabase(NAVDATA);
});
after(async () => {
  await hub.close();
  await sim.close();
});

function viaHub(block: RouteBlock) {
  return expandBlockAtHub(hub, block);
}

function block(text: string): RouteBlock {
  const b = parseRouteDocument(text).blocks[0];
  assert.ok(b, 'the text has a route block');
  return b;
}

test('every sample route: hub expansion mapped back equals the offline expansion', async () => {
  requireRouteExpansion(sim);
  const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.route') && f !== 'broken.route');
  assert.ok(files.length >= 3);
  let blocks = 0;
  for (const file of files) {
    for (const b of parseRouteDocument(readFileSync(join(SAMPLES, file), 'utf8')).blocks) {
      if (!b.routeText) continue;
      blocks++;
      const remote = await viaHub(b);
      const local = expandRoute(b, db);
      const shape = (r: typeof local) =>
        r.points.map((p) => ({
          d: p.designator,
          i: p.elementIndex,
          via: p.via,
          lat: p.lat.toFixed(4),
          lon: p.lon.toFixed(4),
        }));
      assert.deepEqual(shape(remote), shape(local), `${file}: ${b.name}`);
      assert.equal(Boolean(remote.ambiguousFirstFix), Boolean(local.ambiguousFirstFix), `${file}: ${b.name}`);
      assert.deepEqual(remote.procedures, local.procedures);
    }
  }
  assert.ok(blocks >= 5);
});

test('an ambiguous first fix without referenceFix: H003 on the fix, and ambiguousFirstFix set', async () => {
  requireRouteExpansion(sim);
  const b = block('origin: EGHI\ndestination: EGJJ\nN0240F090 SAM DCT ORTAC DCT JSY\n');
  const result = await viaHub(b);
  assert.equal(result.ambiguousFirstFix?.ident, 'SAM');
  const h003 = result.findings.find((f) => f.code === 'H003');
  assert.ok(h003);
  assert.equal(h003.severity, 'warning');
  assert.deepEqual(h003.range, b.elements.find((e) => e.text === 'SAM')!.range);
  assert.match(h003.message, /referenceFix/);
  const chosen = await viaHub(
    block('origin: EGHI\ndestination: EGJJ\nreferenceFix: OCK\nN0240F090 SAM DCT ORTAC DCT JSY\n'),
  );
  assert.equal(chosen.ambiguousFirstFix, undefined);
  assert.ok(chosen.points.some((p) => p.designator === 'SAM'));
});

test('an unknown name: left out (H002) or without geometry (H001), on its exact range', async () => {
  requireRouteExpansion(sim);
  const b = block('origin: EGLL\ndestination: EDDF\nN0450F350 DVR DCT QQQQQ DCT KONAN\n');
  const unknown = b.elements.find((e) => e.text === 'QQQQQ')!;
  const omitted = await viaHub(b);
  assert.deepEqual(
    omitted.findings.map((f) => [f.code, f.range]),
    [['H002', unknown.range]],
  );
  assert.ok(!omitted.points.some((p) => p.designator === 'QQQQQ'));
  sim.settings.unresolvedPoints = 'nullGeometry';
  try {
    const nulled = await viaHub(b);
    assert.deepEqual(
      nulled.findings.map((f) => [f.code, f.range]),
      [['H001', unknown.range]],
    );
    assert.deepEqual(
      nulled.points.map((p) => p.designator),
      omitted.points.map((p) => p.designator),
    );
  } finally {
    sim.settings.unresolvedPoints = 'omit';
  }
});

test('mapping without a hub: features matched to elements in order, airway interior points carry the airway', () => {
  const b = block('origin: EGLL\ndestination: EDDF\nN0450F350 DVR L9 KONAN\n');
  const pt = (designator: string, lon: number, lat: number, resolvedFix = '') => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [lon, lat] as [number, number] },
    properties: { designator, resolvedFix, elevation: '0', elevationUom: 'FT' },
  });
  const result = expansionFromHub(
    {
      type: 'FeatureCollection',
      features: [
        pt('EGLL', -0.46, 51.47),
        pt('DVR', 1.36, 51.16, 'DVR VOR'),
        pt('MIDPT', 2, 51.2),
        pt('KONAN', 2.5, 51.2),
        pt('EDDF', 8.57, 50.03),
      ],
    },
    b,
  );
  const dvr = b.elements.findIndex((e) => e.text === 'DVR');
  const l9 = b.elements.findIndex((e) => e.text === 'L9');
  const konan = b.elements.findIndex((e) => e.text === 'KONAN');
  assert.deepEqual(
    result.points.map((p) => [p.designator, p.elementIndex, p.via ?? null, p.type]),
    [
      ['EGLL', -1, null, 'aerodrome'],
      ['DVR', dvr, null, 'vor'],
      ['MIDPT', l9, 'L9', 'fix'],
      ['KONAN', konan, null, 'fix'],
      ['EDDF', -1, null, 'aerodrome'],
    ],
  );
  assert.deepEqual(result.findings, []);
});
