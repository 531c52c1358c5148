/**
 * At most MAX_VERTICES_PER_GEOMETRY vertices per airspace or FIR outline. An answer may hold one
 * polygon of a million vertices (23 MB): kept as it came, it cost the server 858 MB and the map
 * view 8 s and 22 MB. Such a geometry is simplified (simplify-js: radial distance, then
 * Douglas–Peucker) with a tolerance raised until it fits; no map at route scale shows the
 * difference, and the outline moves by less than twice the last tolerance.
 */
import simplify from 'simplify-js';
import type { LonLat, MapPolygons } from '../../../common/protocol/mapMessages';

export const MAX_VERTICES_PER_GEOMETRY = 5_000;

/** Degrees; doubled until the geometry fits (about 11 m at the start). */
const FIRST_TOLERANCE = 0.0001;

export function vertexCount(polygons: MapPolygons): number {
  let count = 0;
  for (const polygon of polygons) for (const ring of polygon) count += ring.length;
  return count;
}

function simplifiedRing(ring: LonLat[], tolerance: number): LonLat[] {
  const points = simplify(
    ring.map(([x, y]) => ({ x, y })),
    tolerance,
  ).map((p): LonLat => [p.x, p.y]);
  // A ring keeps at least its triangle and stays closed.
  if (points.length < 4)
    return ring.length <= 4
      ? ring
      : [ring[0]!, ring[Math.floor(ring.length / 3)]!, ring[Math.floor((2 * ring.length) / 3)]!, ring[0]!];
  const [first, last] = [points[0]!, points[points.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) points.push([first[0], first[1]]);
  return points;
}

/**
 * The polygons within `max` vertices: themselves when they fit, else simplified, with the
 * tolerance doubled until they fit (a ring never falls below a closed triangle); a geometry of
 * more rings than fit as triangles keeps its first outer rings within the budget.
 */
export function limitVertices(polygons: MapPolygons, max = MAX_VERTICES_PER_GEOMETRY): MapPolygons {
  if (vertexCount(polygons) <= max) return polygons;
  let tolerance = FIRST_TOLERANCE;
  let out = polygons;
  // Each round simplifies the last one's result: the later rounds are cheap, and the offsets
  // add up to less than twice the last tolerance.
  for (let round = 0; round < 40; round++) {
    const tol = tolerance;
    out = out.map((polygon) => polygon.map((ring) => simplifiedRing(ring, tol)));
    if (vertexCount(out) <= max) return out;
    tolerance *= 2;
  }
  // Too many rings to fit even as triangles: the holes go, then the polygons past the budget.
  const kept: MapPolygons = [];
  let budget = max;
  for (const polygon of out) {
    const outer = polygon[0];
    if (!outer || outer.length > budget) break;
    kept.push([outer]);
    budget -= outer.length;
  }
  return kept;
}

/**
 * Replaces the feature's geometry in place when it has more than `max` vertices, and says
 * whether it did. In place on purpose: the hub client's cache holds the answer for a day, and
 * only this frees the original vertices.
 */
export function limitFeatureVertices(
  feature: { geometry: { type: string; coordinates: unknown } | null },
  max = MAX_VERTICES_PER_GEOMETRY,
): boolean {
  const g = feature.geometry;
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return false;
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as MapPolygons;
  const limited = limitVertices(polygons, max);
  if (limited === polygons) return false;
  feature.geometry =
    g.type === 'Polygon'
      ? { type: 'Polygon', coordinates: limited[0] }
      : { type: 'MultiPolygon', coordinates: limited };
  return true;
}
