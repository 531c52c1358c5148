/**
 * Element kinds as small integers, for the check pass. The check pass keeps one number per token
 * (in a typed array) instead of an element object: the sequence rules read a number, never a
 * property of objects of a dozen shapes.
 *
 * A code is the kind (low five bits) plus the facts the sequence rules need beyond the kind.
 */
import type { RouteElement } from './model';

export const K_UNKNOWN = 0;
export const K_DIRECT = 1;
export const K_POINT = 2;
export const K_LAT_LON = 3;
export const K_BEARING_DISTANCE = 4;
export const K_POINT_CHANGE = 5;
export const K_CRUISE_CLIMB = 6;
export const K_AIRWAY = 7;
export const K_TRACK = 8;
export const K_SPEED_LEVEL = 9;
export const K_SID = 10;
export const K_STAR = 11;
export const K_AERODROME = 12;
export const K_FLIGHT_RULES = 13;
export const K_TRAFFIC_TYPE = 14;
export const K_IFPS = 15;
export const K_STAY = 16;
export const K_TRUNCATION = 17;

/** The kind part of a code. */
export const KIND = 31;
/** A lat/lon or bearing/distance point, alone or as the point of a change or cruise climb. */
export const COMPUTED = 32;
/** VFR: a speed/level group or a change with VFR as its level, or a change of flight rules to VFR. */
export const VFR = 64;

const KIND_CODES: Record<RouteElement['kind'], number> = {
  unknown: K_UNKNOWN,
  direct: K_DIRECT,
  point: K_POINT,
  latLon: K_LAT_LON,
  bearingDistance: K_BEARING_DISTANCE,
  pointChange: K_POINT_CHANGE,
  cruiseClimb: K_CRUISE_CLIMB,
  airway: K_AIRWAY,
  track: K_TRACK,
  speedLevel: K_SPEED_LEVEL,
  sid: K_SID,
  star: K_STAR,
  aerodrome: K_AERODROME,
  flightRules: K_FLIGHT_RULES,
  trafficType: K_TRAFFIC_TYPE,
  ifps: K_IFPS,
  stay: K_STAY,
  truncation: K_TRUNCATION,
};

/** The code of an element the full reader built. */
export function kindCode(e: RouteElement): number {
  let code = KIND_CODES[e.kind];
  switch (e.kind) {
    case 'latLon':
    case 'bearingDistance':
      code |= COMPUTED;
      break;
    case 'pointChange':
    case 'cruiseClimb':
      if (e.point.kind === 'latLon' || e.point.kind === 'bearingDistance') code |= COMPUTED;
      if (e.kind === 'pointChange' && e.speedLevel.level.unit === 'vfr') code |= VFR;
      break;
    case 'speedLevel':
      if (e.level.unit === 'vfr') code |= VFR;
      break;
    case 'flightRules':
      if (e.rules === 'VFR') code |= VFR;
      break;
  }
  return code;
}

/** A point, alone or with a change of speed/level or a cruise climb. */
export function isPointCode(code: number): boolean {
  const k = code & KIND;
  return k >= K_POINT && k <= K_CRUISE_CLIMB;
}

/** An ATS route or a track. */
export function isRouteCode(code: number): boolean {
  const k = code & KIND;
  return k === K_AIRWAY || k === K_TRACK;
}

/** Elements that say something about the point before them: VFR/IFR, OAT/GAT, IFPSTOP/START, STAY. */
export function isAnnotationCode(code: number): boolean {
  const k = code & KIND;
  return k >= K_FLIGHT_RULES && k <= K_STAY;
}
