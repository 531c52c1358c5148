// Accept / format= negotiation, XML bodies, gzip of NOTAMs, and the shapes of the data.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { loadWorld } from '../../hub-sim/world';
import { isControlled } from '../../hub-sim/airspaces';
import type { HubSimulator } from '../../hub-sim/server';
import { startSim, hub, parseXml, many } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim();
});
after(() => sim.close());

test('flight lists: XML by default, JSON with Accept or format=json, format= wins over Accept', async () => {
  const path = '/v1/aerodromes/EGLL/departures';
  const cases: [Record<string, string>, Record<string, string>, RegExp][] = [
    [{}, {}, /^application\/xml/],
    [{}, { Accept: 'application/xml' }, /^application\/xml/],
    [{}, { Accept: 'application/json' }, /^application\/json/],
    [{}, { Accept: 'application/geo+json' }, /^application\/geo\+json/],
    [{ format: 'json' }, {}, /^application\/json/],
    [{ format: 'xml' }, { Accept: 'application/json' }, /^application\/xml/],
    [{}, { Accept: 'text/html;q=0.9, application/json;q=0.5' }, /^application\/json/],
    [{}, { Accept: '*/*' }, /^application\/xml/],
  ];
  for (const [query, headers, type] of cases) {
    const res = await fetch(hub(sim, path, query), { headers });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', type, JSON.stringify({ query, headers }));
    const text = await res.text();
    if (/json/.test(res.headers.get('content-type') ?? '')) assert.equal(JSON.parse(text).type, 'FeatureCollection');
    else assert.ok(parseXml(text).flightMessage !== undefined);
  }
  const refused = await fetch(hub(sim, path), { headers: { Accept: 'text/csv' } });
  assert.equal(refused.status, 406);
});

