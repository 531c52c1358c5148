/** Every fault of the hub simulator, and the client's time-outs, retries, cancellation and caching. */
import test, { after, afterEach, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { FLIGHT_ANSWER_TTL_MS, type HubSettings } from '../../../server/src/hub/config';
import { HubError } from '../../../server/src/hub/errors';
import { waitInWords } from '../../../server/src/hub/errorPages';
import { ReferenceClient } from '../../../server/src/hub/referenceClient';
import { startLocalServer } from './localServer';
import { expectServiceError } from './expectServiceError';
import { logged, startSim } from './simHelpers';

let sim: HubSimulator;
const open: HubClient[] = [];

function client(settings: Partial<HubSettings> = {}, key = 'demo', now?: () => number): HubClient {
  const hub = new HubClient(
    { baseUrl: sim.url, retries: 0, retryBaseDelayMs: 5, ...settings },
    { userKey: key },
    now ? { now } : {},
  );
  open.push(hub);
  return hub;
}

before(async () => {
  sim = await startSim();
});
afterEach(() => {
  sim.faults.clear();
  sim.requests.clear();
});
after(async () => {
  await Promise.all(open.map((h) => h.close()));
  await sim.close();
});

test('serverError: kind serverFailure with the support id from the page', async () => {
  sim.faults.add({ kind: 'serverError', path: '/v1/icao-prefixes' });
  const err = await expectServiceError(client().icaoPrefixes(), 'serverFailure');
  assert.match(err.supportId ?? '', /^[0-9a-f-]{36}$/);
  assert.ok(err.message.includes(err.supportId!));
  assert.match(err.message, /Try again later/);
});

test('serverError once: an idempotent GET is retried and succeeds', async () => {
  sim.faults.add({ kind: 'serverError', path: '/v1/icao-prefixes', count: 1 });
  const { links } = await client({ retries: 2 }).icaoPrefixes();
  assert.ok(links.length > 0);
  assert.equal(logged(sim, 'icaoPrefixes').length, 2);
});

test('serverError on the route expansion POST is never retried', async () => {
  sim.faults.add({ kind: 'serverError', method: 'POST' });
  await expectServiceError(client({ retries: 3 }).expandRoute({ routeText: 'DVR L9 KONAN' }), 'serverFailure');
  assert.equal(logged(sim, 'routeExpansion').length, 1);
});

test('forbidden, and a restricted API with a key lacking approval: kind restricted with the group names', async () => {
  const basic = client({}, 'demo-basic');
  const err = await expectServiceError(basic.firAirspaces('E', 'EGTT'), 'restricted');
  assert.deepEqual(err.groups, ['Airspaces']);
  assert.match(err.message, /Airspaces.*access request form/);
  const open = await basic.icaoPrefixes();
  assert.ok(open.links.length > 0, 'the same key reads unrestricted APIs');
  sim.faults.add({ kind: 'forbidden', path: '/v1/icao-prefixes' });
  const forbidden = await expectServiceError(client().icaoPrefixes(), 'restricted');
  assert.equal(forbidden.status, 403);
  assert.ok((forbidden.groups ?? []).length > 0);
});

test('unauthorized, and an unknown key: kind notAuthorised telling how to set the key', async () => {
  sim.faults.add({ kind: 'unauthorized', path: '/v1/icao-prefixes', count: 1 });
  const err = await expectServiceError(client().icaoPrefixes(), 'notAuthorised');
  assert.match(err.message, /Set Hub Key/);
  assert.ok(err instanceof HubError, 'the hub client names its own failures HubError');
  const wrong = await expectServiceError(client({}, 'no-such-key-123').icaoPrefixes(), 'notAuthorised');
  assert.ok(!JSON.stringify({ m: wrong.message, u: wrong.url }).includes('no-such-key-123'));
});

test('usageLimit: kind usageLimit, not retried', async () => {
  sim.faults.add({ kind: 'usageLimit' });
  const err = await expectServiceError(client({ retries: 3 }).airlineFlights('BAW'), 'usageLimit');
  assert.match(err.message, /usage limit.*Wait 1 minute before/);
  assert.equal(logged(sim, 'airlineFlights').length, 1);
});

test('notFound: kind notFound; an unknown FIR too', async () => {
  sim.faults.add({ kind: 'notFound', path: '*/airspaces', count: 1 });
  await expectServiceError(client().firAirspaces('E', 'EGTT'), 'notFound');
  await expectServiceError(client().fir('E', 'QQQQ'), 'notFound');
});

test('malformedBody: a cut JSON or XML body is a malformedResponse, not a crash', async () => {
  sim.faults.add({ kind: 'malformedBody', path: '*/airspaces', count: 2 });
  const hub = client();
  const err = await expectServiceError(hub.firAirspaces('E', 'EGTT'), 'malformedResponse');
  assert.match(err.message, /not valid JSON/);
  const xml = await expectServiceError(hub.firAirspaces('E', 'EGTT', { format: 'xml' }), 'malformedResponse');
  assert.match(xml.message, /well-formed/);
});

test('truncatedGzip: a broken compressed body is a malformedResponse', async () => {
  sim.faults.add({ kind: 'truncatedGzip', path: '/v1/icao-prefixes/E/firs' });
  const err = await expectServiceError(client().firs('E'), 'malformedResponse');
  assert.match(err.message, /gzip/);
});

test('reset: the connection dropped is a network error; retried GETs get through', async () => {
  sim.faults.add({ kind: 'reset', path: '/v1/icao-prefixes/E', count: 1 });
  await expectServiceError(client().icaoPrefix('E'), 'network');
  sim.faults.add({ kind: 'reset', path: '/v1/icao-prefixes/E', count: 1 });
  const { links } = await client({ retries: 1 }).icaoPrefix('E');
  assert.ok(links.length > 0);
});

test('slowDrip: a body that never completes in time ends in a timeout', async () => {
  sim.faults.add({ kind: 'slowDrip', path: '/v1/icao-prefixes', chunkBytes: 8, intervalMs: 200 });
  const err = await expectServiceError(client({ timeoutMs: 300 }).icaoPrefixes(), 'timeout');
  assert.match(err.message, /300 ms/);
});

test('latency: under the time-out the answer arrives, over it the call times out', async () => {
  sim.faults.add({ kind: 'latency', path: '/v1/icao-prefixes', latencyMs: 50, count: 1 });
  assert.ok((await client({ timeoutMs: 5000 }).icaoPrefixes()).links.length > 0);
  sim.faults.add({ kind: 'latency', path: '/v1/icao-prefixes', latencyMs: 2000, count: 1 });
  await expectServiceError(client({ timeoutMs: 100 }).icaoPrefixes(), 'timeout');
});

test('cancellation: aborting the caller signal ends the call at once with kind cancelled', async () => {
  sim.faults.add({ kind: 'latency', latencyMs: 3000, count: 1 });
  const controller = new AbortController();
  const pending = client({ timeoutMs: 60_000 }).airlineFlights('BAW', { signal: controller.signal });
  setTimeout(() => controller.abort(), 30);
  await expectServiceError(pending, 'cancelled');
});

test('identical requests in flight are sent once; a cancelled waiter does not cancel the others', async () => {
  // Another airline than the test before's: the call that test gave up on can still reach the
  // simulator (in this process) after it ended, on a loaded machine, and be logged here.
  sim.faults.add({ kind: 'latency', path: '/v1/airlines/DLH/*', latencyMs: 150, count: 1 });
  const hub = client();
  const controller = new AbortController();
  const a = hub.airlineFlights('DLH');
  const b = hub.airlineFlights('DLH', { signal: controller.signal });
  const c = hub.airlineFlights('DLH');
  controller.abort();
  await expectServiceError(b, 'cancelled');
  const [ra, rc] = await Promise.all([a, c]);
  assert.deepEqual(ra, rc);
  assert.equal(logged(sim, 'airlineFlights').filter((r) => r.url.includes('/DLH/')).length, 1);
});

test('a call cancelled before it was sent never reaches the service; the same call made next is sent afresh', async () => {
  const hub = client();
  const controller = new AbortController();
  const abandoned = hub.airlineFlights('BAW', { signal: controller.signal });
  controller.abort();
  const again = hub.airlineFlights('BAW'); // at once, while the abandoned load is still winding down
  await expectServiceError(abandoned, 'cancelled');
  const { flights } = await again;
  assert.ok(Array.isArray(flights));
  assert.equal(logged(sim, 'airlineFlights').length, 1, 'only the second call was sent');
});

test('airspaces are cached for a day, NOTAM lists for a minute (clock injected)', async () => {
  let clock = 1_000_000;
  const hub = client({}, 'demo', () => clock);
  await hub.firAirspaces('E', 'EGTT');
  await hub.firAirspaces('E', 'EGTT');
  clock += 23 * 3600_000;
  await hub.firAirspaces('E', 'EGTT');
  assert.equal(logged(sim, 'firAirspaces').length, 1);
  clock += 2 * 3600_000;
  await hub.firAirspaces('E', 'EGTT');
  assert.equal(logged(sim, 'firAirspaces').length, 2);

  await hub.aerodromeNotams('EGLL').catch(() => undefined);
  clock += 30_000;
  await hub.aerodromeNotams('EGLL').catch(() => undefined);
  const afterHalfMinute = logged(sim, 'aerodromeNotams').length;
  clock += 31_000;
  await hub.aerodromeNotams('EGLL').catch(() => undefined);
  assert.equal(logged(sim, 'aerodromeNotams').length, afterHalfMinute + 1);
});

test("flights are cached for their stated lifetime, a minute (issue 22: the usage limit is the user's money)", async () => {
  let clock = 1_000_000;
  const hub = client({}, 'demo', () => clock);
  await hub.airlineFlights('BAW');
  await hub.airlineFlights('BAW');
  assert.equal(logged(sim, 'airlineFlights').length, 1, 'within the lifetime: one request');
  clock += FLIGHT_ANSWER_TTL_MS + 1;
  await hub.airlineFlights('BAW');
  assert.equal(logged(sim, 'airlineFlights').length, 2, 'past it: asked again');
  // Nothing kept where the settings say so (the bench's raw client).
  const uncached = client({ cacheTtlMs: { airspaces: 0, notams: 0, navigation: 0, flights: 0 } });
  await uncached.airlineFlights('BAW');
  await uncached.airlineFlights('BAW');
  assert.equal(logged(sim, 'airlineFlights').length, 4);
});

test('the concurrency limit holds against the simulator', async () => {
  sim.faults.add({ kind: 'latency', latencyMs: 40 });
  const hub = client({ maxConcurrency: 2 });
  const calls = ['BAW', 'DLH', 'EZY', 'AFR', 'KLM', 'RYR'].map((a) => hub.airlineFlights(a).catch(() => undefined));
  await new Promise((r) => setTimeout(r, 20));
  // An upper bound only (no timing assumption): the others are still queued in the client.
  assert.ok(sim.requests.list().length <= 2, 'at most two requests at the simulator while they are slow');
  await Promise.all(calls);
  assert.equal(logged(sim, 'airlineFlights').length, 6);
});

test('Retry-After is said in words and capped: 999999999 s is no wait to print', async () => {
  const now = Date.parse('2026-11-21T08:00:00Z');
  assert.equal(waitInWords('999999999', now), 'Wait at least a day before trying again');
  assert.equal(waitInWords('45', now), 'Wait 45 seconds before trying again');
  assert.equal(waitInWords('60', now), 'Wait 1 minute before trying again');
  assert.equal(waitInWords('7200', now), 'Wait 2 hours before trying again');
  assert.equal(waitInWords('Sat, 21 Nov 2026 08:05:00 GMT', now), 'Wait 5 minutes before trying again');
  assert.equal(waitInWords('soon', now), 'Wait before trying again');
  const server = await startLocalServer((_req, res) =>
    res.writeHead(429, { 'retry-after': '999999999', 'content-type': 'text/plain' }).end('Too Many Requests'),
  );
  try {
    const hub = new HubClient({ baseUrl: server.url, retries: 0 }, { userKey: 'demo' });
    open.push(hub);
    const err = await expectServiceError(hub.icaoPrefixes(), 'usageLimit');
    assert.match(err.message, /Wait at least a day before trying again/);
    assert.doesNotMatch(err.message, /999999999/);
  } finally {
    await server.close();
  }
});

test('a query on the reference base URL names the reference credentials command, not the hub key', () => {
  assert.throws(
    () => new ReferenceClient({ baseUrl: 'https://ref.example.com/?appKey=x' }, { appId: 'a', appKey: 'b' }),
    (err: Error) => /Set Airline Reference Credentials/.test(err.message) && !/Hub Key/.test(err.message),
  );
  assert.throws(
    () => new HubClient({ baseUrl: 'https://hub.example.com/?user_key=x' }, { userKey: 'k' }),
    /Set Hub Key/,
  );
});
