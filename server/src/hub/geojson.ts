/**
 * GeoJSON checked at the boundary by small hand-written validators: a response that does not
 * have the promised shape becomes a ShapeError naming the exact place ("features[3].geometry
 * .coordinates is not a [lon, lat] pair"), never a crash deep inside the editor. The field
 * checks (`requiredString`, `optionalString`, `isObject`) serve the reference family's JSON too.
 */
import type { AirspaceSchedule, VerticalLimit } from '../airspace/model';
import { limitVertices, MAX_VERTICES_PER_GEOMETRY, vertexCount } from '../geo/vertexLimit';
import { ShapeError } from './errors';

export type LonLat = [number, number];

export type Geometry =
  | { type: 'Point'; coordinates: LonLat }
  | { type: 'MultiPoint' | 'LineString'; coordinates: LonLat[] }
  | { type: 'Polygon' | 'MultiLineString'; coordinates: LonLat[][] }
  | { type: 'MultiPolygon'; coordinates: LonLat[][][] };

export interface Feature<P> {
  type: 'Feature';
  id?: string | number;
  /** Null for a feature the service could not place (e.g. an unknown route name). */
  geometry: Geometry | null;
  properties: P;
}

export interface Results {
  publishTime?: string;
  status?: string;
  /** An integer in airspace responses, a string in the route expansion response. */
  total?: number;
}

/** Features of an answer that could not be read and were left out, with why (the first few). */
export interface LeftOut {
  count: number;
  /** "features[3].geometry is missing", at most LEFT_OUT_REASONS of them. */
  reasons: string[];
}

/** How many reasons a LeftOut keeps: the status names a few, the count says the rest. */
export const LEFT_OUT_REASONS = 3;

export interface FeatureCollection<P> {
  type: 'FeatureCollection';
  features: Feature<P>[];
  results?: Results;
  /** Set by `readFeatureCollection` when some features could not be read. */
  leftOut?: LeftOut;
}

/** Adds one left-out feature to a tally (created on first use). */
export function noteLeftOut(tally: LeftOut | undefined, reason: string): LeftOut {
  const out = tally ?? { count: 0, reasons: [] };
  out.count++;
  if (out.reasons.length < LEFT_OUT_REASONS) out.reasons.push(reason);
  return out;
}

/**
 * "2 NOTAMs could not be read and are left out (features[3].geometry is missing; …)"; `one` and
 * `many` name the thing in the singular and the plural ("1 airspace … is", "2 airspaces … are").
 */
export function leftOutText(leftOut: LeftOut, one: string, many: string): string {
  const more = leftOut.count > leftOut.reasons.length ? '; …' : '';
  const single = leftOut.count === 1;
  return `${leftOut.count} ${single ? one : many} could not be read and ${single ? 'is' : 'are'} left out (${leftOut.reasons.join('; ')}${more}).`;
}

// The airspace domain's types, which the wire format carries as they are.
export type { AirspaceSchedule, VerticalLimit } from '../airspace/model';

export interface AirspaceProperties {
  name: string;
  designator: string;
  type: string;
  localType?: string;
  controlType?: string;
  activity?: string;
  classification?: string;
  lowerLimit?: VerticalLimit;
  upperLimit?: VerticalLimit;
  schedules?: AirspaceSchedule[];
  [extra: string]: unknown;
}

export interface MicrolightProperties {
  designator: string;
  name: string;
  controlType?: string;
  elevation?: VerticalLimit;
  [extra: string]: unknown;
}

export interface WaypointProperties {
  designator: string;
  resolvedFix?: string;
  elevation?: string;
  elevationUom?: string;
  [extra: string]: unknown;
}

export interface FlightSummaryProperties {
  callsign?: string;
  flightStatus?: string;
  positionReport?: {
    track?: number;
    source?: string;
    altitude?: number;
    captureTimestamp?: string;
    [extra: string]: unknown;
  };
  aircraftDescription?: { aircraftCode?: string; aircraftRegistration?: string; [extra: string]: unknown };
  [extra: string]: unknown;
}

export interface NotamProperties {
  series?: string;
  number?: string | number;
  year?: string | number;
  lat?: number;
  lon?: number;
  location?: string;
  affectedFIR?: string;
  countryCode?: string;
  text?: string;
  issued?: string;
  effectiveStart?: string;
  effectiveEnd?: string;
  schedule?: string;
  affectedAerodrome?: string;
  [extra: string]: unknown;
}

// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, path: string): Obj {
  if (!isObject(value)) throw new ShapeError(path, 'is not an object');
  return value;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(path, 'is not an array');
  return value;
}

export function requiredString(obj: Obj, key: string, path: string): string {
  const value = obj[key];
  if (typeof value !== 'string')
    throw new ShapeError(`${path}.${key}`, value === undefined ? 'is missing' : 'is not a string');
  return value;
}

