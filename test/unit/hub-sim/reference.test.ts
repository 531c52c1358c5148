// The reference family: airline lookups, envelope, extendedOptions, error modes, flight status.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HubSimulator } from '../../hub-sim/server';
import { startSim, reference, hub, parseXml } from './helpers';

const noon = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
let sim: HubSimulator;
before(async () => {
  sim = await startSim({ settings: { fixedNow: noon.toISOString() } });
});
after(() => sim.close());

const airlines = '/flex/airlines/rest/v1';
const get = async (path: string, query: Record<string, string> = {}) =>
  (await fetch(reference(sim, path, query))).json() as Promise<any>;

test('active vs all: inactive airlines only in all; non-airline categories present', async () => {
  const active = await get(`${airlines}/json/active`);
  const all = await get(`${airlines}/json/all`);
  assert.ok(active.airlines.every((a: any) => a.active === true));
  assert.ok(all.airlines.length > active.airlines.length);
  assert.ok(
    all.airlines.some((a: any) => a.icao === 'AZA' && a.active === false),
    'Alitalia is inactive',
  );
  assert.ok(
    all.airlines.some((a: any) => a.category !== 'A' && a.category !== 'C'),
    'railway or bus companies hold IATA codes too',
  );
  const easyJet = active.airlines.find((a: any) => a.icao === 'EZY');
  assert.deepEqual(Object.keys(easyJet).sort(), ['active', 'category', 'fs', 'iata', 'icao', 'name', 'phoneNumber']);
});

test('both response shapes: iata answers airlines (a reused code lists every holder), fs and icao answer airline', async () => {
  const zb = await get(`${airlines}/json/iata/ZB`);
  assert.deepEqual(zb.airlines.map((a: any) => a.icao).sort(), ['ABN', 'MON']);
  assert.equal((await get(`${airlines}/json/fs/U2`)).airline.name, 'easyJet');
  assert.equal((await get(`${airlines}/json/icao/BAW`)).airline.fs, 'BA');
  assert.deepEqual((await get(`${airlines}/json/iata/QQ`)).airlines, []);
  const missing = await get(`${airlines}/json/fs/QQ`);
  assert.equal(missing.error.errorCode, 'NOT_FOUND');
  assert.equal(missing.error.httpStatusCode, 404);
});

test('a date suffix picks the record valid then', async () => {
  const before2017 = await get(`${airlines}/json/iata/AB/2015/6/1`);
  assert.deepEqual(
    before2017.airlines.map((a: any) => a.name),
    ['Air Berlin'],
  );
  const in2023 = await get(`${airlines}/json/iata/AB/2023/6/1`);
  assert.deepEqual(
    in2023.airlines.map((a: any) => a.name),
    ['Bonza'],
  );
  const activeThen = await get(`${airlines}/json/active/2016/1/1`);
  assert.ok(activeThen.airlines.some((a: any) => a.icao === 'BER'));
  assert.ok(!activeThen.airlines.some((a: any) => a.icao === 'ITY'));
  const bad = await get(`${airlines}/json/active/2016/13/1`);
  assert.equal(bad.error.errorCode, 'BAD_REQUEST');
});

test('useHttpErrors: real status and a text/plain block with status, code, message, id', async () => {
  const res = await fetch(
    `${sim.referenceUrl}${airlines}/json/all?appId=demo&appKey=wrong&extendedOptions=useHTTPErrors`,
  );
  assert.equal(res.status, 401);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  const text = await res.text();
  assert.match(text, /^status: 401$/m);
  assert.match(text, /^code: UNAUTHORIZED$/m);
  assert.match(text, /^message: .+$/m);
  assert.match(text, /^id: [0-9a-f-]{36}$/m);
  assert.ok(!text.includes('wrong'), 'the key is not echoed');
  const wrongMethod = await fetch(reference(sim, `${airlines}/json/all`), { method: 'POST' });
  assert.equal(wrongMethod.status, 200);
  assert.equal(((await wrongMethod.json()) as any).error.httpStatusCode, 405);
  const noEndpoint = await fetch(reference(sim, '/flex/airlines/rest/v1/json/everything'));
  assert.equal(noEndpoint.status, 404, 'no such resource: a real 404');
  await noEndpoint.text();
  const bad = await fetch(reference(sim, `${airlines}/csv/all`, { extendedOptions: 'useHttpErrors' }));
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /code: BAD_REQUEST/);
});

test('extendedOptions joined with +: includeNewFields and languageCode', async () => {
  const res = await fetch(
    `${reference(sim, `${airlines}/json/fs/LH`)}&extendedOptions=includeNewFields+languageCode:ja`,
  );
  const body = (await res.json()) as any;
  assert.equal(body.airline.dateFrom, '1955-04-01');
  assert.equal(body.airline.name, 'ルフトハンザ ドイツ航空');
  const plain = await get(`${airlines}/json/fs/LH`, { extendedOptions: 'noSuchOption' });
  assert.equal(plain.airline.dateFrom, undefined, 'non-LTS fields only on request');
  assert.equal(plain.airline.name, 'Lufthansa');
});

