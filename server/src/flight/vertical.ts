/**
 * The flight's altitude along the route, from a stated climb rate and descent gradient: the climb
 * out of the departure aerodrome to the first planned level (top of climb), the changes of level
 * Item 15 (c)(2) plans from a point on, and the descent into the destination aerodrome (top of
 * descent). Pure; profile.ts reads it for every leg's band, and the verdicts (applicability.ts,
 * conflicts.ts) for the levels over a crossing.
 *
 * The model, stated so a dispatcher can check it:
 * - the climb is flown at `climbFtPerMin` at the leg's planned true airspeed (still air, as the
 *   times are), so its gradient is climbFtPerMin × 60 / TAS feet per NM; with no speed in the
 *   route, at CLIMB_SPEED_WITHOUT_TAS_KT;
 * - the descent is flown at `descentFtPerNm` (300 ft/NM, about the 3° path of 318 ft/NM and the
 *   "3 NM per 1000 ft" rule of thumb), ending at the destination's surface;
 * - a change of level starts at the point where it is written and is flown at the same rates;
 * - aerodrome elevations are not known here: the climb starts and the descent ends at SFC.
 * A route too short for its level never reaches it: the climb meets the descent below it.
 */
import type { LevelBand } from './levels';

export interface ClimbDescent {
  /** Average rate of climb, ft/min. */
  climbFtPerMin: number;
  /** Descent gradient, ft per NM of ground distance. */
  descentFtPerNm: number;
}

/**
 * Defaults a dispatcher accepts for a jet: 2,000 ft/min at a 450 kt TAS puts the top of climb at
 * FL350 about 130 NM out (A320/B737 flight plans give 110–150 NM); 300 ft/NM puts the top of
 * descent from FL350 about 117 NM before the destination (the 3:1 rule gives 105 NM, plus the
 * deceleration).
 */
export const DEFAULT_CLIMB_DESCENT: ClimbDescent = { climbFtPerMin: 2000, descentFtPerNm: 300 };

/** The speed the climb rate is converted with when the route gives none, kt. */
export const CLIMB_SPEED_WITHOUT_TAS_KT = 300;

/** Why the altitude changes on a stretch: the climb after departure, a planned change, the descent to land, or none. */
export type VerticalPhase = 'climb' | 'change' | 'level' | 'descent';

/**
 * A stretch where the altitude is known: linear from `fromFt` to `toFt` (the level flown, the
 * lower end of a cruise climb's layer) and from `fromTopFt` to `toTopFt` (the layer's top,
 * Infinity for PLUS; equal to the level outside a cruise climb).
 */
export interface VerticalSegment {
  fromNm: number;
  toNm: number;
  fromFt: number;
  toFt: number;
  fromTopFt: number;
  toTopFt: number;
  phase: VerticalPhase;
}

/** What one leg plans: its length, its level (lower end and layer top, undefined when not known) and its TAS. */
export interface LegPlan {
  startNm: number;
  endNm: number;
  levelFt?: number;
  topFt?: number;
  speedKt?: number;
}

export interface VerticalPath {
  segments: VerticalSegment[];
  /** Where the climb out of the departure aerodrome reaches the first planned level. */
  topOfClimb?: { alongNm: number; feet: number };
  /** Where the descent into the destination starts from the level flown. */
  topOfDescent?: { alongNm: number; feet: number };
  /** The highest point when the route is too short to reach its level (no top of climb). */
  peak?: { alongNm: number; feet: number; plannedFt: number };
}

const EPSILON_FT = 0.5;

function lerp(a: number, b: number, f: number): number {
  if (a === b) return a;
  return a + (b - a) * f;
}

