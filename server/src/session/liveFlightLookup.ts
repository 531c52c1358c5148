/**
 * The live flight behind an FPL message's call sign, fetched by the session: the hub's flights of
 * the airline and number (#2, active, cancelled and completed), the delay of the one the message
 * names (#4), and the reference family's flight status by carrier, number and date. Comparison
 * and words are remote/liveFlight.ts.
 *
 * The usage limit is the user's money: one lookup of the flights per call sign and date, and one
 * of the delay per flight chosen (the legs of one flight number each have their own), kept for
 * `ttlMs` (default 5 minutes), identical lookups in flight share one promise, and callers ask only once
 * the parse has settled (the document pipeline) or on hover — never per keystroke. The flights of
 * an operator (#1, completion of field 7) are fetched once per operator and kept 30 minutes.
 *
 * A refusal that asking again cannot lift (403 of a restricted group, refused credentials) stops
 * those calls until the service's client changes, the usage limit stops that service's calls for
 * 15 minutes, and the 'flights' status says it once; the answer keeps what the other service gave and says in words what is missing.
 */
import {
  flightListNotices,
  isServiceError,
  type FlightSummary,
  type HubClient,
  type ReferenceClient,
  type ServiceErrorKind,
} from '../hub';
export type { OperatorFlight };
import type { RouteBlock, RouteDiagnostic, RouteDocument } from '../route/model';
import {
  chooseFlight,
  liveFlightFindings,
  liveFlightQuery,
  referenceFlightRecord,
  type LiveFlightAnswer,
  type LiveFlightDelay,
  type LiveFlightQuery,
  type LiveFlightRecord,
  type LiveFlightSettings,
} from '../remote/liveFlight';
import type { OperatorFlight } from '../services/flightNumberCompletion';
import { failureStatus, type SourceStatuses } from './status';

const DEFAULT_TTL_MS = 5 * 60_000;
const OPERATOR_TTL_MS = 30 * 60_000;
/** #2 without a status gives the active flights only; cancelled and completed ones need asking. */
const HUB_STATUSES = [undefined, 'CANCELLED', 'COMPLETED'] as const;
/** After the usage limit answers, that service is not asked for this long. */
const USAGE_LIMIT_PAUSE_MS = 15 * 60_000;
/** Refusals that asking again soon cannot lift. */
const FINAL: ReadonlySet<ServiceErrorKind> = new Set(['restricted', 'usageLimit', 'notAuthorised']);

/**
 * FPL messages of one document whose live flights are asked once it is still, at most: a file of
 * hundreds of messages would spend the usage limit on flights nobody looks at. The others are
 * asked when their field 7 is hovered.
 */
export const MAX_LOOKUPS_PER_DOCUMENT = 50;

export interface LiveFlightOptions {
  ttlMs?: number;
  /** Told once per document size that the lookups stop at MAX_LOOKUPS_PER_DOCUMENT (the output log). */
  log?: (message: string) => void;
  now?: () => number;
  /** `icaoRoute.reference.useHttpErrors`. */
  useHttpErrors?: () => boolean;
  /** The appId/appKey in use, cut out of any text that reaches a status. */
  secrets?: () => (string | null | undefined)[];
  /** Answers (and operators) kept at most, the oldest dropped first (default 500). */
  maxKept?: number;
}

interface SessionClients {
  readonly hubClient: HubClient | undefined;
  readonly referenceClient: ReferenceClient | undefined;
  readonly statuses: SourceStatuses;
}

type Service = 'hub' | 'reference';

const ENDPOINT_WORDS: Record<string, string> = {
  airlineFlights: "The hub's flights of an airline",
  airlineFlightNumber: "The hub's flights of an airline and number",
  flightDelay: "The hub's flight delay",
  flightStatus: "The reference family's flight status",
};

/** The hub's delay (#4) of one flight, with what the hover says of it. */
interface DelayEntry {
  delay?: LiveFlightDelay;
  notes: string[];
  /** Not had for a failure of the service (a missing delay is no failure). */
  failed?: boolean;
  fetchedAt: number;
}

