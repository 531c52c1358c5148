import type { Applicability } from './applicability';
import type { LevelBand, OpenSide } from './levels';

/** An airspace or NOTAM of the view with its verdict, kept for the table, the profile and the diagnostics. */
export interface JudgedArea {
  /** Its id in the view. */
  itemId: string;
  kind: 'airspace' | 'notam';
  /** As listed: the airspace's name, the NOTAM's number. */
  name: string;
  /** The airspace's designator ("ED-R136"), the NOTAM's number. */
  designator: string;
  /** The hub's airspace type (R, D, P, CTR…), or the NOTAM's Q-code. */
  type: string;
  /** Its vertical limits in feet; absent when it applies at all levels (a NOTAM without limits). */
  band?: LevelBand;
  /** The limits in words: "FL245–FL660". */
  limits: string;
  /**
   * Set when a limit is not known (AIXM's FLOOR or CEILING, a form not read): which, and why in
   * words. `band` then holds the known limit and SFC or UNL for the open one, to compare with.
   */
  openLimits?: { side: OpenSide; why: string };
  applicability: Applicability;
  /** True when the route passes through its drawn area (not a whole-FIR or aerodrome NOTAM). */
  drawnCrossing: boolean;
  /** For a NOTAM: its text (item E and the rest). */
  text?: string;
  /** For a NOTAM: the whole NOTAM in ICAO form (Q, A–G), for "Open NOTAM". */
  icaoText?: string;
  /** For a NOTAM: its FIR, else its location: with the number, which NOTAM it is (numbers are per issuing office). */
  place?: string;
}
