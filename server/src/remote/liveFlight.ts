/**
 * The live flight behind an FPL message's call sign: which flight field 7 with its EOBT and DOF
 * names, how the flights the services know compare with the message, and the hover's words.
 * Pure: the session fetches (hub #2 flights of the airline and number, #4 the delay, the
 * reference family's flight status) and hands the records in.
 *
 * Times are compared as instants (ms since the epoch), never as clock figures: an EOBT of 2350
 * on DOF 261126 and a schedule of 00:10Z on 27 Nov are 20 minutes apart, not 23 h 40 min.
 */
import { clockUtc, fplDepartureTime, formatUtc } from '../flight/flightTime';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '../route/codes';
import type { Position, Range, RouteBlock, RouteDiagnostic, RouteDocument } from '../route/model';
import { routeDifferences } from './filedRoutes';
import { escapeMarkdown, inlineCode } from '../route/markdown';

/** Field 7 as an operator and a flight: three letters of the ICAO designator, then 1–4 figures or letters. */
const CALL_SIGN = /^([A-Z]{3})([0-9][0-9A-Z]{0,3})$/;
/** What the reference family takes as a flight number: figures and an optional suffix letter. */
const FLIGHT_NUMBER = /^0*(\d{1,4}[A-Z]?)$/;
/** A flight is taken as the message's when its scheduled off-block is within this of the EOBT. */
const SAME_FLIGHT_MS = 12 * 3600_000;

export interface LiveFlightQuery {
  callsign: string;
  /** ICAO operator designator (`DLH`). */
  airline: string;
  /** The flight number of the call sign (`4AB`), as the hub's #2 takes it. */
  number: string;
  /** The number the reference family can look up (`1404`), when the call sign's tail is one. */
  referenceNumber?: string;
  /** The EOBT on its date (DOF, else its next occurrence), ms since the epoch. */
  eobtMs: number;
  /** How the EOBT was found, in words ("EOBT 1200Z on DOF 261126"). */
  eobtText: string;
  /** The UTC date of the EOBT: the date the reference family is asked for. */
  date: { year: number; month: number; day: number };
  /**
   * The flights of a call sign and date are asked once (the EOBT's minutes change nothing asked);
   * the delay is asked per flight chosen (a flight number flies several legs a day).
   */
  key: string;
  /** Fields 13 and 16: the leg of a flight number that flies several is chosen by them first. */
  origin?: string;
  destination?: string;
}

/** One flight as a service gave it, in the terms the comparison needs. */
export interface LiveFlightRecord {
  source: 'hub' | 'reference';
  /** The hub's id of the flight (#2), by which its delay (#4) is asked. */
  gufi?: string;
  callsign?: string;
  /** The status in the service's words, upper case (`FILED`, `AIRBORNE`, `CANCELLED`, `LANDED` …). */
  status?: string;
  cancelled: boolean;
  departure?: string;
  arrival?: string;
  scheduledOffBlockMs?: number;
  estimatedOffBlockMs?: number;
  actualOffBlockMs?: number;
  scheduledTakeOffMs?: number;
  estimatedTakeOffMs?: number;
  actualTakeOffMs?: number;
  scheduledLandingMs?: number;
  estimatedLandingMs?: number;
  actualLandingMs?: number;
  scheduledInBlockMs?: number;
  estimatedInBlockMs?: number;
  actualInBlockMs?: number;
  /** The departure delay the service gives (the reference's `delays`), minutes. */
  delayMinutes?: number;
  /** Where a diverted flight landed, when the service says (`arrival` stays the planned destination). */
  divertedTo?: { icao: string; name?: string };
  /**
   * Without an ATC call sign (`callsign`), how the service names the flight: its operator and
   * flight number (`EZY 2019`), which need not be the call sign field 7 files.
   */
  operatorAndNumber?: string;
  routeText?: string;
}