test('GeoJSON flight summaries carry the documented properties', async () => {
  const body = (await (await fetch(hub(sim, '/v1/aerodromes/EGLL/departures', { format: 'json' }))).json()) as any;
  const f = body.features[0];
  assert.match(f.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(f.geometry.type, 'Point');
  assert.match(f.properties.callsign, /^[A-Z]{3}\d[0-9A-Z]{0,3}$/);
  for (const key of ['track', 'source', 'altitude', 'captureTimestamp'])
    assert.ok(key in f.properties.positionReport, key);
  for (const key of ['aircraftCode', 'aircraftRegistration']) assert.ok(f.properties.aircraftDescription[key], key);
  assert.deepEqual(Object.keys(body.results).sort(), ['publishTime', 'status', 'total']);
});

test('airspaces: GeoJSON with closed rings and limits; AIXM 5.1 XML when asked', async () => {
  const body = (await (await fetch(hub(sim, '/v2/icao-prefixes/E/firs/EGTT/airspaces'))).json()) as any;
  const types = new Set(body.features.map((f: any) => f.properties.type));
  for (const t of ['FIR', 'CTR', 'TMA', 'R', 'D']) assert.ok(types.has(t), `has ${t}`);
  for (const f of body.features) {
    const ring = f.geometry.coordinates[0];
    assert.equal(f.geometry.type, 'Polygon');
    assert.deepEqual(ring[0], ring.at(-1), `${f.properties.name} ring is closed`);
    assert.ok(ring.length >= 5);
    for (const limit of [f.properties.lowerLimit, f.properties.upperLimit]) {
      assert.equal(typeof limit.value, 'string');
      assert.ok(['FT', 'FL', 'OTHER'].includes(limit.uom));
      assert.ok(['MSL', 'SFC', 'STD'].includes(limit.reference));
    }
    for (const s of f.properties.schedules) {
      assert.match(s.startDate, /^\d\d-\d\d$/);
      assert.match(s.startTime, /^\d\d:\d\d$/);
    }
  }
  const heathrow = body.features.find((f: any) => f.properties.name === 'LONDON HEATHROW CTR');
  assert.ok(heathrow, 'a CTR around a real aerodrome');

  const xml = await fetch(hub(sim, '/v2/icao-prefixes/E/firs/EGTT/airspaces', { format: 'xml' }));
  assert.match(xml.headers.get('content-type') ?? '', /application\/xml/);
  const doc = parseXml(await xml.text());
  const airspaces = many(doc['message:AIXMBasicMessage']['message:hasMember']).map(
    (m: any) => m['aixm:Airspace']['aixm:timeSlice']['aixm:AirspaceTimeSlice'],
  );
  assert.equal(airspaces.length, body.features.length);
  assert.ok(airspaces.some((a: any) => a['aixm:designator'] === 'EGLL CTR'));
});

test('NOTAMs: GeoJSON with the v2 properties, validity around now, gzip when asked', async () => {
  const res = await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT/notams'), {
    headers: { Accept: 'application/json' },
  });
  const body = (await res.json()) as any;
  assert.ok(body.features.length > 5);
  const now = Date.now();
  for (const f of body.features) {
    const p = f.properties;
    for (const key of [
      'series',
      'number',
      'year',
      'lat',
      'lon',
      'location',
      'affectedFIR',
      'countryCode',
      'text',
      'issued',
      'effectiveStart',
      'effectiveEnd',
      'schedule',
      'affectedAerodrome',
    ])
      assert.ok(key in p, key);
    assert.equal(p.affectedFIR, 'EGTT');
    assert.match(p.qcode, /^Q[A-Z]{4}$/);
    assert.ok(p.effectiveEnd === 'PERM' || Date.parse(p.effectiveEnd) > now, 'not expired');
    assert.ok(Date.parse(p.issued) < Date.parse(p.effectiveStart));
  }
  assert.ok(
    body.features.some((f: any) => Date.parse(f.properties.effectiveStart) < now),
    'some are in force now',
  );
  assert.ok(
    body.features.some((f: any) => f.properties.affectedAerodrome === null),
    'en-route NOTAMs too',
  );

  const zipped = await request(hub(sim, '/v1/aerodromes/EGLL/notams'), { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(zipped.statusCode, 200);
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  const xml = gunzipSync(Buffer.from(await zipped.body.arrayBuffer())).toString('utf8');
  assert.ok(parseXml(xml)['message:AIXMBasicMessage']);

  const plain = await request(hub(sim, '/v1/aerodromes/EGLL/notams'));
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.match(await plain.body.text(), /^<\?xml/);
  const other = await request(hub(sim, '/v1/icao-prefixes'), { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(other.headers['content-encoding'], undefined, 'gzip is a NOTAM feature');
  await other.body.text();
});

test('an aerodrome without NOTAMs answers 404, an unknown one too', async () => {
  const unknown = await fetch(hub(sim, '/v1/aerodromes/ZZZZ/notams'));
  assert.equal(unknown.status, 404);
  await unknown.text();
  const world = loadWorld(path.resolve(__dirname, '../../fixtures/navdata'));
  const small = [...world.aerodromes.values()].filter((a) => !isControlled(a)).slice(0, 30);
  let quiet = 0;
  for (const a of small) {
    const res = await fetch(hub(sim, `/v1/aerodromes/${a.icao}/notams`));
    await res.text();
    assert.ok([200, 404].includes(res.status));
    if (res.status === 404) {
      quiet += 1;
      assert.equal(
        (await fetch(hub(sim, `/v1/aerodromes/${a.icao}/departures`))).status,
        200,
        `${a.icao} itself exists`,
      );
    }
  }
  assert.ok(quiet > 0, 'some small aerodrome has no NOTAMs today');
});

test('microlight aerodromes: points with designator, name, controlType and elevation object', async () => {
  const body = (await (await fetch(hub(sim, '/v1/countries/FR/microlights'))).json()) as any;
  assert.ok(body.features.length >= 5);
  for (const f of body.features) {
    assert.equal(f.geometry.type, 'Point');
    assert.match(f.properties.designator, /^LF\d{4}$/);
    assert.match(f.properties.name, / ULM$/);
    assert.deepEqual(Object.keys(f.properties.elevation).sort(), ['reference', 'uom', 'value']);
    assert.equal(typeof f.properties.elevation.value, 'string');
  }
  assert.equal((await fetch(hub(sim, '/v1/countries/fr/microlights'))).status, 404, 'country codes are case sensitive');
  assert.equal((await fetch(hub(sim, '/v2/countries/DEU/airspaces'))).status, 200, 'alpha-3 works too');
});