export class LiveFlightLookup {
  /** The flights of a call sign and date, without a delay: that is the chosen flight's, in `delays`. */
  private readonly answers = new Map<string, LiveFlightAnswer>();
  private readonly pending = new Map<string, Promise<LiveFlightAnswer>>();
  /** By GUFI. */
  private readonly delays = new Map<string, DelayEntry>();
  private readonly pendingDelays = new Map<string, Promise<DelayEntry>>();
  /** Flights fetched while a service failed: no recovery to say. */
  private readonly failedFlights = new WeakSet<LiveFlightAnswer>();
  private readonly operators = new Map<string, { flights: OperatorFlight[]; fetchedAt: number }>();
  private readonly pendingOperators = new Map<string, Promise<OperatorFlight[]>>();
  /**
   * Why a service (the usage limit, refused credentials) or one of its endpoints (a restricted
   * group, e.g. `hub:flightDelay`) is not asked any more, until the service's client changes.
   */
  private readonly refused = new Map<string, { words: string; until: number }>();
  private hub: HubClient | undefined;
  private reference: ReferenceClient | undefined;
  settings: LiveFlightSettings = { eobtToleranceMinutes: 15 };

  constructor(
    private readonly session: SessionClients,
    private readonly options: LiveFlightOptions = {},
  ) {}

  now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The flight field 7 of the block names, with its EOBT; undefined when there is none to ask for. */
  queryOf(block: RouteBlock): LiveFlightQuery | undefined {
    return block.kind === 'fpl' ? liveFlightQuery(block, this.now()) : undefined;
  }

  /** The answer for the query if fetched and still fresh, without asking. */
  cached(query: LiveFlightQuery): LiveFlightAnswer | undefined {
    this.follow();
    const flights = this.cachedFlights(query);
    if (!flights) return undefined;
    const gufi = this.delayWanted(flights, query);
    if (gufi === undefined) return { ...flights, query };
    const entry = this.delays.get(gufi);
    return entry && this.fresh(entry.fetchedAt) ? withDelay(flights, query, entry) : undefined;
  }

  /**
   * The live flight of the query: the flights of its call sign and date, then the delay of the
   * one this message names (the same call sign and date may be another leg, another EOBT);
   * identical lookups in flight shared, answers cached.
   */
  async lookup(query: LiveFlightQuery): Promise<LiveFlightAnswer> {
    const fresh = this.cached(query);
    if (fresh) return fresh;
    const cachedFlights = this.cachedFlights(query);
    const flights = cachedFlights ?? (await this.lookupFlights(query));
    const gufi = this.delayWanted(flights, query);
    const entry = gufi === undefined ? undefined : await this.lookupDelay(gufi);
    if (!cachedFlights && !this.failedFlights.has(flights) && !entry?.failed) this.succeeded();
    return entry ? withDelay(flights, query, entry) : { ...flights, query };
  }

  private fresh(fetchedAt: number): boolean {
    return this.now() - fetchedAt < (this.options.ttlMs ?? DEFAULT_TTL_MS);
  }

  /** The flights of the query's call sign and date, if fetched and fresh. */
  private cachedFlights(query: LiveFlightQuery): LiveFlightAnswer | undefined {
    const answer = this.answers.get(query.key);
    return answer && this.fresh(answer.fetchedAt) ? answer : undefined;
  }

  /** The GUFI of the hub flight the query names, when its delay is to be asked. */
  private delayWanted(flights: LiveFlightAnswer, query: LiveFlightQuery): string | undefined {
    const chosen = chooseFlight(flights.hub, query);
    return chosen && !chosen.cancelled ? chosen.gufi : undefined;
  }

  private lookupDelay(gufi: string): Promise<DelayEntry> {
    let promise = this.pendingDelays.get(gufi);
    if (!promise) {
      const hub = this.hub;
      promise = this.fetchDelay(gufi)
        .then((entry) => {
          if (this.hub === hub) keep(this.delays, gufi, entry, this.options.maxKept ?? MAX_KEPT);
          return entry;
        })
        .finally(() => this.pendingDelays.delete(gufi));
      this.pendingDelays.set(gufi, promise);
    }
    return promise;
  }

