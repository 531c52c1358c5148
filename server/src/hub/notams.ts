/**
 * NOTAMs in both shapes the hub sends: AIXM 5.1 Digital NOTAM (one event:Event per NOTAM, its
 * ICAO fields in event:NOTAM, its area in an aixm:Airspace that points back to the Event with
 * aixm:theEvent) and the v2 GeoJSON (one Feature per NOTAM, the properties of the hub's v2
 * documentation, its area as the Feature's geometry). Both become one `Notam`.
 */
import { ShapeError } from './errors';
import type { Feature, Geometry, LonLat } from './geojson';
import { ringsOf, latFirstFor, readPositions } from './hubXml';
import { asArray, attr, findAll, findFirst, textAt, textOf, type XmlNode } from './xml';

/** One NOTAM, whichever shape (AIXM 5.1 Digital NOTAM or the v2 GeoJSON) it came in. */
export interface Notam {
  id?: string;
  series?: string;
  number?: string;
  year?: string;
  /** E.g. "A1234/26". */
  designation?: string;
  /** N (new), R (replaces), C (cancels). */
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
  /** The end time is an estimate (EST in item C, AIXM estimatedEnd, v2 effectiveEndInterpretation EST). */
  effectiveEndEstimated?: boolean;
  schedule?: string;
  lat?: number;
  lon?: number;
  radiusNm?: number;
  minimumFL?: string;
  maximumFL?: string;
  /** The NOTAM's own area (its GeoJSON polygons, or its Digital NOTAM airspace), [lon, lat] rings. */
  areas?: LonLat[][][];
  /** The NOTAM's own area as a circle (a GML CircleByCenterPoint). */
  areaCircle?: { lat: number; lon: number; radiusNm: number };
  /** NOTAMs this one replaces (NOTAMR) or cancels (NOTAMC), by designation or id. */
  replaces?: string[];
  /** NOTAMs that replaced this one (the hub links the older to the newer), by designation or id. */
  replacedBy?: string[];
  /** The hub recorded a cancellation of this NOTAM. */
  cancelled?: boolean;
}

/** "5129N00028W" (degrees and minutes) into decimal degrees. */
export function parseNotamCoordinates(text: string): { lat: number; lon: number } | undefined {
  const m = /^(\d{2})(\d{2})([NS])(\d{3})(\d{2})([EW])$/.exec(text.trim());
  if (!m) return undefined;
  const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
  const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}

export function designationOf(n: {
  [K in 'series' | 'number' | 'year']?: Notam[K] | undefined;
}): string | undefined {
  if (!n.number || !n.year) return undefined;
  const year = n.year.length === 4 ? n.year.slice(2) : n.year;
  return `${n.series ?? ''}${n.number.padStart(4, '0')}/${year}`;
}

/**
 * ICAO NOTAM times as ISO 8601 UTC, like the GeoJSON shape: items B and C are "YYMMDDhhmm"
 * (ICAO Doc 8126); some sources write the year in full ("YYYYMMDDhhmm"). Other text as is.
 */
export function notamTime(text: string): string {
  const t = text.trim();
  const long = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(?:\s*EST)?$/.exec(t);
  if (long) return `${long[1]}-${long[2]}-${long[3]}T${long[4]}:${long[5]}:00.000Z`;
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\s*EST)?$/.exec(t);
  return m ? `20${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00.000Z` : text;
}