test('xml and jsonp formats', async () => {
  const xml = await (await fetch(reference(sim, `${airlines}/xml/fs/KL`))).text();
  assert.equal(parseXml(xml).responseAirlines.airline.icao, 'KLM');
  const jsonp = await fetch(reference(sim, `${airlines}/jsonp/fs/KL`, { callback: 'handleAirline' }));
  assert.match(jsonp.headers.get('content-type') ?? '', /javascript/);
  const text = await jsonp.text();
  assert.match(text, /^handleAirline\(\{.*\}\);$/s);
  assert.equal(JSON.parse(text.slice('handleAirline('.length, -2)).airline.icao, 'KLM');
  const injected = await (await fetch(reference(sim, `${airlines}/jsonp/fs/KL`, { callback: 'alert(1)//' }))).text();
  assert.match(injected, /^callback\(\{/);
  assert.match(injected, /BAD_REQUEST/);
});

test('flight status finds a hub flight; appendix or inlined references', async () => {
  const todayDate = noon.toISOString().slice(0, 10);
  let today: any;
  for (const status of ['COMPLETED', 'AIRBORNE', 'FILED', 'SCHEDULED']) {
    const list = (await (
      await fetch(hub(sim, '/v1/aerodromes/EGLL/departures', { format: 'json', status }))
    ).json()) as any;
    today ??= list.features.find((f: any) => f.properties.departure.scheduledTime.startsWith(todayDate));
  }
  assert.ok(today, 'a flight leaves Heathrow today');
  const { airline, flightNumber } = today.properties;
  const dep = new Date(today.properties.departure.scheduledTime);
  const path = `/flex/flightstatus/rest/v2/json/flight/status/${airline}/${flightNumber}/dep/${dep.getUTCFullYear()}/${dep.getUTCMonth() + 1}/${dep.getUTCDate()}`;
  const withAppendix = await get(path);
  assert.deepEqual(withAppendix.error, {});
  const status = withAppendix.flightStatuses[0];
  assert.ok(status, 'the flight is found');
  assert.equal(status.departureAirportFsCode, 'LHR');
  assert.equal(
    status.status,
    { COMPLETED: 'L', AIRBORNE: 'A', FILED: 'S', SCHEDULED: 'S' }[today.properties.flightStatus as string],
  );
  assert.ok(withAppendix.appendix.airlines.some((a: any) => a.fs === status.carrierFsCode));
  assert.ok(withAppendix.appendix.airports.some((a: any) => a.fs === status.arrivalAirportFsCode));

  const inlined = await get(path, { extendedOptions: 'useInlinedReferences' });
  assert.equal(inlined.appendix, undefined);
  assert.equal(inlined.flightStatuses[0].departureAirport.icao, 'EGLL');
  assert.equal(inlined.flightStatuses[0].carrier.icao, airline);

  const wrongDay = await get(path.replace(/dep\/.*$/, 'dep/2019/1/1'));
  assert.deepEqual(wrongDay.flightStatuses, []);
});

test('the departure date is local to the departure airport unless utc=true; every time in both forms', async (t) => {
  // CPA500 leaves Hong Kong (UTC+8 here) daily at 23:30Z: 07:30 local on the next day.
  const samples = mkdtempSync(join(tmpdir(), 'sim-late-departure-'));
  t.after(() => rmSync(samples, { recursive: true, force: true }));
  writeFileSync(
    join(samples, 'late.route'),
    '(FPL-CPA500-IS\n-A359/H-SDE2E3FGIJ1RWY/LB1\n-VHHH2330\n-N0490F390 SID ELATO A1 KEC Y21 XAC STAR\n' +
      '-RJTT0400 RJAA\n-DOF/261126)\n',
  );
  const late = await startSim({ samplesFolder: samples, settings: { fixedNow: '2026-11-26T09:00:00Z' } });
  t.after(() => late.close());
  const path = '/flex/flightstatus/rest/v2/json/flight/status/CX/500/dep/2026/11/26';
  const ask = async (query: Record<string, string>) =>
    (await (await fetch(reference(late, path, query))).json()) as any;
  const departures = (body: any) => body.flightStatuses.map((s: any) => s.departureDate);

  const local = await ask({});
  assert.deepEqual(local.request.utc, { interpreted: false }, 'utc defaults to false');
  assert.deepEqual(
    departures(local),
    [{ dateLocal: '2026-11-26T07:30:00.000', dateUtc: '2026-11-25T23:30:00.000Z' }],
    '26 Nov in Hong Kong: the flight that left at 23:30Z on the 25th',
  );
  assert.deepEqual(departures(await ask({ utc: 'false' })), departures(local));
  const utc = await ask({ utc: 'true' });
  assert.deepEqual(utc.request.utc, { requested: 'true', interpreted: true });
  assert.deepEqual(
    departures(utc),
    [{ dateLocal: '2026-11-27T07:30:00.000', dateUtc: '2026-11-26T23:30:00.000Z' }],
    '26 Nov UTC: the flight that leaves at 23:30Z on the 26th',
  );
  const status = utc.flightStatuses[0];
  assert.deepEqual(status.operationalTimes.scheduledGateDeparture, departures(utc)[0]);
  assert.match(status.arrivalDate.dateUtc, /Z$/);
  assert.doesNotMatch(status.arrivalDate.dateLocal, /Z|[+-]\d\d:\d\d$/, 'local times carry no zone');
});
