/**
 * When an airspace or a NOTAM is active, as windows of UTC time around the moments the flight is
 * there. Pure. Supported:
 * - airspace schedules from the hub (day/dayTil MON…SUN or ANY, startTime/endTime HH:MM,
 *   startDate/endDate DD-MM seasons, timeReference UTC or UTC±N);
 * - NOTAM validity (items B and C: effectiveStart/effectiveEnd; PERM or none is open-ended);
 * - NOTAM item D schedules: "H24", "DAILY 0600-1400", "0600-1400 1600-1800",
 *   "MON-FRI 0700-1900", "MON WED FRI 0800-1200 SAT 0900-1100", "FEB 08 10 0800-1700",
 *   "MAR 05-09 0600-1400", days of the validity's month "23 25 27 0800-1600", continuous
 *   periods "NOV 23 0700-NOV 27 1500", and sunrise/sunset "SR-SS", "SR-1600", "0700-SS" at the
 *   NOTAM's position (sun times from suncalc);
 * - AIXM day codes WORK_DAY (MON–FRI, said: the State's holidays are not known).
 * Not read (the verdict is "unknown", shown, says "schedule given in a form not read: …", and
 * counted): EXC, HOL/BEF_HOL/AFT_HOL and the other holiday codes, local-time references other
 * than UTC±N, sunrise/sunset without a position.
 */
import { getTimes } from 'suncalc';
import type { AirspaceSchedule } from '../airspace/model';
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
  /** Set when the data leave the verdict open (a form not read, an assumption): what, in words. */
  open?: string;
}

/** The words every verdict left open by the data starts its reason with. */
export const NOT_READ = 'schedule given in a form not read';

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
  /** Sunrise/sunset bounds instead of clock times, at `place`. */
  startSun?: 'sunrise' | 'sunset';
  endSun?: 'sunrise' | 'sunset';
  place?: { lat: number; lon: number };
}