/** The UUID inside "urn:uuid:…", "#uuid.…", "uuid.…" or a bare id. */
function uuidOf(ref: string | undefined): string | undefined {
  if (!ref) return undefined;
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(ref);
  return (m ? m[1]! : ref.replace(/^(urn:uuid:|#)?(uuid\.)?/i, '')).toLowerCase();
}

const NM_PER: Record<string, number> = { NM: 1, '[NMI_I]': 1, KM: 1 / 1.852, M: 1 / 1852, FT: 0.3048 / 1852 };

/** A GML area: its polygons (posList rings) or a CircleByCenterPoint. */
function areaOf(node: XmlNode, path: string): Pick<Notam, 'areas' | 'areaCircle'> {
  const circle = findFirst(node, 'CircleByCenterPoint');
  if (circle) {
    const centre = readPositions(
      textAt(circle, 'pos') ?? textAt(circle, 'posList') ?? '',
      latFirstFor(circle, true),
      path,
    );
    const radius = findFirst(circle, 'radius');
    const factor = NM_PER[(attr(radius, 'uom') ?? 'NM').toUpperCase()];
    const value = Number(textOf(radius));
    if (centre[0] && factor !== undefined && Number.isFinite(value) && value > 0)
      return { areaCircle: { lon: centre[0][0], lat: centre[0][1], radiusNm: value * factor } };
  }
  const rings = ringsOf(node, true, path);
  return rings.length > 0 ? { areas: rings.map((r) => [r]) } : {};
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
  // The Event's own validity (gml:validTime) is ISO 8601 and stands when item B/C are not read.
  const period = event ? findFirst(findFirst(event, 'validTime'), 'TimePeriod') : undefined;
  const begin = textAt(period, 'beginPosition');
  const endEl = findFirst(period, 'endPosition');
  const end = endEl ? textOf(endEl) : undefined;
  if (begin && !/^\d{4}-\d{2}-\d{2}T/.test(notam.effectiveStart ?? '')) notam.effectiveStart = begin;
  if (end && !/^\d{4}-\d{2}-\d{2}T/.test(notam.effectiveEnd ?? '') && notam.effectiveEnd !== 'PERM')
    notam.effectiveEnd = end;
  // EUROCONTROL's Digital NOTAM production rules: an end of "unknown", "before" or "after" is EST.
  const indeterminate = attr(endEl, 'indeterminatePosition');
  if (!end && indeterminate === 'unknown' && !notam.effectiveEnd && get('permanent') !== 'NO')
    notam.effectiveEnd = 'PERM';
  if (
    /EST$/.test(get('effectiveEnd') ?? '') ||
    /^(YES|TRUE)$/i.test(get('estimatedEnd') ?? '') ||
    (end && /^(unknown|before|after)$/.test(indeterminate ?? ''))
  )
    notam.effectiveEndEstimated = true;
  if (/^(YES|TRUE)$/i.test(get('permanent') ?? '')) notam.effectiveEnd = 'PERM';
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
  if (event) readExtension(event, notam);
  return notam;
}

/**
 * The hub's extension of the EventTimeSlice: a `cancelled` time when the NOTAM was cancelled,
 * and on a replaced NOTAM a link to the UUID of the one that superseded it.
 */
function readExtension(event: XmlNode, notam: Notam): void {
  for (const ext of findAll(event, 'extension')) {
    if (textAt(ext, 'cancelled')) notam.cancelled = true;
    const walk = (node: XmlNode): void => {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('@_') || key === '#text') continue;
        for (const child of asArray(value)) {
          if (typeof child === 'string') {
            if (/replacedBy|supersededBy/i.test(key)) (notam.replacedBy ??= []).push(uuidOf(child)!);
            continue;
          }
          const href = attr(child as XmlNode, 'href');
          if (href && /replac|supersed/i.test(key)) {
            // "replacedEvent" on the newer NOTAM points back to the older; "replacedBy" on the older to the newer.
            if (/By$/i.test(key)) (notam.replacedBy ??= []).push(uuidOf(href)!);
            // The referred series/number/year name the same NOTAM: the UUID only stands in for them.
            else if (!notam.replaces?.length) notam.replaces = [uuidOf(href)!];
          } else if (/replacedBy|supersededBy/i.test(key) && textOf(child)) {
            (notam.replacedBy ??= []).push(uuidOf(textOf(child))!);
          }
          walk(child as XmlNode);
        }
      }
    };
    walk(ext);
  }
}

/**
 * AIXM 5.1 Digital NOTAMs: one event:Event per NOTAM (or bare NOTAM elements). The area of an
 * Event is the geometry of the aixm:Airspace (or other feature) whose time slice names it in
 * aixm:theEvent, or one carried inside the Event itself.
 */
export function readAixmNotams(doc: XmlNode): Notam[] {
  const events = findAll(doc, 'Event');
  if (events.length === 0) return findAll(doc, 'NOTAM').map((n) => readAixmNotam(n, undefined));
  const areasByEvent = new Map<string, XmlNode[]>();
  for (const airspace of findAll(doc, 'Airspace')) {
    const ref = uuidOf(attr(findFirst(airspace, 'theEvent'), 'href'));
    if (ref) areasByEvent.set(ref, [...(areasByEvent.get(ref) ?? []), airspace]);
  }
  return events.flatMap((event, i) =>
    findAll(event, 'NOTAM').map((n) => {
      const notam = readAixmNotam(n, event);
      const keys = [...new Set([uuidOf(notam.id), uuidOf(attr(event, 'id'))].filter((k): k is string => !!k))];
      const owned = [...findAll(event, 'Airspace'), ...keys.flatMap((k) => areasByEvent.get(k) ?? [])];
      for (const [j, airspace] of owned.entries()) {
        try {
          const area = areaOf(airspace, `Event[${i}].Airspace[${j}]`);
          if (area.areas) notam.areas = [...(notam.areas ?? []), ...area.areas];
          if (area.areaCircle && !notam.areaCircle) notam.areaCircle = area.areaCircle;
        } catch (error) {
          if (!(error instanceof ShapeError)) throw error;
          // An unreadable area leaves the NOTAM placed by its text or item Q, as before.
        }
      }
      return notam;
    }),
  );
}

/** A number written in an element or attribute; undefined when absent or not a finite number. */
function numberOf(text: string | undefined): number | undefined {
  const n = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

// ---------------------------------------------------------------------------------------------
// v2 GeoJSON

function polygonsOf(g: Geometry | null): LonLat[][][] | undefined {
  if (!g) return undefined;
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  return undefined;
}

/** One relationship of the v2 shape: `{ type?, reference }`, the reference a designation or a UUID. */
function relationships(value: unknown): { type: string; reference: string }[] {
  return asArray(value as unknown[] | undefined).flatMap((r) => {
    if (typeof r === 'string') return [{ type: '', reference: r }];
    if (!r || typeof r !== 'object') return [];
    const o = r as Record<string, unknown>;
    const reference = o.reference ?? o.id ?? o.notam;
    const type = o.type ?? o.relationship ?? o.kind ?? '';
    return typeof reference === 'string' ? [{ type: String(type), reference }] : [];
  });
}

export function notamOfFeature(f: Feature<Record<string, unknown>>): Notam {
  const p = f.properties;
  const n: Notam = {};
  const str = (v: unknown): string | undefined =>
    typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
  for (const key of [
    'series',
    'number',
    'year',
    'location',
    'affectedFIR',
    'affectedAerodrome',
    'countryCode',
    'text',
    'issued',
    'schedule',
    'type',
    'selectionCode',
  ] as const) {
    const v = str(p[key]);
    if (v !== undefined) n[key] = v;
  }
  for (const key of ['effectiveStart', 'effectiveEnd'] as const) {
    const v = str(p[key]);
    if (v !== undefined) n[key] = notamTime(v);
  }
  if (f.id !== undefined) n.id = String(f.id);
  if (typeof p.lat === 'number' && typeof p.lon === 'number') {
    n.lat = p.lat;
    n.lon = p.lon;
  } else if (f.geometry?.type === 'Point') {
    [n.lon, n.lat] = f.geometry.coordinates;
  }
  const areas = polygonsOf(f.geometry);
  if (areas) n.areas = areas;
  if (typeof p.radius === 'number') n.radiusNm = p.radius;
  else if (typeof p.radius === 'string' && numberOf(p.radius) !== undefined) n.radiusNm = Number(p.radius);
  for (const key of ['minimumFL', 'maximumFL'] as const) {
    const v = str(p[key]);
    if (v !== undefined) n[key] = v;
  }
  if (!n.selectionCode && typeof p.qcode === 'string') n.selectionCode = p.qcode;
  const designation = designationOf(n);
  if (designation) n.designation = designation;
  if (
    p.estimatedEnd === true ||
    /^EST/i.test(str(p.effectiveEndInterpretation) ?? '') ||
    /EST$/.test(str(p.effectiveEnd) ?? '')
  )
    n.effectiveEndEstimated = true;
  const replaces = str(p.replaces);
  if (replaces) n.replaces = [replaces];
  for (const r of relationships(p.relationship ?? p.relationships)) {
    if (/by$/i.test(r.type)) (n.replacedBy ??= []).push(r.reference);
    else (n.replaces ??= []).push(r.reference);
  }
  if (p.cancelled === true || (typeof p.cancelled === 'string' && p.cancelled !== '')) n.cancelled = true;
  return n;
}
