/**
 * Where the map names what matters, so that the page draws the names where they can be read at
 * the route's zoom: a FIR on the route, in its longest stretch between two route points, away
 * from the conflicts' names (its outline may lie far beyond the map, and its own centre with it;
 * a few places, best first, of which the page takes the first with room); a restricted, danger, prohibited or TRA area
 * the route crosses at the point of its outline farthest from the route, clear of the route's
 * points (its centre lies on the route it conflicts with). Pure.
 */
import type { LonLat, MapPolygons } from '../../../common/protocol/mapMessages';
import type { Crossing, RouteCorridor } from '../flight/corridor';
import { direct, distanceNm, inverse, normaliseLon, type GeoPoint } from '../geo/geodesy';

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

/** A stretch between two route points shorter than this leaves a name on the line little room (the points' own names reach into it). */
const MIN_GAP_NM = 30;
/** Farther than this from every conflict's name, a place is as good as any: the longer stretch wins. */
const CLEAR_NM = 40;
/** Shorter, a stretch has no room for a name even on the line between the points' symbols. */
const MIN_ROOM_NM = 12;
/** Places offered for one FIR's name: the page takes the first where the name has room. */
const MAX_PLACES = 8;

/**
 * Where a FIR may be named, best first: on the route in its longest stretch, midway between two
 * route points (the stretch's ends count as points), on the line, where no point's symbol or name
 * is. First the stretches between points at least MIN_GAP_NM long that do not touch the route's
 * first or last point (their names and terminal areas crowd there), farthest from `avoid` (where
 * the conflicts are named: they come first), the longest at equal distance; then the others.
 */
export function firLabelPlaces(
  corridor: RouteCorridor,
  crossings: readonly Crossing[],
  avoid: readonly LonLat[] = [],
): LonLat[] {
  const longest = [...crossings].sort((a, b) => b.exitNm - b.entryNm - (a.exitNm - a.entryNm))[0];
  if (!longest) return [];
  const inside = corridor.legs.map((l) => l.startNm).filter((nm) => nm > longest.entryNm && nm < longest.exitNm);
  const marks = [longest.entryNm, ...inside, longest.exitNm];
  const end = (nm: number) => nm <= 1e-6 || nm >= corridor.totalNm - 1e-6;
  const ranked = marks
    .slice(1)
    .map((to, i) => ({ from: marks[i]!, to }))
    .flatMap((gap) => {
      const point = pointAlong(corridor, (gap.from + gap.to) / 2);
      if (!point) return [];
      const nearest = Math.min(Infinity, ...avoid.map(([lon, lat]) => distanceNm(point, { lon, lat })));
      const lengthNm = gap.to - gap.from;
      const good = lengthNm >= MIN_GAP_NM && !end(gap.from) && !end(gap.to);
      return [{ point, good, clearNm: Math.min(nearest, CLEAR_NM), lengthNm, from: gap.from, to: gap.to }];
    })
    .sort((a, b) => Number(b.good) - Number(a.good) || b.clearNm - a.clearNm || b.lengthNm - a.lengthNm);
  // A stretch too short for the name even on the line is no place, unless there is no other.
  const roomy = ranked.filter((r) => r.lengthNm >= MIN_ROOM_NM);
  const places = roomy.length ? roomy : [...ranked].sort((a, b) => b.lengthNm - a.lengthNm).slice(0, 1);
  // Then, in a long stretch, a third of the way from either end: another conflict's name may
  // cover its middle.
  const thirds = places
    .filter((r) => r.lengthNm >= MIN_GAP_NM)
    .flatMap((r) => [r.from + r.lengthNm / 3, r.to - r.lengthNm / 3])
    .flatMap((nm) => pointAlong(corridor, nm) ?? []);
  return [...places.map((r) => r.point), ...thirds].slice(0, MAX_PLACES).map(lonLat);
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
