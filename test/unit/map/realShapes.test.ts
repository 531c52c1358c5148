/**
 * The answers of test/fixtures/real-shapes (written from the services' documented shapes, see its
 * README) through the real client, the map's data source, the map view and the conflict
 * diagnostics: London–Frankfurt over KONAN–KOK on Monday 23 Nov 2026 at 10:00Z, FL350 (climbing through
 * FL25x–FL32x on KONAN–KOK).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { HubClient } from '../../../server/src/hub';
import { MapAreas } from '../../../server/src/map/areas';
import { buildMapView, type MapComputation } from '../../../server/src/map/mapView';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { DEFAULT_MAP_FILTERS } from '../../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../../server/src/route';
import { flightConflicts } from '../../../server/src/flight/conflicts';
import { startLocalServer, type LocalServer } from '../hub/localServer';

const FIXTURES = path.resolve(__dirname, '../../fixtures/real-shapes');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const REFERENCE_MS = Date.UTC(2026, 10, 23, 10, 0);
const TEXT = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n';

/** The navigation documents: links only, in the XLink form the contract describes. */
const links = (...hrefs: [string, string][]) =>
  `<?xml version="1.0"?><gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink">` +
  hrefs.map(([href, title]) => `<gml:featureMember xlink:href="${href}" xlink:title="${title}"/>`).join('') +
  `</gml:FeatureCollection>`;
const PREFIX = `<?xml version="1.0"?><IcaoPrefix xmlns:xlink="http://www.w3.org/1999/xlink"><designator>E</designator><firs xlink:href="/v1/icao-prefixes/E/firs" xlink:title="FIRs of E"/></IcaoPrefix>`;

let db: NavDatabase;
let server: LocalServer;
/** Which NOTAM variant the server answers with. */
let notamVariant: 'v1-aixm' | 'v2-geojson' = 'v2-geojson';
/** What the map's data source wrote to the log, per run. */
let logged: string[] = [];

before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
  server = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type }).end(body);
    switch (url.pathname) {
      case '/v1/icao-prefixes':
        return send(200, 'application/xml', links(['/v1/icao-prefixes/E', 'E']));
      case '/v1/icao-prefixes/E':
        return send(200, 'application/xml', PREFIX);
      case '/v1/icao-prefixes/E/firs':
        return send(
          200,
          'application/xml',
          links(
            ['/v1/icao-prefixes/E/firs/EBBU', 'EBBU BRUSSELS'],
            ['/v1/icao-prefixes/E/firs/EHAA', 'EHAA AMSTERDAM'],
          ),
        );
      case '/v1/icao-prefixes/E/firs/EBBU':
        return send(200, 'application/xml', fixture('fir-detail-geometry.xml'));
      case '/v1/icao-prefixes/E/firs/EHAA':
        return send(200, 'application/xml', fixture('fir-detail-bare.xml'));
      case '/v1/icao-prefixes/E/firs/EBBU/notams':
        return notamVariant === 'v1-aixm'
          ? send(200, 'application/xml', fixture('notams-v1-aixm.xml'))
          : send(200, 'application/geo+json', fixture('notams-v2-geojson.json'));
      case '/v2/icao-prefixes/E/firs/EBBU/airspaces':
        return send(200, 'application/geo+json', fixture('airspaces-v2.json'));
      default:
        // Aerodrome NOTAMs, microlights, anything else: the generic 404 page of a web server.
        return send(404, 'text/html', fixture('notams-404.html'));
    }
  });
});
after(() => server.close());

async function run(variant: typeof notamVariant, firBoundariesFile = ''): Promise<MapComputation> {
  notamVariant = variant;
  logged = [];
  const hub = new HubClient({ baseUrl: server.url }, { userKey: 'real-shapes-key' });
  try {
    const areas = new MapAreas({
      hub: () => ({ client: hub, userKey: 'real-shapes-key' }),
      airspaceFiles: () => [],
      firBoundariesFile: () => firBoundariesFile,
      log: (message) => logged.push(message),
    });
    const block = parseRouteDocument(TEXT).blocks[0]!;
    const expansion = expandRoute(block, db);
    const { data, prepared } = await areas.forBlock(block, expansion);
    return buildMapView({
      uri: 'file:///real.route',
      version: 1,
      blockIndex: 0,
      block,
      expansion,
      data,
      filters: { ...DEFAULT_MAP_FILTERS },
      referenceMs: REFERENCE_MS,
      prepared,
    });
  } finally {
    await hub.close();
  }
}

const notamOf = (c: MapComputation, number: string) => c.view.notams.find((n) => n.number === number);
const airspaceOf = (c: MapComputation, designator: string) =>
  c.view.airspaces.find((a) => a.name.includes(designator) || a.id.endsWith(designator));

