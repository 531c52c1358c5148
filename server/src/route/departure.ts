/**
 * The `departure:` directive: when a block of plain route text is flown, the time at its first
 * point, in UTC. Its forms are those a dispatcher writes and cannot misread:
 * - `261201 1430` — a date as DOF/ writes it (YYMMDD) and a time as an EOBT (HHMM); a `Z` may
 *   follow the time (ICAO times are UTC);
 * - `2026-12-01T14:30Z`, `2026-12-01 14:30Z`, `2026-12-01 1430` — ISO 8601; a time with a colon
 *   is ISO's and needs its zone: `Z` (or `+00:00`), since ISO reads it without one as local time;
 * - `1430` (or `1430Z`, `14:30Z`) alone — its next occurrence, as an EOBT without DOF/ is read.
 * Pure: text in, a time or a problem on the exact part out.
 */
import type { Directive, RouteBlock } from './model';
import { MONTHS } from './fplOther';

/** A day and time in UTC, or a time of day to be placed at its next occurrence. */
export type DepartureTime = { kind: 'dateTime'; ms: number } | { kind: 'timeOfDay'; minutes: number };

/** What is wrong with a value, on the characters `start` to `end` of it. */
export interface DepartureProblem {
  message: string;
  start: number;
  end: number;
}

export type DepartureReading = { time: DepartureTime } | { problem: DepartureProblem };

export const DEPARTURE_EXAMPLE = '261201 1430';

const EXPECTED =
  "expected the date and time in UTC, e.g. 'departure: 261201 1430' (YYMMDD HHMM, as DOF/ and an EOBT), " +
  "'departure: 2026-12-01T14:30Z', or a time alone (1430) for its next occurrence";

const DAY_MS = 86_400_000;

interface Word {
  text: string;
  start: number;
  end: number;
}

