/**
 * Whether an airspace or a NOTAM concerns this flight, judged where and when the flight is:
 * for every stretch of the route inside the area (the corridor's crossings), or at the point of
 * least distance when the route only passes near, the level band and the times of the legs there
 * against the area's limits and schedule. Every verdict says why, in words. Pure.
 */
import type { AirspaceSchedule, VerticalLimit } from '../airspace/model';
import { airspaceBand, bandsOverlap, bandText, feetText, notamBand, type AreaBand, type LevelBand } from './levels';
import { stateOver, type FlightProfile, type StretchState } from './profile';
import { airspaceActivity, notamActivity, type Activity, type ActivityState, type NotamTimes } from './schedule';
import { clockUtc } from './flightTime';

/** Where the area lies relative to the route (flight/corridor.ts AreaMeasure, or undefined when farther than it looked). */
export interface Placement {
  crossings: readonly { entryNm: number; exitNm: number }[];
  distanceNm: number;
  alongNm: number;
  /**
   * Where it lies, in words, instead of the distance to a leg: "the route crosses the FIR EGTT",
   * "aerodrome NOTAM of EDDF (no position given)".
   */
  where?: string;
}

export interface AirspaceFacts {
  lowerLimit?: VerticalLimit;
  upperLimit?: VerticalLimit;
  schedules?: readonly AirspaceSchedule[];
}

/** The NOTAM fields that matter: validity, item D, and item Q's lower/upper (flight levels). */
export interface NotamFacts extends NotamTimes {
  minimumFL?: string;
  maximumFL?: string;
}

export type VerticalVerdict = 'inside' | 'outside' | 'unknown';

export interface StretchVerdict {
  entryNm: number;
  exitNm: number;
  flight: StretchState;
  vertical: VerticalVerdict;
  time: ActivityState;
  applies: boolean;
  /** When the area is active around the flight's time there ("06:00–14:00Z"), when known. */
  activeWindow?: string;
  /** This stretch in words. */
  reason: string;
}

export interface Applicability {
  /** True when some stretch is inside the corridor, within the levels and active (or not known to be otherwise). */
  applies: boolean;
  lateral: 'crossed' | 'near' | 'far';
  stretches: StretchVerdict[];
  /** In words: "Left out: 12.3 NM from the leg KONAN–KOK (< 30 NM); FL245–FL300 does not " +
      "include FL350; active 06:00–14:00Z, ETO 10:42Z." */
  reason: string;
  /** What the data left open for this verdict (a schedule or limit in a form not read), counted in the map's status. */
  open?: string;
}

/** Which levels count (the map's level filter): every level, the flight's own band per stretch, or a fixed band. */
export type LevelFilter = { mode: 'all' } | { mode: 'planned' } | { mode: 'band'; lowerFt: number; upperFt: number };

export interface JudgeOptions {
  /** Corridor half-width, NM. */
  corridorNm: number;
  /** The levels judged against; the flight's planned band when absent. */
  levels?: LevelFilter;
  /** Minutes before and after the flight's time over a stretch that still count for the schedule. */
  marginMin?: number;
}

function nm(value: number): string {
  return value.toFixed(1);
}

function legsText(flight: StretchState): string {
  const names = flight.legs.map((l) => l.name);
  if (names.length === 0) return 'the route';
  return names.length === 1 ? `the leg ${names[0]}` : `the legs ${names[0]} to ${names[names.length - 1]}`;
}

function timeText(flight: StretchState): string {
  if (flight.entryMs === undefined) return '';
  const entry = clockUtc(flight.entryMs);
  if (flight.exitMs === undefined || Math.round(flight.exitMs / 60_000) === Math.round(flight.entryMs / 60_000))
    return `ETO ${entry}`;
  return `in it ${entry.slice(0, 5)}–${clockUtc(flight.exitMs)}`;
}

function vertical(
  area: LevelBand | undefined,
  areaText: string,
  flight: StretchState,
  filter: LevelFilter | undefined,
): { verdict: VerticalVerdict; text: string } {
  if (!area) return { verdict: 'inside', text: `${areaText}: applies at all levels` };
  if (filter?.mode === 'all') return { verdict: 'inside', text: `${bandText(area)} (levels not filtered)` };
  if (filter?.mode === 'band') {
    const band = { lowerFt: filter.lowerFt, upperFt: filter.upperFt };
    return bandsOverlap(area, band)
      ? { verdict: 'inside', text: `${bandText(area)} meets the band ${bandText(band)}` }
      : { verdict: 'outside', text: `${bandText(area)} is outside the band ${bandText(band)}` };
  }
  if (!flight.band)
    return { verdict: 'unknown', text: `${areaText}; the flight's level there is not known (${flight.levelText})` };
  // A constant level on one leg is written as Item 15 wrote it (4500 ft, not FL045).
  const leg = flight.legs.length === 1 ? flight.legs[0]!.band : undefined;
  const constant = leg !== undefined && leg.lowerFt === leg.upperFt && flight.band.lowerFt === flight.band.upperFt;
  const flown = constant ? flight.levelText : bandText(flight.band);
  return bandsOverlap(area, flight.band)
    ? { verdict: 'inside', text: `${bandText(area)} includes ${flown}` }
    : { verdict: 'outside', text: `${bandText(area)} does not include ${flown}` };
}

