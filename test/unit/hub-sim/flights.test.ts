// The flight status rules of the spec, on a fixed clock.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { BUILTIN_FIRS } from '../../hub-sim/firs-builtin';
import { pointInRing } from '../../hub-sim/geo';
import { startSim, hub, parseXml, many } from './helpers';
import { defined } from '../../shared/defined';

const noon = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
let sim: HubSimulator;
before(async () => {
  sim = await startSim({ settings: { fixedNow: noon.toISOString() } });
});
after(() => sim.close());

async function departures(aerodrome: string, query: Record<string, string> = {}): Promise<any[]> {
  const res = await fetch(hub(sim, `/v1/aerodromes/${aerodrome}/departures`, { format: 'json', ...query }));
  assert.equal(res.status, 200);
  return ((await res.json()) as any).features;
}

test('without status only active flights; with status exactly that one', async () => {
  const active = await departures('EGLL');
  assert.ok(active.length > 0);
  for (const f of active) assert.ok(['SCHEDULED', 'FILED', 'AIRBORNE'].includes(f.properties.flightStatus));
  const completed = await departures('EGLL', { status: 'COMPLETED' });
  assert.ok(completed.length > 0, 'yesterday’s flights are completed');
  for (const f of completed) assert.equal(f.properties.flightStatus, 'COMPLETED');
  const ids = new Set(active.map((f) => f.id));
  assert.ok(!completed.some((f) => ids.has(f.id)), 'completed flights are not in the default list');
});

test('the status filter is case sensitive: airborne → 400', async () => {
  const res = await fetch(hub(sim, '/v1/aerodromes/EGLL/departures', { status: 'airborne' }));
  assert.equal(res.status, 400);
  assert.match(await res.text(), /Error 400 - Bad Request/);
});

test('flights between two aerodromes refuse COMPLETED and accept the other four', async () => {
  const refused = await fetch(hub(sim, '/v1/aerodromes/EGLL/destinations/EDDF/flights', { status: 'COMPLETED' }));
  assert.equal(refused.status, 400);
  assert.match(await refused.text(), /COMPLETED/);
  for (const status of ['AIRBORNE', 'CANCELLED', 'FILED', 'SCHEDULED']) {
    const res = await fetch(hub(sim, '/v1/aerodromes/EGLL/destinations/EDDF/flights', { status }));
    assert.equal(res.status, 200, status);
    const flights = many(parseXml(await res.text()).flightMessage?.['fx:Flight']);
    for (const f of flights) {
      assert.equal(f['fx:flightStatus']['@currentStatus'], status);
      assert.equal(f['fx:departure']['fx:departureAerodrome']['@locationIndicator'], 'EGLL');
      assert.equal(f['fx:arrival']['fx:destinationAerodrome']['@locationIndicator'], 'EDDF');
    }
  }
});

test('a completed flight stays retrievable by GUFI and delay for 6 hours after landing', async () => {
  const [flight] = await departures('EGLL', { status: 'COMPLETED' });
  const landed = Date.parse(flight.properties.arrival.actualTime);
  try {
    sim.settings.fixedNow = new Date(landed + 6 * 3600_000 - 60_000).toISOString();
    for (const path of [`/v1/flights/${flight.id}`, `/v1/flights/${flight.id}/delay`]) {
      assert.equal((await fetch(hub(sim, path))).status, 200, `${path} just inside the window`);
    }
    sim.settings.fixedNow = new Date(landed + 6 * 3600_000 + 60_000).toISOString();
    for (const path of [`/v1/flights/${flight.id}`, `/v1/flights/${flight.id}/delay`]) {
      const res = await fetch(hub(sim, path));
      assert.equal(res.status, 404, `${path} just after the window`);
      assert.match(await res.text(), /6 hours/);
    }
  } finally {
    sim.settings.fixedNow = noon.toISOString();
  }
});

