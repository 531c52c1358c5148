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
import {
  FiledRouteLookup,
  filedRoutesLeftOut,
  RESTRICTED_DETAIL_MESSAGE,
} from '../../../server/src/session/filedRouteLookup';
import { SourceStatuses, type SourceName, type SourceStatus } from '../../../server/src/session/status';

const sims: HubSimulator[] = [];
const clients: HubClient[] = [];
afterEach(() => sims.forEach((s) => (s.faults.clear(), s.requests.clear())));
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(sims.map((s) => s.close()));
});

async function setUp(flights: 'sim' | 'fixm' | 'long-route', now?: () => number, maxDetails?: number) {
  const sim = await startHubSimulator({ port: 0, quiet: true, settings: { variants: { flights } } });
  sims.push(sim);
  const hubClient = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
  clients.push(hubClient);
  const reported: { name: SourceName; status: SourceStatus }[] = [];
  const statuses = new SourceStatuses((name, status) => reported.push({ name, status }));
  const lookup = new FiledRouteLookup(
    { hubClient, statuses },
    { ...(now ? { now } : {}), ...(maxDetails !== undefined ? { maxDetails } : {}) },
  );
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

test('what the bounds leave out is said: route texts too long to read, flights not looked up', async () => {
  const long = await (await setUp('long-route')).lookup.lookup('EGLL', 'EDDF');
  assert.ok(long.groups.length > 0, 'the other routes are kept');
  assert.ok(long.leftOut, 'the overlong route is said');
  assert.match(long.leftOut.summary, /^left out: \d routes? over 10,000 characters not read$/);
  assert.match(
    long.leftOut.details.join('\n'),
    /The FILED flights between EGLL and EDDF: 1 filed route was longer than 10,000 characters/,
  );

  const { lookup, calls } = await setUp('sim', undefined, 2);
  const few = await lookup.lookup('EGLL', 'EDDF');
  assert.equal(calls('flightByGufi'), 2, 'details asked up to the bound');
  const notAsked = few.withoutRoute;
  assert.ok(notAsked > 0);
  assert.equal(
    few.leftOut?.summary,
    `left out: ${notAsked} flight${notAsked === 1 ? '' : 's'} without a route in the list not looked up`,
  );
  assert.match(few.leftOut.details.at(-1)!, /at most 2 flight details a lookup/);

  const all = await (await setUp('fixm')).lookup.lookup('EGLL', 'EDDF');
  assert.equal(all.leftOut, undefined, 'nothing left out, nothing said');
});

test('flights past the cap of each list are counted in the line the quick pick shows', () => {
  const list = (read: number, notRead?: number) => ({
    format: 'xml' as const,
    flights: Array.from({ length: read }, () => ({})),
    ...(notRead ? { notRead } : {}),
  });
  const leftOut = filedRoutesLeftOut('EGLL', 'EDDF', [list(5_000, 95_000), list(3), list(5_000, 20)], 0, 20);
  assert.equal(leftOut?.summary, 'left out: 10,003 of 105,023+ flights read');
  assert.equal(leftOut.details.length, 2);
  assert.match(
    leftOut.details[0]!,
    /^The FILED flights between EGLL and EDDF: the hub's answer held 100,000 flights or more; the first 5,000 were read and 95,000 were not/,
  );
  assert.match(leftOut.details[1]!, /^The AIRBORNE flights/);
  assert.equal(filedRoutesLeftOut('EGLL', 'EDDF', [list(5), list(3), list(0)], 0, 20), undefined);
});
