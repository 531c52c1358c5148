/** Every hub endpoint (1–18) against the hub simulator, over real sockets. */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { HubClient } from '../../../server/src/hub/hubClient';
import { HUB_ENDPOINTS } from '../../../common/endpoints';
import { expectServiceError } from './expectServiceError';
import { logged, startSim } from './simHelpers';
import { requireRouteExpansion } from '../../shared/routeExpansion';

let sim: HubSimulator;
let hub: HubClient;
const seen = new Set<string | undefined>();
const remember = () => sim.requests.list().forEach((r) => seen.add(r.endpoint));

before(async () => {
  sim = await startSim();
  hub = new HubClient({ baseUrl: sim.url, retries: 0 }, { userKey: 'demo' });
});
after(async () => {
  await hub.close();
  await sim.close();
});

test('1 airline flights: GeoJSON by default, FIXM XML on request, the same flights either way', async () => {
  const json = await hub.airlineFlights('BAW');
  assert.equal(json.format, 'json');
  assert.ok(json.flights.length > 0, 'the simulator flies BAW');
  for (const f of json.flights) {
    assert.match(f.callsign ?? '', /^BAW/);
    assert.ok(typeof f.lat === 'number' && typeof f.lon === 'number');
  }
  const xml = await hub.airlineFlights('BAW', { format: 'xml' });
  assert.equal(xml.format, 'xml');
  assert.deepEqual(
    xml.flights.map((f) => f.gufi),
    json.flights.map((f) => f.gufi),
  );
  assert.deepEqual(
    xml.flights.map((f) => f.departure),
    json.flights.map((f) => f.departure),
  );
  const sent = logged(sim, 'airlineFlights');
  assert.match(sent[0]!.headers.accept!, /application\/geo\+json/);
  assert.match(sent[1]!.headers.accept!, /application\/xml/);
  assert.ok(
    sent.every((r) => /user_key=REDACTED/.test(r.url)),
    'user_key on every call',
  );
});

test('1 status filter is passed through, and a wrong value is refused before sending', async () => {
  const completed = await hub.airlineFlights('BAW', { status: 'COMPLETED' });
  assert.ok(completed.flights.every((f) => f.status === 'COMPLETED'));
  assert.match(logged(sim, 'airlineFlights').at(-1)!.url, /status=COMPLETED/);
  await expectServiceError(hub.airlineFlights('BAW', { status: 'airborne' as never }), 'badRequest');
});

test('2 airline and flight number', async () => {
  const all = await hub.airlineFlights('BAW');
  const some = all.flights[0]!;
  const number = some.callsign!.slice(3);
  const list = await hub.airlineFlightNumber('BAW', number);
  assert.ok(list.flights.some((f) => f.gufi === some.gufi));
});

test('3 flight by GUFI (GeoJSON and FIXM) and 4 its delay', async () => {
  const { flights } = await hub.airlineFlights('BAW');
  const gufi = flights[0]!.gufi!;
  const detail = await hub.flightByGufi(gufi);
  assert.equal(detail.flight?.gufi, gufi);
  const fixm = await hub.flightByGufi(gufi, { format: 'xml' });
  assert.equal(fixm.flight?.gufi, gufi);
  assert.match(logged(sim, 'flightByGufi').at(-1)!.url, /format=xml/);
  const delay = await hub.flightDelay(gufi);
  assert.equal(typeof delay.delayMinutes, 'number');
  await expectServiceError(hub.flightByGufi('00000000-0000-0000-0000-000000000000'), 'notFound');
});

test('5 flights between two aerodromes; COMPLETED is refused as the contract says', async () => {
  const { flights } = await hub.airlineFlights('BAW');
  const f = flights.find((x) => x.departure && x.arrival)!;
  const between = await hub.flightsBetween(f.departure!, f.arrival!);
  assert.ok(between.flights.every((x) => x.departure === f.departure && x.arrival === f.arrival));
  const before = logged(sim, 'flightsBetween').length;
  await expectServiceError(hub.flightsBetween(f.departure!, f.arrival!, { status: 'COMPLETED' }), 'badRequest');
  assert.equal(logged(sim, 'flightsBetween').length, before, 'not sent');
});

test('6 arrivals and 8 departures use format= as well as Accept', async () => {
  const { flights } = await hub.airlineFlights('BAW');
  const f = flights[0]!;
  const deps = await hub.departures(f.departure!, { status: f.status as never });
  assert.ok(deps.flights.some((x) => x.gufi === f.gufi));
  const arrs = await hub.arrivals(f.arrival!, { status: f.status as never, format: 'xml' });
  assert.ok(arrs.flights.some((x) => x.gufi === f.gufi));
  assert.match(logged(sim, 'departures').at(-1)!.url, /format=json/);
  assert.match(logged(sim, 'arrivals').at(-1)!.url, /format=xml/);
});

test('7 flights within a FIR (GeoJSON)', async () => {
  const list = await hub.firFlights('E', 'EGTT');
  assert.equal(list.format, 'json');
  assert.ok(Array.isArray(list.flights));
  assert.equal(list.results?.status, 'ok');
});