export function optionalString(obj: Obj, key: string, path: string): void {
  const value = obj[key];
  if (value !== undefined && value !== null && typeof value !== 'string')
    throw new ShapeError(`${path}.${key}`, 'is not a string');
}

/** Vertical limits and elevations come as strings or numbers. */
function optionalStringOrNumber(obj: Obj, key: string, path: string): void {
  const value = obj[key];
  if (value !== undefined && value !== null && typeof value !== 'string' && typeof value !== 'number')
    throw new ShapeError(`${path}.${key}`, 'is not a string');
}

function optionalObject(obj: Obj, key: string, path: string): Obj | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  return object(value, `${path}.${key}`);
}

/** Checks a position where it lies, without copying it. */
function checkPosition(value: unknown, path: string): asserts value is LonLat {
  if (!Array.isArray(value) || value.length < 2 || typeof value[0] !== 'number' || typeof value[1] !== 'number') {
    throw new ShapeError(path, 'is not a [lon, lat] pair');
  }
  const [lon, lat] = value as number[] as [number, number];
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
    throw new ShapeError(path, `is not a [lon, lat] pair within ±180/±90 (got [${lon}, ${lat}])`);
  }
}

function position(value: unknown, path: string): LonLat {
  checkPosition(value, path);
  return [value[0], value[1]];
}

function positions(value: unknown, path: string, min: number): LonLat[] {
  const list = array(value, path);
  if (list.length < min) throw new ShapeError(path, `has ${list.length} positions, at least ${min} expected`);
  return list.map((p, i) => position(p, `${path}[${i}]`));
}

/** A closed ring of at least four positions, checked where it lies (the caller copies it or simplifies from it). */
function checkedRing(value: unknown, path: string): LonLat[] {
  const list = array(value, path);
  if (list.length < 4) throw new ShapeError(path, `has ${list.length} positions, at least 4 expected`);
  for (let i = 0; i < list.length; i++) checkPosition(list[i], `${path}[${i}]`);
  const first = list[0] as LonLat;
  const last = list[list.length - 1] as LonLat;
  if (first[0] !== last[0] || first[1] !== last[1])
    throw new ShapeError(path, 'is not a closed ring (first and last positions differ)');
  return list as LonLat[];
}

/** A polygon's rings, checked where they lie. */
function checkedPolygon(value: unknown, path: string): LonLat[][] {
  return nonEmpty(array(value, path), path).map((r, j) => checkedRing(r, `${path}[${j}]`));
}

/**
 * Checked polygons copied, or, past `maxVertices`, simplified straight from the parsed answer
 * (geo/vertexLimit.ts): a polygon of 1.2 million vertices is never copied whole before it is cut
 * down (copied first, it cost the server 420 MB).
 */
function capped(polygons: LonLat[][][], path: string, maxVertices: number | undefined): LonLat[][][] {
  if (maxVertices !== undefined && vertexCount(polygons) > maxVertices) {
    const limited = limitVertices(polygons, maxVertices);
    if (limited.length === 0)
      throw new ShapeError(path, `holds more rings than ${maxVertices.toLocaleString('en')} vertices can draw`);
    return limited;
  }
  return polygons.map((poly) => poly.map((ring) => ring.map(([lon, lat]): LonLat => [lon, lat])));
}

export function validateGeometry(
  value: unknown,
  path: string,
  allowNull: boolean,
  /** Past this many vertices a Polygon or MultiPolygon is simplified while it is read. */
  maxVertices?: number,
): Geometry | null {
  if (value === null || value === undefined) {
    if (allowNull) return null;
    throw new ShapeError(path, 'is missing');
  }
  const g = object(value, path);
  const c = g.coordinates;
  const cp = `${path}.coordinates`;
  switch (g.type) {
    case 'Point':
      return { type: 'Point', coordinates: position(c, cp) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: positions(c, cp, 1) };
    case 'LineString':
      return { type: 'LineString', coordinates: positions(c, cp, 2) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: array(c, cp).map((l, i) => positions(l, `${cp}[${i}]`, 2)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: capped([checkedPolygon(c, cp)], cp, maxVertices)[0]! };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: capped(
          array(c, cp).map((poly, i) => checkedPolygon(poly, `${cp}[${i}]`)),
          cp,
          maxVertices,
        ),
      };
    case 'GeometryCollection': {
      const members = array(g.geometries, `${path}.geometries`).map((m, i) =>
        validateGeometry(m, `${path}.geometries[${i}]`, false, maxVertices),
      ) as Geometry[];
      return flattenGeometries(members, path);
    }
    default:
      throw new ShapeError(`${path}.type`, `is ${JSON.stringify(g.type)}, not a GeoJSON geometry type`);
  }
}

