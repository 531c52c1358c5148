/**
 * When an airspace or a NOTAM is active, as windows of UTC time around the moments the flight is
 * there. Pure. Supported:
 * - airspace schedules from the hub (day/dayTil MON…SUN or ANY, startTime/endTime HH:MM,
 *   startDate/endDate DD-MM seasons, timeReference UTC or UTC±N);
 * - NOTAM validity (items B and C: effectiveStart/effectiveEnd; PERM or none is open-ended);
 * - NOTAM item D schedules: "H24", "DAILY 0600-1400", "0600-1400 1600-1800",
 *   "MON-FRI 0700-1900", "MON WED FRI 0800-1200 SAT 0900-1100", "FEB 08 10 0800-1700",
 *   "MAR 05-09 0600-1400".
 * Not supported (the verdict is "unknown", shown, and says so): SR/SS (sunrise/sunset need the
 * sun at the place), EXC, HOL, date ranges across months, local-time references other than UTC±N.
 */
import type { AirspaceSchedule } from '../hub/geojson';
import { clockUtc, formatUtc } from './flightTime';

export interface Window {
  startMs: number;
  endMs: number;
}

export type ActivityState = 'active' | 'inactive' | 'unknown';

export interface Activity {
  state: ActivityState;
  /** Why, in words: "active 06:00–14:00Z (MON-FRI 0600-1400)". */
  text: string;
  /** When active: the window of activity that meets the flight, "06:00–14:00Z". */
  window?: string;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** One daily rule: on the selected days (null: every day), from start to end minutes (end ≤ start: into the next day). */
interface DailyRule {
  weekdays: Set<number> | null;
  /** Dates as month*100+day, or null for any date; a season when `season` is set. */
  dates: Set<number> | null;
  season?: { from: number; to: number };
  startMin: number;
  endMin: number;
  /** Minutes to add to local time to get UTC. */
  offsetMin: number;
}

function minutesOf(hhmm: string): number | undefined {
  const m = /^(\d{2}):?(\d{2})$/.exec(hhmm.trim());
  if (!m || Number(m[1]) > 24 || Number(m[2]) > 59 || (Number(m[1]) === 24 && Number(m[2]) > 0)) return undefined;
  return Number(m[1]) * 60 + Number(m[2]);
}

function ruleApplies(rule: DailyRule, localDayMs: number): boolean {
  const d = new Date(localDayMs);
  if (rule.weekdays && !rule.weekdays.has(d.getUTCDay())) return false;
  const md = (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  if (rule.dates && !rule.dates.has(md)) return false;
  if (rule.season) {
    const { from, to } = rule.season;
    if (from <= to ? md < from || md > to : md < from && md > to) return false;
  }
  return true;
}

/** The rules' windows that touch [fromMs, toMs], merged. */
function windowsOf(rules: readonly DailyRule[], fromMs: number, toMs: number): Window[] {
  const out: Window[] = [];
  for (const rule of rules) {
    const first = Math.floor((fromMs - rule.offsetMin * 60_000) / DAY_MS) - 1;
    const last = Math.floor((toMs - rule.offsetMin * 60_000) / DAY_MS);
    for (let day = first; day <= last; day++) {
      const local = day * DAY_MS;
      if (!ruleApplies(rule, local)) continue;
      const endMin = rule.endMin <= rule.startMin ? rule.endMin + 1440 : rule.endMin;
      const startMs = local + (rule.startMin + rule.offsetMin) * 60_000;
      const endMs = local + (endMin + rule.offsetMin) * 60_000;
      if (endMs >= fromMs && startMs <= toMs) out.push({ startMs, endMs });
    }
  }
  out.sort((a, b) => a.startMs - b.startMs);
  const merged: Window[] = [];
  for (const w of out) {
    const lastW = merged[merged.length - 1];
    if (lastW && w.startMs <= lastW.endMs) lastW.endMs = Math.max(lastW.endMs, w.endMs);
    else merged.push({ ...w });
  }
  return merged;
}

function weekdaysBetween(from: string, til: string): Set<number> | null | undefined {
  const a = WEEKDAYS.indexOf(from),
    b = WEEKDAYS.indexOf(til);
  if (a < 0 || b < 0) return undefined;
  const set = new Set<number>();
  for (let i = a; ; i = (i + 1) % 7) {
    set.add(i);
    if (i === b) break;
  }
  return set;
}

function dayMonth(text: string | undefined): number | undefined {
  const m = /^(\d{2})-(\d{2})$/.exec((text ?? '').trim());
  return m ? Number(m[2]) * 100 + Number(m[1]) : undefined;
}

/** A hub schedule as a rule, or a reason it cannot be read. */
function airspaceRule(s: AirspaceSchedule): DailyRule | string {
  const day = (s.day ?? 'ANY').toUpperCase(),
    til = (s.dayTil ?? s.day ?? 'ANY').toUpperCase();
  let weekdays: Set<number> | null | undefined = null;
  if (day !== 'ANY' || til !== 'ANY')
    weekdays = weekdaysBetween(day === 'ANY' ? 'MON' : day, til === 'ANY' ? day : til);
  if (weekdays === undefined) return `day '${s.day}${s.dayTil ? `–${s.dayTil}` : ''}' is not supported`;
  const startMin = minutesOf(s.startTime ?? '00:00'),
    endRaw = minutesOf(s.endTime ?? '24:00');
  if (startMin === undefined || endRaw === undefined) return `time '${s.startTime}–${s.endTime}' is not read`;
  // 23:59 is how sources write "to the end of the day".
  const endMin = endRaw === 1439 ? 1440 : endRaw;
  const reference = (s.timeReference ?? 'UTC').toUpperCase().replace(/\s/g, '');
  const offset = /^UTC(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(reference);
  if (!offset) return `time reference '${s.timeReference}' is not supported (UTC or UTC±N only)`;
  const offsetMin = offset[1] ? -(offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3] ?? 0)) : 0;
  const from = dayMonth(s.startDate),
    to = dayMonth(s.endDate);
  const rule: DailyRule = { weekdays, dates: null, startMin, endMin, offsetMin };
  if (from !== undefined || to !== undefined) rule.season = { from: from ?? 101, to: to ?? 1231 };
  return rule;
}

/**
 * NOTAM item D as rules, or a reason it is not read. Doc 8126 / PANS-AIM: item D gives "the
 * periods of activity within the period specified in items B) and C)", in UTC.
 */
export function notamScheduleRules(text: string): DailyRule[] | string {
  const tokens = text.toUpperCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const rules: DailyRule[] = [];
  let weekdays: Set<number> | null = null;
  let dates: Set<number> | null = null;
  let month: number | undefined;
  let emitted = false;
  const select = (): void => {
    if (emitted) {
      weekdays = null;
      dates = null;
      emitted = false;
    }
  };
  for (const t of tokens) {
    let m: RegExpExecArray | null;
    if (/\bSR\b|\bSS\b|SR-|-SS/.test(t)) return `'${t}' (sunrise/sunset) is not supported`;
    if (t === 'H24') {
      rules.push({ weekdays, dates, startMin: 0, endMin: 1440, offsetMin: 0 });
      emitted = true;
    } else if ((m = /^(\d{4})-(\d{4})$/.exec(t))) {
      const start = minutesOf(m[1]!),
        end = minutesOf(m[2]!);
      if (start === undefined || end === undefined) return `'${t}' is not a time range`;
      rules.push({ weekdays, dates, startMin: start, endMin: end === 0 ? 1440 : end, offsetMin: 0 });
      emitted = true;
    } else if (t === 'DAILY') {
      select();
      weekdays = null;
    } else if (WEEKDAYS.includes(t)) {
      select();
      weekdays ??= new Set();
      weekdays.add(WEEKDAYS.indexOf(t));
    } else if ((m = /^([A-Z]{3})-([A-Z]{3})$/.exec(t)) && WEEKDAYS.includes(m[1]!) && WEEKDAYS.includes(m[2]!)) {
      select();
      weekdays ??= new Set();
      for (const d of weekdaysBetween(m[1]!, m[2]!)!) weekdays.add(d);
    } else if (MONTHS.includes(t)) {
      select();
      month = MONTHS.indexOf(t) + 1;
    } else if ((m = /^(\d{2})(?:-(\d{2}))?$/.exec(t)) && month !== undefined) {
      select();
      dates ??= new Set();
      const a = Number(m[1]),
        b = Number(m[2] ?? m[1]);
      if (a < 1 || b > 31 || b < a) return `'${t}' is not a day of the month`;
      for (let d = a; d <= b; d++) dates.add(month * 100 + d);
    } else {
      return `'${t}' is not supported`;
    }
  }
  if (rules.length === 0) return 'it gives no times';
  return rules;
}

function windowText(w: Window): string {
  if (w.endMs - w.startMs >= DAY_MS) return `${formatUtc(w.startMs)} to ${formatUtc(w.endMs)}`;
  return `${clockUtc(w.startMs).slice(0, 5)}–${clockUtc(w.endMs)}`;
}

/** A window for a label: "06:00–14:00Z", or "H24" for one a day long or more. */
function shortWindow(w: Window): string {
  return w.endMs - w.startMs >= DAY_MS ? 'H24' : windowText(w);
}

/** Active or not over [fromMs, toMs] (the flight's time in an area) given windows of activity. */
function judge(windows: readonly Window[], fromMs: number, toMs: number, what: string): Activity {
  const hit = windows.find((w) => w.startMs <= toMs && w.endMs >= fromMs);
  if (hit) return { state: 'active', text: `active ${windowText(hit)} (${what})`, window: shortWindow(hit) };
  return { state: 'inactive', text: `not active then (${what})` };
}

/** The hub's schedules in short words, for the reasons. */
function schedulesText(schedules: readonly AirspaceSchedule[]): string {
  return schedules
    .map((s) => {
      const days =
        (!s.day || s.day === 'ANY') && (!s.dayTil || s.dayTil === 'ANY')
          ? 'daily'
          : s.dayTil && s.dayTil !== s.day
            ? `${s.day}-${s.dayTil}`
            : s.day;
      const season = s.startDate || s.endDate ? ` ${s.startDate ?? '01-01'}..${s.endDate ?? '31-12'}` : '';
      return `${days} ${s.startTime ?? '00:00'}-${s.endTime ?? '24:00'} ${s.timeReference ?? 'UTC'}${season}`;
    })
    .join('; ');
}

/** Whether an airspace is active over [fromMs, toMs]; no schedule means active at all times. */
export function airspaceActivity(
  schedules: readonly AirspaceSchedule[] | undefined,
  fromMs: number | undefined,
  toMs: number | undefined,
): Activity {
  if (!schedules || schedules.length === 0)
    return { state: 'active', text: 'no schedule given: taken as always active' };
  const what = schedulesText(schedules);
  const rules: DailyRule[] = [];
  for (const s of schedules) {
    const rule = airspaceRule(s);
    if (typeof rule === 'string')
      return { state: 'unknown', text: `schedule ${what}: ${rule}; taken as possibly active` };
    rules.push(rule);
  }
  if (fromMs === undefined || toMs === undefined)
    return { state: 'unknown', text: `schedule ${what}; time of flight not known` };
  return judge(windowsOf(rules, fromMs, toMs), fromMs, toMs, what);
}

export interface NotamTimes {
  effectiveStart?: string;
  effectiveEnd?: string;
  schedule?: string;
}

function isoMs(text: string | undefined): number | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}T/.test(text.trim())) return undefined;
  // NOTAM times are UTC; a time without a zone must not be read as the machine's local time.
  const iso = /(Z|[+-]\d{2}:?\d{2})$/i.test(text.trim()) ? text.trim() : `${text.trim()}Z`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Whether a NOTAM is in force over [fromMs, toMs]: within its validity (item B "date-time group
 * at which the NOTAM comes into force", item C "date-time group at which it ceases", PERM or none
 * open-ended) and, when item D gives one, within its schedule.
 */
