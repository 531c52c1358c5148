/**
 * The traffic along a route against the hub simulator (issue 22, items 3 and 4): the flights
 * within the European FIRs the route crosses (#7) and the movements at its aerodromes (#8, #6);
 * flight answers cached for their stated lifetime and identical requests shared; each call sent
 * counted in the log without the key; a usage-limit answer said once, in the status and on the page.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import test, { after, before } from 'node:test';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { FLIGHT_ANSWER_TTL_MS } from '../../../server/src/hub/config';
import { MapAreas } from '../../../server/src/map/areas';
import { EUROPEAN_DATA_NOTICE } from '../../../server/src/map/traffic';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { parseRouteDocument } from '../../../server/src/route';
import { hubCallLine } from '../../../server/src/session/documentExpansions';
import { SourceStatuses, type SourceName, type SourceStatus } from '../../../server/src/session/status';
import { TRAFFIC_NEEDS_KEY_NOTICE, TrafficLookup } from '../../../server/src/session/trafficLookup';

const KEY = 'demo';
const TEXT = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n';

let sim: HubSimulator;
let db: NavDatabase;
const clients: HubClient[] = [];

before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true });
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sim.close();
});

function setUp() {
  sim.faults.clear();
  sim.requests.clear();
  let clock = Date.now();
  const log: string[] = [];
  const hub = new HubClient(
    { baseUrl: sim.url, retries: 0 },
    { userKey: KEY },
    { now: () => clock, onCall: (call) => log.push(hubCallLine(call)) },
  );
  clients.push(hub);
  const reported: { name: SourceName; status: SourceStatus }[] = [];
  const statuses = new SourceStatuses((name, status) => reported.push({ name, status }));
  const areas = new MapAreas({
    hub: () => ({ client: hub, userKey: KEY }),
    airspaceFiles: () => [],
    calls: () => statuses.batch(hub),
  });
  const traffic = new TrafficLookup({ hubClient: hub, statuses, areas }, () => clock);
  const block = parseRouteDocument(TEXT).blocks[0]!;
  const expansion = expandRoute(block, db);
  const calls = (endpoint: string) => sim.requests.list().filter((r) => r.endpoint === endpoint).length;
  return {
    traffic,
    block,
    expansion,
    statuses,
    reported,
    log,
    calls,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

test('the flights within the European FIRs crossed, with call sign, level and track', async () => {
  const { traffic, block, expansion, now } = setUp();
  const answer = await traffic.along(block, expansion, now());
  assert.ok(answer.firs.length >= 2, `the route crosses several FIRs: ${answer.firs.join(', ')}`);
  assert.ok(answer.firs.includes('EGTT') && answer.firs.includes('EDGG'), answer.firs.join(', '));
  assert.ok(answer.flights.length > 0, 'the simulator flies through these FIRs');
  for (const f of answer.flights) {
    assert.ok(answer.firs.includes(f.fir));
    assert.ok(f.callsign.length > 0);
    assert.match(f.levelText, /^(FL\d{3}|\d+ ft)$/);
    assert.ok(f.trackDeg !== undefined && f.trackDeg >= 0 && f.trackDeg < 360);
  }
  assert.equal(new Set(answer.flights.map((f) => f.id)).size, answer.flights.length, 'each flight once');
  assert.ok(answer.notices.includes(EUROPEAN_DATA_NOTICE), 'European data, said');
  const movements = answer.aerodromes.map((a) => `${a.aerodrome} ${a.movement}`);
  assert.deepEqual(movements, ['EGLL departures', 'EDDF arrivals']);
  for (const a of answer.aerodromes) assert.match(a.window, /^\d\d:\d\dZ–\d\d:\d\dZ \((off blocks|ETA) ± 1 h\)$/);
});

test('flight answers cached for their lifetime; identical requests in flight shared; each call sent logged', async () => {
  const { traffic, block, expansion, calls, log, advance, now } = setUp();
  const [a, b] = await Promise.all([traffic.along(block, expansion, now()), traffic.along(block, expansion, now())]);
  const firCalls = calls('firFlights');
  assert.equal(firCalls, a.firs.length, 'two lookups at once: one call per FIR');
  assert.deepEqual(
    b.flights.map((f) => f.id),
    a.flights.map((f) => f.id),
  );
  const movementCalls = calls('departures') + calls('arrivals');
  assert.ok(movementCalls > 0);
  const sent = sim.requests.list().length;
  assert.equal(log.length, sent, 'one log line per call the hub was sent, none for shared or cached answers');
  assert.match(log[0]!, /^Hub call 1: \w+ \(.+\): HTTP \d{3}$/);
  assert.ok(
    log.every((line) => !/demo|user_key/i.test(line)),
    'no key in the log, in any letter case',
  );

  advance(FLIGHT_ANSWER_TTL_MS - 1_000);
  await traffic.along(block, expansion, now());
  assert.equal(calls('firFlights'), firCalls, 'within the lifetime: from the cache');
  assert.equal(calls('departures') + calls('arrivals'), movementCalls);
  advance(2_000);
  await traffic.along(block, expansion, now());
  assert.equal(calls('firFlights'), 2 * firCalls, 'past the lifetime: asked again');
  assert.equal(log.length, sim.requests.list().length);
});

test('the usage limit answers: said once in the flights status and on the page', async () => {
  const { traffic, block, expansion, statuses, reported, advance, now } = setUp();
  // The FIR catalogue and outlines first (they are the map view's), then the flights refused.
  await traffic.along(block, expansion, now());
  for (const path of ['*/flights*', '*/departures*', '*/arrivals*']) sim.faults.add({ kind: 'usageLimit', path });
  advance(FLIGHT_ANSWER_TTL_MS + 1);
  const before = reported.length;
  const answer = await traffic.along(block, expansion, now());
  assert.equal(answer.flights.length, 0);
  assert.deepEqual(answer.aerodromes, []);
  assert.ok(
    answer.notices.some((n) => /usage limit is exceeded/.test(n)),
    answer.notices.join('\n'),
  );
  const said = reported.slice(before).filter((r) => r.name === 'flights');
  assert.equal(said.length, 1, 'one status for every refused call');
  assert.equal(said[0]!.status.state, 'degraded');
  assert.match(said[0]!.status.message, /usage limit is exceeded/);
  assert.match(statuses.get('flights').message, /^Flight data failing at the hub/);
});

test('without a hub key: nothing asked, and said', async () => {
  const statuses = new SourceStatuses(() => {});
  const traffic = new TrafficLookup({
    hubClient: undefined,
    statuses,
    areas: { firsAlong: async () => assert.fail('no FIRs are looked for without a key') },
  });
  const block = parseRouteDocument(TEXT).blocks[0]!;
  const answer = await traffic.along(block, expandRoute(block, db), Date.now());
  assert.deepEqual(answer.flights, []);
  assert.deepEqual(answer.notices, [TRAFFIC_NEEDS_KEY_NOTICE]);
});
