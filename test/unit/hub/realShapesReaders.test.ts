/**
 * The readers on the fixtures of test/fixtures/real-shapes, through the real client over HTTP:
 * flights in FIXM as the hub writes them and GeoJSON summaries with `{ aerodrome: { code } }`,
 * route expansion answers with extra features, and the pieces of NOTAMs and airspaces read alone.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { expandBlockAtHub, HubClient } from '../../../server/src/hub';
import { AIRSPACE_RULES, readFeatureCollection } from '../../../server/src/hub/geojson';
import { notamTime, readAixmNotams } from '../../../server/src/hub/notams';
import { parseXml } from '../../../server/src/hub/xml';
import { verticalLimit } from '../../../server/src/flight/labels';
import { airspaceBand, limitFeet } from '../../../server/src/flight/levels';
import { notamArea } from '../../../server/src/flight/notamGeometry';
import { currentNotams } from '../../../server/src/map/notamRelations';
import { parseRouteDocument } from '../../../server/src/route';
import { startLocalServer, type LocalServer } from './localServer';

const FIXTURES = path.resolve(__dirname, '../../fixtures/real-shapes');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

let server: LocalServer;
let hub: HubClient;
before(async () => {
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const xml = /xml/.test(String(req.headers.accept)) && !/json/.test(String(req.headers.accept));
    if (url.pathname === '/v1/routes/expand')
      return res.writeHead(200, { 'content-type': 'application/geo+json' }).end(fixture('route-expansion.json'));
    if (url.pathname.startsWith('/v1/airlines/'))
      return xml
        ? res.writeHead(200, { 'content-type': 'application/xml' }).end(fixture('flights-fixm.xml'))
        : res.writeHead(200, { 'content-type': 'application/geo+json' }).end(fixture('flights-geojson.json'));
    res.writeHead(404, { 'content-type': 'text/html' }).end(fixture('notams-404.html'));
  });
  hub = new HubClient({ baseUrl: server.url }, { userKey: 'readers-key' });
});
after(async () => {
  await hub.close();
  await server.close();
});

const BAW902 = {
  gufi: '4e0c2a71-9b3d-4f58-a6e2-1c7d9f0b3a21',
  callsign: 'BAW902',
  status: 'AIRBORNE',
  departure: 'EGLL',
  arrival: 'EDDF',
  lat: 51.12,
  lon: 2.1,
  altitude: 35000,
  track: 97,
  aircraftType: 'A320',
  registration: 'GEUYA',
  routeText: 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
  // The fixture's estimated off-block and arrival times (fb:estimated / estimatedTime), and its
  // actual off-block (fb:actual / actualTime), 11 minutes after the estimate.
  estimatedDeparture: '2026-11-23T09:30:00.000Z',
  actualDeparture: '2026-11-23T09:41:00.000Z',
  estimatedArrival: '2026-11-23T10:55:00.000Z',
};
const DLH4AB = {
  gufi: '4e0c2a71-9b3d-4f58-a6e2-1c7d9f0b3a22',
  callsign: 'DLH4AB',
  status: 'COMPLETED',
  departure: 'EDDM',
  arrival: 'EDDK',
  originalArrival: 'EDDL',
};

test('FIXM flights as the hub writes them: @code aerodromes, the original arrival after a diversion, @flightCycle, the track element, the route text', async () => {
  const list = await hub.airlineFlights('BAW', { format: 'xml' });
  // FIXM names the operator too (majorCarrierIdentifier).
  assert.deepEqual(list.flights, [
    { ...BAW902, operator: 'BAW' },
    { ...DLH4AB, operator: 'DLH' },
  ]);
});

test('GeoJSON flight summaries with { aerodrome: { code } } and a route text; an unreadable one left out and counted', async () => {
  const list = await hub.airlineFlights('BAW');
  // This fixture's summaries give no actual time.
  const { actualDeparture: _actual, ...baw902 } = BAW902;
  assert.deepEqual(list.flights, [baw902, DLH4AB]);
  assert.equal(list.leftOut?.count, 1);
  assert.match(list.leftOut!.reasons[0]!, /^features\[2\]\.geometry\.coordinates is not a \[lon, lat\] pair/);
});

test('route expansion: an extra LineString feature and a point without designator are left out, the route kept, and said', async () => {
  const block = parseRouteDocument('origin: EGLL\ndestination: EDDF\nDVR UL9 KONAN L607 KOK\n').blocks[0]!;
  const { collection } = await hub.expandRoute({ routeText: block.routeText });
  assert.deepEqual(
    collection.features.map((f) => f.properties.designator),
    ['DVR', 'KONAN', 'KOK'],
  );
  assert.equal(collection.leftOut?.count, 2);
  const result = await expandBlockAtHub(hub, block);
  assert.deepEqual(
    result.points.map((p) => p.designator),
    ['DVR', 'KONAN', 'KOK'],
  );
  assert.match(
    result.serviceNote!,
    /2 features could not be read and are left out \(features\[2\]\.properties\.designator is missing; features\[4\]\.geometry\.type is LineString; expected Point\)/,
  );
});

test('limit values as JSON numbers are kept as text and label the map', () => {
  const read = readFeatureCollection(JSON.parse(fixture('airspaces-v2.json')), AIRSPACE_RULES);
  const kn = read.features.find((f) => f.properties.designator === 'EBR-KN')!;
  assert.deepEqual(kn.properties.lowerLimit, { uom: 'FL', value: '245', reference: 'STD' });
  // Straight from a number, as a caller holding raw JSON would pass it: no "trim is not a function".
  assert.equal(verticalLimit({ uom: 'FL', value: 245 as unknown as string }), 'FL245');
  assert.equal(verticalLimit({ uom: 'FT', value: 2500 as unknown as string, reference: 'SFC' }), '2500 ft AGL');
});

test("units: SM (AIXM's standard metre, tens of metres) is not feet; FLOOR and CEILING leave the band open", () => {
  assert.equal(Math.round(limitFeet({ uom: 'SM', value: '1250' }, [])!), 41010);
  assert.equal(verticalLimit({ uom: 'SM', value: '1250' }), 'S1250 (12500 m)');
  assert.equal(verticalLimit({ uom: 'OTHER', value: 'FLOOR' }), 'FLOOR');
  const band = airspaceBand({ uom: 'FL', value: '195' }, { uom: 'OTHER', value: 'FLOOR' });
  assert.match(band.open!, /upper limit 'FLOOR' \(AIXM's FLOOR: the bottom of the airspace or route it belongs to/);
  assert.equal(band.openSide, 'upper');
  assert.equal(band.lowerFt, 19_500);
  assert.ok(!band.notes.some((n) => /no upper limit/.test(n)));
});

test('validity in 12 digits and ICAO 10 digits; the Event validTime stands beside them', () => {
  assert.equal(notamTime('202611240700'), '2026-11-24T07:00:00.000Z');
  assert.equal(notamTime('2611240700'), '2026-11-24T07:00:00.000Z');
  assert.equal(notamTime('2611240700EST'), '2026-11-24T07:00:00.000Z');
  const notams = readAixmNotams(parseXml(fixture('notams-v1-aixm.xml'), 64));
  const a2150 = notams.find((n) => n.designation === 'A2150/26')!;
  assert.equal(a2150.effectiveStart, '2026-11-22T00:00:00.000Z');
  assert.equal(a2150.effectiveEnd, 'PERM');
  const a2210 = notams.find((n) => n.designation === 'A2210/26')!;
  assert.equal(a2210.effectiveStart, '2026-11-23T07:00:00.000Z');
  assert.equal(a2210.areas?.length, 1);
});

test("a NOTAM's own area comes before its text and item Q; item E circles in NM, KM and M in the real word orders", () => {
  const q = { lat: 50.6, lon: 1.2, radiusNm: 50 };
  const own = notamArea({
    ...q,
    areas: [
      [
        [
          [2.5, 51],
          [2.6, 51],
          [2.6, 51.2],
          [2.5, 51],
        ],
      ],
    ],
  });
  assert.equal(own.source, 'notam geometry');
  for (const [text, radiusNm] of [
    ['RADIUS 9KM CENTRE 510600N0022000E', 9 / 1.852],
    ['WI 3NM RADIUS OF PSN 510600N0022000E', 3],
    ['WI 500M RADIUS OF 510600N0022000E', 500 / 1852],
    ['WI 2NM RADIUS 5106N00220E', 2],
  ] as const) {
    const area = notamArea({ ...q, text });
    assert.equal(area.source, 'text circle', text);
    assert.ok(Math.abs(area.circle!.radiusNm - radiusNm) < 1e-9, text);
    assert.ok(
      Math.abs(area.circle!.center.lat - 51.1) < 1e-9 && Math.abs(area.circle!.center.lon - (2 + 1 / 3)) < 1e-9,
    );
  }
});

test('replaced and cancelled: NOTAMR and the v2 relationship hide the older, NOTAMC hides both, the hub link hides the superseded', () => {
  const s = (notam: Record<string, unknown>) => ({ notam });
  const { current, replaced, cancelled } = currentNotams([
    s({ designation: 'A0001/26', id: 'u1', type: 'N' }),
    s({ designation: 'A0002/26', id: 'u2', type: 'R', replaces: ['A0001/26'] }),
    s({ designation: 'A0003/26', id: 'u3', type: 'N' }),
    s({ designation: 'A0004/26', id: 'u4', type: 'C', replaces: ['A0003/26'] }),
    s({ designation: 'A0005/26', id: 'u5', type: 'N', replacedBy: ['u9'] }),
    s({ designation: 'A0006/26', id: 'u6', type: 'N', cancelled: true }),
    s({ designation: 'A0007/26', id: 'u7', type: 'N' }),
    s({ designation: 'A0008/26', id: 'u8', type: 'R', replaces: ['U7'] }),
  ]);
  assert.deepEqual(
    current.map((c) => c.notam.designation),
    ['A0002/26', 'A0008/26'],
  );
  assert.deepEqual([replaced, cancelled], [3, 3]);
});
