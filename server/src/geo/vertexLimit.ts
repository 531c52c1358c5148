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

/**
 * What simplify-js gives for the ring, without an {x, y} object for each of its vertices: the
 * library takes only such objects, and a ring of 1.2 million made into them took about 90 MB at once,
 * the largest part of the server's peak while it read that ring (under load, the peak reached the
 * 400 MB bound: issue 41). The library's first pass (radial distance) is done here on the pairs
 * themselves, as it does it on its points, and only the points it keeps become objects; the
 * library's Douglas–Peucker then runs on them alone (its `highestQuality` skips its own first pass).
 */
export function simplifiedPairs(ring: LonLat[], tolerance: number): LonLat[] {
  if (ring.length <= 2) return ring;
  const sqTolerance = tolerance * tolerance;
  let [px, py] = ring[0]!;
  const kept = [{ x: px, y: py }];
  let lastKept = 0;
  for (let i = 1; i < ring.length; i++) {
    const x = ring[i]![0];
    const y = ring[i]![1];
    const dx = x - px;
    const dy = y - py;
    if (dx * dx + dy * dy > sqTolerance) {
      kept.push({ x, y });
      px = x;
      py = y;
      lastKept = i;
    }
  }
  // As the library's pass: the last point is always kept.
  if (lastKept !== ring.length - 1) {
    const [x, y] = ring[ring.length - 1]!;
    kept.push({ x, y });
  }
  return simplify(kept, tolerance, true).map((p): LonLat => [p.x, p.y]);
}

function simplifiedRing(ring: LonLat[], tolerance: number): LonLat[] {
  const points = simplifiedPairs(ring, tolerance);
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
