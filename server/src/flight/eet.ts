/**
 * The estimated elapsed times of an FPL message, from the flight's still-air profile: the time
 * from take-off to each FIR boundary the route crosses (field 18 `EET/`, Doc 4444 Appendix 2,
 * Item 18: "significant points or FIR boundary designators and accumulated estimated elapsed
 * times from take-off to such points or FIR boundaries"), and the time to the destination (the
 * total EET of field 16). Pure: the FIRs crossed come in as plain data (the map's crossing
 * computation, flight/firs.ts); the findings are fplTimes.ts.
 */
import type { FlightProfile } from './profile';
import { stateAt } from './profile';
import {
  BOUNDARY_TOLERANCE_NM,
  firSequence,
  MIN_NAMED_MINUTES,
  type FirSequence,
  type FirStayLeftOut,
} from './firStays';

/** A FIR the route crosses, as the map's crossing computation gives it (flight/firs.ts FirCrossed). */
export interface FirCrossing {
  designator: string;
  crossings: readonly { entryNm: number; exitNm: number }[];
  /** True when only the FIR's box was known, not its outline. */
  approximate: boolean;
  /** The file its outline came from, when the hub's navigation gives none (icaoRoute.map.firBoundariesFile). */
  boundaryFile?: string;
}

/** One entry into a FIR, timed from take-off. */
export interface FirEet {
  designator: string;
  entryNm: number;
  /** Minutes from take-off (the first point), in still air. */
  elapsedMin: number;
  /** Where the FIR's boundary comes from, in words. */
  boundary: string;
  approximate: boolean;
}

/** An entry this close to the first point is into the FIR of departure, which EET/ does not list. */
const DEPARTURE_FIR_NM = 0.5;

/** Where a FIR boundary comes from, in words: the hub's outline, its box only, or the boundaries file. */
export function boundaryWords(fir: FirCrossing): string {
  if (fir.boundaryFile) return `the boundary of ${fir.designator} in the file ${fir.boundaryFile}`;
  if (fir.approximate) return `the hub's box around ${fir.designator} (its outline is not known)`;
  return `the hub's boundary of ${fir.designator}`;
}

/** Every entry into a FIR after take-off, and what the sequence left out and could not name. */
export interface FirEetPlan {
  eets: FirEet[];
  /** Stays not named: folded into a FIR along a shared boundary, or flown through in under a minute. */
  leftOut: FirStayLeftOut[];
  /** Where the route is in no known FIR. */
  gaps: { fromNm: number; toNm: number }[];
  /** FIRs named for the same stretch: outlines that overlap (a sector given as a FIR). */
  overlaps: FirSequence['overlaps'];
}

/**
 * Every entry into a FIR after take-off, in the order flown, with the elapsed time there, as EET/
 * names them (firStays.ts: a boundary followed is one crossing, a FIR of under a minute is not
 * named); the FIR of departure is left out. `profile` must be timed from 0 at its first point
 * (flightProfile with departureMs 0). Undefined when the profile has no times (no speed in the route).
 */
export function firEetPlan(firs: readonly FirCrossing[], profile: FlightProfile): FirEetPlan | undefined {
  if (profile.points[0]?.etoMs !== 0 || profile.points.some((p) => p.etoMs === undefined)) return undefined;
  const minutesAt = (nm: number): number | undefined => {
    const ms = stateAt(profile, nm).etoMs;
    return ms === undefined ? undefined : ms / 60_000;
  };
  const sequence = firSequence(firs, profile.totalNm, minutesAt);
  const out: FirEet[] = [];
  for (const stay of sequence.stays) {
    if (stay.entryNm < DEPARTURE_FIR_NM) continue;
    const minutes = minutesAt(stay.entryNm);
    if (minutes === undefined) return undefined;
    // Entered in the first half minute (overlapping FIRs around the aerodrome): EET/ would say 0000.
    if (minutes < 0.5) continue;
    out.push({
      designator: stay.fir.designator,
      entryNm: stay.entryNm,
      elapsedMin: minutes,
      boundary: boundaryWords(stay.fir),
      approximate: stay.fir.approximate,
    });
  }
  return {
    eets: out.sort((a, b) => a.entryNm - b.entryNm),
    leftOut: sequence.leftOut.filter((l) => l.entryNm >= DEPARTURE_FIR_NM),
    gaps: sequence.gaps,
    overlaps: sequence.overlaps.filter((o) => o.entryNm >= DEPARTURE_FIR_NM),
  };
}

