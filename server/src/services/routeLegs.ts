/**
 * The legs of an expanded route, as an FMS route page lists them: for each point the geodesic
 * distance and initial true track from the point before it, the distance flown so far and the
 * distance still to go. Pure: the expansion result comes in as data.
 */
import { inverse } from '../geo/geodesy';
import type { ExpandedPoint, ExpansionResult, Speed, Level } from '../route/model';
import { FEET_PER_METRE, levelFeet, trueAirspeedKt as flightTrueAirspeedKt } from '../flight/levels';

/** The ISA tropopause, 11,000 m, in feet. */
const TROPOPAUSE_FT = 11_000 * FEET_PER_METRE;

export interface RouteLeg {
  point: ExpandedPoint;
  /** Position in `ExpansionResult.points`. */
  index: number;
  /** From the previous point; 0 and undefined for the first point. */
  legNm: number;
  /** Undefined for the first point and for a leg of no length (it has no direction). */
  trackDeg: number | undefined;
  cumulativeNm: number;
  remainingNm: number;
}

export interface RouteLegs {
  legs: RouteLeg[];
  totalNm: number;
}

const memo = new WeakMap<ExpansionResult, RouteLegs>();

/** Computed once per result (results are immutable once cached). */
export function routeLegs(result: ExpansionResult): RouteLegs {
  const known = memo.get(result);
  if (known) return known;
  const legs: RouteLeg[] = [];
  let cumulative = 0;
  const points = result.points;
  for (const [i, point] of points.entries()) {
    const before = points[i - 1];
    let legNm = 0;
    let trackDeg: number | undefined;
    if (before) {
      const leg = inverse(before, point);
      legNm = leg.distanceNm;
      // A leg of no length has no direction (a point written twice).
      if (legNm > 1e-6) trackDeg = leg.trackDeg;
    }
    cumulative += legNm;
    legs.push({ point, index: i, legNm, trackDeg, cumulativeNm: cumulative, remainingNm: 0 });
  }
  for (const leg of legs) leg.remainingNm = cumulative - leg.cumulativeNm;
  const computed = { legs, totalNm: cumulative };
  memo.set(result, computed);
  return computed;
}

/** `1,234 NM` (whole NM), `12.3 NM` below 100. */
export function formatNm(nm: number): string {
  return nm < 100 ? `${nm.toFixed(1)} NM` : `${Math.round(nm).toLocaleString('en-US')} NM`;
}

/** `087°` */
export function formatTrack(degrees: number): string {
  const whole = Math.round(degrees) % 360;
  return `${String(whole).padStart(3, '0')}°`;
}

/** `2 h 05 min` */
export function formatDuration(hours: number): string {
  const minutes = Math.round(hours * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/**
 * True airspeed in knots from the Item 15 speed (flight/levels, the one ISA implementation):
 * knots as written, km/h converted, a Mach number at the speed of sound of the standard
 * atmosphere at the level (the tropopause when the level gives no altitude). `assumption` says
 * what was assumed, for the hover.
 */
export function trueAirspeedKt(speed: Speed, level: Level): { knots: number; assumption?: string } {
  const feet = levelFeet(level);
  // Without an altitude (VFR) Mach is taken at the tropopause, 11,000 m.
  const altitude = feet ?? TROPOPAUSE_FT;
  const knots = flightTrueAirspeedKt(speed, altitude);
  if (speed.unit !== 'mach') return { knots };
  return {
    knots,
    assumption: `Mach ${(speed.value / 100).toFixed(2)} taken as ${Math.round(knots)} kt TAS in the standard atmosphere at ${feet === undefined ? 'the tropopause' : `${Math.round(altitude).toLocaleString('en-US')} ft`}`,
  };
}
