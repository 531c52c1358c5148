/**
 * Typed readers for the hub's XML bodies: link lists (XLink), AIXM 5.1 airspaces and Digital
 * NOTAMs, FIXM 3.0 flight summaries. The documents' detail is "not shown" in the contract, so
 * the readers look for well-known element names wherever they sit, and keep what they find.
 */
import { ShapeError } from './errors';
import type { AirspaceProperties, Feature, LonLat } from './geojson';
import { asArray, attr, findAll, findFirst, textAt, textOf, type XmlNode, type XmlValue } from './xml';

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

function latFirstFor(node: XmlNode | undefined, inherited: boolean): boolean {
  const srs = node ? attr(node, 'srsName') : undefined;
  if (!srs) return inherited;
  if (/CRS84/i.test(srs)) return false;
  return /4326/.test(srs) ? true : inherited;
}

function ringsOf(node: XmlNode, latFirst: boolean, path: string): LonLat[][] {
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
  return {
    value: textOf(el),
    ...(attr(el, 'uom') ? { uom: attr(el, 'uom') } : {}),
    ...(reference ? { reference } : {}),
  };
}

/** AIXM 5.1 `Airspace` elements as the same features the GeoJSON form gives. */
export function readAixmAirspaces(doc: XmlNode): Feature<AirspaceProperties>[] {
  const srsRoot = latFirstFor(findFirst(doc, 'Envelope'), true);
  return findAll(doc, 'Airspace').map((airspace, i) => {
    const path = `Airspace[${i}]`;
    const slice = findFirst(airspace, 'AirspaceTimeSlice') ?? airspace;
    const designator = textAt(slice, 'designator');
    if (!designator) throw new ShapeError(`${path}.designator`, 'is missing');
    const rings = ringsOf(slice, srsRoot, path);
    if (rings.length === 0) throw new ShapeError(`${path}.geometry`, 'has no polygon (no gml:posList or gml:pos)');
    const lower = limitOf(slice, 'lower');
    const upper = limitOf(slice, 'upper');
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
    };
    const id = attr(airspace, 'id') ?? textAt(airspace, 'identifier');
    return { type: 'Feature', ...(id ? { id } : {}), geometry: { type: 'Polygon', coordinates: rings }, properties };
  });
}

/** A number written in an element or attribute; undefined when absent or not a finite number. */
function numberOf(text: string | undefined): number | undefined {
  const n = Number(text);
  return text !== undefined && Number.isFinite(n) ? n : undefined;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

// ---------------------------------------------------------------------------------------------
// NOTAMs

/** One NOTAM, whichever shape (AIXM 5.1 Digital NOTAM or the v2 GeoJSON) it came in. */
export interface Notam {
  id?: string;
  series?: string;
  number?: string;
  year?: string;
  /** E.g. "A1234/26". */
  designation?: string;
  type?: string;
  location?: string;
  affectedFIR?: string;
  affectedAerodrome?: string;
  countryCode?: string;
  selectionCode?: string;
  text?: string;
  issued?: string;
  effectiveStart?: string;
  effectiveEnd?: string;
  /** The end time is an estimate (EST in item C). */
  effectiveEndEstimated?: boolean;
  schedule?: string;
  lat?: number;
  lon?: number;
  radiusNm?: number;
  minimumFL?: string;
  maximumFL?: string;
  /** NOTAMs this one cancels or replaces (AIXM extension), by designation. */
  replaces?: string[];
}

/** "5129N00028W" (degrees and minutes) into decimal degrees. */
export function parseNotamCoordinates(text: string): { lat: number; lon: number } | undefined {
  const m = /^(\d{2})(\d{2})([NS])(\d{3})(\d{2})([EW])$/.exec(text.trim());
  if (!m) return undefined;
  const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
  const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}

export function designationOf(n: Pick<Notam, 'series' | 'number' | 'year'>): string | undefined {
  if (!n.number || !n.year) return undefined;
  const year = n.year.length === 4 ? n.year.slice(2) : n.year;
  return `${n.series ?? ''}${n.number.padStart(4, '0')}/${year}`;
}

/** ICAO NOTAM times "YYMMDDhhmm" as ISO 8601 UTC, like the GeoJSON shape; other text as is. */
export function notamTime(text: string): string {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\s*EST)?$/.exec(text.trim());
  return m ? `20${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00.000Z` : text;
}

