/**
 * When the flight is: the time at its first point, from the FPL's field 13 (EOBT) and field 18
 * DOF/, or from a reference time the user gives for plain route text. Pure.
 */
import { departureMs, readDepartureValue } from '../route/departure';
import type { FplMessage } from '../route/model';

export interface FlightTime {
  /** ms since the epoch (UTC); absent when it cannot be known. */
  ms?: number;
  /** How it was found, in words: "EOBT 2330Z on DOF 261123". */
  text: string;
}

const DAY_MS = 86_400_000;

/**
 * The departure time of an FPL message. Doc 4444 Appendix 2, Item 13: "the estimated off-block
 * time (EOBT)" as 4 figures, UTC; Item 18 "DOF/ The date of flight departure in a six-figure
 * format (YYMMDD, where YY equals the year, MM equals the month and DD equals the day)". Without
 * DOF the plan is for a flight within the next 24 hours (Doc 4444 11.4.2.1.1 asks for DOF when a
 * plan is filed more than 24 hours ahead), so the EOBT is its first occurrence at or after
 * `referenceMs` (the filing time: now, or the time the user gives).
 */
export function fplDepartureTime(fpl: FplMessage, referenceMs: number): FlightTime {
  const field13 =
    fpl.fields
      .find((f) => f.number === 13)
      ?.text.trim()
      .toUpperCase() ?? '';
  const eobt = /^[A-Z]{4}(\d{2})(\d{2})$/.exec(field13);
  if (!eobt || Number(eobt[1]) > 23 || Number(eobt[2]) > 59)
    return { text: field13 ? `field 13 '${field13}' gives no EOBT (expected e.g. EGLL1230)` : 'no field 13 (EOBT)' };
  const minutes = Number(eobt[1]) * 60 + Number(eobt[2]);
  const hhmm = `${eobt[1]}${eobt[2]}Z`;
  const dof = fpl.otherInformation.find((i) => i.indicator.toUpperCase() === 'DOF')?.value.trim();
  if (dof !== undefined) {
    const d = /^(\d{2})(\d{2})(\d{2})$/.exec(dof);
    const ms = d ? Date.UTC(2000 + Number(d[1]), Number(d[2]) - 1, Number(d[3])) : NaN;
    const date = new Date(ms);
    if (!d || date.getUTCMonth() !== Number(d[2]) - 1 || date.getUTCDate() !== Number(d[3]))
      return { text: `DOF/${dof} is not a date (YYMMDD)` };
    return { ms: ms + minutes * 60_000, text: `EOBT ${hhmm} on DOF ${dof}` };
  }
  const day = Math.floor(referenceMs / DAY_MS) * DAY_MS;
  let ms = day + minutes * 60_000;
  if (ms < referenceMs) ms += DAY_MS;
  return { ms, text: `EOBT ${hhmm}, no DOF: the first ${hhmm} after ${formatUtc(referenceMs)}` };
}

/**
 * The time of a block of plain route text that has a `departure:` directive (route/departure.ts):
 * its date and time, or a time alone at its first occurrence at or after `referenceMs` (as an
 * EOBT without DOF/); none when the value is no time (R011 says why).
 */
export function directiveDepartureTime(value: string, referenceMs: number): FlightTime {
  const read = readDepartureValue(value);
  if ('problem' in read) return { text: `departure: ${value} gives no time (${read.problem.message})` };
  const ms = departureMs(read.time, referenceMs);
  if (read.time.kind === 'dateTime') return { ms, text: `departure: ${value}` };
  return { ms, text: `departure: ${value}, no date: the first ${clockUtc(ms)} after ${formatUtc(referenceMs)}` };
}

/** "23 Nov 2026 10:42Z". */
export function formatUtc(ms: number): string {
  const d = new Date(ms);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()} ${clockUtc(ms)}`;
}

/** "10:42Z". */
export function clockUtc(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}Z`;
}
