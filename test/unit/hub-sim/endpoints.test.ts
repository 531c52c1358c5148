// Every hub endpoint and every reference endpoint once with the demo credentials, over real HTTP.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { startSim, hub, reference, parseXml, many, expandRoute, anyFlightGufi } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
});
after(() => sim.close());

test('the table of endpoints.ts is served: 13–16 navigation XML links lead from prefixes to a FIR detail with its APIs', async () => {
  const prefixes = parseXml(await (await fetch(hub(sim, '/v1/icao-prefixes'))).text());
  const links = many(prefixes['gml:FeatureCollection']['gml:featureMember']).map(
    (m: any) => m['@xlink:href'] as string,
  );
  assert.ok(links.includes(`${sim.url}/v1/icao-prefixes/E`), 'prefix E is listed with an absolute link');

  const prefix = await fetch(`${links.find((l) => l.endsWith('/E'))}?user_key=demo`);
  assert.equal(prefix.status, 200);
  const firsLink = parseXml(await prefix.text())['gml:FeatureCollection']['gml:featureMember'].IcaoPrefix.firs[
    '@xlink:href'
  ];
  assert.equal(firsLink, `${sim.url}/v1/icao-prefixes/E/firs`);

  const firs = parseXml(await (await fetch(`${firsLink}?user_key=demo`)).text());
  const firLinks = many(firs['gml:FeatureCollection']['gml:featureMember']).map((m: any) => m['@xlink:href'] as string);
  const egtt = firLinks.find((l) => l.endsWith('/EGTT'));
  assert.ok(egtt, 'EGTT listed under E');
  assert.ok(!firLinks.some((l) => /\/firs\/[^E]/.test(l)), 'only E FIRs under prefix E');

  const detail = parseXml(await (await fetch(`${egtt}?user_key=demo`)).text());
  const fir = detail['gml:FeatureCollection']['gml:featureMember'].Fir;
  assert.equal(fir.designator, 'EGTT');
  const apis = Object.fromEntries(many(fir.apis.api).map((a: any) => [a['@name'], a['@xlink:href']]));
  assert.equal(apis.notams, `${sim.url}/v1/icao-prefixes/E/firs/EGTT/notams`);
  assert.equal(apis.airspaces, `${sim.url}/v2/icao-prefixes/E/firs/EGTT/airspaces`);
  assert.ok(!JSON.stringify(detail).includes('user_key'), 'links never carry the key');
});

test('1, 2, 5, 6, 8: flight summaries as FIXM XML by default', async () => {
  const found = await anyFlightGufi(sim, 'SCHEDULED');
  assert.ok(found, 'some flight is scheduled');
  const paths = [
    `/v1/airlines/${found.airline}/flights`,
    `/v1/airlines/${found.airline}/flights/0${found.flightNumber}`,
    `/v1/aerodromes/${found.origin}/destinations/${found.destination}/flights`,
    `/v1/aerodromes/${found.destination}/arrivals`,
    `/v1/aerodromes/${found.origin}/departures`,
  ];
  for (const path of paths) {
    const res = await fetch(hub(sim, path, { status: 'SCHEDULED' }));
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', /application\/xml/);
    const doc = parseXml(await res.text());
    const flights = many(doc.flightMessage['fx:Flight']);
    assert.ok(flights.length > 0, `${path} lists flights`);
    assert.ok(
      flights.some((f: any) => f['fx:gufi']['#text'] === found.gufi),
      `${path} holds the scheduled flight`,
    );
    for (const f of flights) assert.equal(f['fx:flightStatus']['@currentStatus'], 'SCHEDULED');
  }
});