/** The climb and changes as planned, leg by leg, before the descent into the destination. */
function forwardPath(legs: readonly LegPlan[], fromSurface: boolean, rates: ClimbDescent): VerticalSegment[] {
  const out: VerticalSegment[] = [];
  let current: number | undefined = fromSurface ? 0 : undefined;
  let climbing = fromSurface;
  for (const leg of legs) {
    if (leg.levelFt === undefined) {
      current = undefined;
      climbing = false;
      continue;
    }
    const target = leg.levelFt;
    const top = Math.max(target, leg.topFt ?? target);
    // From an unknown level (VFR, no level) the leg is known only by its new level.
    if (current === undefined) current = target;
    let at = leg.startNm;
    if (Math.abs(current - target) > EPSILON_FT) {
      const gradient =
        current < target
          ? (rates.climbFtPerMin * 60) / (leg.speedKt && leg.speedKt > 0 ? leg.speedKt : CLIMB_SPEED_WITHOUT_TAS_KT)
          : rates.descentFtPerNm;
      const reachNm = at + Math.abs(target - current) / gradient;
      const endNm = Math.min(reachNm, leg.endNm);
      const endFt = current + Math.sign(target - current) * (endNm - at) * gradient;
      const phase = climbing ? 'climb' : 'change';
      out.push({ fromNm: at, toNm: endNm, fromFt: current, toFt: endFt, fromTopFt: current, toTopFt: endFt, phase });
      current = endFt;
      at = endNm;
      if (reachNm > leg.endNm) continue;
      current = target;
    }
    climbing = false;
    if (leg.endNm > at || leg.endNm === leg.startNm)
      out.push({
        fromNm: at,
        toNm: leg.endNm,
        fromFt: target,
        toFt: target,
        fromTopFt: top,
        toTopFt: top,
        phase: 'level',
      });
  }
  return out;
}

/** The part of a segment below the descent line d(x) = (totalNm − x) × gradient, cut where they cross. */
function belowDescent(s: VerticalSegment, totalNm: number, gradient: number): VerticalSegment[] {
  const d = (nm: number) => (totalNm - nm) * gradient;
  const length = s.toNm - s.fromNm;
  const f = (nm: number) => (length > 0 ? lerp(s.fromFt, s.toFt, (nm - s.fromNm) / length) : s.toFt);
  const t = (nm: number) => (length > 0 ? lerp(s.fromTopFt, s.toTopFt, (nm - s.fromNm) / length) : s.toTopFt);
  const cuts = [s.fromNm, s.toNm];
  for (const [a, b] of [
    [s.fromFt, s.toFt],
    [s.fromTopFt, s.toTopFt],
  ] as const) {
    if (!Number.isFinite(a) || !Number.isFinite(b) || length <= 0) continue;
    // a + (b − a)·u = (totalNm − from − u·length)·gradient, for u in (0, 1).
    const slope = (b - a) / length + gradient;
    if (Math.abs(slope) < 1e-12) continue;
    const x = s.fromNm + (d(s.fromNm) - a) / slope;
    if (x > s.fromNm + 1e-9 && x < s.toNm - 1e-9) cuts.push(x);
  }
  cuts.sort((a, b) => a - b);
  const out: VerticalSegment[] = [];
  for (let i = 0; i + 1 < cuts.length || (length === 0 && i === 0); i++) {
    const from = cuts[i]!,
      to = cuts[Math.min(i + 1, cuts.length - 1)]!;
    const middle = (from + to) / 2;
    const descending = d(middle) < f(middle) - EPSILON_FT || (length === 0 && d(from) < f(from));
    const fromFt = Math.min(f(from), d(from)),
      toFt = Math.min(f(to), d(to));
    out.push({
      fromNm: from,
      toNm: to,
      fromFt,
      toFt,
      fromTopFt: Math.max(fromFt, Math.min(t(from), d(from))),
      toTopFt: Math.max(toFt, Math.min(t(to), d(to))),
      phase: descending ? 'descent' : s.phase,
    });
    if (length === 0) break;
  }
  return out;
}

/**
 * The altitude path over `legs` (in route order, touching end to end): climbing from SFC when
 * the route starts at an aerodrome, descending to SFC at `totalNm` when it ends at one.
 */