  private lookupFlights(query: LiveFlightQuery): Promise<LiveFlightAnswer> {
    let promise = this.pending.get(query.key);
    if (!promise) {
      const hub = this.hub;
      const reference = this.reference;
      promise = this.fetch(query)
        .then((answer) => {
          if (this.hub === hub && this.reference === reference)
            keep(this.answers, query.key, answer, this.options.maxKept ?? MAX_KEPT);
          return answer;
        })
        .finally(() => this.pending.delete(query.key));
      this.pending.set(query.key, promise);
    }
    return promise;
  }

  /**
   * The live flight of the query if it is had within `waitMs` (the hover's bound: a long answer
   * being read must not hold the hover); undefined after that, the lookup going on and its
   * answer cached for the next hover.
   */
  lookupWithin(query: LiveFlightQuery, waitMs: number): Promise<LiveFlightAnswer | undefined> {
    const answer = this.lookup(query);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
      timer.unref?.();
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }

  /** True while a service can be asked (a hub key, or the reference credentials, set). */
  get enabled(): boolean {
    return this.session.hubClient !== undefined || this.session.referenceClient !== undefined;
  }

  /** L findings of the document's FPL messages from the answers cached now (nothing asked). */
  findings(document: RouteDocument): RouteDiagnostic[] {
    // Every version of every document comes here: without an answer there is nothing to walk.
    this.follow();
    if (this.answers.size === 0) return [];
    const out: RouteDiagnostic[] = [];
    for (const block of document.blocks) {
      const query = this.queryOf(block);
      const answer = query && this.cached(query);
      if (answer) out.push(...liveFlightFindings(block, answer, this.settings));
    }
    return out;
  }

  /**
   * Asks for the flights of the document's first MAX_LOOKUPS_PER_DOCUMENT call signs and dates not
   * cached yet (one lookup each, whatever the number of messages naming it); resolves with the
   * document's L findings.
   */
  async refresh(document: RouteDocument): Promise<RouteDiagnostic[]> {
    // Each message of a call sign and date asked: the flights are asked once, the delay per leg.
    const queries = new Map<string, LiveFlightQuery[]>();
    const beyond = new Set<string>();
    for (const block of document.blocks) {
      const query = this.queryOf(block);
      if (!query) continue;
      const same = queries.get(query.key);
      if (same) same.push(query);
      else if (queries.size < MAX_LOOKUPS_PER_DOCUMENT) queries.set(query.key, [query]);
      else beyond.add(query.key);
    }
    if (queries.size === 0) return [];
    if (!this.enabled) return [];
    if (beyond.size > 0) this.sayCapped(queries.size + beyond.size);
    await Promise.all([...queries.values()].flat().map((q) => this.lookup(q).catch(() => undefined)));
    return this.findings(document);
  }

  /** Sizes of documents whose capped lookups were said (once each). */
  private readonly saidCapped = new Set<number>();

  private sayCapped(total: number): void {
    if (this.saidCapped.has(total) || this.saidCapped.size > 100) return;
    this.saidCapped.add(total);
    this.options.log?.(
      `Live flights: a document names ${total} call signs (and dates); the first ${MAX_LOOKUPS_PER_DOCUMENT} are ` +
        'looked up once it is still, the others when field 7 is hovered (the usage limit is your money).',
    );
  }

  /** The operator's flight numbers if fetched and fresh (completion's fast path). */
  cachedFlightsOf(airline: string): OperatorFlight[] | undefined {
    this.follow();
    const entry = this.operators.get(airline.toUpperCase());
    if (!entry || this.now() - entry.fetchedAt >= OPERATOR_TTL_MS) return undefined;
    return entry.flights;
  }

  /** The flights of an operator (#1), fetched once per operator and cached; [] when the hub cannot say. */
  flightsOf(airline: string): Promise<OperatorFlight[]> {
    const code = airline.toUpperCase();
    const fresh = this.cachedFlightsOf(code);
    if (fresh) return Promise.resolve(fresh);
    let promise = this.pendingOperators.get(code);
    if (!promise) {
      const hub = this.hub;
      promise = this.fetchOperator(code)
        .then((flights) => {
          if (this.hub === hub)
            keep(this.operators, code, { flights, fetchedAt: this.now() }, this.options.maxKept ?? MAX_KEPT);
          return flights;
        })
        .finally(() => this.pendingOperators.delete(code));
      this.pendingOperators.set(code, promise);
    }
    return promise;
  }