export interface LiveFlightDelay {
  minutes?: number;
  /** The delay record's own word on its accuracy, when it gives one. */
  accuracy?: string;
  /** The hub flight it is the delay of: another leg's delay is never shown. */
  gufi?: string;
}

/** What the session found for one query. */
export interface LiveFlightAnswer {
  query: LiveFlightQuery;
  /** Every flight the hub's #2 gave for the airline and number (all days it holds). */
  hub: LiveFlightRecord[];
  /** The hub's delay (#4) of the chosen hub flight. */
  delay?: LiveFlightDelay;
  /** The reference family's flight statuses for the carrier, number and date. */
  reference: LiveFlightRecord[];
  /** What could not be had, in words (restricted, usage limit, not a flight number …). */
  notes: string[];
  fetchedAt: number;
}

/** The flight field 7 names, with its EOBT; undefined when field 7 is no operator and flight, or no EOBT. */
export function liveFlightQuery(block: RouteBlock, nowMs: number): LiveFlightQuery | undefined {
  const fpl = block.fpl;
  const callsign = fpl?.aircraftId?.trim().toUpperCase();
  if (!fpl || !callsign) return undefined;
  const match = CALL_SIGN.exec(callsign);
  if (!match) return undefined;
  const time = fplDepartureTime(fpl, nowMs);
  if (time.ms === undefined) return undefined;
  const [, airline, number] = match as unknown as [string, string, string];
  const d = new Date(time.ms);
  const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  const referenceNumber = FLIGHT_NUMBER.exec(number)?.[1];
  return {
    callsign,
    airline,
    number,
    ...(referenceNumber ? { referenceNumber } : {}),
    eobtMs: time.ms,
    eobtText: time.text,
    date,
    key: `${callsign}@${date.year}-${date.month}-${date.day}`,
    ...(block.origin?.value ? { origin: block.origin.value.toUpperCase() } : {}),
    ...(block.destination?.value ? { destination: block.destination.value.toUpperCase() } : {}),
  };
}

/**
 * The flight of `records` the message names. One flight number flies several legs a day, each its
 * own record: the legs from field 13's aerodrome are taken first, then of those the legs to field
 * 16's, then the one whose schedule is nearest the EOBT (within 12 h); a lone untimed one else.
 */
export function chooseFlight(
  records: readonly LiveFlightRecord[],
  query: Pick<LiveFlightQuery, 'eobtMs' | 'origin' | 'destination'>,
): LiveFlightRecord | undefined {
  const narrowed = (list: readonly LiveFlightRecord[], key: 'departure' | 'arrival', code: string | undefined) => {
    const matching = code ? list.filter((r) => r[key]?.toUpperCase() === code) : [];
    return matching.length > 0 ? matching : list;
  };
  const legs = narrowed(narrowed(records, 'departure', query.origin), 'arrival', query.destination);
  let best: LiveFlightRecord | undefined;
  let bestGap = Infinity;
  for (const record of legs) {
    const at = record.scheduledOffBlockMs ?? record.estimatedOffBlockMs;
    if (at === undefined) continue;
    const gap = Math.abs(at - query.eobtMs);
    if (gap <= SAME_FLIGHT_MS && gap < bestGap) {
      best = record;
      bestGap = gap;
    }
  }
  if (best) return best;
  const untimed = legs.filter((r) => r.scheduledOffBlockMs === undefined && r.estimatedOffBlockMs === undefined);
  return legs.length === 1 && untimed.length === 1 ? untimed[0] : undefined;
}

/** The flight the message names, by each service. */
export interface ChosenFlight {
  hub?: LiveFlightRecord;
  reference?: LiveFlightRecord;
}

export function chosenFlight(answer: LiveFlightAnswer): ChosenFlight {
  const hub = chooseFlight(answer.hub, answer.query);
  const reference = chooseFlight(answer.reference, answer.query);
  return { ...(hub ? { hub } : {}), ...(reference ? { reference } : {}) };
}

/**
 * Where the chosen flight landed instead, from the first service that says, named by whichever
 * service names that aerodrome (the hub gives the code only, the reference its name too).
 */
