/**
 * The MapView builder on real offline expansions of the navdata excerpt: points (resolved,
 * unresolved, ambiguous) with the ranges of their elements, legs named by their airways, the
 * highlight of an element; the corridor filter of NOTAMs (item Q circles, an area in the text,
 * "whole FIR", the aerodromes' radius); local airspace files without a key.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { expandRoute, icaoCoordinate } from '../../../server/src/expansion/offlineExpansion';
import type { Notam } from '../../../server/src/hub/notams';
import { RouteCorridor } from '../../../server/src/flight/corridor';
import { direct } from '../../../server/src/geo/geodesy';
import { model as wmm } from 'geomagnetism';
import { MapDataSource, NEEDS_KEY_NOTICE } from '../../../server/src/map/hubData';
import { buildMapView, NO_MAP_DATA, type MapData } from '../../../server/src/map/mapView';
import { highlightAt, routeLayer } from '../../../server/src/map/routePoints';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';
import { DEFAULT_MAP_FILTERS } from '../../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../../server/src/route';
import type { RouteBlock } from '../../../server/src/route/model';

let db: NavDatabase;
before(async () => {
  db = await loadNavDatabase(path.resolve(__dirname, '../../fixtures/navdata'));
});

const blockOf = (text: string, index = 0): RouteBlock =>
  parseRouteDocument(text).blocks.filter((b) => b.elements.length > 0)[index]!;
const textIn = (text: string, range: { start: { line: number; character: number }; end: { character: number } }) =>
  text.split('\n')[range.start.line]!.slice(range.start.character, range.end.character);

/** Monday 23 Nov 2026 10:00Z: the time plain route text is judged at in these tests. */
const REFERENCE_MS = Date.UTC(2026, 10, 23, 10, 0);

const EUROPE = 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n';

test('points and legs of an expanded route: ranges of their elements, airways named, distances adding up', () => {
  const block = blockOf(EUROPE);
  const layer = routeLayer(block, expandRoute(block, db));
  assert.ok(layer.points.length > 5);
  assert.deepEqual([layer.points[0]!.name, layer.points.at(-1)!.name], ['EGLL', 'EDDF']);
  assert.equal(textIn(EUROPE, layer.points[0]!.range), 'EGLL', 'the origin reveals its directive value');
  const konan = layer.points.find((p) => p.name === 'KONAN')!;
  assert.equal(textIn(EUROPE, konan.range), 'KONAN');
  assert.ok(
    konan.facts.some((f) => /^Leg from \w+ \(UL9\): [\d.]+ NM, magnetic track \d{3}°, true track \d{3}°$/.test(f)),
    konan.facts.join(' | '),
  );
  assert.ok(
    konan.facts.some((f) => /^Magnetic track: variation \d+°[EW]?, World Magnetic Model WMM-\d{4} on /.test(f)),
    konan.facts.join(' | '),
  );
  // The magnetic track is the true one less the variation at the leg's start (the map, the exports).
  const before = layer.points[layer.points.indexOf(konan) - 1]!;
  const variation = wmm(new Date()).point([before.position![1], before.position![0]]).decl;
  const expected = (((konan.trackDeg! - variation) % 360) + 360) % 360;
  assert.ok(Math.abs(konan.magneticTrackDeg! - expected) < 0.11, `${konan.magneticTrackDeg} vs ${expected}`);
  assert.equal(layer.legs.find((l) => l.toId === konan.id)!.magneticTrackDeg, konan.magneticTrackDeg);
  const ul9 = layer.legs.filter((l) => l.via === 'UL9');
  assert.ok(ul9.length >= 1 && ul9.every((l) => textIn(EUROPE, l.range) === 'UL9'));
  for (const leg of layer.legs.filter((l) => l.via !== 'DCT'))
    assert.equal(textIn(EUROPE, leg.range).toUpperCase(), leg.via, 'every airway leg reveals its airway');
  let sum = 0;
  for (const leg of layer.legs) sum += leg.distanceNm;
  assert.ok(Math.abs(sum - layer.points.at(-1)!.cumulativeNm!) < 1);
  // Each leg joins consecutive points by id.
  layer.legs.forEach((leg, i) =>
    assert.deepEqual([leg.fromId, leg.toId], [layer.points[i]!.id, layer.points[i + 1]!.id]),
  );

  const line = EUROPE.split('\n')[2]!;
  const onAirway = highlightAt(block, layer, { line: 2, character: line.indexOf('L607') + 2 });
  assert.ok(
    onAirway.legIds.length > 0 && onAirway.legIds.every((id) => layer.legs.find((l) => l.id === id)!.via === 'L607'),
  );
  assert.deepEqual(
    highlightAt(block, layer, { line: 0, character: 9 }).pointIds,
    [layer.points[0]!.id],
    'the origin directive',
  );
});