test('3, 4: one flight in full and its delay', async () => {
  const found = (await anyFlightGufi(sim, 'AIRBORNE')) ?? (await anyFlightGufi(sim, 'SCHEDULED'))!;
  const detail = await fetch(hub(sim, `/v1/flights/${found.gufi}`, { format: 'json' }));
  assert.equal(detail.status, 200);
  const collection = (await detail.json()) as any;
  assert.equal(collection.features[0].id, found.gufi);
  assert.equal(collection.features[1].geometry.type, 'LineString');
  assert.ok(collection.features[1].geometry.coordinates.length >= 3, 'the route is expanded, not just two aerodromes');
  assert.match(collection.features[0].properties.routeText, /^N\d{4}F\d{3} /);

  const xmlDetail = parseXml(await (await fetch(hub(sim, `/v1/flights/${found.gufi}`))).text());
  assert.ok(xmlDetail.flightMessage['fx:Flight']['fx:agreed']['fx:route']['@routeText']);

  const delay = await fetch(hub(sim, `/v1/flights/${found.gufi}/delay`, {}), {
    headers: { Accept: 'application/json' },
  });
  assert.equal(delay.status, 200);
  const d = (await delay.json()) as any;
  assert.equal(d.gufi, found.gufi);
  assert.ok(['RELIABLE', 'UNCERTAIN'].includes(d.accuracy));
  const delayXml = parseXml(await (await fetch(hub(sim, `/v1/flights/${found.gufi}/delay`))).text());
  assert.equal(delayXml.flightDelay['@gufi'], found.gufi);
});

test('7: flights within a FIR are GeoJSON', async () => {
  const res = await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT/flights'));
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /application\/geo\+json/);
  const body = (await res.json()) as any;
  assert.equal(body.type, 'FeatureCollection');
  assert.equal(body.results.total, body.features.length);
  for (const f of body.features) assert.equal(f.properties.flightStatus, 'AIRBORNE');
});

test('9: route expansion', async () => {
  const res = await expandRoute(sim, {
    routeText: 'N0470F350 VJR R325 VIH A464 BKK',
    origin: 'WSSS',
    destination: 'VTBS',
  });
  assert.equal(res.status, 200);
  const body = (await res.json()) as any;
  assert.equal(body.features[0].properties.designator, 'WSSS');
  assert.equal(body.features.at(-1).properties.designator, 'VTBS');
});

test('10, 11, 12: airspaces of a FIR and a country, microlight aerodromes', async () => {
  for (const path of [
    '/v2/icao-prefixes/E/firs/EDGG/airspaces',
    '/v2/countries/DE/airspaces',
    '/v1/countries/DE/microlights',
  ]) {
    const res = await fetch(hub(sim, path));
    assert.equal(res.status, 200, path);
    const body = (await res.json()) as any;
    assert.equal(body.type, 'FeatureCollection');
    assert.ok(body.features.length > 0, `${path} has features`);
    assert.equal(body.results.status, 'ok');
    assert.equal(typeof body.results.total, 'number');
  }
});

test('17, 18: NOTAMs of a FIR and of an aerodrome as AIXM XML', async () => {
  for (const path of ['/v1/icao-prefixes/E/firs/EGTT/notams', '/v1/aerodromes/EGLL/notams']) {
    const res = await fetch(hub(sim, path));
    assert.equal(res.status, 200, path);
    const doc = parseXml(await res.text());
    const members = many(doc['message:AIXMBasicMessage']['message:hasMember']);
    assert.ok(members.length > 0);
    const notam =
      members[0]['event:Event']['event:timeSlice']['event:EventTimeSlice']['event:textNOTAM']['event:NOTAM'];
    assert.match(notam['event:selectionCode'], /^Q[A-Z]{4}$/);
    assert.ok(notam['event:text'].length > 5);
  }
});

test('reference family: every airline endpoint and flight status', async () => {
  for (const path of [
    '/flex/airlines/rest/v1/json/active',
    '/flex/airlines/rest/v1/json/all',
    '/flex/airlines/rest/v1/json/fs/LH',
    '/flex/airlines/rest/v1/json/iata/LH',
    '/flex/airlines/rest/v1/json/icao/DLH',
    '/flex/airlines/rest/v1/json/active/2016/5/1',
  ]) {
    const res = await fetch(reference(sim, path));
    assert.equal(res.status, 200, path);
    const body = (await res.json()) as any;
    assert.deepEqual(body.error, {}, `${path} has an empty error object`);
    assert.ok(body.airline || body.airlines?.length, `${path} returns airlines`);
  }
  const found = (await anyFlightGufi(sim, 'SCHEDULED'))!;
  const dep = new Date();
  const res = await fetch(
    reference(
      sim,
      `/flex/flightstatus/rest/v2/json/flight/status/${found.airline}/${found.flightNumber}/dep/${dep.getUTCFullYear()}/${dep.getUTCMonth() + 1}/${dep.getUTCDate()}`,
    ),
  );
  assert.equal(res.status, 200);
  const status = (await res.json()) as any;
  assert.ok(Array.isArray(status.flightStatuses));
});
