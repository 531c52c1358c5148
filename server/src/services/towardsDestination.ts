/**
 * How completion ranks what comes next: by the progress a candidate makes towards the
 * destination. The direction of the last leg is no guide (a route turns at every airway change)
 * and the airway just flown leads back where the flight came from.
 */
import { distanceNm, type GeoPoint } from '../geo/geodesy';

export interface Progress {
  /** How much nearer the destination the candidate is than the point before it (NM). */
  progressNm: number;
  /** The leg from the point before to the candidate (NM). */
  legNm: number;
  /** progressNm / legNm: 1 straight towards the destination, 0 abeam, negative away from it. */
  efficiency: number;
}

/** Within 45° of the direct track (cos 45°): "on the way". */
export const ON_THE_WAY = Math.SQRT1_2;

export function progressTowards(from: GeoPoint, to: GeoPoint, destination: GeoPoint): Progress {
  const legNm = distanceNm(from, to);
  const progressNm = distanceNm(from, destination) - distanceNm(to, destination);
  return { progressNm, legNm, efficiency: legNm > 0 ? progressNm / legNm : 0 };
}

/**
 * Candidates in completion order: those on the way (ON_THE_WAY) first, then those that still
 * bring the flight nearer, each group nearest first; those leading away are left out unless
 * nothing leads nearer.
 */
export function rankByProgress<T>(candidates: readonly T[], progress: (c: T) => Progress): T[] {
  const scored = candidates.map((c) => ({ c, p: progress(c) }));
  const group = (p: Progress) => (p.efficiency >= ON_THE_WAY ? 0 : p.progressNm > 0 ? 1 : 2);
  const nearer = scored.filter((x) => group(x.p) < 2);
  return (nearer.length > 0 ? nearer : scored)
    .sort((a, b) => group(a.p) - group(b.p) || a.p.legNm - b.p.legNm)
    .map((x) => x.c);
}
