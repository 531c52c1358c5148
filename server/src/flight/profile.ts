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
 * Assumed, not in Item 15: the first point is passed at the departure time (no taxi or climb
 * time); a leg from or to an aerodrome spans from the surface to the cruising level (the climb
 * and the descent); Mach is converted with the ISA speed of sound at the leg's level.
 */
import type { ExpandedPoint, RouteElement } from '../route/model';
import { distanceNm } from '../geo/geodesy';
import { trueAirspeedKt, type LevelBand } from './levels';
import { plannedBand, type Planned } from '../route/plannedLevels';

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

export interface FlightProfile {
  points: ProfilePoint[];
  legs: ProfileLeg[];
  totalNm: number;
  /** Time at the first point, ms since the epoch (UTC), when known. */
  departureMs?: number;
  /** What was assumed or is missing, once each ("no speed in the route: no times"). */
  notes: string[];
}

function hull(a: LevelBand | undefined, b: LevelBand | undefined): LevelBand | undefined {
  if (!a || !b) return b;
  return { lowerFt: Math.min(a.lowerFt, b.lowerFt), upperFt: Math.max(a.upperFt, b.upperFt) };
}

/** The level at which Mach is converted: the band's middle (its lower end when open above). */
function machLevelFt(band: LevelBand | undefined): number {
  if (!band) return 0;
  return Number.isFinite(band.upperFt) ? (band.lowerFt + band.upperFt) / 2 : band.lowerFt;
}

/**
 * The profile of a flight: `points` are the expansion's points in order (ExpansionResult.points),
 * `elements` the block's route elements they index, `departureMs` the time at the first point
 * (see flightTime.ts), or undefined for a profile of levels only.
 */
export function flightProfile(
  elements: readonly RouteElement[],
  points: readonly ExpandedPoint[],
  departureMs?: number,
): FlightProfile {
  const notes: string[] = [];
  const out: ProfilePoint[] = [];
  const legs: ProfileLeg[] = [];
  let planned: Planned = {};
  let applied = -1;
  // Applies every element up to `index` (standalone speed/level groups, and the changes and
  // cruise climbs attached to points); returns whether the level changed on the way.
  const applyUpTo = (index: number): boolean => {
    const before = plannedBand(planned).text;
    for (let i = applied + 1; i <= index && i < elements.length; i++) {
      const e = elements[i]!;
      if (e.kind === 'speedLevel') planned = { speed: e.speed, level: e.level };
      else if (e.kind === 'pointChange') planned = { speed: e.speedLevel.speed, level: e.speedLevel.level };
      else if (e.kind === 'cruiseClimb') planned = { speed: e.speed, level: e.fromLevel, climbTo: e.toLevel };
    }
    applied = Math.max(applied, index);
    return before !== plannedBand(planned).text && before !== 'level not given';
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
  if (initial?.kind === 'speedLevel') planned = { speed: initial.speed, level: initial.level };
  if (points.length > 0) applyUpTo(points[0]!.elementIndex - 1);
  for (let i = 0; i + 1 < points.length; i++) {
    const previous = plannedBand(planned);
    const changed = applyUpTo(points[i]!.elementIndex);
    const now = plannedBand(planned);
    let band = changed ? hull(previous.band, now.band) : now.band;
    let levelText = changed ? `${previous.text} changing to ${now.text}` : now.text;
    const isFirst = i === 0,
      isLast = i + 2 === points.length;
    if (band && ((isFirst && points[0]!.type === 'aerodrome') || (isLast && points[i + 1]!.type === 'aerodrome'))) {
      band = { lowerFt: 0, upperFt: band.upperFt };
      levelText = `${isFirst ? 'climbing' : 'descending'} SFC–${levelText}`;
    }
    const leg: ProfileLeg = {
      from: i,
      to: i + 1,
      name: `${points[i]!.designator}–${points[i + 1]!.designator}`,
      startNm: out[i]!.alongNm,
      endNm: out[i + 1]!.alongNm,
      levelText,
    };
    if (band) leg.band = band;
    if (band && now.band) {
      leg.startFt = isFirst && points[0]!.type === 'aerodrome' ? 0 : (changed ? previous.band : now.band)?.lowerFt;
      leg.endFt = isLast && points[i + 1]!.type === 'aerodrome' ? 0 : now.band.lowerFt;
      if (leg.startFt === undefined) delete leg.startFt;
    }
    if (planned.speed) {
      leg.speedKt = trueAirspeedKt(planned.speed, machLevelFt(now.band));
      leg.speedText =
        planned.speed.unit === 'mach'
          ? `M${(planned.speed.value / 100).toFixed(2)} ≈ ${Math.round(leg.speedKt)} kt TAS`
          : `${Math.round(leg.speedKt)} kt TAS`;
    }
    legs.push(leg);
  }
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
  return { points: out, legs, totalNm: along, ...(departureMs !== undefined ? { departureMs } : {}), notes };
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
  let band: LevelBand | undefined = touched.length > 0 ? touched[0]!.band : undefined;
  for (const l of touched.slice(1)) band = band && l.band ? hull(band, l.band) : undefined;
  const texts = [...new Set(touched.map((l) => l.levelText))];
  const state: StretchState = { legs: touched, levelText: texts.join(', then ') || 'level not given' };
  if (band) state.band = band;
  if (entry.etoMs !== undefined) state.entryMs = entry.etoMs;
  if (exit.etoMs !== undefined) state.exitMs = exit.etoMs;
  return state;
}