test('status follows the clock: a scheduled flight becomes filed, airborne, completed', async () => {
  const scheduled = await departures('EGLL', { status: 'SCHEDULED' });
  const flight = scheduled[0];
  const departure = Date.parse(flight.properties.departure.estimatedTime);
  const arrival = Date.parse(flight.properties.arrival.estimatedTime);
  const at = async (time: number) => {
    sim.settings.fixedNow = new Date(time).toISOString();
    const res = await fetch(hub(sim, `/v1/flights/${flight.id}`, { format: 'json' }));
    return ((await res.json()) as any).features[0];
  };
  try {
    assert.equal((await at(departure - 60 * 60_000)).properties.flightStatus, 'FILED');
    const airborne = await at((departure + arrival) / 2);
    assert.equal(airborne.properties.flightStatus, 'AIRBORNE');
    assert.notDeepEqual(airborne.geometry.coordinates, flight.geometry.coordinates, 'it has left the origin');
    assert.ok(airborne.properties.positionReport.altitude > 10000, 'cruising half-way');
    assert.equal((await at(arrival + 60_000)).properties.flightStatus, 'COMPLETED');
  } finally {
    sim.settings.fixedNow = noon.toISOString();
  }
});

test('flight numbers ignore a leading zero; airline prefixes are case sensitive', async () => {
  const [flight] = await departures('EGLL');
  const { airline, flightNumber } = flight.properties;
  const padded = await fetch(hub(sim, `/v1/airlines/${airline}/flights/00${flightNumber}`, { format: 'json' }));
  assert.ok(((await padded.json()) as any).features.some((f: any) => f.id === flight.id));
  const lower = await fetch(hub(sim, `/v1/airlines/${airline.toLowerCase()}/flights`, { format: 'json' }));
  assert.equal(((await lower.json()) as any).features.length, 0);
});

test('FIR flights: airborne flights inside the FIR, European FIRs only', async () => {
  const egtt = BUILTIN_FIRS.find((f) => f.code === 'EGTT')!;
  let seen = 0;
  try {
    // Sample the day so that some flight is over England at one of the moments.
    for (let hour = 6; hour <= 22; hour += 2) {
      sim.settings.fixedNow = new Date(noon.getTime() + (hour - 12) * 3600_000).toISOString();
      const body = (await (await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT/flights'))).json()) as any;
      for (const f of body.features) {
        assert.equal(f.properties.flightStatus, 'AIRBORNE');
        const [lon, lat] = f.geometry.coordinates;
        assert.ok(
          pointInRing(lon, lat, [...egtt.outline, defined(egtt.outline[0], 'the EGTT outline')]),
          `${f.properties.callsign} is inside EGTT`,
        );
        seen += 1;
      }
      const asia = (await (await fetch(hub(sim, '/v1/icao-prefixes/V/firs/VTBB/flights'))).json()) as any;
      assert.equal(asia.features.length, 0, 'FIR flight data are European');
    }
  } finally {
    sim.settings.fixedNow = noon.toISOString();
  }
  assert.ok(seen > 0, 'some flight crossed EGTT during the day');
});

test('the same clock gives the same data in another simulator', async () => {
  const other = await startSim({ settings: { fixedNow: noon.toISOString() } });
  try {
    for (const path of [
      '/v1/aerodromes/EGLL/departures',
      '/v1/icao-prefixes/E/firs/EGTT/notams',
      '/v2/icao-prefixes/E/firs/EDGG/airspaces',
    ]) {
      const a = await (await fetch(hub(sim, path, { format: 'json' }))).text();
      const b = await (await fetch(hub(other, path, { format: 'json' }))).text();
      assert.equal(a, b, path);
    }
  } finally {
    await other.close();
  }
});

test('the FPL messages of the samples fly daily as filed: callsign, type, registration, off-block time, EET', async () => {
  const body = (await (
    await fetch(hub(sim, '/v1/airlines/DLH/flights/4AB', { format: 'json', status: 'SCHEDULED' }))
  ).json()) as any;
  const flight = body.features[0];
  assert.ok(flight, 'DLH4AB of samples/fpl-message.route is scheduled for tomorrow');
  assert.equal(flight.properties.callsign, 'DLH4AB');
  assert.equal(flight.properties.aircraftDescription.aircraftCode, 'A320');
  assert.equal(flight.properties.aircraftDescription.aircraftRegistration, 'DAIZB');
  assert.match(flight.properties.departure.scheduledTime, /T12:00:00\.000Z$/);
  assert.equal(
    Date.parse(flight.properties.arrival.scheduledTime) - Date.parse(flight.properties.departure.scheduledTime),
    (65 + 15) * 60_000,
  );
  assert.equal(flight.properties.arrival.aerodrome, 'EDDF');
});