function divertedOf(
  chosen: ChosenFlight,
): { record: LiveFlightRecord; to: { icao: string; name?: string } } | undefined {
  const record = [chosen.hub, chosen.reference].find((r) => r?.divertedTo);
  if (!record?.divertedTo) return undefined;
  const { icao } = record.divertedTo;
  const name = [chosen.hub, chosen.reference].find((r) => r?.divertedTo?.icao === icao && r.divertedTo.name)?.divertedTo
    ?.name;
  return { record, to: { icao, ...(name ? { name } : {}) } };
}

/** Words for the data a finding rests on. */
function basis(record: LiveFlightRecord, query: LiveFlightQuery): string {
  return record.source === 'hub'
    ? `the hub's flights of ${query.airline} ${query.number}`
    : `the reference family's flight status of ${query.airline} ${query.referenceNumber ?? query.number} on ${dayText(query)}`;
}

function dayText(query: LiveFlightQuery): string {
  return formatUtc(Date.UTC(query.date.year, query.date.month - 1, query.date.day)).replace(/ \d\d:\d\dZ$/, '');
}

export interface LiveFlightSettings {
  /** `icaoRoute.flights.eobtToleranceMinutes`. */
  eobtToleranceMinutes: number;
}

function finding(code: DiagnosticCode, range: Range, message: string): RouteDiagnostic {
  return { code, severity: DIAGNOSTIC_CODES[code].severity, range, message };
}

function fieldRange(block: RouteBlock, number: number): Range | undefined {
  return block.fpl?.fields.find((f) => f.number === number)?.range;
}

/**
 * L findings of one FPL block against the flight the services know: the EOBT against the
 * schedule (information past the tolerance), cancelled (warning), departure and destination
 * against fields 13 and 16 (warnings), the filed route against field 15 (information).
 */
export function liveFlightFindings(
  block: RouteBlock,
  answer: LiveFlightAnswer,
  settings: LiveFlightSettings,
): RouteDiagnostic[] {
  const { query } = answer;
  const chosen = chosenFlight(answer);
  const first = chosen.hub ?? chosen.reference;
  const field7 = fieldRange(block, 7);
  const field13 = fieldRange(block, 13);
  if (!first || !field7 || !field13) return [];
  const out: RouteDiagnostic[] = [];
  const cancelled = [chosen.hub, chosen.reference].find((r) => r?.cancelled);
  if (cancelled) {
    out.push(
      finding(
        'L002',
        field7,
        `${query.callsign} of ${formatUtc(query.eobtMs)} is cancelled (${basis(cancelled, query)}).`,
      ),
    );
  }
  const scheduled = [chosen.hub, chosen.reference].find((r) => r?.scheduledOffBlockMs !== undefined);
  if (scheduled?.scheduledOffBlockMs !== undefined) {
    const minutes = Math.round((query.eobtMs - scheduled.scheduledOffBlockMs) / 60_000);
    if (Math.abs(minutes) > settings.eobtToleranceMinutes) {
      out.push(
        finding(
          'L001',
          field13,
          `${query.eobtText} (${formatUtc(query.eobtMs)}) is ${Math.abs(minutes)} min ${minutes > 0 ? 'after' : 'before'} ` +
            `${query.callsign}'s scheduled off-block ${formatUtc(scheduled.scheduledOffBlockMs)} ` +
            `(${basis(scheduled, query)}; tolerance ${settings.eobtToleranceMinutes} min).`,
        ),
      );
    }
  }
  const departure = [chosen.hub, chosen.reference].find((r) => r?.departure);
  if (departure?.departure && block.origin && departure.departure.toUpperCase() !== block.origin.value.toUpperCase()) {
    out.push(
      finding(
        'L003',
        block.origin.range,
        `${query.callsign} departs from ${departure.departure}, field 13 says ${block.origin.value} (${basis(departure, query)}).`,
      ),
    );
  }
  const arrival = [chosen.hub, chosen.reference].find((r) => r?.arrival);
  if (
    arrival?.arrival &&
    block.destination &&
    arrival.arrival.toUpperCase() !== block.destination.value.toUpperCase()
  ) {
    out.push(
      finding(
        'L004',
        block.destination.range,
        `${query.callsign} goes to ${arrival.arrival}, field 16 says ${block.destination.value} (${basis(arrival, query)}).`,
      ),
    );
  }
  const diversion = divertedOf(chosen);
  if (diversion && block.destination) {
    const diverted = diversion.record;
    const landed = aerodromeWords(diversion.to);
    const planned = diverted.arrival ?? block.destination.value;
    out.push(
      finding(
        'L006',
        block.destination.range,
        `${query.callsign} was diverted: it landed at ${landed}, not at ${planned}` +
          `${planned.toUpperCase() === block.destination.value.toUpperCase() ? ', the destination field 16 names as planned' : ''} ` +
          `(${basis(diverted, query)}).`,
      ),
    );
  }
  const routed = [chosen.hub, chosen.reference].find((r) => r?.routeText);
  const field15 = fieldRange(block, 15);
  if (routed?.routeText && field15) {
    const differences = routeDifferences(block.routeText, routed.routeText);
    if (differences) {
      out.push(
        finding(
          'L005',
          block.routeRange ?? field15,
          `${query.callsign}'s filed route differs from field 15: ${differences} (${basis(routed, query)}).`,
        ),
      );
    }
  }
  return out;
}

