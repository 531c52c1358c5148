/**
 * The flight's 4-D profile along its expanded route: for every leg a level band and a true
 * airspeed, and for every point an estimated time over (ETO), in still air. Distances are the
 * legs' geodesic lengths (geographiclib, through geodesy.ts), measured over the same points the
 * map's corridor measures, so a crossing's entry and exit distances index this profile directly.
 *
 * Doc 4444 Item 15 rules followed here:
 * - (a)/(b) the first speed and "requested cruising level" apply from the first point;
 * - (c)(2) "the point at which a change of speed (5 per cent TAS or 0.01 Mach or more) or a change
 *   of level is planned to commence": the change applies from that point on, so the leg leaving it
 *   spans both the old and the new level (the change is flown somewhere along it);
 * - (c)(4) cruise climb "followed by the two levels defining the layer to be occupied during cruise
 *   climb … or the level above which cruise climb is planned followed by the letters PLUS": the
 *   band is that layer (open above for PLUS).
 * Assumed, not in Item 15: the first point is passed at the departure time (no taxi time); the
 * climb out of a departure aerodrome, the changes of level and the descent into a destination
 * aerodrome are flown at a stated climb rate and descent gradient (vertical.ts: the top of climb
 * and the top of descent); the times are at the planned TAS throughout (no slower climb);
 * Mach is converted with the ISA speed of sound at the leg's level.
 */
import type { ExpandedPoint, RouteElement } from '../route/model';
import { distanceNm } from '../geo/geodesy';
import { feetText, trueAirspeedKt, type LevelBand } from './levels';
import { plannedBand, type Planned, type PlannedLevel } from '../route/plannedLevels';
import {
  altitudeAt,
  bandBetween,
  DEFAULT_CLIMB_DESCENT,
  phasesBetween,
  verticalPath,
  type ClimbDescent,
  type LegPlan,
  type VerticalSegment,
} from './vertical';

export { plannedLevels, type PlannedLevel } from '../route/plannedLevels';

export interface ProfilePoint {
  designator: string;
  elementIndex: number;
  /** Distance flown from the first point, NM. */
  alongNm: number;
  /** Estimated time over, ms since the epoch (UTC); absent when no speed or time is known. */
  etoMs?: number;
}

export interface ProfileLeg {
  /** Indices into `points`. */
  from: number;
  to: number;
  /** "KONAN–KOK". */
  name: string;
  startNm: number;
  endNm: number;
  /** Levels flown on the leg; absent when the level is not known (no level, or VFR). */
  band?: LevelBand;
  /** The level in words: "FL350", "FL330–FL370 (cruise climb)", "VFR", "level not given". */
  levelText: string;
  /**
   * Altitudes at the leg's ends, feet, for drawing the profile: SFC to the level on a climb out
   * of an aerodrome, the old to the new level on a change, the lower end of a cruise climb's layer.
   * Absent when the level is not known.
   */
  startFt?: number;
  endFt?: number;
  /** True airspeed, kt; absent when no speed is given. */
  speedKt?: number;
  speedText?: string;
}

/** A point of the profile that is no point of the route: the top of climb or of descent. */
export interface ProfileMark {
  alongNm: number;
  feet: number;
  etoMs?: number;
}

export interface FlightProfile {
  points: ProfilePoint[];
  legs: ProfileLeg[];
  totalNm: number;
  /** The flight's altitude along the route, where it is known (vertical.ts). */
  vertical: VerticalSegment[];
  topOfClimb?: ProfileMark;
  topOfDescent?: ProfileMark;
  /** Time at the first point, ms since the epoch (UTC), when known. */
  departureMs?: number;
  /** What was assumed or is missing, once each ("no speed in the route: no times"). */
  notes: string[];
}

/** The level at which Mach is converted: the band's middle (its lower end when open above). */
function machLevelFt(band: LevelBand | undefined): number {
  if (!band) return 0;
  return Number.isFinite(band.upperFt) ? (band.lowerFt + band.upperFt) / 2 : band.lowerFt;
}

/**
 * The profile of a flight: `points` are the expansion's points in order (ExpansionResult.points),
 * `elements` the block's route elements they index, `departureMs` the time at the first point
 * (see flightTime.ts), or undefined for a profile of levels only; `rates` the climb rate and
 * descent gradient the top of climb and of descent come from.
 */