test('9 route expansion: POST with user_key, Accept application/geo+json, a validated FeatureCollection', async () => {
  requireRouteExpansion(sim);
  const { collection } = await hub.expandRoute({
    routeText: 'N0450F350 DVR L9 KONAN',
    origin: 'EGLL',
    destination: 'EDDF',
  });
  assert.ok(collection.features.length >= 2);
  assert.ok(collection.features.some((f) => f.properties.designator === 'DVR'));
  const sent = logged(sim, 'routeExpansion').at(-1)!;
  assert.equal(sent.method, 'POST');
  assert.equal(sent.headers.accept, 'application/geo+json');
  assert.match(sent.url, /user_key=REDACTED/);
  assert.deepEqual((sent.body as { routeText: string }).routeText, 'N0450F350 DVR L9 KONAN');
});

test('10 airspaces of a FIR, GeoJSON and AIXM XML, closed rings; 11 of a country; 12 microlights', async () => {
  const json = await hub.firAirspaces('E', 'EGTT');
  assert.ok(json.airspaces.length > 0);
  for (const a of json.airspaces) {
    assert.ok(a.properties.designator);
    assert.ok(a.geometry && (a.geometry.type === 'Polygon' || a.geometry.type === 'MultiPolygon'));
  }
  assert.match(logged(sim, 'firAirspaces').at(-1)!.url, /^\/v2\//, 'airspaces use the v2 set');
  const xml = await hub.firAirspaces('E', 'EGTT', { format: 'xml' });
  assert.equal(xml.format, 'xml');
  assert.deepEqual(
    xml.airspaces.map((a) => a.properties.designator).sort(),
    json.airspaces.map((a) => a.properties.designator).sort(),
  );
  const country = await hub.countryAirspaces('GB');
  assert.ok(country.airspaces.length > 0);
  const micro = await hub.microlights('GB');
  assert.ok(micro.features.length > 0);
  assert.ok(micro.features.every((f) => f.geometry?.type === 'Point'));
});

test('13–16 navigation documents carry links; the walk to NOTAMs follows them', async () => {
  const prefixes = await hub.icaoPrefixes();
  assert.ok(prefixes.links.some((l) => l.id === 'E'));
  const prefix = await hub.icaoPrefix('E');
  assert.ok(prefix.links.some((l) => l.id === 'firs'));
  const firs = await hub.firs('E');
  assert.ok(firs.links.some((l) => l.id === 'EGTT'));
  const fir = await hub.fir('E', 'EGTT');
  assert.ok(fir.links.some((l) => l.id === 'notams'));
  remember();
  sim.requests.clear();
  hub.clearCache();
  const walked = await hub.walkToFirNotams('E', 'EGTT');
  assert.equal(walked.trail.length, 4);
  assert.deepEqual(
    sim.requests.list().map((r) => r.endpoint),
    ['icaoPrefixes', 'icaoPrefix', 'firs', 'fir', 'firNotams'],
  );
  await expectServiceError(hub.walkToFirNotams('E', 'XXXX'), 'notFound');
});

test('17 NOTAMs of a FIR and 18 of an aerodrome: gzip asked for; AIXM and GeoJSON read into the same records', async () => {
  const aixm = await hub.firNotams('E', 'EGTT');
  assert.equal(aixm.format, 'aixm');
  assert.ok(aixm.notams.length > 0);
  assert.equal(logged(sim, 'firNotams').at(-1)!.headers['accept-encoding'], 'gzip');
  const geo = await hub.firNotams('E', 'EGTT', { format: 'geojson' });
  assert.equal(geo.format, 'geojson');
  const pick = (n: (typeof aixm.notams)[number]) => ({
    id: n.id,
    d: n.designation,
    text: n.text,
    start: n.effectiveStart,
    end: n.effectiveEnd,
    fir: n.affectedFIR,
    replaces: n.replaces,
  });
  assert.deepEqual(aixm.notams.map(pick), geo.notams.map(pick));
  for (const n of aixm.notams) {
    assert.match(n.designation ?? '', /^[A-Z]\d{4}\/\d{2}$/);
    assert.ok(typeof n.lat === 'number' && typeof n.lon === 'number');
  }
  const aerodrome = aixm.notams.find((n) => n.location && n.location !== 'EGTT')?.location ?? 'EGLL';
  const ad = await hub.aerodromeNotams(aerodrome);
  assert.ok(ad.notams.every((n) => n.location === aerodrome));
  assert.ok(ad.notams.length > 0 || ad.noneFound);
});

test('17/18 an unknown FIR or aerodrome is notFound, not "no NOTAMs"', async () => {
  await expectServiceError(hub.aerodromeNotams('ZZZZ'), 'notFound');
  await expectServiceError(hub.firNotams('E', 'EQQQ'), 'notFound');
});

test('every endpoint of the table was exercised', () => {
  remember();
  const missing = Object.keys(HUB_ENDPOINTS).filter((id) => !seen.has(id));
  assert.deepEqual(missing, []);
});