/** Delay data are reliable only for flights in European airspace (hub-api.md, Limits). */
function european(record: LiveFlightRecord | undefined): boolean {
  return !!record?.departure && !!record.arrival && /^[EL]/.test(record.departure) && /^[EL]/.test(record.arrival);
}

const dayOf = (ms: number): string => formatUtc(ms).replace(/ \d{4} \d\d:\d\dZ$/, '');

/** "EDDK (Köln/Bonn)", or the code alone. */
function aerodromeWords(aerodrome: { icao: string; name?: string }): string {
  return aerodrome.name ? `${aerodrome.icao} (${aerodrome.name})` : aerodrome.icao;
}

const SOURCE_WORDS = { hub: 'hub', reference: 'reference' } as const;

type Moment = 'OffBlock' | 'TakeOff' | 'Landing' | 'InBlock';
type Kind = 'scheduled' | 'estimated' | 'actual';

/** A time of the chosen flight, from the first service that gives it (the hub, then the reference), with its source. */
function timeOf(
  chosen: ChosenFlight,
  kind: Kind,
  moment: Moment,
): { ms: number; source: 'hub' | 'reference' } | undefined {
  const key = `${kind}${moment}Ms` as keyof LiveFlightRecord;
  for (const record of [chosen.hub, chosen.reference]) {
    const ms = record?.[key];
    if (typeof ms === 'number') return { ms, source: record!.source };
  }
  return undefined;
}

function cell(time: { ms: number; source: 'hub' | 'reference' } | undefined): string {
  return time ? `${clockUtc(time.ms)} ${dayOf(time.ms)} (${SOURCE_WORDS[time.source]})` : '—';
}

/** Minutes as "28 min" or "3 h 47 min". */
function minutesText(minutes: number): string {
  const abs = Math.abs(minutes);
  return abs >= 60 ? `${Math.floor(abs / 60)} h ${abs % 60} min` : `${abs} min`;
}

export interface DelayFigure {
  minutes: number;
  /** Where the figure comes from, in words ("the hub's delay", "actual take-off 13:47Z (reference) − …"). */
  source: string;
}

/**
 * The departure delay: the one a service gives (the hub's delay record, the reference's
 * `delays`), else computed from the best time known against the scheduled off-block: the actual
 * off-block, the actual take-off (taxi-out included), then the estimated off-block.
 */