test('an unknown point is marked unresolved in its place, and the leg goes round it', () => {
  const text = 'N0450F350 DVR DCT QQQQQ DCT KONAN\n';
  const block = blockOf(text);
  const layer = routeLayer(block, expandRoute(block, db));
  assert.deepEqual(
    layer.points.map((p) => [p.name, p.status]),
    [
      ['DVR', 'resolved'],
      ['QQQQQ', 'unresolved'],
      ['KONAN', 'resolved'],
    ],
  );
  const missing = layer.points[1]!;
  assert.equal(missing.position, undefined);
  assert.equal(textIn(text, missing.range), 'QQQQQ');
  assert.ok(missing.facts.length > 0 && /\w/.test(missing.facts[0]!));
  assert.equal(layer.legs.length, 1);
  assert.deepEqual([layer.legs[0]!.fromId, layer.legs[0]!.toId], [layer.points[0]!.id, layer.points[2]!.id]);
});

test('an ambiguous first fix is marked ambiguous; without any expansion every point waits', () => {
  const text = 'origin: EGHI\ndestination: EGJJ\nN0240F080 SAM DCT ORTAC DCT JSY\n';
  const block = blockOf(text);
  const layer = routeLayer(block, expandRoute(block, db));
  const sam = layer.points.find((p) => p.name === 'SAM')!;
  assert.equal(sam.status, 'ambiguous');
  assert.match(sam.facts[0]!, /several places/);
  const none = routeLayer(block, undefined);
  assert.ok(none.points.length >= 3 && none.points.every((p) => p.status === 'unresolved' && !p.position));
  assert.equal(none.legs.length, 0);
  const view = buildMapView({
    uri: 'file:///a.route',
    version: 1,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion: undefined,
    data: NO_MAP_DATA,
    filters: DEFAULT_MAP_FILTERS,
  }).view;
  assert.ok(view.notices.some((n) => /not expanded yet/.test(n)));
  // With no hub key and no navigation data it never will be: the notice says what to set.
  const never = buildMapView({
    uri: 'file:///a.route',
    version: 1,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion: undefined,
    data: NO_MAP_DATA,
    filters: DEFAULT_MAP_FILTERS,
    noExpansionSource:
      'Local checks only: set a hub key (ICAO Route: Set Hub Key) or icaoRoute.navdata.folder to expand routes.',
  }).view;
  assert.ok(!never.notices.some((n) => /not expanded yet/.test(n)), never.notices.join(' | '));
  assert.ok(
    never.notices.some((n) =>
      /set a hub key .* or icaoRoute\.navdata\.folder .* positions written in the route/.test(n),
    ),
    never.notices.join(' | '),
  );
});

function notam(id: string, fields: Partial<Notam>): MapData['notams'][number] {
  return { notam: { id, designation: id, text: 'TEST', ...fields }, from: { kind: 'fir', designator: 'EBBU' } };
}

