/**
 * 5,000 NOTAMs in each shape the hub sends (v2 GeoJSON with polygons, GeometryCollections and
 * points; v1 AIXM 5.1 Digital NOTAM with an event airspace for one in four), with the item D
 * forms real NOTAMs use (days of the month, continuous periods, SR-SS, EST ends): how long the
 * readers take from the body text, and the map view and conflicts with them for a real route
 * (europe.route's first block), against the map's targets (< 50 ms). Seeded: the same work every
 * run; process CPU time, best of several rounds. `node --import tsx test/bench/run.ts notamShapes`.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { expandRoute } from '../../server/src/expansion/offlineExpansion';
import { NOTAM_RULES, parseJson, readFeatureCollection } from '../../server/src/hub/geojson';
import { notamOfFeature, readAixmNotams, type Notam } from '../../server/src/hub/notams';
import { parseXml } from '../../server/src/hub/xml';
import { buildMapView, type MapData } from '../../server/src/map/mapView';
import { prepareAreas } from '../../server/src/flight/preparedAreas';
import { currentNotams } from '../../server/src/map/notamRelations';
import { loadNavDatabase } from '../../server/src/navdata/loader';
import { DEFAULT_MAP_FILTERS } from '../../common/protocol/mapMessages';
import { parseRouteDocument } from '../../server/src/route';
import { flightConflicts } from '../../server/src/flight/conflicts';
import type { BenchFigure } from './run';

export const name = 'NOTAMs in the real shapes (readers and map view)';

const COUNT = 5000;
const REFERENCE_MS = Date.UTC(2026, 10, 23, 10, 0);
const SCHEDULES = ['', '23 25 27 0800-1600', 'NOV 23 0700-NOV 27 1500', 'SR-SS', 'MON-FRI 0700-1900', 'H24'];

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const square = (lon: number, lat: number, d: number) => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];

interface Seed {
  lat: number;
  lon: number;
  size: number;
  schedule: string;
}

export function seeds(): Seed[] {
  const random = seeded(21);
  return Array.from({ length: COUNT }, (_, i) => ({
    lat: 40 + random() * 20,
    lon: -10 + random() * 30,
    size: 0.05 + random() * 0.4,
    schedule: SCHEDULES[i % SCHEDULES.length]!,
  }));
}

function v2Body(list: Seed[]): string {
  const features = list.map((s, i) => ({
    type: 'Feature',
    id: uuid(i),
    geometry:
      i % 3 === 0
        ? {
            type: 'GeometryCollection',
            geometries: [
              { type: 'Polygon', coordinates: [square(s.lon, s.lat, s.size)] },
              { type: 'Polygon', coordinates: [square(s.lon + s.size * 1.5, s.lat, s.size)] },
            ],
          }
        : i % 3 === 1
          ? { type: 'Polygon', coordinates: [square(s.lon, s.lat, s.size)] }
          : { type: 'Point', coordinates: [s.lon, s.lat] },
    properties: {
      series: 'A',
      number: i + 1,
      year: 2026,
      type: i % 40 === 1 ? 'R' : 'N',
      ...(i % 40 === 1 ? { relationship: { type: 'replaces', reference: `A${String(i).padStart(4, '0')}/26` } } : {}),
      lat: s.lat,
      lon: s.lon,
      radius: 1 + (i % 25),
      location: 'EBBU',
      affectedFIR: 'EBBU',
      qcode: ['QRTCA', 'QRDCA', 'QOBCE', 'QWULW', 'QMRLC'][i % 5],
      minimumFL: '000',
      maximumFL: i % 2 ? '400' : '150',
      text: 'TEMPORARY RESTRICTED AREA ACTIVE.',
      issued: '2026-11-20T10:00:00.000Z',
      effectiveStart: '202611230600',
      effectiveEnd: '202611271800',
      ...(i % 7 === 0 ? { effectiveEndInterpretation: 'EST' } : {}),
      ...(s.schedule ? { schedule: s.schedule } : {}),
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

const dm = (value: number, width: number) => {
  const deg = Math.floor(Math.abs(value));
  const min = Math.floor((Math.abs(value) - deg) * 60);
  return `${String(deg).padStart(width, '0')}${String(min).padStart(2, '0')}`;
};

export function v1Body(list: Seed[]): string {
  const members = list.map((s, i) => {
    const id = uuid(i);
    const coords = `${dm(s.lat, 2)}N${dm(s.lon, 3)}${s.lon < 0 ? 'W' : 'E'}`;
    const event =
      `<message:hasMember><event:Event gml:id="uuid.${id}"><gml:identifier codeSpace="urn:uuid:">${id}</gml:identifier>` +
      `<event:timeSlice><event:EventTimeSlice gml:id="ts${i}"><gml:validTime><gml:TimePeriod gml:id="vt${i}">` +
      `<gml:beginPosition>2026-11-23T06:00:00Z</gml:beginPosition><gml:endPosition>2026-11-27T18:00:00Z</gml:endPosition>` +
      `</gml:TimePeriod></gml:validTime><event:textNOTAM><event:NOTAM gml:id="n${i}">` +
      `<event:series>A</event:series><event:number>${i + 1}</event:number><event:year>2026</event:year>` +
      `<event:type>${i % 40 === 1 ? 'R' : 'N'}</event:type>` +
      (i % 40 === 1
        ? `<event:referredSeries>A</event:referredSeries><event:referredNumber>${i}</event:referredNumber><event:referredYear>2026</event:referredYear>`
        : '') +
      `<event:affectedFIR>EBBU</event:affectedFIR><event:selectionCode>${['QRTCA', 'QRDCA', 'QOBCE', 'QWULW', 'QMRLC'][i % 5]}</event:selectionCode>` +
      `<event:minimumFL>000</event:minimumFL><event:maximumFL>${i % 2 ? '400' : '150'}</event:maximumFL>` +
      `<event:coordinates>${coords}</event:coordinates><event:radius>${String(1 + (i % 25)).padStart(3, '0')}</event:radius>` +
      `<event:location>EBBU</event:location><event:effectiveStart>2611230600</event:effectiveStart>` +
      `<event:effectiveEnd>2611271800${i % 7 === 0 ? 'EST' : ''}</event:effectiveEnd>` +
      (s.schedule ? `<event:schedule>${s.schedule}</event:schedule>` : '') +
      `<event:text>TEMPORARY RESTRICTED AREA ACTIVE.</event:text></event:NOTAM></event:textNOTAM>` +
      `</event:EventTimeSlice></event:timeSlice></event:Event></message:hasMember>`;
    if (i % 4 !== 0) return event;
    const ring = square(s.lon, s.lat, s.size)
      .map(([lon, lat]) => `${lat} ${lon}`)
      .join(' ');
    return (
      event +
      `<message:hasMember><aixm:Airspace gml:id="as${i}"><aixm:timeSlice><aixm:AirspaceTimeSlice gml:id="ats${i}">` +
      `<aixm:interpretation>TEMPDELTA</aixm:interpretation><aixm:designator>TRA${i}</aixm:designator>` +
      `<aixm:geometryComponent><aixm:AirspaceGeometryComponent><aixm:theAirspaceVolume><aixm:AirspaceVolume>` +
      `<aixm:horizontalProjection><aixm:Surface srsName="urn:ogc:def:crs:EPSG::4326"><gml:patches><gml:PolygonPatch>` +
      `<gml:exterior><gml:LinearRing><gml:posList>${ring}</gml:posList></gml:LinearRing></gml:exterior>` +
      `</gml:PolygonPatch></gml:patches></aixm:Surface></aixm:horizontalProjection></aixm:AirspaceVolume>` +
      `</aixm:theAirspaceVolume></aixm:AirspaceGeometryComponent></aixm:geometryComponent>` +
      `<aixm:extension><event:AirspaceExtension><event:theEvent xlink:href="urn:uuid:${id}"/></event:AirspaceExtension></aixm:extension>` +
      `</aixm:AirspaceTimeSlice></aixm:timeSlice></aixm:Airspace></message:hasMember>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?><message:AIXMBasicMessage xmlns:message="m" xmlns:event="e" xmlns:aixm="a" ` +
    `xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink">${members.join('')}</message:AIXMBasicMessage>`
  );
}

function cpuMs(rounds: number, fn: () => void): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

const asSources = (notams: Notam[]): MapData['notams'] =>
  currentNotams(notams.map((notam) => ({ notam, from: { kind: 'fir' as const, designator: 'EBBU' } }))).current;

export async function run(): Promise<BenchFigure[]> {
  const db = await loadNavDatabase(path.resolve(__dirname, '../fixtures/navdata'));
  const text = readFileSync(path.resolve(__dirname, '../../samples/europe.route'), 'utf8');
  const block = parseRouteDocument(text).blocks.find((b) => b.elements.length > 0)!;
  const expansion = expandRoute(block, db);
  const list = seeds();
  const bodies = { 'v2 GeoJSON': v2Body(list), 'v1 AIXM Digital NOTAM': v1Body(list) };
  const readers = {
    'v2 GeoJSON': (body: string) => readFeatureCollection(parseJson(body), NOTAM_RULES).features.map(notamOfFeature),
    'v1 AIXM Digital NOTAM': (body: string) => readAixmNotams(parseXml(body, 64)),
  };
  const figures: BenchFigure[] = [];
  for (const variant of Object.keys(bodies) as (keyof typeof bodies)[]) {
    let notams: Notam[] = [];
    readers[variant](bodies[variant]);
    const readMs = cpuMs(3, () => (notams = readers[variant](bodies[variant])));
    const data: MapData = { firs: [], airspaces: [], notams: asSources(notams), microlights: [], notices: [] };
    const prepared = prepareAreas(data);
    const computation = () =>
      buildMapView({
        uri: 'file:///bench.route',
        version: 1,
        blockIndex: 0,
        referenceMs: REFERENCE_MS,
        block,
        expansion,
        data,
        filters: DEFAULT_MAP_FILTERS,
        prepared,
      });
    for (let i = 0; i < 3; i++) computation();
    const viewMs = cpuMs(10, () => computation());
    const conflictsMs = cpuMs(10, () => flightConflicts(computation()));
    const view = computation().view;
    const drawnOwn = notams.filter((n) => n.areas || n.areaCircle).length;
    figures.push(
      {
        label: `${variant}: NOTAMs read / with their own area / in the view`,
        value: notams.length * 1e6 + drawnOwn * 1e3 + view.notams.length,
        unit: 'read·1e6 + own area·1e3 + shown',
      },
      { label: `${variant}: reading 5,000 NOTAMs from the body text`, value: readMs, unit: 'ms' },
      {
        label: `${variant}: map view with them (areas indexed)`,
        value: viewMs,
        unit: 'ms',
        target: '< 50 ms',
        ok: viewMs < 50,
      },
      {
        label: `${variant}: map view and conflict diagnostics`,
        value: conflictsMs,
        unit: 'ms',
        target: '< 50 ms',
        ok: conflictsMs < 50,
      },
    );
  }
  return figures;
}