function readAixmNotam(el: XmlNode, event: XmlNode | undefined): Notam {
  const get = (name: string): string | undefined => {
    const child = el[name];
    if (child === undefined) return undefined;
    const text = textOf(asArray(child)[0]);
    return text === '' ? undefined : text;
  };
  const notam: Notam = {};
  for (const key of [
    'series',
    'number',
    'year',
    'type',
    'location',
    'affectedFIR',
    'selectionCode',
    'text',
    'issued',
    'schedule',
    'minimumFL',
    'maximumFL',
  ] as const) {
    const v = get(key);
    if (v !== undefined) notam[key] = v;
  }
  for (const key of ['effectiveStart', 'effectiveEnd'] as const) {
    const v = get(key);
    if (v !== undefined) notam[key] = notamTime(v);
  }
  if (/EST$/.test(get('effectiveEnd') ?? '')) notam.effectiveEndEstimated = true;
  // The Event's identifier is the NOTAM's UUID, the same id the GeoJSON shape carries.
  const id = (event && textOf(event.identifier)) || attr(el, 'id');
  if (id) notam.id = id;
  const coords = get('coordinates');
  const place = coords ? parseNotamCoordinates(coords) : undefined;
  if (place) Object.assign(notam, place);
  const radius = numberOf(get('radius'));
  if (radius !== undefined) notam.radiusNm = radius;
  const designation = designationOf(notam);
  if (designation) notam.designation = designation;
  const referred = designationOf({
    series: get('referredSeries'),
    number: get('referredNumber'),
    year: get('referredYear'),
  });
  if (referred) notam.replaces = [referred];
  return notam;
}

/** AIXM 5.1 Digital NOTAMs: one event:Event per NOTAM (or bare NOTAM elements). */
export function readAixmNotams(doc: XmlNode): Notam[] {
  const events = findAll(doc, 'Event');
  if (events.length === 0) return findAll(doc, 'NOTAM').map((n) => readAixmNotam(n, undefined));
  return events.flatMap((event) => findAll(event, 'NOTAM').map((n) => readAixmNotam(n, event)));
}

// ---------------------------------------------------------------------------------------------
// FIXM flight summaries

/** A flight summary, whichever format (FIXM XML or GeoJSON) it came in. */
export interface FlightSummary {
  gufi?: string;
  callsign?: string;
  status?: string;
  departure?: string;
  arrival?: string;
  lat?: number;
  lon?: number;
  altitude?: number;
  track?: number;
  aircraftType?: string;
  registration?: string;
}

/** The aerodrome of a FIXM departure/arrival: an attribute, or a nested location indicator. */
function aerodromeOf(node: XmlNode | undefined, element: string): string | undefined {
  if (!node) return undefined;
  const el = findFirst(node, element);
  return (
    attr(el, 'locationIndicator') ??
    attr(node, element) ??
    (el ? textOf(el) || textAt(el, 'locationIndicator') : undefined) ??
    textAt(node, 'locationIndicator')
  );
}

export function readFixmFlights(doc: XmlNode): FlightSummary[] {
  return findAll(doc, 'Flight').map((flight, i) => {
    const summary: FlightSummary = {};
    const gufi = textAt(flight, 'gufi');
    if (gufi) summary.gufi = gufi;
    const ident = findFirst(flight, 'flightIdentification');
    const callsign = attr(ident, 'aircraftIdentification') ?? textAt(flight, 'aircraftIdentification');
    if (callsign) summary.callsign = callsign;
    const statusEl = findFirst(flight, 'flightStatus');
    const status =
      attr(statusEl, 'currentStatus') ??
      attr(statusEl, 'currentFlightStatus') ??
      (statusEl ? textOf(statusEl) || undefined : undefined);
    if (status) summary.status = status;
    const dep = aerodromeOf(findFirst(flight, 'departure'), 'departureAerodrome');
    if (dep) summary.departure = dep;
    const arrival = findFirst(flight, 'arrival');
    const arr = aerodromeOf(arrival, 'destinationAerodrome') ?? aerodromeOf(arrival, 'arrivalAerodrome');
    if (arr) summary.arrival = arr;
    const position = findFirst(flight, 'enRoute') ?? flight;
    const pos = textAt(position, 'pos');
    if (pos) {
      const [p] = readPositions(pos, true, `Flight[${i}].pos`);
      if (p) [summary.lon, summary.lat] = p;
    }
    const altitude = numberOf(textAt(position, 'altitude'));
    if (altitude !== undefined) summary.altitude = altitude;
    const track = numberOf(attr(findFirst(position, 'position'), 'track'));
    if (track !== undefined) summary.track = track;
    const aircraft = findFirst(flight, 'aircraftDescription') ?? findFirst(flight, 'aircraft');
    const type =
      attr(aircraft, 'aircraftType') ?? textAt(aircraft, 'icaoModelIdentifier') ?? textAt(aircraft, 'aircraftCode');
    if (type) summary.aircraftType = type;
    const registration =
      attr(aircraft, 'registration') ?? textAt(aircraft, 'registration') ?? textAt(aircraft, 'aircraftRegistration');
    if (registration) summary.registration = registration;
    return summary;
  });
}