export function flightProfile(
  elements: readonly RouteElement[],
  points: readonly ExpandedPoint[],
  departureMs?: number,
  rates: ClimbDescent = DEFAULT_CLIMB_DESCENT,
): FlightProfile {
  const notes: string[] = [];
  const out: ProfilePoint[] = [];
  const legs: ProfileLeg[] = [];
  let current: Planned = {};
  let applied = -1;
  // Applies every element up to `index` (standalone speed/level groups, and the changes and
  // cruise climbs attached to points); returns whether the level changed on the way.
  const applyUpTo = (index: number): boolean => {
    const before = plannedBand(current).text;
    for (let i = applied + 1; i <= index && i < elements.length; i++) {
      const e = elements[i]!;
      if (e.kind === 'speedLevel') current = { speed: e.speed, level: e.level };
      else if (e.kind === 'pointChange') current = { speed: e.speedLevel.speed, level: e.speedLevel.level };
      else if (e.kind === 'cruiseClimb') current = { speed: e.speed, level: e.fromLevel, climbTo: e.toLevel };
    }
    applied = Math.max(applied, index);
    return before !== plannedBand(current).text && before !== 'level not given';
  };

  let along = 0;
  let time = departureMs;
  points.forEach((p, i) => {
    if (i > 0) along += distanceNm(points[i - 1]!, p);
    out.push({ designator: p.designator, elementIndex: p.elementIndex, alongNm: along });
  });
  // Item 15 (a)/(b): the first speed/level group holds from the first point, even when that point
  // is an origin aerodrome taken from a directive (elementIndex −1, before every element).
  const initial = elements.find((e) => e.kind === 'speedLevel');
  if (initial?.kind === 'speedLevel') current = { speed: initial.speed, level: initial.level };
  if (points.length > 0) applyUpTo(points[0]!.elementIndex - 1);
  const plans: { previous: PlannedLevel; now: PlannedLevel; changed: boolean; speedKt?: number }[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const previous = plannedBand(current);
    const changed = applyUpTo(points[i]!.elementIndex);
    const now = plannedBand(current);
    const leg: (typeof plans)[number] = { previous, now, changed };
    if (current.speed) leg.speedKt = trueAirspeedKt(current.speed, machLevelFt(now.band));
    plans.push(leg);
    legs.push({
      from: i,
      to: i + 1,
      name: `${points[i]!.designator}–${points[i + 1]!.designator}`,
      startNm: out[i]!.alongNm,
      endNm: out[i + 1]!.alongNm,
      levelText: now.text,
    });
    if (current.speed) {
      legs[i]!.speedKt = leg.speedKt!;
      legs[i]!.speedText =
        current.speed.unit === 'mach'
          ? `M${(current.speed.value / 100).toFixed(2)} ≈ ${Math.round(leg.speedKt!)} kt TAS`
          : `${Math.round(leg.speedKt!)} kt TAS`;
    }
  }
  const fromAerodrome = points.length > 1 && points[0]!.type === 'aerodrome';
  const toAerodrome = points.length > 1 && points[points.length - 1]!.type === 'aerodrome';
  const vertical = verticalPath(
    legs.map((leg, i): LegPlan => {
      const band = plans[i]!.now.band;
      return {
        startNm: leg.startNm,
        endNm: leg.endNm,
        ...(band ? { levelFt: band.lowerFt, topFt: band.upperFt } : {}),
        ...(leg.speedKt ? { speedKt: leg.speedKt } : {}),
      };
    }),
    { fromAerodrome, toAerodrome, totalNm: along },
    rates,
  );
  legs.forEach((leg, i) => {
    const { previous, now, changed } = plans[i]!;
    const band = bandBetween(vertical.segments, leg.startNm, leg.endNm);
    if (!band) return;
    leg.band = band;
    const startFt = altitudeAt(vertical.segments, leg.startNm),
      endFt = altitudeAt(vertical.segments, leg.endNm);
    if (startFt !== undefined && (previous.band || i === 0 || !changed)) leg.startFt = startFt;
    if (endFt !== undefined) leg.endFt = endFt;
    leg.levelText = legLevelText(
      vertical.segments,
      leg,
      changed ? `${previous.text} changing to ${now.text}` : now.text,
    );
  });
  if (!legs.some((l) => l.speedKt))
    notes.push(
      points.length > 1 ? 'The route gives no speed: no times over the points.' : 'A route of one point has no legs.',
    );
  if (departureMs === undefined) notes.push('No time of flight: times over the points are not estimated.');
  if (legs.some((l) => l.levelText === 'VFR'))
    notes.push('VFR legs have no level: every level band is taken to apply on them.');
  if (points.length > 0 && time !== undefined) {
    out[0]!.etoMs = time;
    for (const leg of legs) {
      if (time === undefined || !leg.speedKt || leg.speedKt <= 0) {
        time = undefined;
        continue;
      }
      time += ((leg.endNm - leg.startNm) / leg.speedKt) * 3_600_000;
      out[leg.to]!.etoMs = time;
    }
  }
  const profile: FlightProfile = {
    points: out,
    legs,
    totalNm: along,
    vertical: vertical.segments,
    ...(departureMs !== undefined ? { departureMs } : {}),
    notes,
  };
  const mark = (at: { alongNm: number; feet: number }): ProfileMark => {
    const etoMs = stateAt(profile, at.alongNm).etoMs;
    return { alongNm: at.alongNm, feet: at.feet, ...(etoMs !== undefined ? { etoMs } : {}) };
  };
  if (vertical.topOfClimb) profile.topOfClimb = mark(vertical.topOfClimb);
  if (vertical.topOfDescent) profile.topOfDescent = mark(vertical.topOfDescent);
  if (fromAerodrome || toAerodrome)
    notes.push(
      `Climb at ${rates.climbFtPerMin} ft/min and descent at ${rates.descentFtPerNm} ft/NM, from and to SFC (aerodrome elevations not known).`,
    );
  if (vertical.peak)
    notes.push(
      `The route is too short to reach ${feetText(vertical.peak.plannedFt)}: the climb meets the descent at ${feetText(vertical.peak.feet)}, ${Math.round(vertical.peak.alongNm)} NM along.`,
    );
  return profile;
}