/**
 * A GeometryCollection as one plain geometry: its polygons as a MultiPolygon (a NOTAM gives one
 * per area, an airspace one per part), else its points as a MultiPoint, else its lines.
 */
function flattenGeometries(members: Geometry[], path: string): Geometry {
  if (members.length === 0) throw new ShapeError(`${path}.geometries`, 'is empty');
  if (members.length === 1) return members[0]!;
  const polygons = members.flatMap((m) =>
    m.type === 'Polygon' ? [m.coordinates] : m.type === 'MultiPolygon' ? m.coordinates : [],
  );
  if (polygons.length > 0) return { type: 'MultiPolygon', coordinates: polygons };
  const points = members.flatMap((m) =>
    m.type === 'Point' ? [m.coordinates] : m.type === 'MultiPoint' ? m.coordinates : [],
  );
  if (points.length > 0) return { type: 'MultiPoint', coordinates: points };
  const lines = members.flatMap((m) =>
    m.type === 'LineString' ? [m.coordinates] : m.type === 'MultiLineString' ? m.coordinates : [],
  );
  return { type: 'MultiLineString', coordinates: lines };
}

function nonEmpty<T>(list: T[], path: string): T[] {
  if (list.length === 0) throw new ShapeError(path, 'is empty');
  return list;
}

export function results(value: unknown, path: string): Results | undefined {
  if (value === undefined || value === null) return undefined;
  const r = object(value, path);
  optionalString(r, 'publishTime', path);
  optionalString(r, 'status', path);
  let total: number | undefined;
  if (typeof r.total === 'number' && Number.isInteger(r.total)) total = r.total;
  else if (typeof r.total === 'string' && /^\d+$/.test(r.total.trim())) total = Number(r.total);
  else if (r.total !== undefined) throw new ShapeError(`${path}.total`, 'is not a count');
  // optionalString checked both: a string or absent.
  const found: Results = {};
  if (r.publishTime !== undefined) found.publishTime = r.publishTime as string;
  if (r.status !== undefined) found.status = r.status as string;
  if (total !== undefined) found.total = total;
  return found;
}

export interface CollectionRules<P> {
  /** Geometry types a feature may have. */
  geometry: Geometry['type'][];
  /** Whether a feature may come without geometry. */
  nullGeometry: boolean;
  properties: (props: Obj, path: string) => P;
  /** Past this many vertices a feature's Polygon or MultiPolygon is simplified as it is read. */
  maxVertices?: number;
}

export function validateFeature<P>(item: unknown, i: number, rules: CollectionRules<P>): Feature<P> {
  const path = `features[${i}]`;
  const f = object(item, path);
  if (f.type !== 'Feature') throw new ShapeError(`${path}.type`, `is ${JSON.stringify(f.type)}, not "Feature"`);
  const geometry = validateGeometry(f.geometry, `${path}.geometry`, rules.nullGeometry, rules.maxVertices);
  if (geometry && !rules.geometry.includes(geometry.type)) {
    throw new ShapeError(`${path}.geometry.type`, `is ${geometry.type}; expected ${rules.geometry.join(' or ')}`);
  }
  if (f.id !== undefined && typeof f.id !== 'string' && typeof f.id !== 'number')
    throw new ShapeError(`${path}.id`, 'is not a string');
  const props = f.properties === null || f.properties === undefined ? {} : object(f.properties, `${path}.properties`);
  return {
    type: 'Feature',
    ...(f.id !== undefined ? { id: f.id as string | number } : {}),
    geometry,
    properties: rules.properties(props, `${path}.properties`),
  };
}

function collectionOf(value: unknown): Obj {
  const fc = object(value, 'body');
  if (fc.type !== 'FeatureCollection')
    throw new ShapeError('type', `is ${JSON.stringify(fc.type)}, not "FeatureCollection"`);
  return fc;
}

/** The whole collection or an error naming the first place that does not fit (local checks, tests). */
export function validateFeatureCollection<P>(value: unknown, rules: CollectionRules<P>): FeatureCollection<P> {
  const fc = collectionOf(value);
  const features = array(fc.features, 'features').map((item, i) => validateFeature(item, i, rules));
  const res = results(fc.results, 'results');
  return { type: 'FeatureCollection', features, ...(res ? { results: res } : {}) };
}

/**
 * A service answer: every feature that can be read is kept, the others are left out and counted
 * with the place and reason of each (`leftOut`), so one odd feature never costs the whole list.
 * Only a body that is no FeatureCollection at all is an error.
 */