export function departureDelay(answer: LiveFlightAnswer, chosen = chosenFlight(answer)): DelayFigure | undefined {
  const delayOfChosen = !answer.delay?.gufi || answer.delay.gufi === chosen.hub?.gufi;
  if (answer.delay?.minutes !== undefined && delayOfChosen) {
    const accuracy = answer.delay.accuracy ? `, accuracy ${answer.delay.accuracy}` : '';
    return { minutes: answer.delay.minutes, source: `the hub's delay${accuracy}` };
  }
  const given = chosen.reference?.delayMinutes ?? chosen.hub?.delayMinutes;
  if (given !== undefined) return { minutes: given, source: "the reference family's delays" };
  const scheduled = timeOf(chosen, 'scheduled', 'OffBlock');
  if (!scheduled) return undefined;
  const candidates: [Kind, Moment, string][] = [
    ['actual', 'OffBlock', 'actual off-block'],
    ['actual', 'TakeOff', 'actual take-off, taxi-out included,'],
    ['estimated', 'OffBlock', 'estimated off-block'],
  ];
  for (const [kind, moment, words] of candidates) {
    const best = timeOf(chosen, kind, moment);
    if (!best) continue;
    const minutes = Math.round((best.ms - scheduled.ms) / 60_000);
    return {
      minutes,
      source:
        `computed: ${words} ${clockUtc(best.ms)} (${SOURCE_WORDS[best.source]}) against the scheduled off-block ` +
        `${clockUtc(scheduled.ms)} (${SOURCE_WORDS[scheduled.source]}); no delay given`,
    };
  }
  return undefined;
}

/** The hover on field 7: the flight's times, status, delay and aerodromes, with the limits that matter. */
export function liveFlightHover(answer: LiveFlightAnswer, nowMs: number): string {
  const { query } = answer;
  const chosen = chosenFlight(answer);
  const lines: string[] = [`**Live flight ${inlineCode(query.callsign)}** — ${escapeMarkdown(query.eobtText)}`, ''];
  const shown = chosen.hub ?? chosen.reference;
  if (!shown) {
    lines.push(
      `No flight of ${escapeMarkdown(`${query.airline} ${query.number}`)} near ${formatUtc(query.eobtMs)} is known ` +
        `(${answer.hub.length} flight${answer.hub.length === 1 ? '' : 's'} of that number at the hub, ` +
        `${answer.reference.length} flight status record${answer.reference.length === 1 ? '' : 's'}).`,
    );
    if (query.eobtMs < nowMs)
      lines.push(
        '',
        'A completed flight leaves the hub six hours after landing: a past flight may no longer be found.',
      );
  } else {
    const pick = <K extends keyof LiveFlightRecord>(key: K): LiveFlightRecord[K] | undefined =>
      chosen.hub?.[key] ?? chosen.reference?.[key];
    const status = [chosen.hub, chosen.reference]
      .filter((r): r is LiveFlightRecord => !!r?.status)
      .map((r) => `${escapeMarkdown(r.status!)} (${r.source === 'hub' ? 'hub' : 'reference'})`)
      .join(', ');
    lines.push(`Status: ${status || 'not given'}`, '');
    lines.push('| | Aerodrome | Scheduled | Estimated | Actual |', '|---|---|---|---|---|');
    const row = (label: string, aerodrome: string | undefined, moment: Moment): string =>
      `| ${label} | ${escapeMarkdown(aerodrome ?? '')} | ${cell(timeOf(chosen, 'scheduled', moment))} | ` +
      `${cell(timeOf(chosen, 'estimated', moment))} | ${cell(timeOf(chosen, 'actual', moment))} |`;
    const diverted = divertedOf(chosen)?.to;
    lines.push(row('Off-block', pick('departure') ?? '—', 'OffBlock'));
    if (['scheduled', 'estimated', 'actual'].some((k) => timeOf(chosen, k as Kind, 'TakeOff')))
      lines.push(row('Take-off', '', 'TakeOff'));
    if (['scheduled', 'estimated', 'actual'].some((k) => timeOf(chosen, k as Kind, 'Landing')))
      lines.push(row('Landing', diverted ? diverted.icao : '', 'Landing'));
    lines.push(row('In-block', diverted ? diverted.icao : (pick('arrival') ?? '—'), 'InBlock'));
    const delay = departureDelay(answer, chosen);
    lines.push('');
    if (delay) {
      const reliability = european(shown)
        ? ''
        : ' Delay data are reliable only for flights in European airspace: this one is not, so take it as uncertain.';
      const late = delay.minutes > 0 ? 'late' : delay.minutes < 0 ? 'early' : 'on time';
      lines.push(
        `Delay: ${delay.minutes === 0 ? '0 min' : `${minutesText(delay.minutes)} ${late}`} (${escapeMarkdown(delay.source)}).${reliability}`,
      );
    }
    if (diverted)
      lines.push(
        '',
        `Diverted: landed at ${escapeMarkdown(aerodromeWords(diverted))}, not at ${escapeMarkdown(pick('arrival') ?? 'its planned destination')}.`,
      );
    const named = [chosen.hub, chosen.reference].find((r) => r?.operatorAndNumber && !r.callsign);
    if (named)
      lines.push(
        '',
        `No ATC call sign given: the ${named.source === 'hub' ? 'hub' : 'reference family'} names this flight ` +
          `${escapeMarkdown(named.operatorAndNumber!)} (operator and flight number), found by field 7's operator ` +
          `and number. That is not the ATC call sign: check field 7 against the call sign filed.`,
      );
    if (/COMPLETED|LANDED/.test(pick('status') ?? ''))
      lines.push('', 'Completed: the hub drops a flight six hours after landing.');
  }
  for (const note of answer.notes) lines.push('', escapeMarkdown(note));
  return lines.join('\n');
}