export function verticalPath(
  legs: readonly LegPlan[],
  ends: { fromAerodrome: boolean; toAerodrome: boolean; totalNm: number },
  rates: ClimbDescent = DEFAULT_CLIMB_DESCENT,
): VerticalPath {
  const forward = forwardPath(legs, ends.fromAerodrome, rates);
  const segments = ends.toAerodrome
    ? forward.flatMap((s) => belowDescent(s, ends.totalNm, rates.descentFtPerNm))
    : forward;
  const path: VerticalPath = { segments };
  const climbs = segments.filter((s) => s.phase === 'climb');
  const lastClimb = climbs[climbs.length - 1];
  const afterClimb = lastClimb ? segments[segments.indexOf(lastClimb) + 1] : undefined;
  // The climb reached its level when level flight follows it without a gap (not the descent, not
  // the end of the route, not a leg without level).
  const reached =
    lastClimb !== undefined &&
    afterClimb !== undefined &&
    afterClimb.phase === 'level' &&
    Math.abs(afterClimb.fromNm - lastClimb.toNm) < 1e-9;
  if (lastClimb && reached) path.topOfClimb = { alongNm: lastClimb.toNm, feet: lastClimb.toFt };
  const firstDescent = segments.findIndex((s) => s.phase === 'descent');
  if (firstDescent >= 0) {
    const start = segments[firstDescent]!;
    const before = segments[firstDescent - 1];
    // A descent straight out of the climb has no top of descent: the route is too short.
    if (!before || before.phase !== 'climb') path.topOfDescent = { alongNm: start.fromNm, feet: start.fromFt };
    else if (lastClimb) {
      const leg = legs.find((l) => l.startNm <= lastClimb.toNm && lastClimb.toNm <= l.endNm && l.levelFt !== undefined);
      path.peak = { alongNm: lastClimb.toNm, feet: lastClimb.toFt, plannedFt: leg?.levelFt ?? lastClimb.toFt };
    }
  }
  return path;
}

/**
 * The altitudes flown over [fromNm, toNm]: the lowest level and the highest layer top there;
 * undefined when part of the stretch has no known level (VFR, no level given).
 */
export function bandBetween(segments: readonly VerticalSegment[], fromNm: number, toNm: number): LevelBand | undefined {
  const lo = Math.min(fromNm, toNm),
    hi = Math.max(fromNm, toNm);
  let lowerFt = Infinity,
    upperFt = -Infinity;
  let coveredTo = lo;
  for (const s of segments) {
    if (s.toNm < lo - 1e-9 || s.fromNm > hi + 1e-9) continue;
    if (s.fromNm > coveredTo + 1e-6) return undefined;
    const length = s.toNm - s.fromNm;
    const a = Math.max(lo, s.fromNm),
      b = Math.min(hi, s.toNm);
    for (const nm of [a, b]) {
      const u = length > 0 ? (nm - s.fromNm) / length : 1;
      lowerFt = Math.min(lowerFt, lerp(s.fromFt, s.toFt, u));
      upperFt = Math.max(upperFt, lerp(s.fromTopFt, s.toTopFt, u));
    }
    coveredTo = Math.max(coveredTo, s.toNm);
  }
  if (coveredTo < hi - 1e-6 || !Number.isFinite(lowerFt)) return undefined;
  return { lowerFt: Math.round(lowerFt), upperFt: Number.isFinite(upperFt) ? Math.round(upperFt) : upperFt };
}

/** The altitude at a distance (the level, a cruise climb's lower end), or undefined where it is not known. */
export function altitudeAt(segments: readonly VerticalSegment[], nm: number): number | undefined {
  return bandBetween(segments, nm, nm)?.lowerFt;
}

/** The phases flown over [fromNm, toNm], in order, each once in a row. */
export function phasesBetween(segments: readonly VerticalSegment[], fromNm: number, toNm: number): VerticalSegment[] {
  return segments.filter(
    (s) => s.toNm > fromNm + 1e-9 && s.fromNm < toNm - 1e-9 && !(s.fromNm === s.toNm && s.phase === 'level'),
  );
}