  /** New clients (new key, credentials or settings) may have the access the old ones lacked. */
  private follow(): void {
    const { hubClient, referenceClient } = this.session;
    if (hubClient === this.hub && referenceClient === this.reference) return;
    for (const [service, changed] of [
      ['hub', hubClient !== this.hub],
      ['reference', referenceClient !== this.reference],
    ] as const) {
      if (!changed) continue;
      for (const key of [...this.refused.keys()]) if (key.split(':')[0] === service) this.refused.delete(key);
    }
    if (hubClient !== this.hub) {
      this.operators.clear();
      this.delays.clear();
    }
    this.hub = hubClient;
    this.reference = referenceClient;
    this.answers.clear();
  }

  private async fetchOperator(airline: string): Promise<OperatorFlight[]> {
    const hub = this.session.hubClient;
    if (!hub || this.refusal('hub', 'airlineFlights')) return [];
    try {
      const list = await hub.airlineFlights(airline);
      return operatorFlights(airline, list.flights);
    } catch (error) {
      this.failed('hub', 'airlineFlights', error);
      return [];
    }
  }

  private async fetch(query: LiveFlightQuery): Promise<LiveFlightAnswer> {
    this.follow();
    const notes: string[] = [];
    const [hubPart, reference] = await Promise.all([this.fromHub(query, notes), this.fromReference(query, notes)]);
    const answer: LiveFlightAnswer = {
      query,
      hub: hubPart.records,
      reference: reference.records,
      notes,
      fetchedAt: this.now(),
    };
    if (hubPart.failed || reference.failed) this.failedFlights.add(answer);
    return answer;
  }

  private async fromHub(
    query: LiveFlightQuery,
    notes: string[],
  ): Promise<{ records: LiveFlightRecord[]; failed?: boolean }> {
    const hub = this.session.hubClient;
    if (!hub) {
      notes.push("No hub key is set: the hub's flights are not asked (ICAO Route: Set Hub Key).");
      return { records: [] };
    }
    const refused = this.refusal('hub', 'airlineFlightNumber');
    if (refused) {
      notes.push(refused);
      return { records: [], failed: true };
    }
    let summaries: FlightSummary[];
    try {
      const lists = await Promise.all(
        HUB_STATUSES.map((status) => hub.airlineFlightNumber(query.airline, query.number, status ? { status } : {})),
      );
      summaries = uniqueByGufi(lists.flatMap((l) => l.flights));
      const said = new Set(
        lists.flatMap((l) => flightListNotices(l, `The hub's flights of ${query.airline} ${query.number}`)),
      );
      notes.push(...said);
    } catch (error) {
      notes.push(this.failed('hub', 'airlineFlightNumber', error));
      return { records: [], failed: true };
    }
    return { records: summaries.map(hubRecord) };
  }

  /** The hub's delay (#4) of one flight; a failure said in the entry's notes. */
  private async fetchDelay(gufi: string): Promise<DelayEntry> {
    const notes: string[] = [];
    const entry = (delay?: LiveFlightDelay, failed = false): DelayEntry => ({
      ...(delay ? { delay } : {}),
      notes,
      ...(failed ? { failed } : {}),
      fetchedAt: this.now(),
    });
    const hub = this.session.hubClient;
    if (!hub) return entry();
    const refused = this.refusal('hub', 'flightDelay');
    if (refused) {
      notes.push(refused);
      return entry(undefined, true);
    }
    try {
      const delay = await hub.flightDelay(gufi);
      const accuracy = typeof delay.record.accuracy === 'string' ? delay.record.accuracy : undefined;
      return entry({
        gufi,
        ...(delay.delayMinutes !== undefined ? { minutes: delay.delayMinutes } : {}),
        ...(accuracy ? { accuracy } : {}),
      });
    } catch (error) {
      if (isServiceError(error) && error.kind === 'notFound') {
        notes.push('The hub holds no delay for this flight (a completed flight leaves it six hours after landing).');
        return entry();
      }
      notes.push(this.failed('hub', 'flightDelay', error));
      return entry(undefined, true);
    }
  }