/** The hover on field 7 while the live flight is still being looked up (or its answer read). */
export function liveFlightPendingHover(query: LiveFlightQuery): string {
  return (
    `**Live flight ${inlineCode(query.callsign)}** — ${escapeMarkdown(query.eobtText)}\n\n` +
    'Still being looked up (the services are asked, or a long answer is being read): hover again in a moment.'
  );
}

/** The reference family's status codes (flightStatus.status), in words. */
const REFERENCE_STATUS: Record<string, string> = {
  A: 'ACTIVE',
  C: 'CANCELLED',
  D: 'DIVERTED',
  DN: 'DATA SOURCE NEEDED',
  L: 'LANDED',
  NO: 'NOT OPERATIONAL',
  R: 'REDIRECTED',
  S: 'SCHEDULED',
  U: 'UNKNOWN',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** ISO 8601 date and time, the zone optional (`2026-11-26T09:35:00.000Z`). */
const ISO_DATE_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?)(Z|[+-]\d\d:\d\d)?$/i;

/**
 * An instant of the reference family (`{ dateUtc }`); `dateLocal` (local to its airport, without
 * a zone) is no instant and is never read. A `dateUtc` without its `Z` is still UTC: read as this
 * machine's local time (what Date.parse does) it would be off by the machine's zone.
 */
function utcOf(value: unknown): number | undefined {
  if (!isObject(value) || typeof value.dateUtc !== 'string') return undefined;
  const match = ISO_DATE_TIME.exec(value.dateUtc.trim());
  if (!match) return undefined;
  const ms = Date.parse(`${match[1]}${match[2] ?? 'Z'}`);
  return Number.isFinite(ms) ? ms : undefined;
}

/** The ICAO code of an airport the record references (appendix resolved, or inlined). */
function airportIcao(record: Record<string, unknown>, key: string): string | undefined {
  const airport = record[key];
  if (isObject(airport) && typeof airport.icao === 'string' && airport.icao) return airport.icao.toUpperCase();
  return undefined;
}

