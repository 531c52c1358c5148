/**
 * The traffic layer's request (icaoRoute/mapTraffic) in the real built server against the hub
 * simulator (issue 22): the flights within the European FIRs europe.route crosses and its
 * aerodromes' movements; asked again within a minute, the hub is not called again; each call
 * sent is a line of the log, without the key; without a key, nothing is asked and it says why.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STATUS_NOTIFICATION } from '../../common/protocol/lspMessages';
import {
  MAP_TRAFFIC_REQUEST,
  MAP_VIEW_REQUEST,
  type MapTraffic,
  type MapView,
} from '../../common/protocol/mapMessages';
import { hubForFile } from './support/hubServer';
import { eventually, sample } from './support/server';

const hub = hubForFile();
/** With a key, once the hub expands; null: none. */
const serverWith = (key: string | null) => hub.start({ key });

const at = (uri: string) => ({ uri, position: { line: 6, character: 0 } });

test('europe.route: the flights within its European FIRs and its aerodromes’ movements; cached; each call logged without the key', async () => {
  const server = await serverWith('demo');
  // The server's lines for the output channel (icaoRoute/status; the client writes them there).
  const lines: string[] = [];
  server.connection.onNotification(STATUS_NOTIFICATION, (p: { message: string }) => {
    lines.push(p.message);
  });
  const uri = 'file:///traffic/europe.route';
  await server.open(uri, sample('europe.route'));
  // The map view first, as the page does: the traffic's FIRs come from the same cached answers.
  await eventually(async () => {
    const v = (await server.connection.sendRequest(MAP_VIEW_REQUEST, at(uri))) as MapView | null;
    return v && v.legs.length > 0 && v.firs.length > 0;
  }, 'an expanded view of europe.route');
  const before = hub.sim.requests.list().length;
  const traffic = (await server.connection.sendRequest(MAP_TRAFFIC_REQUEST, at(uri))) as MapTraffic | null;
  assert.ok(traffic);
  assert.equal(traffic.uri, uri);
  assert.equal(traffic.blockIndex, 0);
  assert.ok(traffic.firs.includes('EGTT') && traffic.firs.includes('EDGG'), traffic.firs.join(', '));
  assert.ok(traffic.flights.length > 0, 'the simulator flies through these FIRs at any hour');
  assert.ok(traffic.notices.some((n) => /European data/.test(n)));
  assert.deepEqual(
    traffic.aerodromes.map((a) => `${a.aerodrome} ${a.movement}`),
    ['EGLL departures', 'EDDF arrivals'],
  );
  // (The map's and the conflicts' own calls may still run meanwhile: only the flight calls are the traffic's.)
  const flightCalls = () =>
    hub.sim.requests.list().filter((r) => ['firFlights', 'departures', 'arrivals'].includes(r.endpoint ?? '')).length;
  const sent = hub.sim.requests.list().slice(before);
  assert.equal(
    sent.filter((r) => r.endpoint === 'firFlights').length,
    traffic.firs.length,
    'one call per European FIR',
  );
  const movements = sent.filter((r) => r.endpoint === 'departures' || r.endpoint === 'arrivals').length;
  assert.ok(movements >= 2 && movements <= 6, `the statuses the window needs, per aerodrome: ${movements}`);
  const flightCallsBefore = flightCalls();
  const again = (await server.connection.sendRequest(MAP_TRAFFIC_REQUEST, at(uri))) as MapTraffic;
  assert.equal(flightCalls(), flightCallsBefore, 'asked again within a minute: from the cache');
  assert.deepEqual(
    again.flights.map((f) => f.id),
    traffic.flights.map((f) => f.id),
  );
  const calls = lines.filter((m) => /Hub call \d+:/.test(m));
  assert.ok(
    calls.some((m) => /firFlights \(the flights within a FIR\): HTTP 200/.test(m)),
    calls.join('\n'),
  );
  assert.ok(calls.length >= hub.sim.requests.list().length - before, 'every call sent since is counted');
  for (const line of calls) assert.doesNotMatch(line, /demo|user_key/i);
});

test('without a key: no traffic asked, and said', async () => {
  const server = await serverWith(null);
  const uri = 'file:///traffic/nokey.route';
  await server.open(uri, sample('europe.route'));
  const before = hub.sim.requests.list().length;
  const traffic = (await server.connection.sendRequest(MAP_TRAFFIC_REQUEST, at(uri))) as MapTraffic | null;
  assert.ok(traffic);
  assert.deepEqual(traffic.flights, []);
  assert.match(traffic.notices.join('\n'), /needs a hub key/);
  assert.equal(hub.sim.requests.list().length, before);
});