export function notamActivity(n: NotamTimes, fromMs: number | undefined, toMs: number | undefined): Activity {
  const start = isoMs(n.effectiveStart);
  const endText = n.effectiveEnd?.trim().toUpperCase();
  const end = endText === undefined || endText === '' || endText === 'PERM' ? Infinity : isoMs(n.effectiveEnd);
  if ((n.effectiveStart && start === undefined) || end === undefined) {
    return {
      state: 'unknown',
      text: `validity '${n.effectiveStart ?? '?'}' to '${n.effectiveEnd ?? '?'}' is not read; taken as possibly in force`,
    };
  }
  const validity = `valid ${start !== undefined ? formatUtc(start) : 'now'} to ${end === Infinity ? 'PERM' : formatUtc(end)}`;
  if (fromMs === undefined || toMs === undefined)
    return { state: 'unknown', text: `${validity}; time of flight not known` };
  const from = Math.max(fromMs, start ?? -Infinity),
    to = Math.min(toMs, end);
  if (from > to) return { state: 'inactive', text: `not in force then (${validity})` };
  const schedule = n.schedule?.trim();
  if (!schedule)
    return {
      state: 'active',
      text: `in force (${validity})`,
      ...(start !== undefined && end !== Infinity ? { window: shortWindow({ startMs: start, endMs: end }) } : {}),
    };
  const rules = notamScheduleRules(schedule);
  if (typeof rules === 'string')
    return { state: 'unknown', text: `schedule '${schedule}': ${rules}; taken as possibly active (${validity})` };
  const verdict = judge(windowsOf(rules, from, to), from, to, `${schedule}, ${validity}`);
  return verdict;
}
