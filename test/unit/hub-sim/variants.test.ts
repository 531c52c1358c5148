// The answer variants per family: each shape as public evidence shows it, switchable at start,
// through the control API, and back to the default (the shapes the product reads today).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import type { Variants } from '../../hub-sim/context';
import { expandRoute, hub, many, parseXml, reference, startSim } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim({ settings: { fixedNow: '2026-11-24T10:00:00Z' } });
});
after(() => sim.close());

async function use(variants: Partial<Variants>): Promise<void> {
  const res = await fetch(`${sim.url}/__control/settings`, { method: 'POST', body: JSON.stringify({ variants }) });
  assert.equal(res.status, 200, await res.text());
}

async function withVariants(variants: Partial<Variants>, run: () => Promise<void>): Promise<void> {
  await use(variants);
  try {
    await run();
  } finally {
    await fetch(`${sim.url}/__control/reset`, { method: 'POST' });
  }
}

test('unknown families and values are refused; reset brings the defaults back', async () => {
  for (const variants of [{ notams: 'v3' }, { weather: 'x' }, 'v2']) {
    const res = await fetch(`${sim.url}/__control/settings`, { method: 'POST', body: JSON.stringify({ variants }) });
    assert.equal(res.status, 400, JSON.stringify(variants));
  }
  await withVariants({ notams: 'v2-geojson' }, async () => {
    assert.equal(sim.settings.variants.notams, 'v2-geojson');
  });
  assert.deepEqual(sim.settings.variants, {
    notams: 'v1',
    flights: 'sim',
    airspaces: 'polygons',
    fir: 'boundedBy',
    routes: 'points',
    flightStatus: 'sim',
  });
});