  private async fromReference(
    query: LiveFlightQuery,
    notes: string[],
  ): Promise<{ records: LiveFlightRecord[]; failed?: boolean }> {
    const reference = this.session.referenceClient;
    if (!reference) return { records: [] };
    if (!query.referenceNumber) {
      notes.push(
        `The reference family's flight status is asked by flight number: ${query.callsign}'s ` +
          `'${query.number}' is a call sign, not a flight number, so it is not asked.`,
      );
      return { records: [] };
    }
    const refused = this.refusal('reference', 'flightStatus');
    if (refused) {
      notes.push(refused);
      return { records: [], failed: true };
    }
    try {
      // The date is the EOBT's UTC date (ICAO times are UTC); without utc=true the service takes
      // it as the date local to the departure airport and may answer another day's flight.
      const result = await reference.flightStatus(query.airline, query.referenceNumber, query.date, {
        utc: true,
        extendedOptions: { useHttpErrors: this.options.useHttpErrors?.() ?? false },
      });
      if (result.notRead)
        notes.push(
          `The reference family's answer held ${result.notRead} more flight status records than the ` +
            `${result.flightStatuses.length} read; they are not compared.`,
        );
      if (result.leftOut)
        notes.push(
          `The reference family's answer held ${result.leftOut} flight status ${result.leftOut === 1 ? 'entry' : 'entries'} ` +
            `that ${result.leftOut === 1 ? 'is' : 'are'} not a record, left out; the ${result.flightStatuses.length} others are compared.`,
        );
      return { records: result.flightStatuses.map(referenceFlightRecord) };
    } catch (error) {
      notes.push(this.failed('reference', 'flightStatus', error));
      return { records: [], failed: true };
    }
  }

  /** Why the endpoint is not asked any more, if it is not. */
  private refusal(service: Service, endpoint: string): string | undefined {
    const now = this.now();
    for (const key of [service, `${service}:${endpoint}`]) {
      const refusal = this.refused.get(key);
      if (refusal && now < refusal.until) return refusal.words;
      if (refusal) this.refused.delete(key);
    }
    return undefined;
  }

  /** One status per kind of failure; a final refusal stops the calls it concerns. Returns the words for the hover. */
  private failed(service: Service, endpoint: string, error: unknown): string {
    const secrets = service === 'reference' ? (this.options.secrets?.() ?? []) : [];
    const status = failureStatus(error, service, secrets, 'flights');
    const what = ENDPOINT_WORDS[endpoint] ?? endpoint;
    let words = status?.message ?? `${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (isServiceError(error) && FINAL.has(error.kind)) {
      const remote = service === 'hub' ? 'the hub' : 'the reference service';
      words =
        error.kind === 'usageLimit'
          ? `Nothing is asked of ${remote} for ${USAGE_LIMIT_PAUSE_MS / 60_000} minutes: the application's usage limit is exceeded (${what} refused).`
          : error.kind === 'restricted'
            ? `${what} need${what.endsWith('s') ? '' : 's'} access to a restricted group of ${remote} (HTTP 403): ask for approval.`
            : `${remote} refused the credentials (${what}).`;
      // A restricted group closes that endpoint only; the usage limit and bad credentials the whole service.
      // The usage limit may be a window that ends: asked again after a pause. The others last until
      // the service's client changes (a new key, new credentials).
      const until = error.kind === 'usageLimit' ? this.now() + USAGE_LIMIT_PAUSE_MS : Infinity;
      this.refused.set(error.kind === 'restricted' ? `${service}:${endpoint}` : service, { words, until });
    }
    if (status) this.session.statuses.set('flights', { ...status, message: `Live flights: ${words}` });
    return words;
  }

  private succeeded(): void {
    const statuses = this.session.statuses;
    if (statuses.get('flights').state !== 'ok')
      statuses.set('flights', { state: 'ok', source: 'hub', message: 'Flights from the hub.' });
  }
}

