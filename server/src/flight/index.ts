/**
 * What the map and the diagnostics know for this flight: its profile (levels and times along the
 * route) and, for each airspace or NOTAM, whether it concerns the flight there and then, and why.
 * Pure: plain data in (the route block, the expansion's points, a reference time), plain data out.
 *
 * How to call it:
 *   const flight = flightOf(block, expansion.points, Date.now() or the user's reference time);
 *   const verdict = judgeAirspace(feature.properties, corridor.measure(shape, corridorNm), flight.profile, { corridorNm });
 *   const verdict = judgeNotam(notam, corridor.measure(shape, corridorNm), flight.profile, { corridorNm });
 * The corridor must be built from the same points, in the same order, as the profile.
 */
import { departureDirective } from '../route/departure';
import type { ExpandedPoint, RouteBlock } from '../route/model';
import { directiveDepartureTime, fplDepartureTime, formatUtc, type FlightTime } from './flightTime';
import { flightProfile, type FlightProfile } from './profile';
import type { ClimbDescent } from './vertical';

export {
  judgeAirspace,
  judgeNotam,
  type Applicability,
  type Placement,
  type JudgeOptions,
  type LevelFilter,
  type StretchVerdict,
  type AirspaceFacts,
  type NotamFacts,
} from './applicability';
export { flightProfile, stateAt, stateOver, type FlightProfile, type ProfileLeg, type ProfilePoint } from './profile';
export { fplDepartureTime, type FlightTime } from './flightTime';
export { DEFAULT_CLIMB_DESCENT, type ClimbDescent } from './vertical';
export { airspaceActivity, notamActivity, type Activity } from './schedule';

export interface Flight {
  time: FlightTime;
  profile: FlightProfile;
}

/**
 * The flight of a route block: an FPL message is timed by its EOBT and DOF (`referenceMs` only
 * places an EOBT without DOF; a `departure:` directive in its block is not used, R012); plain
 * route text by its `departure:` directive (`referenceMs` only places a time without a date),
 * else by `referenceMs` itself at its first point. `climbDescent` places the top of climb and of
 * descent (vertical.ts; defaults when absent).
 */
export function flightOf(
  block: RouteBlock,
  points: readonly ExpandedPoint[],
  referenceMs: number,
  climbDescent?: ClimbDescent,
): Flight {
  const time = flightTimeOf(block, referenceMs);
  return { time, profile: flightProfile(block.elements, points, time.ms, climbDescent) };
}

/** When the block is flown (see flightOf): the time at its first point, and how it was found. */
export function flightTimeOf(block: RouteBlock, referenceMs: number): FlightTime {
  if (block.fpl) return fplDepartureTime(block.fpl, referenceMs);
  const departure = departureDirective(block);
  if (departure) return directiveDepartureTime(departure.value, referenceMs);
  return { ms: referenceMs, text: `reference time ${formatUtc(referenceMs)} at the first point` };
}