test('NOTAMs v2-geojson: under /v2 only, GeoJSON only, each NOTAM with its own geometry', async () => {
  await withVariants({ notams: 'v2-geojson' }, async () => {
    assert.equal((await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT/notams'))).status, 404, 'v1 is gone');
    const xml = await fetch(hub(sim, '/v2/icao-prefixes/E/firs/EGTT/notams'), {
      headers: { Accept: 'application/xml' },
    });
    assert.equal(xml.status, 406);
    const body = (await (await fetch(hub(sim, '/v2/icao-prefixes/E/firs/EGTT/notams'))).json()) as any;
    assert.equal(body.type, 'FeatureCollection');
    // The reserved areas on the sample routes are activated in layers; their NOTAMs come and go by day.
    for (const fir of ['EBBU', 'EHAA', 'EISN', 'EGPX'])
      body.features.push(
        ...((await (await fetch(hub(sim, `/v2/icao-prefixes/E/firs/${fir}/notams`))).json()) as any).features,
      );
    const types = new Set(body.features.map((f: any) => f.geometry.type));
    for (const t of ['Point', 'Polygon', 'GeometryCollection']) assert.ok(types.has(t), `a ${t} NOTAM`);
    const layered = body.features.find((f: any) => f.geometry.type === 'GeometryCollection');
    assert.ok(layered.geometry.geometries.length >= 2);
    for (const g of layered.geometry.geometries) {
      assert.equal(g.type, 'Polygon');
      assert.equal(typeof g.properties.lowerLimit.value, 'number', 'limits are JSON numbers');
    }
    const area = body.features.find((f: any) => f.geometry.type === 'Polygon');
    assert.equal(typeof area.properties.upperLimit.value, 'number');
    for (const f of body.features) {
      for (const key of ['series', 'number', 'year', 'location', 'affectedFIR', 'text', 'issued', 'effectiveStart'])
        assert.ok(key in f.properties, `${key} in ${f.id}`);
      assert.ok(!('id' in f.properties) || typeof f.properties.id === 'string');
    }
    const notamOnly = body.features.filter((f: any) => f.properties.selectionCode === 'QRTCA');
    assert.ok(notamOnly.length > 0, 'an area published by NOTAM only');
    for (const f of notamOnly) assert.equal(f.geometry.type, 'Polygon');
    const replacing = body.features.filter((f: any) => f.properties.relationship);
    assert.ok(replacing.length > 0, 'some NOTAMR');
    const designation = (f: any) =>
      `${f.properties.series}${f.properties.number.padStart(4, '0')}/${f.properties.year.slice(2)}`;
    const listed = new Set(body.features.map(designation));
    for (const r of replacing) {
      assert.equal(r.properties.relationship.type, 'REPLACES');
      assert.ok(listed.has(r.properties.relationship.reference), 'the replaced NOTAM is still listed');
    }
  });
});

test('the first dialect (v1) has no area published by NOTAM only: its NOTAMs carry no geometry', async () => {
  const body = (await (
    await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT/notams', { format: 'json' }))
  ).json()) as any;
  assert.ok(!body.features.some((f: any) => f.properties.qcode === 'QRTCA'));
});

test('NOTAMs v1-aixm: AIXM only; 12-digit validity; an activation carries its airspace geometry', async () => {
  await withVariants({ notams: 'v1-aixm' }, async () => {
    const json = await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT/notams'), {
      headers: { Accept: 'application/json' },
    });
    assert.equal(json.status, 406);
    const doc = parseXml(await (await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT/notams'))).text());
    const members = many(doc['message:AIXMBasicMessage']['message:hasMember']);
    const events = members.filter((m: any) => m['event:Event']).map((m: any) => m['event:Event']);
    const airspaces = members.filter((m: any) => m['aixm:Airspace']).map((m: any) => m['aixm:Airspace']);
    assert.ok(events.length > 10 && airspaces.length > 0);
    const notam = events[0]['event:timeSlice']['event:EventTimeSlice']['event:textNOTAM']['event:NOTAM'];
    assert.match(String(notam['event:effectiveStart']), /^\d{12}$/);
    const eventIds = new Set(events.map((e: any) => `urn:uuid:${e['gml:identifier']['#text']}`));
    for (const a of airspaces) {
      const slice = a['aixm:timeSlice']['aixm:AirspaceTimeSlice'];
      assert.equal(slice['aixm:interpretation'], 'TEMPDELTA');
      const link = slice['aixm:extension']['event:AirspaceExtension']['event:theEvent']['@xlink:href'];
      assert.ok(eventIds.has(link), `${link} names an event of the message`);
      assert.ok(JSON.stringify(slice).includes('gml:posList'));
    }
  });
});

test('flights fixm: @code, arrivalAerodromeOriginal while airborne, @flightCycle, fix times, route text', async () => {
  await withVariants({ flights: 'fixm' }, async () => {
    const doc = parseXml(
      await (await fetch(hub(sim, '/v1/aerodromes/EGLL/departures', { status: 'AIRBORNE' }))).text(),
    );
    const flights = many(doc.flightMessage['fx:Flight']);
    assert.ok(flights.length > 0, 'airborne flights from EGLL');
    for (const f of flights) {
      assert.equal(f['fx:flightStatus']['@flightCycle'], 'AIRBORNE');
      assert.equal(f['fx:departure']['fx:departureAerodrome']['@code'], 'EGLL');
      assert.match(f['fx:arrival']['fx:arrivalAerodromeOriginal']['@code'], /^[A-Z]{4}$/);
      assert.equal(f['fx:arrival']['fx:arrivalAerodrome'], undefined);
      assert.ok(f['fx:departure']['fx:departureFixTime']['fb:actual']['@timestamp']);
      assert.ok(f['fx:enRoute']['fx:position']['fx:track']);
      assert.match(f['fx:agreed']['fx:route']['@routeText'], /^N0\d{3}F\d{3} /);
    }
    const json = (await (
      await fetch(hub(sim, '/v1/aerodromes/EGLL/departures', { status: 'SCHEDULED', format: 'json' }))
    ).json()) as any;
    const p = json.features[0].properties;
    assert.deepEqual(p.departure.aerodrome, { code: 'EGLL' });
    assert.match(p.arrival.aerodrome.code, /^[A-Z]{4}$/);
    const gufi = json.features[0].id;
    const one = parseXml(await (await fetch(hub(sim, `/v1/flights/${gufi}`))).text());
    assert.ok(one['fx:Flight'], 'one flight is the fx:Flight document itself');
  });
});

test('flights between the sample aerodromes fly real routes, repeated and one airway apart', async () => {
  const gufis: string[] = [];
  for (const status of ['SCHEDULED', 'FILED', 'AIRBORNE', 'CANCELLED']) {
    const body = (await (
      await fetch(hub(sim, '/v1/aerodromes/EGLL/destinations/EDDF/flights', { status, format: 'json' }))
    ).json()) as any;
    gufis.push(...body.features.map((f: any) => f.properties.gufi));
  }
  const routes = new Map<string, number>();
  for (const gufi of gufis) {
    const detail = (await (await fetch(hub(sim, `/v1/flights/${gufi}`, { format: 'json' }))).json()) as any;
    const text = detail.features[0].properties.routeText as string;
    routes.set(text, (routes.get(text) ?? 0) + 1);
  }
  assert.ok(
    [...routes.values()].some((n) => n > 1),
    'a route filed by several flights',
  );
  const texts = [...routes.keys()];
  assert.ok(
    texts.some((t) => / DVR UL9 KONAN /.test(t)) && texts.some((t) => / DVR L9 KONAN /.test(t)),
    texts.join('\n'),
  );
});

test('FIR detail: with gml:boundedBy, with its outline only, or with neither', async () => {
  const detail = async () =>
    parseXml(await (await fetch(hub(sim, '/v1/icao-prefixes/E/firs/EGTT'))).text())['gml:FeatureCollection'][
      'gml:featureMember'
    ].Fir;
  assert.ok((await detail())['gml:boundedBy'], 'default: the envelope');
  await withVariants({ fir: 'geometry' }, async () => {
    const fir = await detail();
    assert.equal(fir['gml:boundedBy'], undefined);
    assert.ok(JSON.stringify(fir.geometry).includes('gml:posList'));
  });
  await withVariants({ fir: 'bare' }, async () => {
    const fir = await detail();
    assert.equal(fir['gml:boundedBy'], undefined);
    assert.equal(fir.geometry, undefined);
    assert.ok(fir.apis, 'still the links to the FIR’s APIs');
  });
});

test('airspaces mixed: a GeometryCollection, a null geometry, limits as numbers', async () => {
  await withVariants({ airspaces: 'mixed' }, async () => {
    const body = (await (await fetch(hub(sim, '/v2/icao-prefixes/E/firs/EGTT/airspaces'))).json()) as any;
    assert.ok(body.features.some((f: any) => f.geometry === null));
    assert.ok(body.features.some((f: any) => f.geometry?.type === 'GeometryCollection'));
    assert.ok(body.features.some((f: any) => typeof f.properties.lowerLimit.value === 'number'));
    assert.equal(body.results.total, body.features.length);
  });
});

test('route expansion withLine: one more feature, a LineString without designator', async () => {
  const route = { routeText: 'N0450F350 DVR UL9 KONAN', origin: 'EGLL', destination: 'EDDF' };
  const plain = (await (await expandRoute(sim, route)).json()) as any;
  await withVariants({ routes: 'withLine' }, async () => {
    const body = (await (await expandRoute(sim, route)).json()) as any;
    assert.equal(body.features.length, plain.features.length + 1);
    const line = body.features.at(-1);
    assert.equal(line.geometry.type, 'LineString');
    assert.equal(line.properties.designator, undefined);
    assert.equal(line.geometry.coordinates.length, plain.features.length);
  });
});

test('flight status errors in both error modes, a filed callsign among them', async () => {
  const status = '/flex/flightstatus/rest/v2/json/flight/status';
  for (const [path, query, code, httpStatus] of [
    [`${status}/LH/400/dep/2026/13/24`, {}, 'BAD_REQUEST', 400],
    // DLH4AB (samples/fpl-message.route) is an ATC callsign, not a commercial flight number.
    [`${status}/LH/4AB/dep/2026/11/24`, {}, 'BAD_REQUEST', 400],
  ] as const) {
    const inBody = await fetch(reference(sim, path, query));
    assert.equal(inBody.status, 200, 'default mode: HTTP 200');
    const body = (await inBody.json()) as any;
    assert.equal(body.error.errorCode, code);
    assert.equal(body.error.httpStatusCode, httpStatus);
    const real = await fetch(reference(sim, path, { ...query, extendedOptions: 'useHttpErrors' }));
    assert.equal(real.status, httpStatus, 'useHttpErrors: the real status');
    assert.match(real.headers.get('content-type') ?? '', /text\/plain/);
    assert.match(await real.text(), new RegExp(`code: ${code}`));
  }
  const unauthorized = await fetch(reference(sim, `${status}/LH/400/dep/2026/11/24`, {}, false));
  assert.equal(((await unauthorized.json()) as any).error.errorCode, 'UNAUTHORIZED');
  const unauthorizedHttp = await fetch(
    reference(sim, `${status}/LH/400/dep/2026/11/24`, { extendedOptions: 'useHttpErrors' }, false),
  );
  assert.equal(unauthorizedHttp.status, 401);
});