/**
 * A leg's level in words: the planned level when it is flown level or changed as planned; the
 * climb and the descent when the leg has them ("climbing SFC–FL350", "descending FL350–FL120").
 */
function legLevelText(segments: readonly VerticalSegment[], leg: ProfileLeg, planned: string): string {
  const parts: string[] = [];
  const phases = phasesBetween(segments, leg.startNm, leg.endNm);
  if (!phases.some((s) => s.phase === 'climb' || s.phase === 'descent')) return planned;
  for (const s of phases) {
    const fromFt = altitudeAt(segments, Math.max(s.fromNm, leg.startNm))!,
      toFt = altitudeAt(segments, Math.min(s.toNm, leg.endNm))!;
    if (Math.abs(fromFt - toFt) < 1) continue;
    const text = `${toFt > fromFt ? 'climbing' : 'descending'} ${feetText(fromFt)}–${feetText(toFt)}`;
    const last = parts[parts.length - 1];
    // A climb (or descent) in two pieces, cut where a leg's plan changes, is one climb in words.
    const joined =
      last && last.split(' ')[0] === text.split(' ')[0] ? last.replace(/–[^–]+$/, `–${feetText(toFt)}`) : undefined;
    if (joined) parts[parts.length - 1] = joined;
    else parts.push(text);
  }
  return parts.join(', then ') || planned;
}

/** Where the flight is at a distance along the route: its leg, level band and time. */
export interface ProfileState {
  leg?: ProfileLeg;
  band?: LevelBand;
  levelText: string;
  etoMs?: number;
}

export function stateAt(profile: FlightProfile, alongNm: number): ProfileState {
  const leg = profile.legs.find((l) => alongNm <= l.endNm + 1e-9) ?? profile.legs[profile.legs.length - 1];
  if (!leg)
    return {
      levelText: 'level not given',
      ...(profile.points[0]?.etoMs !== undefined ? { etoMs: profile.points[0].etoMs } : {}),
    };
  const state: ProfileState = { leg, levelText: leg.levelText };
  if (leg.band) state.band = leg.band;
  const t0 = profile.points[leg.from]!.etoMs,
    t1 = profile.points[leg.to]!.etoMs;
  if (t0 !== undefined && t1 !== undefined) {
    const length = leg.endNm - leg.startNm;
    const f = length > 0 ? Math.min(1, Math.max(0, (alongNm - leg.startNm) / length)) : 0;
    state.etoMs = t0 + f * (t1 - t0);
  }
  return state;
}

/** The flight over a stretch of the route (a crossing): the legs it touches, their levels and the times in and out. */
export interface StretchState {
  legs: ProfileLeg[];
  /** The hull of the legs' bands; absent when a leg's level is not known. */
  band?: LevelBand;
  levelText: string;
  entryMs?: number;
  exitMs?: number;
}

export function stateOver(profile: FlightProfile, entryNm: number, exitNm: number): StretchState {
  const entry = stateAt(profile, entryNm),
    exit = stateAt(profile, exitNm);
  const legs = profile.legs.filter(
    (l) =>
      l.endNm >= entryNm - 1e-9 &&
      l.startNm <= exitNm + 1e-9 &&
      !(l.endNm - l.startNm > 0 && (l.endNm <= entryNm + 1e-9 || l.startNm >= exitNm - 1e-9) && exitNm > entryNm),
  );
  const touched = legs.length > 0 ? legs : entry.leg ? [entry.leg] : [];
  // The levels flown over the stretch itself, not over the whole of its legs: near an aerodrome,
  // the climb or the descent there.
  const band = touched.length > 0 ? bandBetween(profile.vertical, entryNm, exitNm) : undefined;
  const texts = [...new Set(touched.map((l) => l.levelText))];
  const state: StretchState = { legs: touched, levelText: texts.join(', then ') || 'level not given' };
  if (band) state.band = band;
  if (entry.etoMs !== undefined) state.entryMs = entry.etoMs;
  if (exit.etoMs !== undefined) state.exitMs = exit.etoMs;
  return state;
}
