/** Small geometry helpers for generated shapes and positions. */
import { direct, distanceNm as geodesicNm, inverse } from '../../server/src/geo/geodesy';

export type LonLat = [number, number];
export type Ring = LonLat[];

/** The product's own geodesy (geographiclib), so generated flights and shapes measure as the product does. */
export function distanceNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return geodesicNm({ lat: lat1, lon: lon1 }, { lat: lat2, lon: lon2 });
}

/** Initial true track from one point to another, [0, 360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return inverse({ lat: lat1, lon: lon1 }, { lat: lat2, lon: lon2 }).trackDeg;
}

/** The point at a bearing and distance from a start point. */
export function destination(lat: number, lon: number, bearing: number, distance: number): { lat: number; lon: number } {
  return direct({ lat, lon }, bearing, distance);
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
  ring.push([ring[0][0], ring[0][1]]);
  return ring;
}

/** Ray casting on lon/lat: fine for FIR-sized polygons away from the poles and the antimeridian. */
export function pointInRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A polygon is [outer, ...holes]; a multipolygon a list of those. */
export function pointInMultiPolygon(lon: number, lat: number, polygons: Ring[][]): boolean {
  return polygons.some(
    (rings) =>
      rings.length > 0 &&
      pointInRing(lon, lat, rings[0]) &&
      !rings.slice(1).some((hole) => pointInRing(lon, lat, hole)),
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