test('the corridor: 30 NM along the route, 50 NM round the aerodromes, whole-FIR NOTAMs by the FIRs crossed, areas from the text', () => {
  const block = blockOf(EUROPE);
  const expansion = expandRoute(block, db);
  const layer = routeLayer(block, expansion);
  const kok = layer.points.find((p) => p.name === 'KOK')!.position!;
  const at = (nm: number, track: number) => direct({ lon: kok[0], lat: kok[1] }, track, nm);
  // The route runs roughly east-south-east at KOK: north and south are across it.
  const near = at(20, 0),
    beyond = at(40, 0),
    far = at(120, 0),
    inside = at(2, 180);
  const square = [at(10, 45), at(10, 135), at(10, 225), at(10, 315)]
    .map((p) => icaoCoordinate(p.lat, p.lon))
    .join(' - ');
  const egll = layer.points[0]!.position!;
  const nearEgll = direct({ lon: egll[0], lat: egll[1] }, 270, 45);
  const data: MapData = {
    ...NO_MAP_DATA,
    firs: [
      { prefix: 'E', designator: 'EBBU', name: 'Brussels', bbox: [2, 49, 6.5, 51.6] },
      { prefix: 'L', designator: 'LFMM', name: 'Marseille', bbox: [3, 41, 8, 45] },
    ],
    notams: [
      notam('near', { lat: near.lat, lon: near.lon, radiusNm: 5, selectionCode: 'QOBCE' }),
      notam('beyond', { lat: beyond.lat, lon: beyond.lon, radiusNm: 2 }),
      notam('far', { lat: far.lat, lon: far.lon, radiusNm: 2 }),
      notam('inside', {
        lat: inside.lat,
        lon: inside.lon,
        radiusNm: 3,
        minimumFL: '000',
        maximumFL: '120',
        schedule: 'MON-FRI 0800-1600',
      }),
      notam('area', {
        text: `RESTRICTED AREA ACTIVATED WI ${square}.`,
        lat: far.lat,
        lon: far.lon,
        radiusNm: 5,
        selectionCode: 'QRTCA',
      }),
      notam('fir', { lat: 50.5, lon: 4.5, radiusNm: 999, affectedFIR: 'EBBU' }),
      notam('other-fir', { lat: 43, lon: 5, radiusNm: 999, affectedFIR: 'LFMM' }),
      notam('egll', { lat: nearEgll.lat, lon: nearEgll.lon, radiusNm: 1, location: 'EGLL' }),
    ],
  };
  const view = buildMapView({
    uri: 'file:///e.route',
    version: 3,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion,
    data,
    filters: DEFAULT_MAP_FILTERS,
  }).view;
  const byId = new Map(view.notams.map((n) => [n.id, n]));
  assert.equal(byId.get('near')!.inCorridor, true);
  assert.ok(Math.abs(byId.get('near')!.distanceNm - 15) < 1.5, `${byId.get('near')!.distanceNm}`);
  assert.equal(byId.get('near')!.subject, 'obstacle');
  assert.equal(byId.get('beyond')!.inCorridor, false, 'shown beyond the corridor, marked outside');
  assert.match(byId.get('beyond')!.reason, /outside the 30 NM corridor/);
  assert.equal(byId.has('far'), false, 'far away: left out');
  assert.deepEqual(
    [
      byId.get('inside')!.distanceNm,
      byId.get('inside')!.lower,
      byId.get('inside')!.upper,
      byId.get('inside')!.schedule,
    ],
    [0, 'SFC', 'FL120', 'MON-FRI 0800-1600'],
  );
  const area = byId.get('area')!;
  assert.ok(area.inCorridor && area.polygons && !area.circle, 'drawn from the area in its text, not its item Q circle');
  assert.equal(area.distanceNm, 0);
  assert.equal(byId.get('fir')!.inCorridor, true);
  assert.equal(byId.has('other-fir'), false);
  assert.match(byId.get('egll')!.reason, /^Applies: [\d.]+ NM from EGLL \(< 50 NM around the aerodromes\)/);
  assert.deepEqual(
    view.firs.map((f) => [f.designator, f.approximate]),
    [['EBBU', true]],
  );
  assert.equal(view.version, 3);
  const [w, s, e, n] = view.bbox!;
  assert.ok(w < -0.4 && e > 8.5 && s < 50.1 && n > 51.4, `${view.bbox}`);

  // A narrower corridor drops the NOTAM 15 NM off the route.
  const narrow = buildMapView({
    uri: 'file:///e.route',
    version: 3,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion,
    data,
    filters: { ...DEFAULT_MAP_FILTERS, corridorNm: 10 },
  }).view;
  assert.equal(narrow.notams.find((x) => x.id === 'near')!.inCorridor, false);
});

