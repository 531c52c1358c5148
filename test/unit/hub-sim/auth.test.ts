// Keys and the error pages of the hub family; credentials of the reference family.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HUB_ENDPOINTS, HubEndpointId } from '../../../common/endpoints';
import { ENDPOINT_GROUPS, isRestricted } from '../../hub-sim/auth';
import { startSim, hub, reference } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
});
after(() => sim.close());

test('a missing or unknown user_key gets the 401 Authentication Failed page', async () => {
  for (const key of [null, 'wrong-key', 'DEMO']) {
    const res = await fetch(hub(sim, '/v1/icao-prefixes', {}, key));
    assert.equal(res.status, 401, `key ${key}`);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    const page = await res.text();
    assert.match(page, /<title>Authentication Failed<\/title>/);
    assert.ok(!key || !page.includes(key), 'the page does not echo the key');
  }
});

test('demo-basic is refused on the restricted groups with the 403 page of the spec', async () => {
  const restricted = [
    '/v1/flights/00000000-0000-4000-8000-000000000000',
    '/v2/icao-prefixes/E/firs/EGTT/airspaces',
    '/v2/countries/GB/airspaces',
    '/v1/countries/GB/microlights',
  ];
  for (const path of restricted) {
    const res = await fetch(hub(sim, path, {}, 'demo-basic'));
    assert.equal(res.status, 403, path);
    const page = await res.text();
    assert.match(page, /<title>Authentication Failed<\/title>/);
    assert.match(page, /<h1>Error 403 - Authentication Failed<\/h1>/);
    for (const group of [
      'Route Segments',
      'Aerodromes',
      'Airspaces',
      'Designated Points',
      'Navaids',
      'Regulations',
      'Flight Detail By GUFI',
    ])
      assert.ok(page.includes(group), `names ${group}`);
    assert.match(page, /developer portal/);
    assert.match(page, /access request form/);
  }
});

test('demo-basic may use the unrestricted groups', async () => {
  for (const path of [
    '/v1/icao-prefixes',
    '/v1/aerodromes/EGLL/departures',
    '/v1/aerodromes/EGLL/notams',
    '/v1/icao-prefixes/E/firs/EGTT/flights',
  ]) {
    const res = await fetch(hub(sim, path, {}, 'demo-basic'));
    assert.equal(res.status, 200, path);
  }
  const expansion = await fetch(hub(sim, '/v1/routes/expand', {}, 'demo-basic'), {
    method: 'POST',
    headers: { Accept: 'application/geo+json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ routeText: 'N0450F350 DVR UL9 KONAN', origin: 'EGLL' }),
  });
  assert.equal(expansion.status, 200);
});

test('route expansion also takes user_key in the JSON body', async () => {
  const res = await fetch(`${sim.url}/v1/routes/expand`, {
    method: 'POST',
    headers: { Accept: 'application/geo+json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_key: 'demo', routeText: 'N0450F350 DVR UL9 KONAN' }),
  });
  assert.equal(res.status, 200);
  const log = sim.requests.list().at(-1)!;
  assert.equal((log.body as Record<string, unknown>).user_key, 'REDACTED');
});

test('unknown paths, items and methods: 404 and 405 HTML pages', async () => {
  const unknownPath = await fetch(hub(sim, '/v1/nothing-here'));
  assert.equal(unknownPath.status, 404);
  assert.match(await unknownPath.text(), /Error 404 - Not Found/);
  const unknownFir = await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EZZZ'));
  assert.equal(unknownFir.status, 404);
  const lowerCase = await fetch(hub(sim, '/v1/icao-prefixes/e'));
  assert.equal(lowerCase.status, 404, 'prefixes are case sensitive');
  const wrongMethod = await fetch(hub(sim, '/v1/routes/expand'));
  assert.equal(wrongMethod.status, 405);
  assert.equal(wrongMethod.headers.get('allow'), 'POST');
});

test('reference credentials as query parameters or headers in any case; others UNAUTHORIZED', async () => {
  const path = '/flex/airlines/rest/v1/json/fs/BA';
  const byQuery = (await (await fetch(reference(sim, path))).json()) as any;
  assert.equal(byQuery.airline.icao, 'BAW');
  const variants: Record<string, string>[] = [
    { appId: 'demo', appKey: 'demo' },
    { APPID: 'demo', APPKEY: 'demo' },
    { appid: 'demo', appkey: 'demo' },
  ];
  for (const headers of variants) {
    const res = await fetch(reference(sim, path, {}, false), { headers });
    const body = (await res.json()) as any;
    assert.equal(body.airline?.icao, 'BAW', JSON.stringify(headers));
  }
  const wrong = await fetch(`${sim.referenceUrl}${path}?appId=demo&appKey=nope`);
  assert.equal(wrong.status, 200, 'default mode: HTTP 200');
  const body = (await wrong.json()) as any;
  assert.equal(body.error.httpStatusCode, 401);
  assert.equal(body.error.errorCode, 'UNAUTHORIZED');
  assert.match(body.error.errorId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.equal(body.airline, undefined);
});

test('the request log redacts user_key and appKey', async () => {
  sim.requests.clear();
  await fetch(hub(sim, '/v1/icao-prefixes', {}, 'demo'));
  await fetch(`${sim.referenceUrl}/flex/airlines/rest/v1/json/all?appId=demo&appKey=demo`, {
    headers: { appKey: 'demo' },
  });
  const res = await fetch(`${sim.url}/__control/requests`);
  const { requests } = (await res.json()) as { requests: any[] };
  assert.equal(requests.length, 2);
  assert.equal(requests[0].url, '/v1/icao-prefixes?user_key=REDACTED');
  assert.equal(requests[0].family, 'hub');
  assert.equal(requests[0].endpoint, 'icaoPrefixes');
  assert.equal(requests[0].status, 200);
  assert.match(requests[1].url, /appKey=REDACTED/);
  assert.equal(requests[1].headers.appkey, 'REDACTED');
  assert.equal(requests[1].family, 'reference');
  assert.ok(!JSON.stringify(requests).includes('=demo&appKey=demo'));
});

test('a query name with a malformed escape is answered and logged (key still redacted), not a 500', async () => {
  sim.requests.clear();
  const res = await fetch(`${hub(sim, '/v1/icao-prefixes', {}, 'demo')}&%E0%A4%A=1`);
  assert.equal(res.status, 200);
  const [logged] = sim.requests.list();
  assert.equal(logged?.url, '/v1/icao-prefixes?user_key=REDACTED&%E0%A4%A=1');
});

test('README’s endpoint → group table says what the simulator does', async () => {
  const readme = readFileSync(path.resolve(__dirname, '../../hub-sim/README.md'), 'utf8');
  const rows = readme.split('\n').filter((line) => /^\| \d/.test(line));
  const documented = new Map<string, { group: string; restricted: boolean }>();
  for (const row of rows) {
    const [, , idCell, , group, restrictedCell] = row.split('|').map((c) => c.trim());
    assert.ok(idCell !== undefined && group !== undefined && restrictedCell !== undefined, `a whole row: ${row}`);
    const ids = idCell.split(',').map((id) => id.trim());
    for (const id of ids) documented.set(id, { group, restricted: restrictedCell.includes('yes') });
  }
  for (const id of Object.keys(HUB_ENDPOINTS) as HubEndpointId[]) {
    assert.deepEqual(documented.get(id), { group: ENDPOINT_GROUPS[id], restricted: isRestricted(id) }, id);
  }
});
