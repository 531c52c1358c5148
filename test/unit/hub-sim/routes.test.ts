// Route expansion: request rules, response shape, the ambiguous first fix and referenceFix.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { startSim, hub, expandRoute } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
});
after(() => sim.close());

const SAM_ROUTE = { routeText: 'N0240F090 SAM DCT ORTAC DCT JSY', origin: 'EGHI', destination: 'EGJJ' };

async function expand(body: unknown): Promise<any> {
  const res = await expandRoute(sim, body);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /application\/geo\+json/);
  return res.json();
}

test('the documented shape: Point features with designator, resolvedFix, elevation (string), elevationUom; total as a string', async () => {
  const body = await expand({
    routeText: 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    origin: 'EGLL',
    destination: 'EDDF',
  });
  assert.equal(body.type, 'FeatureCollection');
  assert.equal(body.results.status, 'ok');
  assert.equal(body.results.total, String(body.features.length));
  assert.equal(typeof body.results.total, 'string');
  assert.match(body.results.publishTime, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const designators = body.features.map((f: any) => f.properties.designator);
  assert.equal(designators[0], 'EGLL');
  assert.equal(designators.at(-1), 'EDDF');
  for (const name of ['DVR', 'KONAN', 'RUDUS', 'ROLIS']) assert.ok(designators.includes(name), name);
  assert.ok(
    designators.indexOf('DVR') < designators.indexOf('KONAN') &&
      designators.indexOf('KONAN') < designators.indexOf('RUDUS'),
  );
  assert.ok(designators.length > 8, 'airways are expanded into their points');
  for (const f of body.features) {
    assert.equal(f.geometry.type, 'Point');
    const [lon, lat] = f.geometry.coordinates;
    assert.ok(
      lon > -1 && lon < 9 && lat > 49 && lat < 52,
      `${f.properties.designator} lies between London and Frankfurt`,
    );
    assert.equal(typeof f.properties.elevation, 'string');
    assert.equal(f.properties.elevationUom, 'FT');
    assert.ok(f.properties.resolvedFix.startsWith(f.properties.designator));
  }
});

test('Accept: application/geo+json is required', async () => {
  for (const accept of ['application/json', '*/*', '']) {
    const res = await expandRoute(sim, SAM_ROUTE, accept);
    assert.equal(res.status, 406, `Accept ${accept || '(none)'}`);
  }
  assert.equal((await expandRoute(sim, SAM_ROUTE, 'application/json, application/geo+json;q=0.9')).status, 200);
});

test('bad bodies are 400 pages', async () => {
  const bad = async (body: string) => {
    const res = await fetch(hub(sim, '/v1/routes/expand'), {
      method: 'POST',
      headers: { Accept: 'application/geo+json', 'Content-Type': 'application/json' },
      body,
    });
    assert.equal(res.status, 400, body);
    assert.match(await res.text(), /Error 400/);
  };
  await bad('{"routeText": ');
  await bad('[]');
  await bad('{}');
  await bad('{"routeText": 42}');
  await bad('{"routeText": "N0450F350 DVR", "origin": "egll"}');
  await bad('{"routeText": "N0240F090 SAM DCT ORTAC", "referenceFix": "NOSUCHFIX"}');
});

test('ambiguous first fix without referenceFix: no point selected, feature left out (omit mode)', async () => {
  sim.settings.unresolvedPoints = 'omit';
  const body = await expand(SAM_ROUTE);
  const designators = body.features.map((f: any) => f.properties.designator);
  assert.deepEqual(designators, ['EGHI', 'ORTAC', 'JSY', 'EGJJ']);
  assert.equal(body.results.total, '4');
});

test('ambiguous first fix without referenceFix: feature with geometry null (nullGeometry mode), in route order', async () => {
  sim.settings.unresolvedPoints = 'nullGeometry';
  try {
    const body = await expand(SAM_ROUTE);
    const designators = body.features.map((f: any) => f.properties.designator);
    assert.deepEqual(designators, ['EGHI', 'SAM', 'ORTAC', 'JSY', 'EGJJ']);
    assert.equal(body.features[1].geometry, null);
    assert.equal(body.features[1].properties.resolvedFix, '');
    assert.equal(body.results.total, '5');
  } finally {
    sim.settings.unresolvedPoints = 'omit';
  }
});

test('the marking mode is switchable through the control endpoint, and unknown names are marked the same way', async () => {
  const set = await fetch(`${sim.url}/__control/settings`, {
    method: 'POST',
    body: JSON.stringify({ unresolvedPoints: 'nullGeometry' }),
  });
  assert.equal(set.status, 200);
  try {
    const body = await expand({
      ...SAM_ROUTE,
      routeText: 'N0240F090 SAM DCT ORTAC DCT QQQQQ DCT JSY',
      referenceFix: 'OCK',
    });
    const unknown = body.features.find((f: any) => f.properties.designator === 'QQQQQ');
    assert.ok(unknown, 'the unknown name is kept');
    assert.equal(unknown.geometry, null);
    const order = body.features.map((f: any) => f.properties.designator);
    assert.ok(order.indexOf('ORTAC') < order.indexOf('QQQQQ') && order.indexOf('QQQQQ') < order.indexOf('JSY'));
  } finally {
    await fetch(`${sim.url}/__control/settings`, {
      method: 'POST',
      body: JSON.stringify({ unresolvedPoints: 'omit' }),
    });
  }
  const omitted = await expand({
    ...SAM_ROUTE,
    routeText: 'N0240F090 SAM DCT ORTAC DCT QQQQQ DCT JSY',
    referenceFix: 'OCK',
  });
  assert.ok(!omitted.features.some((f: any) => f.properties.designator === 'QQQQQ'));
  const bad = await fetch(`${sim.url}/__control/settings`, {
    method: 'POST',
    body: JSON.stringify({ unresolvedPoints: 'sometimes' }),
  });
  assert.equal(bad.status, 400);
});

test('referenceFix chooses the namesake closest to it: a fix, a radial, a coordinate', async () => {
  const southampton = async (referenceFix: string) => {
    const body = await expand({ ...SAM_ROUTE, referenceFix });
    const sam = body.features.find((f: any) => f.properties.designator === 'SAM');
    assert.ok(sam, `SAM selected with referenceFix ${referenceFix}`);
    return sam.geometry.coordinates as [number, number];
  };
  for (const ref of ['OCK', 'GWC270020', '5057N00121W']) {
    const [lon, lat] = await southampton(ref);
    assert.ok(Math.abs(lat - 50.96) < 0.1 && Math.abs(lon + 1.34) < 0.1, `${ref} → the Southampton SAM`);
  }
  const samos = await expand({
    routeText: 'N0280F190 SAM H59 NISOS UR32 LIKNI L53 KOR',
    origin: 'LGSM',
    destination: 'LGAV',
    referenceFix: '3741N02654E',
  });
  const [lon, lat] = samos.features.find((f: any) => f.properties.designator === 'SAM').geometry.coordinates;
  assert.ok(lat > 37 && lat < 38.5 && lon > 26 && lon < 27.5, 'the Samos SAM');
});
