/**
 * The FIRs a route is in, one after the other, as `EET/` names them: the crossings of the map's
 * computation (map/firs.ts) made into a sequence a flight-plan office would write. Boundaries are
 * approximations (a hand-drawn outline, a file from another source), so a route that follows a
 * shared boundary crosses it back and forth; `EET/` names none of that:
 * - a FIR left and entered again within BOUNDARY_TOLERANCE_NM along the route is one stay;
 * - a stay of at most BOUNDARY_TOLERANCE_NM inside another FIR's stay (a route along their
 *   boundary, or two outlines that overlap) is folded into that FIR;
 * - a FIR flown through in less than MIN_NAMED_MINUTES is not named;
 * - the stretches of the route in no known FIR are said, not passed over.
 * Pure.
 */
import type { FirCrossing } from './eet';

/** Crossings this close along the route are one crossing of a shared boundary. */
export const BOUNDARY_TOLERANCE_NM = 15;

/** A FIR flown through in less time than this is not named in EET/. */
export const MIN_NAMED_MINUTES = 1;

/** A stretch in no known FIR shorter than this is a seam between two outlines, not a gap. */
const GAP_MIN_NM = 1;

export interface FirStay {
  fir: FirCrossing;
  entryNm: number;
  exitNm: number;
}

/** A stay left out of EET/, and why. */
export interface FirStayLeftOut {
  designator: string;
  entryNm: number;
  exitNm: number;
  /** The FIR it was folded into (along a shared boundary); absent: flown through in under a minute. */
  into?: string;
  minutes?: number;
}

export interface FirSequence {
  /** The stays named, in the order entered. */
  stays: FirStay[];
  leftOut: FirStayLeftOut[];
  /** Where the route is in no known FIR, NM from the first point. */
  gaps: { fromNm: number; toNm: number }[];
  /** Stays of several FIRs over the same stretch (entry and exit within the tolerance): overlapping outlines. */
  overlaps: { designators: string[]; entryNm: number; exitNm: number }[];
}

/**
 * The FIRs in the order the route enters them, as EET/ names them. `minutesAt` gives the still-air
 * time at a distance along the route, or undefined without times (then no stay is left out for
 * its brevity).
 */
export function firSequence(
  firs: readonly FirCrossing[],
  totalNm: number,
  minutesAt: (alongNm: number) => number | undefined,
): FirSequence {
  const leftOut: FirStayLeftOut[] = [];
  // One FIR at a time: a re-entry within the tolerance continues the stay.
  let stays: FirStay[] = [];
  for (const fir of firs) {
    const own = [...fir.crossings].sort((a, b) => a.entryNm - b.entryNm);
    let current: FirStay | undefined;
    for (const c of own) {
      if (current && c.entryNm - current.exitNm <= BOUNDARY_TOLERANCE_NM) {
        current.exitNm = Math.max(current.exitNm, c.exitNm);
        continue;
      }
      if (current) stays.push(current);
      current = { fir, entryNm: c.entryNm, exitNm: c.exitNm };
    }
    if (current) stays.push(current);
  }
  stays.sort((a, b) => a.entryNm - b.entryNm || b.exitNm - a.exitNm);
  // A short stay inside another FIR's stay is a route along their boundary (or overlapping outlines).
  stays = stays.filter((stay) => {
    if (stay.exitNm - stay.entryNm > BOUNDARY_TOLERANCE_NM) return true;
    const around = stays.find(
      (other) =>
        other !== stay &&
        other.fir.designator !== stay.fir.designator &&
        other.entryNm <= stay.entryNm + 1e-6 &&
        other.exitNm >= stay.exitNm - 1e-6 &&
        other.exitNm - other.entryNm > stay.exitNm - stay.entryNm,
    );
    if (!around) return true;
    leftOut.push({
      designator: stay.fir.designator,
      entryNm: stay.entryNm,
      exitNm: stay.exitNm,
      into: around.fir.designator,
    });
    return false;
  });
  stays = stays.filter((stay) => {
    const from = minutesAt(stay.entryNm);
    const to = minutesAt(stay.exitNm);
    if (from === undefined || to === undefined || to - from >= MIN_NAMED_MINUTES) return true;
    leftOut.push({ designator: stay.fir.designator, entryNm: stay.entryNm, exitNm: stay.exitNm, minutes: to - from });
    return false;
  });
  return {
    stays,
    leftOut: leftOut.sort((a, b) => a.entryNm - b.entryNm),
    gaps: gapsOf(firs, totalNm),
    overlaps: overlapsOf(stays),
  };
}

/** Stays that begin and end together (within the tolerance): two outlines for one stretch. */
function overlapsOf(stays: readonly FirStay[]): FirSequence['overlaps'] {
  const out: FirSequence['overlaps'] = [];
  const seen = new Set<FirStay>();
  for (const stay of stays) {
    if (seen.has(stay)) continue;
    const same = stays.filter(
      (other) =>
        Math.abs(other.entryNm - stay.entryNm) <= BOUNDARY_TOLERANCE_NM &&
        Math.abs(other.exitNm - stay.exitNm) <= BOUNDARY_TOLERANCE_NM,
    );
    if (same.length < 2) continue;
    for (const s of same) seen.add(s);
    out.push({
      designators: same.map((s) => s.fir.designator),
      entryNm: Math.min(...same.map((s) => s.entryNm)),
      exitNm: Math.max(...same.map((s) => s.exitNm)),
    });
  }
  return out;
}

/** The stretches of [0, totalNm] no crossing covers. */
function gapsOf(firs: readonly FirCrossing[], totalNm: number): { fromNm: number; toNm: number }[] {
  const spans = firs.flatMap((f) => f.crossings.map((c) => [c.entryNm, c.exitNm] as const)).sort((a, b) => a[0] - b[0]);
  const gaps: { fromNm: number; toNm: number }[] = [];
  let covered = 0;
  for (const [entry, exit] of spans) {
    if (entry - covered > GAP_MIN_NM) gaps.push({ fromNm: covered, toNm: entry });
    covered = Math.max(covered, exit);
  }
  if (totalNm - covered > GAP_MIN_NM) gaps.push({ fromNm: covered, toNm: totalNm });
  return gaps;
}
