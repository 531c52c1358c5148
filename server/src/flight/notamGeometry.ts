/**
 * Where a NOTAM applies, from what it says: the area its text describes (a list of three or more
 * positions, or "WI 2NM RADIUS 5130N00012W"), else the circle of item Q. Also the subject group
 * the map colours it by. Pure.
 */
import type { LonLat, MapPolygons, NotamSubject } from '../../../common/protocol/mapMessages';
import type { GeoPoint } from '../geo/geodesy';
import { circleRing } from '../geo/geometry';

/** Item Q radius 999 means "the whole FIR": no circle to draw. */
export const WHOLE_FIR_RADIUS_NM = 999;

export interface NotamArea {
  /** `ring` is left out when asked (`withRings: false`): thousands of NOTAMs are sifted before any is drawn. */
  circle?: { center: GeoPoint; radiusNm: number; ring?: LonLat[] };
  polygons?: MapPolygons;
  /** Where the geometry came from, in words. */
  source: 'notam geometry' | 'text area' | 'text circle' | 'item Q' | 'whole FIR' | 'none';
}

export interface NotamPlace {
  /** The NOTAM's own area, as the service drew it (GeoJSON geometry, Digital NOTAM airspace). */
  areas?: MapPolygons;
  areaCircle?: { lat: number; lon: number; radiusNm: number };
  text?: string;
  lat?: number;
  lon?: number;
  radiusNm?: number;
}

/** The subject group of a Q-code (its second letter: A airspace organisation, R restrictions, W warnings, N/I/G navaids, …). */
export function notamSubject(code: string | undefined): NotamSubject {
  const letter = code && /^Q[A-Z]{4}$/i.test(code) ? code[1]!.toUpperCase() : '';
  if ('ARW'.includes(letter) && letter) return 'airspace';
  if ('NIG'.includes(letter) && letter) return 'navaid';
  if ('MLFK'.includes(letter) && letter) return 'aerodrome';
  if (letter === 'O') return code!.toUpperCase().startsWith('QOB') ? 'obstacle' : 'other';
  if ('PS'.includes(letter) && letter) return 'procedure';
  return 'other';
}

// 5130N00012W, 513000N0001200W, 5130.5N00012.3W
const COORDINATE = /(\d{2})(\d{2})(\d{2}(?:\.\d+)?|\.\d+)?([NS])\s?(\d{3})(\d{2})(\d{2}(?:\.\d+)?|\.\d+)?([EW])/g;

function coordinate(m: RegExpExecArray): GeoPoint | undefined {
  const part = (deg: string, min: string, rest: string | undefined) => {
    let value = Number(deg) + Number(min) / 60;
    if (rest?.startsWith('.')) value += Number(rest) / 60;
    else if (rest) value += Number(rest) / 3600;
    return value;
  };
  const lat = part(m[1]!, m[2]!, m[3]) * (m[4] === 'S' ? -1 : 1);
  const lon = part(m[5]!, m[6]!, m[7]) * (m[8] === 'W' ? -1 : 1);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}

/** Runs of positions separated only by dashes, commas, spaces or "TO": the areas a text draws. */
function coordinateRuns(text: string): GeoPoint[][] {
  const runs: GeoPoint[][] = [];
  let run: GeoPoint[] = [];
  let end = -1;
  for (const m of text.matchAll(COORDINATE)) {
    const p = coordinate(m);
    const between = end < 0 ? '' : text.slice(end, m.index);
    if (!p || (end >= 0 && !/^[\s,\-–]*(?:TO)?[\s,\-–]*$/i.test(between))) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (p) run.push(p);
    end = m.index + m[0].length;
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Radius units of item E ("WI 3NM RADIUS", "RADIUS 9KM"), in NM. */
const NM_PER_UNIT: Record<string, number> = { NM: 1, KM: 1 / 1.852, M: 1 / 1852 };

/**
 * A circle written in item E, in the forms seen in real NOTAMs: "WI 2NM RADIUS 5130N00012W",
 * "WI 3NM RADIUS OF PSN 503000N0043000E", "RADIUS 9KM CENTRE 5030N00430E", "CIRCLE RADIUS 5NM
 * CENTRED ON …", "5NM RADIUS OF …".
 */
function textCircle(text: string): { center: GeoPoint; radiusNm: number } | undefined {
  const unit = '(\\d+(?:\\.\\d+)?)\\s?(NM|KM|M)\\b';
  const place = '(?:OF\\s+|CENTRED?\\s+(?:ON\\s+|AT\\s+)?|CENTER\\s+(?:ON\\s+)?|PSN\\s+|AROUND\\s+)*(?:PSN\\s+)?';
  const forms = [
    new RegExp(`\\b(?:WI|WITHIN)?\\s*${unit}\\s+(?:RADIUS|RAD)\\s+${place}`, 'i'),
    new RegExp(`\\b(?:RADIUS|RAD)\\s+(?:OF\\s+)?${unit}\\s+${place}`, 'i'),
  ];
  for (const form of forms) {
    const circle = form.exec(text);
    if (!circle) continue;
    const rest = text.slice(circle.index + circle[0].length);
    const m = new RegExp(`^${COORDINATE.source}`).exec(rest);
    const center = m ? coordinate(m) : undefined;
    const radiusNm = Number(circle[1]) * (NM_PER_UNIT[circle[2]!.toUpperCase()] ?? 1);
    if (center && radiusNm > 0) return { center, radiusNm };
  }
  return undefined;
}

export function notamArea(n: NotamPlace, withRings = true): NotamArea {
  const ringOf = (center: GeoPoint, radiusNm: number) => (withRings ? { ring: circleRing(center, radiusNm) } : {});
  // The NOTAM's own geometry is the most exact there is; text and item Q only approximate it.
  if (n.areas && n.areas.length > 0) return { polygons: n.areas, source: 'notam geometry' };
  if (n.areaCircle) {
    const center = { lat: n.areaCircle.lat, lon: n.areaCircle.lon };
    return {
      circle: { center, radiusNm: n.areaCircle.radiusNm, ...ringOf(center, n.areaCircle.radiusNm) },
      source: 'notam geometry',
    };
  }
  const text = n.text ?? '';
  const polygons: MapPolygons = [];
  for (const run of coordinateRuns(text)) {
    if (run.length < 3) continue;
    const ring: LonLat[] = run.map((p) => [p.lon, p.lat]);
    const first = ring[0]!,
      last = ring[ring.length - 1]!;
    if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
    polygons.push([ring]);
  }
  if (polygons.length > 0) return { polygons, source: 'text area' };

  const circle = textCircle(text);
  if (circle) return { circle: { ...circle, ...ringOf(circle.center, circle.radiusNm) }, source: 'text circle' };

  if (n.lat !== undefined && n.lon !== undefined && Number.isFinite(n.lat) && Number.isFinite(n.lon)) {
    const center = { lat: n.lat, lon: n.lon };
    if (n.radiusNm !== undefined && n.radiusNm >= WHOLE_FIR_RADIUS_NM) return { source: 'whole FIR' };
    const radiusNm = n.radiusNm !== undefined && n.radiusNm > 0 ? n.radiusNm : 1;
    return { circle: { center, radiusNm, ...ringOf(center, radiusNm) }, source: 'item Q' };
  }
  return { source: 'none' };
}
