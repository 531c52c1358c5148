/**
 * Routes filed for a city pair against the hub simulator (issue 22, item 1): #5 for FILED,
 * SCHEDULED and AIRBORNE, #3 for the flights whose summary carries no route; answers cached and
 * shared; a 403 on flight detail said once, keeping what #5 alone gives.
 */
import assert from 'node:assert/strict';
import test, { after, afterEach } from 'node:test';
import type { HubSimulator } from '../../hub-sim/server';
import { startHubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { FiledRouteLookup, RESTRICTED_DETAIL_MESSAGE } from '../../../server/src/session/filedRouteLookup';
import { SourceStatuses, type SourceName, type SourceStatus } from '../../../server/src/session/status';

const sims: HubSimulator[] = [];
const clients: HubClient[] = [];
afterEach(() => sims.forEach((s) => (s.faults.clear(), s.requests.clear())));
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(sims.map((s) => s.close()));
});

async function setUp(flights: 'sim' | 'fixm', now?: () => number) {
  const sim = await startHubSimulator({ port: 0, quiet: true, settings: { variants: { flights } } });
  sims.push(sim);
  const hubClient = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
  clients.push(hubClient);
  const reported: { name: SourceName; status: SourceStatus }[] = [];
  const statuses = new SourceStatuses((name, status) => reported.push({ name, status }));
  const lookup = new FiledRouteLookup({ hubClient, statuses }, now ? { now } : {});
  const calls = (endpoint: string) => sim.requests.list().filter((r) => r.endpoint === endpoint).length;
  return { sim, lookup, reported, calls, statuses };
}

test('routes from #5 and #3, grouped; cached and shared, never asked twice', async () => {
  const { lookup, calls, statuses } = await setUp('sim');
  const [first, second] = await Promise.all([lookup.lookup('EGLL', 'EDDF'), lookup.lookup('egll', 'eddf')]);
  assert.equal(first, second, 'identical lookups in flight share one answer');
  assert.equal(calls('flightsBetween'), 3, 'one list per status (FILED, SCHEDULED, AIRBORNE)');
  assert.ok(first.flights > 0);
  assert.ok(calls('flightByGufi') > 0, 'the simulator dialect lists no routes: details are asked');
  assert.ok(first.groups.length > 0);
  const total = first.groups.reduce((n, g) => n + g.count, 0);
  assert.equal(total + first.withoutRoute, first.flights);
  for (const group of first.groups) {
    assert.doesNotMatch(group.route, /^N\d{4}/, 'no speed/level group in the identity');
    assert.ok(group.latestCallsign);
    assert.ok(group.latestEobt, 'the EOBT the detail carries');
    assert.match(group.latestLevel ?? '', /^F\d{3}$/);
  }
  assert.equal(first.detailRestricted, undefined);
  assert.equal(statuses.get('flights').state, 'ok');
  const before = calls('flightsBetween') + calls('flightByGufi');
  assert.equal(await lookup.lookup('EGLL', 'EDDF'), first, 'cached');
  assert.equal(calls('flightsBetween') + calls('flightByGufi'), before);
});

test('FIXM lists with route text need no flight detail', async () => {
  const { lookup, calls } = await setUp('fixm');
  const answer = await lookup.lookup('EGLL', 'EDDF');
  assert.ok(answer.groups.length > 0);
  assert.equal(calls('flightByGufi'), 0);
});

test('403 on flight detail: said once, #5 alone kept, detail not asked again', async () => {
  let clock = 1_000_000;
  const { sim, lookup, reported, calls } = await setUp('sim', () => clock);
  sim.faults.add({ kind: 'forbidden', path: '/v1/flights/*' });
  const first = await lookup.lookup('EGLL', 'EDDF');
  assert.equal(first.detailRestricted, RESTRICTED_DETAIL_MESSAGE);
  assert.ok(first.flights > 0, 'the flights #5 gave are still counted');
  assert.equal(first.withoutRoute, first.flights);
  assert.equal(calls('flightByGufi'), 1, 'the first 403 stops the details');
  clock += 60 * 60_000; // past the cache lifetime
  const second = await lookup.lookup('EGLL', 'EDDF');
  assert.notEqual(second, first, 'asked again after the lifetime');
  assert.equal(calls('flightByGufi'), 1, 'no detail asked once refused');
  const said = reported.filter((r) => r.name === 'flights');
  assert.equal(said.length, 1, 'the restriction is said once');
  assert.equal(said[0]!.status.state, 'degraded');
  assert.match(said[0]!.status.message, /flight detail.*403/);
});
