/**
 * Typed readers for the hub's XML bodies: link lists (XLink), AIXM 5.1 airspaces, and the flight
 * summary every flight reader gives (FIXM: fixmFlights.ts; Digital NOTAMs: notams.ts). The
 * documents' detail is "not shown" in the contract, so the readers look for well-known element
 * names wherever they sit, and keep what they find.
 */
import { ShapeError } from './errors';
import {
  noteLeftOut,
  type AirspaceProperties,
  type AirspaceSchedule,
  type Feature,
  type LeftOut,
  type LonLat,
} from './geojson';
import { attr, findAll, findFirst, textAt, textOf, type XmlNode, type XmlValue } from './xml';

export interface Link {
  href: string;
  /** xlink:title, or the text / designator of the linking element. */
  title?: string;
  /** Local name of the element that carried the link (e.g. `fir`, `notams`). */
  element: string;
  /** Last path segment of the link, e.g. the FIR code. */
  id: string;
}

/** A link as both answer syntaxes give it: `id` is the last path segment of `href`, decoded. */
export function linkOf(href: string, element: string, title: string | undefined): Link {
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return {
    href,
    element,
    id: decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)),
    ...(title !== undefined ? { title } : {}),
  };
}

export function readLinks(doc: XmlNode): Link[] {
  const links: Link[] = [];
  const walk = (value: XmlValue, element: string): void => {
    if (typeof value === 'string') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, element);
      return;
    }
    const href = attr(value, 'href');
    if (href) {
      const title = attr(value, 'title') ?? (textOf(value) || textAt(value, 'designator') || textAt(value, 'name'));
      links.push(linkOf(href, element, title || undefined));
    }
    for (const [key, child] of Object.entries(value)) {
      if (!key.startsWith('@_') && key !== '#text') walk(child, key);
    }
  };
  walk(doc, '');
  return links;
}

/**
 * The first gml:Envelope of a document as [west, south, east, north] (the FIR detail's
 * gml:boundedBy); undefined when there is none or it does not parse.
 */
export function readEnvelope(doc: XmlNode): [number, number, number, number] | undefined {
  const envelope = findFirst(doc, 'Envelope');
  if (!envelope) return undefined;
  const latFirst = latFirstFor(envelope, true);
  try {
    const lower = readPositions(textAt(envelope, 'lowerCorner') ?? '', latFirst, 'Envelope.lowerCorner');
    const upper = readPositions(textAt(envelope, 'upperCorner') ?? '', latFirst, 'Envelope.upperCorner');
    if (lower.length !== 1 || upper.length !== 1) return undefined;
    return [lower[0]![0], lower[0]![1], upper[0]![0], upper[0]![1]];
  } catch {
    return undefined;
  }
}

/** The polygons a document draws (a FIR detail's geometry), or undefined when it has none or they do not parse. */
export function readOutline(doc: XmlNode): LonLat[][][] | undefined {
  try {
    const rings = ringsOf(doc, latFirstFor(findFirst(doc, 'Envelope'), true), 'document');
    return rings.length > 0 ? rings.map((r) => [r]) : undefined;
  } catch {
    return undefined;
  }
}

/** [west, south, east, north] of polygons (no antimeridian handling: FIR outlines are split there). */
export function boxOfRings(polygons: LonLat[][][]): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons)
    for (const ring of polygon)
      for (const [lon, lat] of ring) {
        w = Math.min(w, lon);
        e = Math.max(e, lon);
        s = Math.min(s, lat);
        n = Math.max(n, lat);
      }
  return [w, s, e, n];
}

/** Parses a GML position list; AIXM (EPSG:4326) writes latitude first unless the CRS says CRS84. */
export function readPositions(text: string, latFirst: boolean, path: string): LonLat[] {
  const numbers = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (numbers.length % 2 !== 0 || numbers.some((n) => !Number.isFinite(n)))
    throw new ShapeError(path, 'is not a list of coordinate pairs');
  const out: LonLat[] = [];
  for (let i = 0; i < numbers.length; i += 2) {
    const [a, b] = [numbers[i]!, numbers[i + 1]!];
    const [lon, lat] = latFirst ? [b, a] : [a, b];
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180)
      throw new ShapeError(path, `holds a position out of range (${a} ${b})`);
    out.push([lon, lat]);
  }
  return out;
}

export function latFirstFor(node: XmlNode | undefined, inherited: boolean): boolean {
  const srs = node ? attr(node, 'srsName') : undefined;
  if (!srs) return inherited;
  if (/CRS84/i.test(srs)) return false;
  return /4326/.test(srs) ? true : inherited;
}

export function ringsOf(node: XmlNode, latFirst: boolean, path: string): LonLat[][] {
  const rings: LonLat[][] = [];
  const lists = findAll(node, 'posList');
  lists.forEach((list, i) => {
    const ring = readPositions(textOf(list), latFirstFor(list, latFirst), `${path}.posList[${i}]`);
    if (ring.length >= 3) {
      const [f, l] = [ring[0]!, ring[ring.length - 1]!];
      if (f[0] !== l[0] || f[1] !== l[1]) ring.push([f[0], f[1]]);
      rings.push(ring);
    }
  });
  if (rings.length === 0) {
    const points = findAll(node, 'pos').flatMap((p, i) =>
      readPositions(textOf(p), latFirstFor(p, latFirst), `${path}.pos[${i}]`),
    );
    if (points.length >= 3) {
      const [f, l] = [points[0]!, points[points.length - 1]!];
      if (f[0] !== l[0] || f[1] !== l[1]) points.push([f[0], f[1]]);
      rings.push(points);
    }
  }
  return rings;
}

