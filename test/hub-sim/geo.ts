/**
 * Small geometry helpers for generated shapes and positions. Geodesy on WGS84 straight from
 * geographiclib (the library the product uses too, but not the product's own module: the
 * simulator imports nothing from server/src).
 */
import { Geodesic } from 'geographiclib-geodesic';

const WGS84 = Geodesic.WGS84;
const METRES_PER_NM = 1852;

export type LonLat = [number, number];
export type Ring = LonLat[];

export function distanceNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return (WGS84.Inverse(lat1, lon1, lat2, lon2, Geodesic.DISTANCE).s12 ?? 0) / METRES_PER_NM;
}

const MEAN_RADIUS_NM = 6371008.8 / METRES_PER_NM;

/**
 * A distance the geodesic between the points is never shorter than, for a quick rejection
 * before distanceNm: the great circle on the mean sphere is within 0.5 % of the WGS84
 * geodesic, so 99 % of it is below it.
 */
export function distanceNmAtLeast(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 0.99 * 2 * MEAN_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial true track from one point to another, [0, 360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const azimuth = WGS84.Inverse(lat1, lon1, lat2, lon2, Geodesic.AZIMUTH).azi1 ?? 0;
  return ((azimuth % 360) + 360) % 360;
}

/** The point at a true bearing and distance (NM) from a start point. */
export function destination(lat: number, lon: number, bearing: number, distance: number): { lat: number; lon: number } {
  const r = WGS84.Direct(lat, lon, bearing, distance * METRES_PER_NM, Geodesic.LATITUDE | Geodesic.LONGITUDE);
  const wrapped = (((((r.lon2 ?? lon) + 180) % 360) + 360) % 360) - 180;
  return { lat: r.lat2 ?? lat, lon: wrapped };
}

/** `5107N00200E`: degrees and minutes as ICAO route text and NOTAM item Q write them. */
export function icaoCoordinate(lat: number, lon: number): string {
  const part = (value: number, digits: number, hemispheres: string) => {
    const total = Math.round(Math.abs(value) * 60);
    const degrees = String(Math.floor(total / 60)).padStart(digits, '0');
    const minutes = String(total % 60).padStart(2, '0');
    return `${degrees}${minutes}${value < 0 ? hemispheres[1] : hemispheres[0]}`;
  };
  return `${part(lat, 2, 'NS')}${part(lon, 3, 'EW')}`;
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** A closed ring approximating a circle (or, with jitter, an irregular area around a centre). */
export function circleRing(lat: number, lon: number, radiusNm: number, vertices = 24, jitter?: () => number): Ring {
  const ring: Ring = [];
  for (let i = 0; i < vertices; i++) {
    const r = jitter ? radiusNm * (0.75 + 0.5 * jitter()) : radiusNm;
    const p = destination(lat, lon, (360 * i) / vertices, r);
    ring.push([round(p.lon, 5), round(p.lat, 5)]);
  }
  const [first] = ring;
  if (first) ring.push([first[0], first[1]]);
  return ring;
}

/** Ray casting on lon/lat: fine for FIR-sized polygons away from the poles and the antimeridian. */
export function pointInRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    // Both under the loop's bound.
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A polygon is [outer, ...holes]; a multipolygon a list of those. */
export function pointInMultiPolygon(lon: number, lat: number, polygons: Ring[][]): boolean {
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined && pointInRing(lon, lat, outer) && !holes.some((hole) => pointInRing(lon, lat, hole)),
  );
}

export interface BBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export function bboxOf(polygons: Ring[][]): BBox {
  const box = { minLon: 180, minLat: 90, maxLon: -180, maxLat: -90 };
  for (const rings of polygons) {
    for (const [lon, lat] of rings[0] ?? []) {
      box.minLon = Math.min(box.minLon, lon);
      box.maxLon = Math.max(box.maxLon, lon);
      box.minLat = Math.min(box.minLat, lat);
      box.maxLat = Math.max(box.maxLat, lat);
    }
  }
  return box;
}

export function inBBox(lon: number, lat: number, box: BBox): boolean {
  return lon >= box.minLon && lon <= box.maxLon && lat >= box.minLat && lat <= box.maxLat;
}