/** An airport the record references, with its name when the appendix gives one. */
function airportOf(value: unknown): { icao: string; name?: string } | undefined {
  if (!isObject(value) || typeof value.icao !== 'string' || !value.icao) return undefined;
  const name = typeof value.name === 'string' && value.name.trim() ? value.name.trim().slice(0, 80) : undefined;
  return { icao: value.icao.toUpperCase(), ...(name ? { name } : {}) };
}

/**
 * Where a diverted flight landed: `divertedAirport` (the appendix's airport for
 * `divertedAirportFsCode`), else the new arrival airport of an `irregularOperations` DIVERSION.
 */
function divertedTo(record: Record<string, unknown>): { icao: string; name?: string } | undefined {
  const direct = airportOf(record.divertedAirport);
  if (direct) return direct;
  const operations = Array.isArray(record.irregularOperations) ? record.irregularOperations : [];
  for (const operation of operations) {
    if (!isObject(operation) || String(operation.type).toUpperCase() !== 'DIVERSION') continue;
    const airport = airportOf(operation.newArrivalAirport);
    if (airport) return airport;
  }
  // A code the appendix did not resolve gives no ICAO to show.
  return undefined;
}

/** One flight status record of the reference family; fields it lacks stay unknown, never guessed. */
export function referenceFlightRecord(record: Record<string, unknown>): LiveFlightRecord {
  const code = typeof record.status === 'string' ? record.status.toUpperCase() : undefined;
  const times = isObject(record.operationalTimes) ? record.operationalTimes : {};
  const delays = isObject(record.delays) ? record.delays : {};
  const out: LiveFlightRecord = { source: 'reference', cancelled: code === 'C' };
  if (code) out.status = REFERENCE_STATUS[code] ?? code;
  const departure = airportIcao(record, 'departureAirport');
  if (departure) out.departure = departure;
  const arrival = airportIcao(record, 'arrivalAirport');
  if (arrival) out.arrival = arrival;
  const diverted = divertedTo(record);
  if (diverted && diverted.icao !== arrival) out.divertedTo = diverted;
  const set = (key: keyof LiveFlightRecord, ms: number | undefined) => {
    if (ms !== undefined) (out as unknown as Record<string, unknown>)[key] = ms;
  };
  set('scheduledOffBlockMs', utcOf(times.scheduledGateDeparture) ?? utcOf(record.departureDate));
  set('estimatedOffBlockMs', utcOf(times.estimatedGateDeparture));
  set('actualOffBlockMs', utcOf(times.actualGateDeparture));
  set('scheduledTakeOffMs', utcOf(times.scheduledRunwayDeparture));
  set('estimatedTakeOffMs', utcOf(times.estimatedRunwayDeparture));
  set('actualTakeOffMs', utcOf(times.actualRunwayDeparture));
  set('scheduledLandingMs', utcOf(times.scheduledRunwayArrival));
  set('estimatedLandingMs', utcOf(times.estimatedRunwayArrival));
  set('actualLandingMs', utcOf(times.actualRunwayArrival));
  set('scheduledInBlockMs', utcOf(times.scheduledGateArrival) ?? utcOf(record.arrivalDate));
  set('estimatedInBlockMs', utcOf(times.estimatedGateArrival));
  set('actualInBlockMs', utcOf(times.actualGateArrival));
  const delay = delays.departureGateDelayMinutes ?? delays.departureRunwayDelayMinutes;
  if (typeof delay === 'number' && Number.isFinite(delay)) out.delayMinutes = delay;
  return out;
}

/** The FPL block whose field 7 holds the position (the live flight's hover), if any. */
export function callSignBlockAt(document: RouteDocument, position: Position): RouteBlock | undefined {
  for (const block of document.blocks) {
    if (block.kind !== 'fpl' || position.line < block.range.start.line || position.line > block.range.end.line)
      continue;
    const range = block.fpl?.fields.find((f) => f.number === 7)?.range;
    if (!range || range.start.line !== position.line) return undefined;
    return position.character >= range.start.character && position.character <= range.end.character ? block : undefined;
  }
  return undefined;
}