function limitOf(node: XmlNode | undefined, prefix: 'upper' | 'lower'): AirspaceProperties['lowerLimit'] {
  const el = findFirst(node, `${prefix}Limit`);
  if (!el) return undefined;
  const reference = textAt(node, `${prefix}LimitReference`);
  const uom = attr(el, 'uom');
  return {
    value: textOf(el),
    ...(uom ? { uom } : {}),
    ...(reference ? { reference } : {}),
  };
}

/** AIXM 5.1 Timesheets (aixm:timeInterval) as the hub's GeoJSON schedules. */
function schedulesOf(slice: XmlNode): AirspaceSchedule[] {
  return findAll(slice, 'Timesheet').map((sheet) => {
    const out: AirspaceSchedule = {};
    for (const key of ['day', 'dayTil', 'startDate', 'endDate', 'startTime', 'endTime', 'timeReference'] as const) {
      const v = textAt(sheet, key);
      if (v) out[key] = v;
    }
    // Sunrise/sunset bounds (startEvent/endEvent SR, SS) are kept in the words of item D.
    for (const key of ['startEvent', 'endEvent'] as const) {
      const v = textAt(sheet, key);
      if (v) (out as Record<string, string>)[key] = v;
    }
    return out;
  });
}

/**
 * AIXM 5.1 `Airspace` elements as the same features the GeoJSON form gives. One that cannot be
 * read (no designator, no polygon) is left out and counted, never the whole list.
 */
export function readAixmAirspaces(doc: XmlNode): { features: Feature<AirspaceProperties>[]; leftOut?: LeftOut } {
  const srsRoot = latFirstFor(findFirst(doc, 'Envelope'), true);
  const features: Feature<AirspaceProperties>[] = [];
  let leftOut: LeftOut | undefined;
  findAll(doc, 'Airspace').forEach((airspace, i) => {
    try {
      features.push(readAixmAirspace(airspace, i, srsRoot));
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      leftOut = noteLeftOut(leftOut, error.message);
    }
  });
  return { features, ...(leftOut ? { leftOut } : {}) };
}

function readAixmAirspace(airspace: XmlNode, i: number, srsRoot: boolean): Feature<AirspaceProperties> {
  const path = `Airspace[${i}]`;
  const slice = findFirst(airspace, 'AirspaceTimeSlice') ?? airspace;
  const designator = textAt(slice, 'designator');
  if (!designator) throw new ShapeError(`${path}.designator`, 'is missing');
  const rings = ringsOf(slice, srsRoot, path);
  if (rings.length === 0) throw new ShapeError(`${path}.geometry`, 'has no polygon (no gml:posList or gml:pos)');
  const lower = limitOf(slice, 'lower');
  const upper = limitOf(slice, 'upper');
  const schedules = schedulesOf(slice);
  const properties: AirspaceProperties = {
    designator,
    name: textAt(slice, 'name') ?? '',
    type: textAt(slice, 'type') ?? '',
    ...optional('localType', textAt(slice, 'localType')),
    ...optional('controlType', textAt(slice, 'controlType')),
    ...optional('activity', textAt(slice, 'activity')),
    ...optional('classification', textAt(slice, 'classification')),
    ...(lower ? { lowerLimit: lower } : {}),
    ...(upper ? { upperLimit: upper } : {}),
    ...(schedules.length > 0 ? { schedules } : {}),
  };
  const id = attr(airspace, 'id') ?? textAt(airspace, 'identifier');
  return { type: 'Feature', ...(id ? { id } : {}), geometry: { type: 'Polygon', coordinates: rings }, properties };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

// ---------------------------------------------------------------------------------------------
// FIXM flight summaries

/** A flight summary, whichever format (FIXM XML or GeoJSON) it came in. */
export interface FlightSummary {
  gufi?: string;
  /** The ATC call sign (FIXM aircraftIdentification): never made up from the operator and number. */
  callsign?: string;
  /** The operator's ICAO designator (FIXM majorCarrierIdentifier), when the answer names it. */
  operator?: string;
  /** The commercial flight number (figures and suffix), when the answer names one. */
  flightNumber?: string;
  status?: string;
  departure?: string;
  /** Where the flight lands: the actual arrival aerodrome after a diversion, else the destination. */
  arrival?: string;
  /** The destination first planned, when the flight was diverted elsewhere (FIXM arrivalAerodromeOriginal). */
  originalArrival?: string;
  lat?: number;
  lon?: number;
  altitude?: number;
  track?: number;
  aircraftType?: string;
  registration?: string;
  /** The filed route (Item 15) as text, when the answer carries one (at most MAX_ROUTE_TEXT_CHARS). */
  routeText?: string;
  /** Estimated off-block time (FIXM estimatedOffBlockTime), as written. */
  eobt?: string;
  /** Scheduled, estimated and actual off-block and in-block times, ISO as written (the live flight's hover). */
  scheduledDeparture?: string;
  estimatedDeparture?: string;
  actualDeparture?: string;
  scheduledArrival?: string;
  estimatedArrival?: string;
  actualArrival?: string;
  /** Runway times: take-off and landing, estimated and actual, ISO as written. */
  estimatedTakeOff?: string;
  actualTakeOff?: string;
  estimatedLanding?: string;
  actualLanding?: string;
}
