/**
 * The simulator's traffic (issue 22, item 3): the flights it reports within a FIR the sample
 * routes cross sit on a leg of their own filed route between two waypoints of
 * the navigation data (its expansion by the simulator's route engine), and the departures and
 * arrivals of a sample aerodrome are FIXM flights from or to it, with their times.
 */
import assert from 'node:assert/strict';
import test, { after, before } from 'node:test';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';

let sim: HubSimulator;
let hub: HubClient;

before(async () => {
  // A fixed clock: which flights are within a FIR depends on the time (at 16:55 UTC none is in
  // EDGG), and a test must not depend on when it runs. Not on the half hour: flights leave then.
  sim = await startHubSimulator({ port: 0, quiet: true, settings: { fixedNow: '2026-11-26T10:07:00Z' } });
  hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
});
after(async () => {
  await hub.close();
  await sim.close();
});

/** Whether p lies on the segment a–b (lon/lat), within a hair. */
function onSegment(p: [number, number], a: number[], b: number[]): boolean {
  const [ax, ay] = [a[0]!, a[1]!];
  const [bx, by] = [b[0]!, b[1]!];
  const cross = (p[0] - ax) * (by - ay) - (p[1] - ay) * (bx - ax);
  const length = Math.hypot(bx - ax, by - ay);
  if (length === 0) return Math.hypot(p[0] - ax, p[1] - ay) < 1e-6;
  const within =
    Math.min(ax, bx) - 1e-6 <= p[0] &&
    p[0] <= Math.max(ax, bx) + 1e-6 &&
    Math.min(ay, by) - 1e-6 <= p[1] &&
    p[1] <= Math.max(ay, by) + 1e-6;
  return within && Math.abs(cross) / length < 1e-4;
}

test('flights within EGTT and EDGG fly on legs of their own filed routes', async () => {
  let checked = 0;
  for (const fir of ['EGTT', 'EDGG']) {
    const list = await hub.firFlights('E', fir);
    assert.ok(list.flights.length > 0, `the simulator flies through ${fir}`);
    assert.equal(list.leftOut, undefined);
    for (const flight of list.flights.slice(0, 8)) {
      assert.equal(flight.status, 'AIRBORNE');
      assert.ok(typeof flight.altitude === 'number' && typeof flight.track === 'number');
      const detail = await hub.flightByGufi(flight.gufi!);
      const route = detail.collection?.features.find((f) => f.geometry?.type === 'LineString');
      assert.ok(route && route.geometry?.type === 'LineString', 'the detail carries the route flown');
      const path = route.geometry.coordinates;
      assert.ok(path.length >= 3, 'origin, waypoints of the navigation data, destination');
      const position: [number, number] = [flight.lon!, flight.lat!];
      const leg = path.findIndex((a, i) => i + 1 < path.length && onSegment(position, a, path[i + 1]!));
      assert.ok(leg >= 0, `${flight.callsign} at ${position.join(',')} lies on a leg of its route`);
      checked++;
    }
  }
  assert.ok(checked >= 2);
});

test("a FIR outside Europe answers no flights (the contract's European data)", async () => {
  const list = await hub.firFlights('W', 'WSJC').catch(() => undefined);
  if (list) assert.equal(list.flights.length, 0);
});

test('departures and arrivals of a sample aerodrome are FIXM flights from or to it, with their times', async () => {
  const departures = await hub.departures('EGLL', { status: 'SCHEDULED', format: 'xml' });
  assert.equal(departures.format, 'xml');
  assert.ok(departures.flights.length > 0);
  for (const f of departures.flights) assert.equal(f.departure, 'EGLL');
  const arrivals = await hub.arrivals('EDDF', { status: 'SCHEDULED' });
  assert.ok(arrivals.flights.length > 0);
  for (const f of arrivals.flights) assert.equal(f.arrival, 'EDDF');
  const timed = arrivals.collection!.features.filter((f) => {
    const arrival = f.properties.arrival as { scheduledTime?: unknown } | undefined;
    return typeof arrival?.scheduledTime === 'string' && Number.isFinite(Date.parse(arrival.scheduledTime));
  });
  assert.equal(timed.length, arrivals.flights.length, 'every arrival says when');
});