test('v2 GeoJSON NOTAMs: a GeometryCollection and an odd feature never cost the list; the NOTAM draws its own area', async () => {
  const c = await run('v2-geojson');
  const numbers = c.view.notams.map((n) => n.number).sort();
  // B1206 has an open ring: left out and counted, every other one kept.
  assert.ok(!numbers.includes('B1206/26'));
  for (const kept of ['B1201/26', 'B1202/26', 'B1203/26', 'B0100/26', 'B1207/26'])
    assert.ok(numbers.includes(kept), kept);
  assert.ok(
    c.view.notices.some((n) => /NOTAMs of EBBU: 1 NOTAM could not be read and is left out \(features\[5\]/.test(n)),
    c.view.notices.join('\n'),
  );
  // Said once in the log too.
  assert.equal(logged.filter((l) => /NOTAMs of EBBU: 1 NOTAM could not be read/.test(l)).length, 1);
  // The GeometryCollection is two areas, and the flight crosses them on KONAN–KOK.
  const tra = notamOf(c, 'B1201/26')!;
  assert.equal(tra.polygons?.length, 2);
  assert.match(tra.reason, /^Applies: the leg KONAN–KOK passes through it/);
  // Item Q says 50.6N 1.2E r50: the polygon wins, on KONAN–KOK, not on the legs near Dover.
  const kok = notamOf(c, 'B1202/26')!;
  assert.ok(kok.polygons && !kok.circle);
  assert.match(kok.reason, /the leg KONAN–KOK passes through it/);
  // Text circle in kilometres (9 KM around 51°06'N 2°20'E), not item Q's far-away point.
  const uas = notamOf(c, 'B1203/26')!;
  assert.ok(uas.circle);
  assert.ok(Math.abs(uas.circle.radiusNm - 9 / 1.852) < 1e-9);
  assert.deepEqual(uas.circle.center, [2 + 20 / 60, 51.1]);
});

test('v2 GeoJSON NOTAMs: times, item D and sunrise/sunset are read; an EST end is said and left open', async () => {
  const c = await run('v2-geojson');
  const tra = c.view.verdicts![notamOf(c, 'B1201/26')!.id]!;
  assert.equal(tra.activity, 'active', tra.reason);
  assert.match(
    tra.reason,
    /active 08:00–16:00Z \(23 25 27 0800-1600, valid 23 Nov 2026 07:00Z to 27 Nov 2026 15:00Z \(EST: estimated end\)\)/,
  );
  const sr = c.view.verdicts![notamOf(c, 'B1202/26')!.id]!;
  assert.equal(sr.activity, 'active', sr.reason);
  assert.match(sr.reason, /active 0\d:\d\d–1\d:\d\dZ \(SR-SS, sunrise\/sunset at the NOTAM's position/);
  // Ended 09:00Z by estimate: it may still be in force at 10:0x; said, and counted.
  const est = c.view.verdicts![notamOf(c, 'B1207/26')!.id]!;
  assert.equal(est.activity, 'unknown', est.reason);
  assert.match(est.reason, /its end is estimated \(EST\)/);
  assert.ok(c.view.notices.some((n) => /1 NOTAM give a schedule, validity or limit in a form not read/.test(n)));
});

test('v2 GeoJSON NOTAMs: the replaced NOTAM is not shown beside its replacement', async () => {
  const c = await run('v2-geojson');
  assert.ok(notamOf(c, 'B0100/26'));
  assert.equal(notamOf(c, 'B0099/26'), undefined);
  assert.ok(c.view.notices.some((n) => /1 NOTAM not shown: 1 replaced by a later NOTAM \(NOTAMR\)/.test(n)));
});

test('v1 AIXM Digital NOTAMs: the event airspace places the NOTAM, gml:validTime and 12-digit times are read, NOTAMC and replaced events hidden', async () => {
  const c = await run('v1-aixm');
  const kok = notamOf(c, 'A2210/26')!;
  assert.ok(kok, c.view.notams.map((n) => n.number).join());
  assert.ok(kok.polygons && !kok.circle, 'placed by the Digital NOTAM airspace, not by item Q');
  assert.match(kok.reason, /the leg KONAN–KOK passes through it/);
  assert.match(kok.reason, /active .*\(NOV 23 0700-NOV 27 1500, valid 23 Nov 2026 07:00Z to 27 Nov 2026 15:00Z\)/);
  const uas = notamOf(c, 'A2211/26')!;
  assert.ok(Math.abs(uas.circle!.radiusNm - 3) < 1e-9);
  assert.deepEqual(uas.circle!.center, [2 + 20 / 60, 51.1]);
  assert.match(c.view.verdicts![uas.id]!.reason, /valid 23 Nov 2026 06:00Z to 23 Nov 2026 18:00Z/);
  // A2150 is cancelled by A2213 (NOTAMC): neither is shown; A2100 was replaced (the hub's link).
  for (const gone of ['A2150/26', 'A2213/26', 'A2100/26']) assert.equal(notamOf(c, gone), undefined, gone);
  assert.ok(
    c.view.notices.some((n) =>
      /3 NOTAMs not shown: 1 replaced by a later NOTAM \(NOTAMR\), 2 cancelled \(NOTAMC\)/.test(n),
    ),
    c.view.notices.join('\n'),
  );
});

test('airspaces: numbers, GeometryCollections, SM and FLOOR are read; a null geometry is left out and counted; conflicts are computed', async () => {
  const c = await run('v2-geojson');
  assert.ok(
    c.view.notices.some((n) =>
      /Airspaces of EBBU: 1 airspace could not be read and is left out \(features\[1\]\.geometry is missing\)/.test(n),
    ),
    c.view.notices.join('\n'),
  );
  const kn = airspaceOf(c, 'KOK NORTH')!;
  assert.equal(kn.label, 'FL245–FL400');
  // WORK_DAY read as MON–FRI (said); HOL not read but the work-day rule already makes it active.
  assert.match(
    kn.reason,
    // Still climbing there (top of climb at FL350 131 NM out, flight/vertical.ts).
    /^Applies: the leg KONAN–KOK passes through it; FL245–FL400 includes FL27\d–FL29\d; active 08:00–16:00Z/,
  );
  assert.match(kn.reason, /WORK_DAY taken as MON–FRI \(the State's public holidays are not known\)/);
  const ks = airspaceOf(c, 'KOK SOUTH')!;
  assert.equal(ks.polygons.length, 2);
  assert.equal(ks.label, 'S0900 (9000 m)–S1250 (12500 m)');
  // 9000–12500 standard metres is FL295–FL410: the flight climbing through FL30x–FL31x there is
  // inside (read as feet it would not be).
  assert.match(ks.reason, /^Applies: .*FL295–FL410 includes FL30\d–FL31\d/);
  const tsa = airspaceOf(c, 'KONAN TSA')!;
  assert.equal(tsa.label, 'FL195–FLOOR');
  assert.match(
    tsa.reason,
    /levels not known: upper limit 'FLOOR' \(AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere\) is not known here; FL2\d\d–FL2\d\d is not below its floor FL195: taken as possibly at the flight's level/,
  );
  // The profile draws its box open at the top (the page fades it), not up to an unlimited ceiling.
  const tsaBoxes = c.view.profile!.areas.filter((a) => a.label === 'FL195–FLOOR');
  assert.equal(tsaBoxes.length, 1);
  assert.deepEqual(tsaBoxes[0]!.openLimit, {
    side: 'upper',
    why: "upper limit 'FLOOR' (AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere) is not known here",
  });
  assert.equal(tsaBoxes[0]!.floorFt, 19_500);
  assert.ok(c.view.profile!.areas.every((a) => a === tsaBoxes[0] || a.openLimit === undefined));
  const found = flightConflicts(c);
  // Its ceiling not known, the conflict is possible, not certain, and says why (not taken as UNL).
  const onTsa = found.filter((d) => d.message.includes('EBTSA-K'));
  assert.equal(onTsa.length, 1);
  assert.match(
    onTsa[0]!.message,
    /the route crosses active temporary segregated area EBTSA-K \(FL195–FLOOR\); a possible conflict: FL2\d\d–FL2\d\d is not below its floor FL195, and upper limit 'FLOOR' \(AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere\) is not known here; it is active when the flight is there\.$/,
  );
  const codes = found.map((d) => d.code);
  assert.ok(codes.includes('F001'), codes.join());
  assert.ok(codes.includes('F002'), codes.join());
});

test('the FIR list: a detail with its outline and no gml:boundedBy is used; one with neither is named', async () => {
  const c = await run('v2-geojson');
  assert.deepEqual(
    c.view.firs.map((f) => [f.designator, f.approximate ?? false]),
    [['EBBU', false]],
  );
  assert.ok(
    c.view.notices.some((n) => /gives no boundary \(gml:boundedBy or geometry\) for 1 FIR: EHAA\./.test(n)),
    c.view.notices.join('\n'),
  );
});

test('the FIR list: a FIR without any boundary in the navigation takes its outline from the boundaries file, said', async () => {
  const file = path.join(FIXTURES, 'fir-boundaries.geojson');
  const c = await run('v2-geojson', file);
  assert.ok(!c.view.notices.some((n) => /gives no boundary/.test(n)), c.view.notices.join('\n'));
  assert.ok(c.view.notices.some((n) => n.includes(`The outlines of 1 FIR (EHAA) come from ${file}`)));
  assert.ok(
    c.view.notices.some((n) =>
      /1 boundary could not be read and is left out \(features\[1\]\.geometry is missing\)/.test(n),
    ),
  );
});

test('aerodrome NOTAM lists answered with a generic HTML 404 page are "no NOTAMs", said once', async () => {
  const c = await run('v2-geojson');
  assert.ok(!c.view.notices.some((n) => /NOTAMs are missing/.test(n)), c.view.notices.join('\n'));
  assert.ok(c.view.notices.some((n) => /No NOTAMs at the moment for EDDF, EGLL \(the hub answered 404/.test(n)));
});