/** A rule's start and end that day (ms, UTC), sunrise and sunset taken at its place; undefined when the sun does not rise or set. */
function boundsOn(rule: DailyRule, local: number): { startMs: number; endMs: number } | undefined {
  let startMs = local + (rule.startMin + rule.offsetMin) * 60_000;
  const endMin = rule.endMin <= rule.startMin && !rule.endSun && !rule.startSun ? rule.endMin + 1440 : rule.endMin;
  let endMs = local + (endMin + rule.offsetMin) * 60_000;
  if (rule.startSun || rule.endSun) {
    const sun = getTimes(new Date(local + 12 * 3_600_000), rule.place!.lat, rule.place!.lon);
    const at = (event: 'sunrise' | 'sunset') => sun[event]?.getTime() ?? NaN;
    if (rule.startSun) startMs = at(rule.startSun);
    if (rule.endSun) endMs = at(rule.endSun);
    if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return undefined;
    if (endMs <= startMs) endMs += DAY_MS;
  }
  return { startMs, endMs };
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

/** The rules' windows that touch [fromMs, toMs], merged with the fixed periods given. */
function windowsOf(rules: readonly DailyRule[], fromMs: number, toMs: number, periods: Window[] = []): Window[] {
  const out: Window[] = periods.filter((w) => w.endMs >= fromMs && w.startMs <= toMs);
  for (const rule of rules) {
    const first = Math.floor((fromMs - rule.offsetMin * 60_000) / DAY_MS) - 1;
    const last = Math.floor((toMs - rule.offsetMin * 60_000) / DAY_MS);
    for (let day = first; day <= last; day++) {
      const local = day * DAY_MS;
      if (!ruleApplies(rule, local)) continue;
      const bounds = boundsOn(rule, local);
      if (bounds && bounds.endMs >= fromMs && bounds.startMs <= toMs) out.push(bounds);
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

/** AIXM day codes that depend on the State's calendar of public holidays, which is not known here. */
const HOLIDAY_DAYS = new Set(['HOL', 'BEF_HOL', 'AFT_HOL', 'BEF_WORK_DAY', 'AFT_WORK_DAY', 'BUSY_FRI']);

/** A hub schedule as a rule (with what was assumed), or a reason it cannot be read. */
function airspaceRule(s: AirspaceSchedule): { rule: DailyRule; assumed?: string } | string {
  let day = (s.day ?? 'ANY').toUpperCase(),
    til = (s.dayTil ?? s.day ?? 'ANY').toUpperCase();
  let assumed: string | undefined;
  if (HOLIDAY_DAYS.has(day) || HOLIDAY_DAYS.has(til))
    return `day '${s.day}${s.dayTil ? `–${s.dayTil}` : ''}' is not supported`;
  // AIXM WORK_DAY: the State's working days, MON–FRI except its public holidays (not known here).
  if (day === 'WORK_DAY' || til === 'WORK_DAY') {
    [day, til] = ['MON', 'FRI'];
    assumed = "WORK_DAY taken as MON–FRI (the State's public holidays are not known)";
  }
  let weekdays: Set<number> | null | undefined = null;
  if (day !== 'ANY' || til !== 'ANY')
    weekdays = weekdaysBetween(day === 'ANY' ? 'MON' : day, til === 'ANY' ? day : til);
  if (weekdays === undefined) return `day '${s.day}${s.dayTil ? `–${s.dayTil}` : ''}' is not supported`;
  const events = s as { startEvent?: string; endEvent?: string };
  if (events.startEvent || events.endEvent)
    return `sunrise/sunset bounds (${events.startEvent ?? ''}–${events.endEvent ?? ''}) of an airspace are not supported`;
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
  return assumed ? { rule, assumed } : { rule };
}

/** What item D needs from the rest of the NOTAM: the start of its validity (for days without a month or year) and its position (for sunrise/sunset). */
export interface ScheduleContext {
  startMs?: number;
  place?: { lat: number; lon: number };
}

export interface NotamSchedule {
  rules: DailyRule[];
  /** Continuous periods ("NOV 23 0700-NOV 27 1500"). */
  periods: Window[];
}

/** The first date on or after `fromMs` with this month (1–12) and day, at hhmm, UTC. */
function dateOnOrAfter(fromMs: number, month: number, day: number, minutes: number): number {
  const from = new Date(fromMs);
  let year = from.getUTCFullYear();
  let ms = Date.UTC(year, month - 1, day) + minutes * 60_000;
  // A period a little before the validity start is still this year's (the NOTAM was issued late).
  if (ms < fromMs - 31 * DAY_MS) ms = Date.UTC(++year, month - 1, day) + minutes * 60_000;
  return ms;
}

/** "NOV 23 0700-NOV 27 1500" and "23 0700-27 1500" (the month of the validity start): continuous periods, taken out of the text. */
function continuousPeriods(text: string, context: ScheduleContext): { rest: string; periods: Window[] } | string {
  const periods: Window[] = [];
  const form = /(?:\b([A-Z]{3})\s+)?\b(\d{2})\s+(\d{4})\s*-\s*(?:([A-Z]{3})\s+)?(\d{2})\s+(\d{4})\b/g;
  let failure: string | undefined;
  const rest = text.replace(
    form,
    (whole, m1: string | undefined, d1: string, t1: string, m2, d2: string, t2: string) => {
      if ((m1 && !MONTHS.includes(m1)) || (m2 && !MONTHS.includes(m2))) return whole;
      if (context.startMs === undefined) {
        failure ??= `'${whole}' needs the start of the validity to place its dates`;
        return whole;
      }
      const startMonth = m1 ? MONTHS.indexOf(m1) + 1 : new Date(context.startMs).getUTCMonth() + 1;
      const endMonth = m2 ? MONTHS.indexOf(m2 as string) + 1 : m1 ? startMonth : startMonth;
      const a = minutesOf(t1),
        b = minutesOf(t2);
      if (a === undefined || b === undefined) {
        failure ??= `'${whole}' is not a period`;
        return whole;
      }
      const startMs = dateOnOrAfter(context.startMs, startMonth, Number(d1), a);
      let endMs = dateOnOrAfter(startMs, endMonth, Number(d2), b);
      if (endMs < startMs) endMs = dateOnOrAfter(startMs + DAY_MS, endMonth, Number(d2), b);
      periods.push({ startMs, endMs });
      return ' ';
    },
  );
  return failure ?? { rest, periods };
}

/** A time bound of item D: hhmm, or SR/SS (sunrise, sunset). */
function bound(text: string): { min: number; sun?: 'sunrise' | 'sunset' } | undefined {
  if (text === 'SR') return { min: 0, sun: 'sunrise' };
  if (text === 'SS') return { min: 0, sun: 'sunset' };
  const min = minutesOf(text);
  return min === undefined ? undefined : { min };
}

/**
 * NOTAM item D as rules, or a reason it is not read. Doc 8126 / PANS-AIM: item D gives "the
 * periods of activity within the period specified in items B) and C)", in UTC; SR and SS are
 * sunrise and sunset at the place.
 */
export function notamScheduleRules(text: string, context: ScheduleContext = {}): NotamSchedule | string {
  const upper = text.toUpperCase().replace(/,/g, ' ');
  const continuous = continuousPeriods(upper, context);
  if (typeof continuous === 'string') return continuous;
  const tokens = continuous.rest.split(/\s+/).filter(Boolean);
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
    if (t === 'H24') {
      rules.push({ weekdays, dates, startMin: 0, endMin: 1440, offsetMin: 0 });
      emitted = true;
    } else if ((m = /^(\d{4}|SR|SS)-(\d{4}|SR|SS)$/.exec(t))) {
      const start = bound(m[1]!),
        end = bound(m[2]!);
      if (start === undefined || end === undefined) return `'${t}' is not a time range`;
      if ((start.sun || end.sun) && !context.place) return `'${t}' (sunrise/sunset) is not supported`;
      rules.push({
        weekdays,
        dates,
        startMin: start.min,
        endMin: end.sun ? end.min : end.min === 0 ? 1440 : end.min,
        offsetMin: 0,
        ...(start.sun ? { startSun: start.sun } : {}),
        ...(end.sun ? { endSun: end.sun } : {}),
        ...(start.sun || end.sun ? { place: context.place } : {}),
      });
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
    } else if ((m = /^(\d{2})(?:-(\d{2}))?$/.exec(t))) {
      // Days without a month ("23 25 27 0800-1600") are those of the month the validity starts in.
      const dayMonth =
        month ?? (context.startMs !== undefined ? new Date(context.startMs).getUTCMonth() + 1 : undefined);
      if (dayMonth === undefined) return `'${t}' is not supported`;
      select();
      dates ??= new Set();
      const a = Number(m[1]),
        b = Number(m[2] ?? m[1]);
      if (a < 1 || b > 31 || b < a) return `'${t}' is not a day of the month`;
      // A day before the validity's own day, in the validity's month, is next month's.
      const startDay =
        month === undefined && context.startMs !== undefined ? new Date(context.startMs).getUTCDate() : 0;
      for (let d = a; d <= b; d++) dates.add((d < startDay ? (dayMonth % 12) + 1 : dayMonth) * 100 + d);
    } else {
      return `'${t}' is not supported`;
    }
  }
  if (rules.length === 0 && continuous.periods.length === 0) return 'it gives no times';
  return { rules, periods: continuous.periods };
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
  const notRead: string[] = [];
  const assumed: string[] = [];
  for (const s of schedules) {
    const read = airspaceRule(s);
    if (typeof read === 'string') notRead.push(read);
    else {
      rules.push(read.rule);
      if (read.assumed && !assumed.includes(read.assumed)) assumed.push(read.assumed);
    }
  }
  const holidays = notRead.some((r) => /day '/.test(r)) ? " (the State's public holidays are not known)" : '';
  const open = notRead.length > 0 ? `${NOT_READ}${holidays}: ${notRead.join('; ')}` : undefined;
  if (fromMs === undefined || toMs === undefined)
    return { state: 'unknown', text: `schedule ${what}; time of flight not known`, ...(open ? { open } : {}) };
  const verdict = judge(windowsOf(rules, fromMs, toMs), fromMs, toMs, what);
  const note = assumed.length > 0 ? `; ${assumed.join('; ')}` : '';
  // A rule not read may make the area active when the others do not: open, said, not guessed.
  if (open && verdict.state !== 'active')
    return { state: 'unknown', text: `schedule ${what}: ${open}; taken as possibly active`, open };
  if (assumed.length > 0) return { ...verdict, text: verdict.text + note, open: assumed.join('; ') };
  return verdict;
}

export interface NotamTimes {
  effectiveStart?: string;
  effectiveEnd?: string;
  /** Item C carries EST: the end is an estimate, the NOTAM stays in force until replaced or cancelled. */
  effectiveEndEstimated?: boolean;
  schedule?: string;
  /** The NOTAM's position (item Q), where sunrise and sunset of item D are taken. */
  lat?: number;
  lon?: number;
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
 * open-ended; an EST end is an estimate, so after it the NOTAM may still be in force) and, when
 * item D gives one, within its schedule.
 */
export function notamActivity(n: NotamTimes, fromMs: number | undefined, toMs: number | undefined): Activity {
  const start = isoMs(n.effectiveStart);
  const endText = n.effectiveEnd?.trim().toUpperCase();
  const end = endText === undefined || endText === '' || endText === 'PERM' ? Infinity : isoMs(n.effectiveEnd);
  if ((n.effectiveStart && start === undefined) || end === undefined) {
    const open = `validity '${n.effectiveStart ?? '?'}' to '${n.effectiveEnd ?? '?'}' is not read`;
    return { state: 'unknown', text: `${open}; taken as possibly in force`, open };
  }
  const estimated = n.effectiveEndEstimated && end !== Infinity;
  const validity = `valid ${start !== undefined ? formatUtc(start) : 'now'} to ${end === Infinity ? 'PERM' : formatUtc(end)}${estimated ? ' (EST: estimated end)' : ''}`;
  if (fromMs === undefined || toMs === undefined)
    return { state: 'unknown', text: `${validity}; time of flight not known` };
  if (start !== undefined && start > toMs) return { state: 'inactive', text: `not in force then (${validity})` };
  if (end < fromMs) {
    if (!estimated) return { state: 'inactive', text: `not in force then (${validity})` };
    const open = 'its end is estimated (EST): it stays in force until replaced or cancelled';
    return { state: 'unknown', text: `${open}; taken as possibly in force (${validity})`, open };
  }
  const from = Math.max(fromMs, start ?? -Infinity),
    to = estimated ? toMs : Math.min(toMs, end);
  const schedule = n.schedule?.trim();
  if (!schedule)
    return {
      state: 'active',
      text: `in force (${validity})`,
      ...(start !== undefined && end !== Infinity ? { window: shortWindow({ startMs: start, endMs: end }) } : {}),
    };
  const place =
    n.lat !== undefined && n.lon !== undefined && Number.isFinite(n.lat) && Number.isFinite(n.lon)
      ? { lat: n.lat, lon: n.lon }
      : undefined;
  const read = notamScheduleRules(schedule, {
    ...(start !== undefined ? { startMs: start } : {}),
    ...(place ? { place } : {}),
  });
  if (typeof read === 'string') {
    const open = `${NOT_READ}: '${schedule}': ${read}`;
    return { state: 'unknown', text: `${open}; taken as possibly active (${validity})`, open };
  }
  const sun = /\bS[RS]\b/.test(schedule.toUpperCase()) ? ", sunrise/sunset at the NOTAM's position" : '';
  return judge(windowsOf(read.rules, from, to, read.periods), from, to, `${schedule}${sun}, ${validity}`);
}