/** The flights of a call sign and date with the delay of the one `query` names. */
function withDelay(flights: LiveFlightAnswer, query: LiveFlightQuery, entry: DelayEntry): LiveFlightAnswer {
  return {
    ...flights,
    query,
    ...(entry.delay ? { delay: entry.delay } : {}),
    notes: [...flights.notes, ...entry.notes],
  };
}

/** Answers kept at most (default): a long session with many messages keeps the latest ones. */
const MAX_KEPT = 500;

function keep<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as string);
}

/** The operator's flight numbers, one per number (the nearest schedule first), by number. */
export function operatorFlights(airline: string, flights: readonly FlightSummary[]): OperatorFlight[] {
  const byNumber = new Map<string, OperatorFlight>();
  for (const flight of flights) {
    // Without an ATC call sign, the operator and flight number: offered, said not to be the call sign.
    const atc = flight.callsign?.trim().toUpperCase();
    const callsign =
      atc ??
      (flight.operator?.toUpperCase() === airline && flight.flightNumber ? `${airline}${flight.flightNumber}` : '');
    if (!callsign.startsWith(airline) || callsign.length <= airline.length) continue;
    const number = callsign.slice(airline.length);
    if (byNumber.has(number)) continue;
    byNumber.set(number, {
      number,
      callsign,
      ...(atc ? {} : { notAtcCallsign: true }),
      ...(flight.departure ? { departure: flight.departure } : {}),
      ...(flight.arrival ? { arrival: flight.arrival } : {}),
      ...(flight.scheduledDeparture ? { scheduledDeparture: flight.scheduledDeparture } : {}),
      ...(flight.status ? { status: flight.status } : {}),
    });
  }
  return [...byNumber.values()].sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
}

/** A hub flight summary in the comparison's terms. */
export function hubRecord(flight: FlightSummary): LiveFlightRecord {
  const status = flight.status?.toUpperCase();
  const ms = (text: string | undefined): number | undefined => {
    const value = text ? Date.parse(text) : NaN;
    return Number.isFinite(value) ? value : undefined;
  };
  const record: LiveFlightRecord = { source: 'hub', cancelled: status === 'CANCELLED' };
  if (flight.gufi) record.gufi = flight.gufi;
  if (flight.callsign) record.callsign = flight.callsign;
  else if (flight.operator && flight.flightNumber)
    record.operatorAndNumber = `${flight.operator} ${flight.flightNumber}`;
  if (status) record.status = status;
  if (flight.departure) record.departure = flight.departure.toUpperCase();
  // The planned destination (field 16's); where a diverted flight landed is said apart.
  const arrival = flight.originalArrival ?? flight.arrival;
  if (arrival) record.arrival = arrival.toUpperCase();
  if (flight.originalArrival && flight.arrival && flight.arrival !== flight.originalArrival)
    record.divertedTo = { icao: flight.arrival.toUpperCase() };
  const times: [keyof LiveFlightRecord, string | undefined][] = [
    ['scheduledOffBlockMs', flight.scheduledDeparture],
    ['estimatedOffBlockMs', flight.estimatedDeparture ?? flight.eobt],
    ['actualOffBlockMs', flight.actualDeparture],
    ['estimatedTakeOffMs', flight.estimatedTakeOff],
    ['actualTakeOffMs', flight.actualTakeOff],
    ['estimatedLandingMs', flight.estimatedLanding],
    ['actualLandingMs', flight.actualLanding],
    ['scheduledInBlockMs', flight.scheduledArrival],
    ['estimatedInBlockMs', flight.estimatedArrival],
    ['actualInBlockMs', flight.actualArrival],
  ];
  for (const [key, text] of times) {
    const value = ms(text);
    if (value !== undefined) (record as unknown as Record<string, unknown>)[key] = value;
  }
  if (flight.routeText) record.routeText = flight.routeText;
  return record;
}

function uniqueByGufi(flights: FlightSummary[]): FlightSummary[] {
  const seen = new Set<string>();
  return flights.filter((f) => {
    if (!f.gufi) return true;
    if (seen.has(f.gufi)) return false;
    seen.add(f.gufi);
    return true;
  });
}