/** The FIR entries of firEetPlan alone. */
export function firEets(firs: readonly FirCrossing[], profile: FlightProfile): FirEet[] | undefined {
  return firEetPlan(firs, profile)?.eets;
}

/** Where a distance along the route is, in words: "36 NM after RUXOL", or the first or last point. */
function placeWords(profile: FlightProfile, alongNm: number): string {
  const points = profile.points;
  const last = points[points.length - 1];
  if (last && alongNm >= last.alongNm - 0.5) return last.designator;
  if (alongNm <= 0.5 && points[0]) return points[0].designator;
  let before = points[0]!;
  for (const p of points) if (p.alongNm <= alongNm) before = p;
  return `${Math.round(alongNm - before.alongNm)} NM after ${before.designator}`;
}

/** What the plan did not name, in words, for a finding or the command's summary ('' when nothing). */
export function planNotes(plan: FirEetPlan, profile: FlightProfile): string {
  const notes: string[] = [];
  for (const gap of plan.gaps) {
    notes.push(
      `no known FIR from ${placeWords(profile, gap.fromNm)} to ${placeWords(profile, gap.toNm)} ` +
        `(${Math.round(gap.fromNm)}–${Math.round(gap.toNm)} NM, ${Math.round(gap.toNm - gap.fromNm)} NM): ` +
        'no boundary there is known, so EET/ names none',
    );
  }
  for (const o of plan.overlaps) {
    notes.push(
      `${o.designators.join(' and ')} cover the same stretch (${Math.round(o.entryNm)}–${Math.round(o.exitNm)} NM): ` +
        'their outlines overlap, so both are named; keep the one that is the FIR there',
    );
  }
  for (const l of plan.leftOut) {
    const span = `${Math.round(l.entryNm)}–${Math.round(l.exitNm)} NM`;
    notes.push(
      l.into
        ? `${l.designator} (${span}) is taken as ${l.into}: the route follows their shared boundary (crossings within ` +
            `${BOUNDARY_TOLERANCE_NM} NM are one)`
        : `${l.designator} (${span}) is flown through in under ${MIN_NAMED_MINUTES} minute and not named`,
    );
  }
  return notes.join('; ');
}

/** The still-air time to the last point, minutes; undefined without times. */
export function totalElapsedMin(profile: FlightProfile): number | undefined {
  const last = profile.points[profile.points.length - 1]?.etoMs;
  return profile.points[0]?.etoMs === 0 && last !== undefined ? last / 60_000 : undefined;
}

/** "0112": hours and minutes, rounded to the minute, as Item 16 and Item 18 write them. */
export function hhmm(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}${String(total % 60).padStart(2, '0')}`;
}

/** "1:12" for messages. */
export function clockText(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The `EET/` item: "EET/EGTT0012 EBBU0034"; undefined when the route enters no FIR after take-off. */
export function eetItem(eets: readonly FirEet[]): string | undefined {
  if (eets.length === 0) return undefined;
  return `EET/${eets.map((e) => `${e.designator}${hhmm(e.elapsedMin)}`).join(' ')}`;
}

/** Minutes of "HHMM"; undefined when not a time (minutes over 59). */
export function minutesOf(text: string): number | undefined {
  const m = /^(\d{2})(\d{2})$/.exec(text);
  if (!m || Number(m[2]) > 59) return undefined;
  return Number(m[1]) * 60 + Number(m[2]);
}