export function readFeatureCollection<P>(value: unknown, rules: CollectionRules<P>): FeatureCollection<P> {
  const fc = collectionOf(value);
  const features: Feature<P>[] = [];
  let leftOut: LeftOut | undefined;
  array(fc.features, 'features').forEach((item, i) => {
    try {
      features.push(validateFeature(item, i, rules));
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      leftOut = noteLeftOut(leftOut, error.message);
    }
  });
  let res: Results | undefined;
  try {
    res = results(fc.results, 'results');
  } catch {
    // The results object only describes the answer: the features stand without it.
  }
  return { type: 'FeatureCollection', features, ...(res ? { results: res } : {}), ...(leftOut ? { leftOut } : {}) };
}

/** A vertical limit with its value as text: services send `"value": 245` as well as `"245"`. */
function limit(props: Obj, key: string, path: string): VerticalLimit | undefined {
  const l = optionalObject(props, key, path);
  if (!l) return undefined;
  for (const k of ['uom', 'value', 'reference']) optionalStringOrNumber(l, k, `${path}.${key}`);
  const out: VerticalLimit = {};
  for (const k of ['uom', 'value', 'reference'] as const) {
    const v = l[k];
    if (v !== undefined && v !== null) out[k] = String(v);
  }
  return out;
}

export const AIRSPACE_RULES: CollectionRules<AirspaceProperties> = {
  geometry: ['Polygon', 'MultiPolygon'],
  nullGeometry: false,
  maxVertices: MAX_VERTICES_PER_GEOMETRY,
  properties(p, path) {
    requiredString(p, 'designator', path);
    optionalString(p, 'name', path);
    optionalString(p, 'type', path);
    for (const k of ['localType', 'controlType', 'activity', 'classification']) optionalString(p, k, path);
    const lowerLimit = limit(p, 'lowerLimit', path);
    const upperLimit = limit(p, 'upperLimit', path);
    if (p.schedules !== undefined && p.schedules !== null) {
      array(p.schedules, `${path}.schedules`).forEach((s, i) => object(s, `${path}.schedules[${i}]`));
    }
    return {
      ...p,
      name: (p.name as string | undefined) ?? '',
      type: (p.type as string | undefined) ?? '',
      ...(lowerLimit ? { lowerLimit } : {}),
      ...(upperLimit ? { upperLimit } : {}),
    } as AirspaceProperties;
  },
};

export const MICROLIGHT_RULES: CollectionRules<MicrolightProperties> = {
  geometry: ['Point'],
  nullGeometry: false,
  properties(p, path) {
    requiredString(p, 'designator', path);
    optionalString(p, 'name', path);
    optionalString(p, 'controlType', path);
    const elevation = limit(p, 'elevation', path);
    return {
      ...p,
      name: (p.name as string | undefined) ?? '',
      ...(elevation ? { elevation } : {}),
    } as MicrolightProperties;
  },
};

export const WAYPOINT_RULES: CollectionRules<WaypointProperties> = {
  geometry: ['Point'],
  nullGeometry: true,
  properties(p, path) {
    requiredString(p, 'designator', path);
    optionalString(p, 'resolvedFix', path);
    for (const k of ['elevation', 'elevationUom']) optionalStringOrNumber(p, k, path);
    return p as WaypointProperties;
  },
};

export const FLIGHT_SUMMARY_RULES: CollectionRules<FlightSummaryProperties> = {
  geometry: ['Point', 'LineString', 'MultiPoint', 'MultiLineString'],
  nullGeometry: true,
  properties(p, path) {
    optionalString(p, 'callsign', path);
    optionalString(p, 'flightStatus', path);
    optionalObject(p, 'positionReport', path);
    optionalObject(p, 'aircraftDescription', path);
    return p as FlightSummaryProperties;
  },
};

export const NOTAM_RULES: CollectionRules<NotamProperties> = {
  geometry: ['Point', 'MultiPoint', 'Polygon', 'MultiPolygon', 'LineString', 'MultiLineString'],
  nullGeometry: true,
  maxVertices: MAX_VERTICES_PER_GEOMETRY,
  properties(p, path) {
    for (const k of [
      'series',
      'location',
      'affectedFIR',
      'countryCode',
      'text',
      'issued',
      'effectiveStart',
      'effectiveEnd',
      'schedule',
      'affectedAerodrome',
    ]) {
      optionalString(p, k, path);
    }
    for (const k of ['lat', 'lon']) {
      if (p[k] !== undefined && p[k] !== null && typeof p[k] !== 'number')
        throw new ShapeError(`${path}.${k}`, 'is not a number');
    }
    return p as NotamProperties;
  },
};

/** Parses JSON text, each string through `strings` when given; a syntax error becomes a ShapeError. */
export function parseJson(text: string, strings?: (value: string) => string): unknown {
  try {
    return strings
      ? JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? strings(value) : value))
      : JSON.parse(text);
  } catch (err) {
    throw new ShapeError(
      'body',
      `is not valid JSON (${err instanceof Error ? err.message.slice(0, 120) : 'syntax error'})`,
    );
  }
}
