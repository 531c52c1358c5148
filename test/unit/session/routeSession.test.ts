/**
 * The session core against the real hub simulator: it owns the hub and reference clients, the
 * reference settings reach the reference client, each source keeps one status however many of
 * its calls fail, and a document's new results reach the listeners with their version.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { readSettings } from '../../../server/src/lsp/settings';
import { RouteSession } from '../../../server/src/session/routeSession';
import type { SourceName, SourceStatus } from '../../../server/src/session/status';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';

const NAVDATA = path.resolve(__dirname, '../../fixtures/navdata');

let sim: HubSimulator;
before(async () => {
  sim = await startHubSimulator({ port: 0, quiet: true });
});
after(() => sim.close());

function session() {
  const statuses: [SourceName, SourceStatus][] = [];
  const s = new RouteSession({ status: (name, status) => statuses.push([name, status]) }, { retryMs: 0 });
  return {
    session: s,
    statuses,
    of: (name: SourceName) => statuses.filter(([n]) => n === name).map(([, st]) => st.state),
  };
}

test('the icaoRoute.reference.* settings reach the reference client: its calls go where they say', async () => {
  const { session: s, of } = session();
  const settings = readSettings({ icaoRoute: { reference: { baseUrl: sim.referenceUrl, credentialsIn: 'query' } } });
  s.configure(
    { hub: {}, reference: settings.reference ?? {}, navdataFolder: '' },
    { hubUserKey: null, reference: { appId: 'demo', appKey: 'demo' } },
  );
  assert.ok(s.referenceClient);
  const airlines = await s.useReference((ref) => ref.airlinesByIcao('EZY'));
  assert.ok(airlines.airlines.length > 0);
  const call = sim.requests
    .list()
    .filter((r) => r.family === 'reference')
    .at(-1)!;
  assert.match(call.url, /appId=/, 'credentialsIn: query puts the credentials in the query (redacted in the log)');
  assert.deepEqual(of('reference'), ['ok']);
  await s.dispose();
});

test('without credentials the reference is off, said once; a call is refused with that reason', async () => {
  const { session: s, of } = session();
  s.configure(
    { hub: {}, reference: { baseUrl: sim.referenceUrl }, navdataFolder: '' },
    { hubUserKey: null, reference: null },
  );
  assert.equal(s.referenceClient, undefined);
  await assert.rejects(
    s.useReference((ref) => ref.activeAirlines()),
    /appId\/appKey/,
  );
  await assert.rejects(
    s.useReference((ref) => ref.activeAirlines()),
    /appId\/appKey/,
  );
  assert.deepEqual(of('reference'), ['local']);
  await s.dispose();
});

test('the hub client is shared: airspaces through useHub, one status for three failures, ok again after', async () => {
  const { session: s, of } = session();
  s.configure(
    { hub: { baseUrl: sim.url, retries: 0 }, reference: {}, navdataFolder: '' },
    { hubUserKey: 'demo', reference: null },
  );
  assert.ok(s.hubClient);
  await s.useHub('airspaces', (hub) => hub.firAirspaces('E', 'EGTT'));
  sim.faults.add({ kind: 'serverError', count: 3 });
  // Answers are cached: each call asks the hub again.
  const fresh = () => s.useHub('airspaces', (hub) => (hub.clearCache(), hub.firAirspaces('E', 'EGTT')));
  for (let i = 0; i < 3; i++) await assert.rejects(fresh());
  await fresh();
  assert.deepEqual(of('airspaces'), ['ok', 'degraded', 'ok']);
  assert.equal(s.statuses.get('notams').state, 'local', 'a source never used has its own state');
  sim.faults.clear();
  await s.dispose();
});

test("the navigation data are the session's, loaded from the folder set", async () => {
  const { session: s } = session();
  s.configure({ hub: {}, reference: {}, navdataFolder: NAVDATA }, { hubUserKey: null, reference: null });
  assert.ok((await s.navdata())?.lookup('DVR').length);
  await s.dispose();
});
