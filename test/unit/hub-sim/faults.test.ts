// Faults switched on through the control endpoint and in-process, each one observed by a client.
import test, { after, before, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { gunzipSync } from 'node:zlib';
import type { HubSimulator } from '../../hub-sim/server';
import { startSim, hub, reference } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
});
after(() => sim.close());
afterEach(() => sim.faults.clear());

/**
 * A GET on a connection of its own, closed after the answer, for the calls the usage limit
 * counts. Once, in a warm run, the second counted call was refused: one call had been counted
 * twice. The likely cause (not proven): fetch sends a GET again when the kept-alive socket it used
 * was closed by the server, as after the slow-drip tests; the simulator counts both.
 */
async function getOnItsOwnConnection(url: string): Promise<{ status: number; retryAfter: unknown; text: string }> {
  const res = await request(url, { reset: true });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], text: await res.body.text() };
}

async function addFault(spec: unknown): Promise<Response> {
  return fetch(`${sim.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
}

test('control API: add, list, scope by path and count, reset', async () => {
  const added = await addFault({ kind: 'serverError', path: '/v1/aerodromes/*/notams', count: 1 });
  assert.equal(added.status, 201);
  const { faults } = (await added.json()) as any;
  assert.equal(faults[0].kind, 'serverError');
  assert.equal((await fetch(hub(sim, '/v1/icao-prefixes'))).status, 200, 'other paths are untouched');
  assert.equal((await fetch(hub(sim, '/v1/aerodromes/EGLL/notams'))).status, 500, 'the matching request fails');
  assert.equal((await fetch(hub(sim, '/v1/aerodromes/EGLL/notams'))).status, 200, 'count 1: the next one succeeds');
  const listed = (await (await fetch(`${sim.url}/__control/faults`)).json()) as any;
  assert.deepEqual(listed.faults, []);

  await addFault([{ kind: 'serverError' }, { kind: 'latency', latencyMs: 1 }]);
  assert.equal(((await (await fetch(`${sim.url}/__control/faults`)).json()) as any).faults.length, 2);
  assert.equal((await fetch(`${sim.url}/__control/faults`, { method: 'DELETE' })).status, 200);
  assert.equal((await fetch(hub(sim, '/v1/icao-prefixes'))).status, 200);

  assert.equal((await addFault({ kind: 'explode' })).status, 400);
  assert.equal((await addFault({ kind: 'latency', latencyMs: -5 })).status, 400);
});

test('serverError: 500 HTML page with a support id', async () => {
  sim.faults.add({ kind: 'serverError' });
  const res = await fetch(hub(sim, '/v1/icao-prefixes'));
  assert.equal(res.status, 500);
  assert.match(await res.text(), /<code id="support-id">[0-9a-f-]{36}<\/code>/);
});

test('forbidden, unauthorized, usageLimit, notFound replace the answer whatever the key', async () => {
  const expected: [string, number, RegExp][] = [
    ['forbidden', 403, /Error 403 - Authentication Failed/],
    ['unauthorized', 401, /Error 401 - Authentication Failed/],
    ['usageLimit', 429, /Usage Limit Exceeded/],
    ['notFound', 404, /Error 404 - Not Found/],
  ];
  for (const [kind, status, page] of expected) {
    sim.faults.clear();
    sim.faults.add({ kind: kind as 'forbidden' });
    const res = await fetch(hub(sim, '/v1/aerodromes/EGLL/departures'));
    assert.equal(res.status, status, kind);
    assert.match(await res.text(), page);
    if (kind === 'usageLimit') assert.equal(res.headers.get('retry-after'), '60');
  }
});

test('reference family faults follow its error modes', async () => {
  sim.faults.add({ kind: 'usageLimit', path: '/reference/*' });
  const quiet = await fetch(reference(sim, '/flex/airlines/rest/v1/json/all'));
  assert.equal(quiet.status, 200);
  const body = (await quiet.json()) as any;
  assert.equal(body.error.httpStatusCode, 403);
  const loud = await fetch(reference(sim, '/flex/airlines/rest/v1/json/all', { extendedOptions: 'useHttpErrors' }));
  assert.equal(loud.status, 403);
  assert.match(loud.headers.get('content-type') ?? '', /text\/plain/);
  assert.match(await loud.text(), /^status: 403$/m);
  assert.equal((await fetch(hub(sim, '/v1/icao-prefixes'))).status, 200, 'the hub family is not affected');
});

test('malformedBody: JSON and XML that no longer parse', async () => {
  sim.faults.add({ kind: 'malformedBody' });
  const json = await (await fetch(hub(sim, '/v1/aerodromes/EGLL/departures', { format: 'json' }))).text();
  assert.throws(() => JSON.parse(json));
  const xml = await (await fetch(hub(sim, '/v1/icao-prefixes'))).text();
  assert.ok(xml.startsWith('<?xml'));
  assert.ok(!xml.trimEnd().endsWith('</gml:FeatureCollection>'), 'the document is cut');
});

test('truncatedGzip: a gzip stream that ends early', async () => {
  sim.faults.add({ kind: 'truncatedGzip', path: '*notams' });
  const res = await request(hub(sim, '/v1/aerodromes/EGLL/notams'), { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(res.headers['content-encoding'], 'gzip');
  const raw = Buffer.from(await res.body.arrayBuffer());
  assert.equal(raw.length, Number(res.headers['content-length']));
  assert.throws(() => gunzipSync(raw), /unexpected end of file/);
});

test('reset: the connection is reset', async () => {
  sim.faults.add({ kind: 'reset', count: 1 });
  await assert.rejects(fetch(hub(sim, '/v1/icao-prefixes')), (error: Error) => {
    const cause = (error as { cause?: { code?: string } }).cause;
    return error instanceof TypeError && ['ECONNRESET', 'UND_ERR_SOCKET'].includes(cause?.code ?? '');
  });
  const log = sim.requests.list().at(-1)!;
  assert.deepEqual(log.faults, ['reset']);
  assert.equal(log.status, 0);
  assert.equal((await fetch(hub(sim, '/v1/icao-prefixes'))).status, 200, 'the next request is served');
});

test('latency: the answer waits', async () => {
  sim.faults.add({ kind: 'latency', latencyMs: 300, count: 1 });
  const from = sim.requests.list().length;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 50);
  await assert.rejects(fetch(hub(sim, '/v1/icao-prefixes'), { signal: controller.signal }), { name: 'AbortError' });
  clearTimeout(timer);
  assert.equal((await fetch(hub(sim, '/v1/icao-prefixes'))).status, 200);
  // The call given up on is still answered, and counted for its key, once its latency is over:
  // waited for here, or it could land in the usage window a later test opens (and fail it).
  while (sim.requests.list()[from]?.status === undefined) await new Promise((r) => setTimeout(r, 20));
});

test('slowDrip: headers at once, the body in small pieces', async () => {
  sim.faults.add({ kind: 'slowDrip', chunkBytes: 64, intervalMs: 5, count: 1 });
  const res = await request(hub(sim, '/v1/icao-prefixes'));
  assert.equal(res.statusCode, 200);
  const chunks: Buffer[] = [];
  for await (const chunk of res.body) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  assert.equal(body.length, Number(res.headers['content-length']));
  assert.ok(chunks.length > 3, 'arrived in several pieces');
  assert.ok(body.toString('utf8').includes('</gml:FeatureCollection>'), 'complete in the end');
});

test('slowDrip stops when the client gives up', async () => {
  sim.faults.add({ kind: 'slowDrip', chunkBytes: 8, intervalMs: 50, count: 1 });
  const controller = new AbortController();
  const res = await fetch(hub(sim, '/v1/icao-prefixes'), { signal: controller.signal });
  assert.equal(res.status, 200);
  controller.abort();
  assert.equal((await fetch(hub(sim, '/v1/icao-prefixes'))).status, 200, 'the server still answers');
});

test('usage limit setting: calls beyond the limit per key fail until the window ends', async () => {
  const set = await fetch(`${sim.url}/__control/settings`, {
    method: 'POST',
    body: JSON.stringify({ usageLimit: { requests: 2, windowSeconds: 3600 } }),
  });
  assert.equal(set.status, 200);
  try {
    assert.equal((await getOnItsOwnConnection(hub(sim, '/v1/icao-prefixes'))).status, 200);
    assert.equal((await getOnItsOwnConnection(hub(sim, '/v1/icao-prefixes'))).status, 200);
    const third = await getOnItsOwnConnection(hub(sim, '/v1/icao-prefixes'));
    assert.equal(third.status, 429);
    assert.ok(Number(third.retryAfter) > 3500, 'Retry-After counts the rest of the window');
    assert.match(third.text, /usage limit/i);
    assert.equal(
      (await fetch(hub(sim, '/v1/icao-prefixes', {}, 'demo-basic'))).status,
      200,
      'another key has its own count',
    );
    assert.equal(
      (await fetch(hub(sim, '/v1/icao-prefixes', {}, 'wrong'))).status,
      401,
      'bad keys are refused before counting',
    );

    for (let i = 0; i < 2; i++)
      assert.deepEqual(
        ((await (await fetch(reference(sim, '/flex/airlines/rest/v1/json/fs/LH'))).json()) as any).error,
        {},
      );
    const over = (await (await fetch(reference(sim, '/flex/airlines/rest/v1/json/fs/LH'))).json()) as any;
    assert.equal(over.error.httpStatusCode, 403);
    assert.equal(over.error.errorCode, 'USAGE_LIMIT_EXCEEDED');
  } finally {
    await fetch(`${sim.url}/__control/settings`, { method: 'POST', body: JSON.stringify({ usageLimit: null }) });
  }
  assert.equal((await fetch(hub(sim, '/v1/icao-prefixes'))).status, 200, 'lifted');
  assert.equal(
    (
      await fetch(`${sim.url}/__control/settings`, {
        method: 'POST',
        body: JSON.stringify({ usageLimit: { requests: 0 } }),
      })
    ).status,
    400,
  );
});

test('control: a refused settings update changes nothing; reset restores the start state', async () => {
  const refused = await fetch(`${sim.url}/__control/settings`, {
    method: 'POST',
    body: JSON.stringify({ unresolvedPoints: 'nullGeometry', fixedNow: 'yesterday-ish' }),
  });
  assert.equal(refused.status, 400);
  assert.equal(sim.settings.unresolvedPoints, 'omit', 'the valid part was not applied either');
  sim.faults.add({ kind: 'latency', latencyMs: 1 });
  await fetch(`${sim.url}/__control/settings`, {
    method: 'POST',
    body: JSON.stringify({ unresolvedPoints: 'nullGeometry', fixedNow: '2026-01-01T12:00:00Z' }),
  });
  const reset = await fetch(`${sim.url}/__control/reset`, { method: 'POST' });
  assert.deepEqual(await reset.json(), {
    unresolvedPoints: 'omit',
    variants: {
      notams: 'v1',
      flights: 'sim',
      airspaces: 'polygons',
      fir: 'boundedBy',
      routes: 'points',
      flightStatus: 'sim',
    },
  });
  assert.deepEqual(sim.faults.list(), []);
  assert.deepEqual(sim.requests.list(), []);
});
