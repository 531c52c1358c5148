/**
 * Where the map names what matters, so that the page draws the names where they can be read at
 * the route's zoom: a FIR on the route, at the middle of its longest stretch (its outline may lie
 * far beyond the map, and its own centre with it); a restricted, danger, prohibited or TRA area
 * the route crosses at the point of its outline farthest from the route, clear of the route's
 * points (its centre lies on the route it conflicts with). Pure.
 */
import type { LonLat, MapPolygons } from '../../../common/protocol/mapMessages';
import type { Crossing, RouteCorridor } from '../flight/corridor';
import { inverse, direct, normaliseLon, type GeoPoint } from '../geo/geodesy';

/** Outline vertices measured at most: enough for a place, few enough for hundreds of areas. */
const MAX_VERTICES = 48;

const lonLat = (p: GeoPoint): LonLat => [Math.round(p.lon * 1e5) / 1e5, Math.round(p.lat * 1e5) / 1e5];

/** The point of the route `alongNm` from its first point (on the geodesic of its leg). */
export function pointAlong(corridor: RouteCorridor, alongNm: number): GeoPoint | undefined {
  const leg = corridor.legs.find((l) => alongNm <= l.startNm + l.distanceNm) ?? corridor.legs[corridor.legs.length - 1];
  if (!leg) return corridor.points[0];
  const into = Math.min(Math.max(alongNm - leg.startNm, 0), leg.distanceNm);
  return direct(leg.from, inverse(leg.from, leg.to).trackDeg, into);
}

/** Where a FIR is named: on the route at the middle of its longest stretch. */
export function firLabelPlace(corridor: RouteCorridor, crossings: readonly Crossing[]): LonLat | undefined {
  const longest = [...crossings].sort((a, b) => b.exitNm - b.entryNm - (a.exitNm - a.entryNm))[0];
  if (!longest) return undefined;
  const point = pointAlong(corridor, (longest.entryNm + longest.exitNm) / 2);
  return point && lonLat(point);
}

/** Where an area the route crosses is named: the vertex of its outer outlines farthest from the route. */
export function clearOfRoute(corridor: RouteCorridor, polygons: MapPolygons): LonLat | undefined {
  const outline = polygons.flatMap((rings) => rings[0] ?? []);
  if (outline.length === 0 || corridor.legs.length === 0) return undefined;
  const step = Math.max(1, Math.ceil(outline.length / MAX_VERTICES));
  let best: { point: LonLat; distanceNm: number } | undefined;
  for (let i = 0; i < outline.length; i += step) {
    const [lon, lat] = outline[i]!;
    const point = { lon: normaliseLon(lon), lat };
    const distanceNm = corridor.distanceTo(point).distanceNm;
    if (!best || distanceNm > best.distanceNm) best = { point: lonLat(point), distanceNm };
  }
  return best?.point;
}
