/**
 * The levels a route plans, as numbers and words: feet for every Item 15 level, and the level
 * planned from each expanded point on. Pure; the flight's profile (flight/) and the airway level
 * check of the expansion (expansion/airwayLevels.ts) both read them.
 */
import type { ExpandedPoint, Level, RouteElement, Speed } from './model';

export const FEET_PER_METRE = 1 / 0.3048;

/**
 * Feet of a Level, or undefined for VFR. Doc 4444 Item 15: "F followed by 3 numerics" (flight
 * level, hundreds of feet), "S followed by 4 numerics" (standard metric level, tens of metres),
 * "A followed by 3 numerics" (altitude, hundreds of feet), "M followed by 4 numerics" (altitude,
 * tens of metres), "VFR".
 */
export function levelFeet(level: Level): number | undefined {
  switch (level.unit) {
    case 'flightLevel':
    case 'altitudeFeet':
      return level.value * 100;
    case 'metricLevel':
    case 'altitudeMetres':
      return level.value * 10 * FEET_PER_METRE;
    case 'vfr':
      return undefined;
  }
}

/** A level in the words of charts: F350 → "FL350", A045 → "4500 ft", S1190 → "S1190 (11900 m)", M0150 → "1500 m". */
export function levelWords(level: Level): string {
  switch (level.unit) {
    case 'flightLevel':
      return `FL${String(level.value).padStart(3, '0')}`;
    case 'altitudeFeet':
      return `${level.value * 100} ft`;
    case 'metricLevel':
      return `S${String(level.value).padStart(4, '0')} (${level.value * 10} m)`;
    case 'altitudeMetres':
      return `${level.value * 10} m`;
    case 'vfr':
      return 'VFR';
  }
}

/** A band of levels in feet, both ends included. */
export interface LevelBand {
  lowerFt: number;
  upperFt: number;
}

export interface Planned {
  speed?: Speed;
  level?: Level;
  /** Upper level of a cruise climb; null for PLUS. */
  climbTo?: Level | null;
}

export function plannedBand(p: Planned): { band?: LevelBand; text: string; climb: boolean } {
  if (!p.level) return { text: 'level not given', climb: false };
  const from = levelFeet(p.level);
  if (from === undefined) return { text: 'VFR', climb: false };
  if (p.climbTo === undefined)
    return { band: { lowerFt: from, upperFt: from }, text: levelWords(p.level), climb: false };
  const to = p.climbTo === null ? Infinity : (levelFeet(p.climbTo) ?? from);
  const band = { lowerFt: Math.min(from, to), upperFt: Math.max(from, to) };
  const layer =
    p.climbTo === null ? `${levelWords(p.level)} and above` : `${levelWords(p.level)}–${levelWords(p.climbTo)}`;
  return { band, text: `${layer} (cruise climb)`, climb: true };
}

/** The level planned from a point on, after the changes written at it: band, words, cruise climb. */
export interface PlannedLevel {
  band?: LevelBand;
  text: string;
  climb: boolean;
}

/**
 * For every point of `points`, the level planned from it on (Item 15 (c)(2): a change applies
 * from the point where it is written). Unlike a profile leg's band, no climb out of an aerodrome
 * and no hull of the old and the new level: what the flight plans to cruise at from there.
 */
export function plannedLevels(elements: readonly RouteElement[], points: readonly ExpandedPoint[]): PlannedLevel[] {
  let planned: Planned = {};
  const initial = elements.find((e) => e.kind === 'speedLevel');
  if (initial?.kind === 'speedLevel') planned = { speed: initial.speed, level: initial.level };
  let applied = -1;
  return points.map((p) => {
    for (let i = applied + 1; i <= p.elementIndex && i < elements.length; i++) {
      const e = elements[i]!;
      if (e.kind === 'speedLevel') planned = { speed: e.speed, level: e.level };
      else if (e.kind === 'pointChange') planned = { speed: e.speedLevel.speed, level: e.speedLevel.level };
      else if (e.kind === 'cruiseClimb') planned = { speed: e.speed, level: e.fromLevel, climbTo: e.toLevel };
    }
    applied = Math.max(applied, p.elementIndex);
    return plannedBand(planned);
  });
}