test('the briefing place of each NOTAM: an aerodrome the flight passes has its own use apart; its departure and the FIR keep theirs', () => {
  const block = blockOf(EUROPE);
  const expansion = expandRoute(block, db);
  const layer = routeLayer(block, expansion);
  const kok = layer.points.find((p) => p.name === 'KOK')!.position!;
  const near = direct({ lon: kok[0], lat: kok[1] }, 0, 5);
  const egll = layer.points[0]!.position!;
  const at = { lat: near.lat, lon: near.lon, radiusNm: 5 };
  const data: MapData = {
    ...NO_MAP_DATA,
    firs: [{ prefix: 'E', designator: 'EBBU', name: 'Brussels', bbox: [2, 49, 6.5, 51.6] }],
    notams: [
      notam('taxiway', { ...at, location: 'EBOS', selectionCode: 'QMXLC' }),
      notam('birds', { ...at, location: 'EBOS', selectionCode: 'QFAXX' }),
      notam('restriction', { ...at, location: 'EBOS', selectionCode: 'QRRCA' }),
      notam('no-code', { ...at, location: 'EBOS' }),
      notam('fir-obstacle', { ...at, location: 'EBBU', selectionCode: 'QOBCE' }),
      notam('departure', { lat: egll[1], lon: egll[0], radiusNm: 5, location: 'EGLL', selectionCode: 'QMXLC' }),
    ],
  };
  const view = buildMapView({
    uri: 'file:///e.route',
    version: 1,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion,
    data,
    filters: DEFAULT_MAP_FILTERS,
  }).view;
  assert.deepEqual(Object.fromEntries(view.notams.map((n) => [n.id, n.briefing?.section])), {
    taxiway: 'otherAerodrome',
    birds: 'otherAerodrome',
    restriction: 'enroute',
    'no-code': 'enroute',
    'fir-obstacle': 'enroute',
    departure: 'departure',
  });
  // Placed along the route all the same (the list keeps its order), in the FIR it is in.
  const taxiway = view.notams.find((n) => n.id === 'taxiway')!;
  assert.equal(taxiway.briefing?.fir, 'EBBU');
  assert.ok(Math.abs(taxiway.briefing!.alongNm - layer.points.find((p) => p.name === 'KOK')!.cumulativeNm!) < 10);
});

test('without a key: local airspace files are read and crossed, and the notice says NOTAMs need a key', async () => {
  const block = blockOf(EUROPE);
  const expansion = expandRoute(block, db);
  const layer = routeLayer(block, expansion);
  const [lon, lat] = layer.points.find((p) => p.name === 'KOK')!.position!;
  const folder = mkdtempSync(path.join(tmpdir(), 'map-airspaces-'));
  const file = path.join(folder, 'local.geojson');
  const ring = [
    [lon - 0.2, lat - 0.2],
    [lon + 0.2, lat - 0.2],
    [lon + 0.2, lat + 0.2],
    [lon - 0.2, lat + 0.2],
    [lon - 0.2, lat - 0.2],
  ];
  writeFileSync(
    file,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'x1',
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: {
            name: 'LOCAL GLIDING',
            designator: 'LG1',
            type: 'D',
            lowerLimit: { uom: 'FT', value: '0', reference: 'SFC' },
            upperLimit: { uom: 'FT', value: '2500', reference: 'MSL' },
          },
        },
      ],
    }),
  );
  const missing = path.join(folder, 'missing.geojson');
  const points = layer.points.filter((p) => p.position).map((p) => ({ lon: p.position![0], lat: p.position![1] }));
  const data = await new MapDataSource(undefined, [file, missing]).forRoute(new RouteCorridor(points), {
    alternates: [],
  });
  assert.equal(data.airspaces.length, 1);
  assert.ok(data.notices.some((n) => /NOTAMs and FIRs need a hub key/.test(n)));
  assert.ok(data.notices.some((n) => n.includes('missing.geojson') && /could not be read/.test(n)));
  const view = buildMapView({
    uri: 'file:///e.route',
    version: 1,
    blockIndex: 0,
    referenceMs: REFERENCE_MS,
    block,
    expansion,
    data,
    filters: DEFAULT_MAP_FILTERS,
  }).view;
  assert.deepEqual(
    view.airspaces.map((a) => [a.name, a.label, a.crossed]),
    [['LOCAL GLIDING', 'SFC–2500 ft', true]],
  );
  const none = await new MapDataSource(undefined, []).forRoute(new RouteCorridor(points), { alternates: [] });
  assert.deepEqual(none.notices, [NEEDS_KEY_NOTICE]);
});
