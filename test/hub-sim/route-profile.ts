/**
 * Where the sample flights are, in height, along their routes: the simulator's own simple
 * profile (climb at 2,000 ft/min at the cruising speed from the origin, descent at 300 ft/NM, a
 * 3° path, into the destination, and between them any level the route text sets). The generated
 * areas use it to lie where a real day's areas lie: clear of the routes flown every day at their
 * levels. A real restricted or reserved area across an airway is above or below its traffic, or
 * active only when the route is closed (the route availability document), so a correct route
 * flown as planned meets none that is active.
 */
import { bearingDeg, destination, distanceNm } from './geo';

export interface FlownRoute {
  path: readonly { lat: number; lon: number; designator: string; type?: string }[];
  cruiseKnots: number;
  /** Every level the route sets, feet (at least one). */
  levelsFeet: readonly number[];
}

const CLIMB_FT_PER_MIN = 2000;
const DESCENT_FT_PER_NM = 300;
/** Vertical and lateral room kept between a route and an area it must be clear of. */
const VERTICAL_ROOM_FT = 1000;
const LATERAL_ROOM_NM = 3;
const SAMPLE_NM = 2;

/** The lowest and highest altitude the route may fly at `alongNm` of `totalNm`. */
function heightAt(route: FlownRoute, alongNm: number, totalNm: number): { low: number; high: number } {
  const first = route.levelsFeet[0]!;
  const last = route.levelsFeet[route.levelsFeet.length - 1]!;
  const climbNm = (first / CLIMB_FT_PER_MIN) * (route.cruiseKnots / 60);
  const up = climbNm > 0 ? (alongNm / climbNm) * first : first;
  const down = (totalNm - alongNm) * DESCENT_FT_PER_NM;
  const low = Math.min(first, ...route.levelsFeet);
  const high = Math.max(...route.levelsFeet);
  if (up < first) return { low: Math.min(up, down), high: Math.min(up, down) };
  if (down < last) return { low: down, high: down };
  return { low, high };
}

/**
 * The heights the route flies within `radiusNm` of a place, or undefined when it never comes that
 * close (legs sampled every 2 NM along their great circles).
 */
export function heightsNear(
  route: FlownRoute,
  lat: number,
  lon: number,
  radiusNm: number,
): { low: number; high: number } | undefined {
  const legs: { from: { lat: number; lon: number }; nm: number }[] = [];
  let total = 0;
  const path = route.path;
  for (let i = 1; i < path.length; i++) {
    const nm = distanceNm(path[i - 1]!.lat, path[i - 1]!.lon, path[i]!.lat, path[i]!.lon);
    legs.push({ from: path[i - 1]!, nm });
    total += nm;
  }
  let found: { low: number; high: number } | undefined;
  let start = 0;
  for (const [i, leg] of legs.entries()) {
    const to = path[i + 1]!;
    // A leg whose ends are both far beyond its own length from the place cannot come near it.
    const nearest = Math.min(distanceNm(lat, lon, leg.from.lat, leg.from.lon), distanceNm(lat, lon, to.lat, to.lon));
    if (nearest - leg.nm > radiusNm) {
      start += leg.nm;
      continue;
    }
    const steps = Math.max(1, Math.ceil(leg.nm / SAMPLE_NM));
    for (let k = 0; k <= steps; k++) {
      const along = (leg.nm * k) / steps;
      const at = pointAlong(leg.from, to, along, leg.nm);
      if (distanceNm(lat, lon, at.lat, at.lon) > radiusNm) continue;
      const h = heightAt(route, start + along, total);
      found = found ? { low: Math.min(found.low, h.low), high: Math.max(found.high, h.high) } : h;
    }
    start += leg.nm;
  }
  return found;
}

function pointAlong(
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  alongNm: number,
  legNm: number,
): { lat: number; lon: number } {
  if (alongNm <= 0 || legNm <= 0) return from;
  if (alongNm >= legNm) return to;
  return destination(from.lat, from.lon, bearingDeg(from.lat, from.lon, to.lat, to.lon), alongNm);
}

/**
 * Whether every route is clear of an area of `radiusNm` around a place between `lowerFeet` and
 * `upperFeet`: none comes within the radius and some room, or each that does is above or below
 * the band there, with some room.
 */
export function clearOfRoutes(
  routes: readonly FlownRoute[],
  lat: number,
  lon: number,
  radiusNm: number,
  lowerFeet: number,
  upperFeet: number,
): boolean {
  return routes.every((route) => {
    const h = heightsNear(route, lat, lon, radiusNm + LATERAL_ROOM_NM);
    return !h || h.low > upperFeet + VERTICAL_ROOM_FT || h.high < lowerFeet - VERTICAL_ROOM_FT;
  });
}
