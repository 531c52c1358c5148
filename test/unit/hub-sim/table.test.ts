/**
 * The simulator serves its own endpoint table (from the contracts), not the client's: a path or
 * a version the client gets wrong is a 404, as at the real service, and a test fails.
 */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { HUB_TABLE, VERSIONS, fillPath, type HubEndpointId } from '../../hub-sim/endpoints';
import { HubClient } from '../../../server/src/hub/hubClient';
import { DEFAULT_HUB_VERSIONS, HUB_ENDPOINTS } from '../../../common/endpoints';
import { ServiceError } from '../../../server/src/hub/errors';
import { anyFlightGufi, hub, startSim } from './helpers';
import { defined } from '../../shared/defined';

let sim: HubSimulator;
let params: Record<string, string>;
before(async () => {
  sim = await startSim();
  const flight = await anyFlightGufi(sim, 'SCHEDULED');
  assert.ok(flight, 'a scheduled flight to look up');
  params = {
    prefix: 'E',
    fir: 'EGTT',
    aerodrome: 'EGLL',
    airline: flight.airline,
    number: flight.flightNumber,
    gufi: flight.gufi,
    origin: flight.origin,
    destination: flight.destination,
    country: 'DE',
  };
});
after(() => sim.close());

const GETS = (Object.keys(HUB_TABLE) as HubEndpointId[]).filter((id) => HUB_TABLE[id].method === 'GET');

test('every GET endpoint answers at its documented version and is a 404 page at any other', async () => {
  assert.equal(GETS.length, 17);
  for (const id of GETS) {
    const def = HUB_TABLE[id];
    const right = await fetch(hub(sim, fillPath(def.path, { ...params, version: VERSIONS[def.set] })));
    assert.equal(right.status, 200, `${id} at ${VERSIONS[def.set]}`);
    await right.arrayBuffer();
    for (const version of ['v1', 'v2', 'v3'].filter((v) => v !== VERSIONS[def.set])) {
      const wrong = await fetch(hub(sim, fillPath(def.path, { ...params, version })));
      assert.equal(wrong.status, 404, `${id} at ${version}`);
      assert.match(await wrong.text(), /Error 404/);
    }
  }
});

async function failure(call: Promise<unknown>): Promise<ServiceError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof ServiceError, `the call failed with a ServiceError (${String(error)})`);
  return error;
}

test('the product client with a version bug or a path bug fails against the simulator', async () => {
  const right = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
  const wrongVersion = new HubClient(
    { baseUrl: sim.url, retries: 0, versions: { airspaces: 'v1' } as never },
    {
      userKey: 'demo',
    },
  );
  const wrongPath = new HubClient(
    {
      baseUrl: sim.url,
      retries: 0,
      endpoints: { departures: { path: '/{version}/aerodromes/{aerodrome}/departure' } },
    },
    { userKey: 'demo' },
  );
  try {
    assert.ok((await right.firAirspaces('E', 'EGTT')).airspaces.length > 0, 'the client as configured works');
    assert.equal((await failure(wrongVersion.firAirspaces('E', 'EGTT'))).kind, 'notFound');
    assert.equal((await failure(wrongPath.departures('EGLL'))).kind, 'notFound');
  } finally {
    await Promise.all([right.close(), wrongVersion.close(), wrongPath.close()]);
  }
});

test('a bug in the client’s own default table is not shared by the simulator', async () => {
  // The simulator used to serve the client's table: such a bug then passed every test.
  const versions = DEFAULT_HUB_VERSIONS as Record<string, string>;
  const departures = HUB_ENDPOINTS.departures;
  const saved = { airspaces: defined(versions.airspaces, 'the airspaces version'), path: departures.path };
  versions.airspaces = 'v1';
  departures.path = '/{version}/aerodromes/{aerodrome}/departure';
  const fresh = await startSim();
  const client = new HubClient({ baseUrl: fresh.url, retries: 0 }, { userKey: 'demo' });
  try {
    assert.equal((await failure(client.firAirspaces('E', 'EGTT'))).kind, 'notFound');
    assert.equal((await failure(client.departures('EGLL'))).kind, 'notFound');
  } finally {
    versions.airspaces = saved.airspaces;
    departures.path = saved.path;
    await client.close();
    await fresh.close();
  }
});