function wordsOf(value: string): Word[] {
  const words: Word[] = [];
  for (const m of value.matchAll(/\S+/g)) words.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return words;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date's day (ms at 00:00Z), or the problem on its part (offsets in the value). */
type DateReading = { ms: number } | { problem: DepartureProblem };

function dateAt(year: number, month: number, day: number, at: Word, monthAt: number, dayAt: number): DateReading {
  if (month < 1 || month > 12)
    return {
      problem: {
        message: `month ${String(month).padStart(2, '0')} is not a month (01–12)`,
        start: at.start + monthAt,
        end: at.start + monthAt + 2,
      },
    };
  const days = daysIn(year, month);
  if (day < 1 || day > days)
    return {
      problem: {
        message: `day ${String(day).padStart(2, '0')} is not a day of ${MONTHS[month - 1]} ${year} (01–${days})`,
        start: at.start + dayAt,
        end: at.start + dayAt + 2,
      },
    };
  return { ms: Date.UTC(year, month - 1, day) };
}

/** A date word: YYMMDD (as DOF/) or YYYY-MM-DD; undefined when it is neither form. */
function readDate(word: Word): DateReading | undefined {
  let m = /^(\d{2})(\d{2})(\d{2})$/.exec(word.text);
  if (m) return dateAt(2000 + Number(m[1]), Number(m[2]), Number(m[3]), word, 2, 4);
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(word.text);
  if (m) return dateAt(Number(m[1]), Number(m[2]), Number(m[3]), word, 5, 8);
  return undefined;
}

type TimeReading = { minutes: number } | { problem: DepartureProblem };

/**
 * A time word, at `offset` in `word`: HHMM with an optional Z (ICAO), or HH:MM[:SS] with its
 * zone (ISO). Undefined when it is neither form.
 */
function readTime(word: Word, offset = 0): TimeReading | undefined {
  const text = word.text.slice(offset).toUpperCase();
  const at = word.start + offset;
  const icao = /^(\d{2})(\d{2})(Z?)$/.exec(text);
  const iso = icao ? undefined : /^(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  const m = icao ?? iso;
  if (!m) return undefined;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  const minutesAt = icao ? 2 : 3;
  if (hours > 23)
    return {
      problem: {
        message: `hour ${m[1]} is not an hour of the day (00–23; midnight is 0000)`,
        start: at,
        end: at + 2,
      },
    };
  if (minutes > 59)
    return {
      problem: { message: `minute ${m[2]} is out of range (00–59)`, start: at + minutesAt, end: at + minutesAt + 2 },
    };
  if (iso) {
    const seconds = iso[3];
    if (seconds !== undefined && Number(seconds) > 59)
      return { problem: { message: `second ${seconds} is out of range (00–59)`, start: at + 6, end: at + 8 } };
    const zone = iso[4];
    if (zone === undefined)
      return {
        problem: {
          message: `'${word.text.slice(offset)}' has no zone, and ISO 8601 reads such a time as local time: write it in UTC with Z, e.g. ${m[1]}:${m[2]}Z`,
          start: at,
          end: word.end,
        },
      };
    const zoneAt = word.end - zone.length;
    if (zone !== 'Z' && !/^[+-]00:?00$/.test(zone)) {
      const offsetMinutes = (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
      const total = hours * 60 + minutes - offsetMinutes;
      const utc = ((total % 1440) + 1440) % 1440;
      const clock = `${String(Math.floor(utc / 60)).padStart(2, '0')}:${String(utc % 60).padStart(2, '0')}Z`;
      const day = total < 0 ? ' the day before' : total >= 1440 ? ' the day after' : '';
      return {
        problem: {
          message: `the time is in UTC${zone}: write it in UTC (${m[1]}:${m[2]}${zone} is ${clock}${day})`,
          start: zoneAt,
          end: word.end,
        },
      };
    }
  }
  return { minutes: hours * 60 + minutes };
}

function problem(message: string, start: number, end: number): DepartureReading {
  return { problem: { message, start, end } };
}

/** The value of a `departure:` directive (blanks around it already trimmed). */
export function readDepartureValue(value: string): DepartureReading {
  const words = wordsOf(value);
  if (words.length === 0) return problem(`no value: ${EXPECTED}`, 0, 0);
  const first = words[0]!;
  if (words.length === 1) {
    const time = readTime(first);
    if (time) return 'problem' in time ? time : { time: { kind: 'timeOfDay', minutes: time.minutes } };
    const t = first.text.toUpperCase().indexOf('T');
    if (t === 10) {
      const date = readDate({ text: first.text.slice(0, 10), start: first.start, end: first.start + 10 });
      const clock = date && readTime(first, 11);
      if (date && clock) return combined(date, clock);
    }
    if (readDate(first))
      return problem(
        `'${first.text}' is a date without a time: add the time in UTC, e.g. '${first.text} 1430'`,
        first.start,
        first.end,
      );
    if (/^[A-Za-z]{4}$/.test(first.text))
      return problem(
        `is the time of departure, not the aerodrome: write the aerodrome as 'origin: ${first.text.toUpperCase()}' and the time as e.g. 'departure: ${DEPARTURE_EXAMPLE}'`,
        first.start,
        first.end,
      );
    if (/^\d{10}Z?$/.test(first.text))
      return problem(
        `write the date and the time apart: '${first.text.slice(0, 6)} ${first.text.slice(6)}' (YYMMDD HHMM)`,
        first.start,
        first.end,
      );
    return problem(`'${first.text}' is not a date and time: ${EXPECTED}`, first.start, first.end);
  }
  const second = words[1]!;
  if (words.length > 2) {
    const last = words[words.length - 1]!;
    return problem(
      `one date and one time only: remove '${value.slice(words[2]!.start, last.end)}'`,
      words[2]!.start,
      last.end,
    );
  }
  const date = readDate(first);
  const clock = readTime(second);
  if (date && clock) return combined(date, clock);
  if (readTime(first) && readDate(second))
    return problem(`the date comes first: '${second.text} ${first.text}'`, first.start, second.end);
  if (!date)
    return problem(`'${first.text}' is not a date (YYMMDD or YYYY-MM-DD): ${EXPECTED}`, first.start, first.end);
  return problem(`'${second.text}' is not a time (HHMM, UTC): ${EXPECTED}`, second.start, second.end);
}

function combined(date: DateReading, clock: TimeReading): DepartureReading {
  if ('problem' in date) return date;
  if ('problem' in clock) return clock;
  return { time: { kind: 'dateTime', ms: date.ms + clock.minutes * 60_000 } };
}

/**
 * The time a departure means: its own, or for a time of day its first occurrence at or after
 * `referenceMs` (as an EOBT without DOF/ is read).
 */
export function departureMs(time: DepartureTime, referenceMs: number): number {
  if (time.kind === 'dateTime') return time.ms;
  const day = Math.floor(referenceMs / DAY_MS) * DAY_MS;
  const ms = day + time.minutes * 60_000;
  return ms < referenceMs ? ms + DAY_MS : ms;
}

/** The block's `departure:` directive (the first: a second is reported, R004), if it has one. */
export function departureDirective(block: RouteBlock): Directive | undefined {
  return block.directives.find((d) => d.key === 'departure');
}

/** The block's departure, read from its directive: undefined without one, a problem when it reads none. */
export function departureOf(block: RouteBlock): DepartureReading | undefined {
  const directive = departureDirective(block);
  return directive ? readDepartureValue(directive.value) : undefined;
}