function judge(
  placement: Placement | undefined,
  profile: FlightProfile,
  options: JudgeOptions,
  level: (flight: StretchState) => { verdict: VerticalVerdict; text: string; open?: string },
  activity: (fromMs: number | undefined, toMs: number | undefined) => Activity,
): Applicability {
  if (!placement || placement.distanceNm > options.corridorNm) {
    const where = placement
      ? `${nm(placement.distanceNm)} NM from the route (> ${options.corridorNm} NM)`
      : `farther than ${options.corridorNm} NM from the route`;
    return { applies: false, lateral: 'far', stretches: [], reason: `Left out: ${where}.` };
  }
  const crossed = placement.crossings.length > 0;
  const spans = crossed ? placement.crossings : [{ entryNm: placement.alongNm, exitNm: placement.alongNm }];
  const open = new Set<string>();
  const stretches = spans.map(({ entryNm, exitNm }): StretchVerdict => {
    const flight = stateOver(profile, entryNm, exitNm);
    const lateral = placement.where
      ? placement.where
      : crossed
        ? `${legsText(flight)} passes through it`
        : `${nm(placement.distanceNm)} NM from ${legsText(flight)} (< ${options.corridorNm} NM)`;
    const v = level(flight);
    const margin = (options.marginMin ?? 0) * 60_000;
    const a = activity(
      flight.entryMs === undefined ? undefined : flight.entryMs - margin,
      flight.exitMs === undefined ? undefined : flight.exitMs + margin,
    );
    const when = timeText(flight);
    const applies = v.verdict !== 'outside' && a.state !== 'inactive';
    if (v.open) open.add(v.open);
    if (a.open) open.add(a.open);
    return {
      entryNm,
      exitNm,
      flight,
      vertical: v.verdict,
      time: a.state,
      applies,
      ...(a.window ? { activeWindow: a.window } : {}),
      reason: [lateral, v.text, when ? `${a.text}, ${when}` : a.text].join('; '),
    };
  });
  const chosen = stretches.find((s) => s.applies) ?? stretches[0]!;
  const applies = stretches.some((s) => s.applies);
  const more =
    stretches.length > 1
      ? ` (${stretches.filter((s) => s.applies).length} of ${stretches.length} crossings apply)`
      : '';
  return {
    applies,
    lateral: crossed ? 'crossed' : 'near',
    stretches,
    reason: `${applies ? 'Applies' : 'Left out'}: ${chosen.reason}${more}.`,
    ...(open.size > 0 ? { open: [...open].join('; ') } : {}),
  };
}

/**
 * An area whose floor or ceiling is not known: the limit that is known still decides where the
 * flight is wholly beyond it (below a known floor, above a known ceiling); elsewhere the flight is
 * taken as possibly inside, and what is open is said.
 */
function openLevels(
  band: AreaBand,
  flight: StretchState,
  filter: LevelFilter | undefined,
): { verdict: VerticalVerdict; text: string; open?: string } {
  const open = band.open!;
  const side = band.openSide ?? 'both';
  // Every level counts: what is open does not matter, but is still said (never "and above").
  if (filter?.mode === 'all') return { verdict: 'inside', text: `levels not filtered; ${open}` };
  const judged = filter?.mode === 'band' ? { lowerFt: filter.lowerFt, upperFt: filter.upperFt } : flight.band;
  const flown = filter?.mode === 'band' ? `the band ${bandText(judged!)}` : judged ? bandText(judged) : undefined;
  if (judged && flown) {
    if (side === 'upper' && judged.upperFt < band.lowerFt)
      return {
        verdict: 'outside',
        text: `${flown} is below its floor ${feetText(band.lowerFt)}, whatever its ceiling: ${open}`,
      };
    if (side === 'lower' && judged.lowerFt > band.upperFt)
      return {
        verdict: 'outside',
        text: `${flown} is above its ceiling ${feetText(band.upperFt)}, whatever its floor: ${open}`,
      };
  }
  const within = !flown
    ? `the flight's level there is not known (${flight.levelText})`
    : side === 'upper'
      ? `${flown} is not below its floor ${feetText(band.lowerFt)}`
      : side === 'lower'
        ? `${flown} is not above its ceiling ${feetText(band.upperFt)}`
        : `${flown} may be within it`;
  return {
    verdict: 'unknown',
    text: `levels not known: ${open}; ${within}: taken as possibly at the flight's level`,
    open,
  };
}

/** An airspace (hub lowerLimit/upperLimit/schedules) against the flight. */
export function judgeAirspace(
  facts: AirspaceFacts,
  placement: Placement | undefined,
  profile: FlightProfile,
  options: JudgeOptions,
): Applicability {
  const band = airspaceBand(facts.lowerLimit, facts.upperLimit);
  const notes = band.notes.length > 0 ? ` (${band.notes.join(', ')})` : '';
  return judge(
    placement,
    profile,
    options,
    (flight) => {
      // A limit that names another's (FLOOR, CEILING) leaves the band open: said, not guessed.
      if (band.open) {
        const levels = openLevels(band, flight, options.levels);
        return { ...levels, text: levels.text + notes };
      }
      const v = vertical(band, bandText(band), flight, options.levels);
      return { verdict: v.verdict, text: v.text + notes };
    },
    (from, to) => airspaceActivity(facts.schedules, from, to),
  );
}

/** A NOTAM (validity, item D, item Q lower/upper) against the flight; one without limits applies at all levels. */
export function judgeNotam(
  facts: NotamFacts,
  placement: Placement | undefined,
  profile: FlightProfile,
  options: JudgeOptions,
): Applicability {
  const band = notamBand(facts.minimumFL, facts.maximumFL);
  const areaText = band ? bandText(band) : 'no vertical limits (item Q 000/999 or none)';
  return judge(
    placement,
    profile,
    options,
    (flight) => vertical(band, areaText, flight, options.levels),
    (from, to) => notamActivity(facts, from, to),
  );
}
