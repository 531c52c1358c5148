/**
 * Routes others filed for a city pair, from the hub: the flights between the two aerodromes
 * (endpoint #5, FILED, SCHEDULED and AIRBORNE, as FIXM with route text) and, for a flight whose
 * summary carries no route, its detail by GUFI (#3). Grouping is remote/filedRoutes.ts.
 *
 * The usage limit is the user's money: an answer is kept for `ttlMs` (default 10 minutes: filed
 * plans change slowly, and a lookup is several calls), identical lookups in flight share one
 * promise, and callers ask only when completion is asked on an empty route line or the command
 * runs — never per keystroke.
 *
 * Flight detail is a restricted group: on its 403 the lookup keeps what #5 alone gave, stops
 * asking for details until the hub client changes, and the 'flights' status says so once.
 */
import {
  flightListNotices,
  HubError,
  isServiceError,
  MAX_ROUTE_TEXT_CHARS,
  type FlightList,
  type FlightSummary,
  type HubClient,
} from '../hub';
import type { NavDatabase } from '../navdata/loader';
import { filedRouteLengthNm } from '../services/filedRouteLength';
import { groupFiledRoutes, type FiledRouteGroup } from '../remote/filedRoutes';
import type { SourceStatuses } from './status';

export const FILED_ROUTE_STATUSES = ['FILED', 'SCHEDULED', 'AIRBORNE'] as const;
const DEFAULT_TTL_MS = 10 * 60_000;
/** Details asked per lookup at most: a busy city pair must not spend the usage limit. */
const DEFAULT_MAX_DETAILS = 20;

export interface FiledRoutes {
  origin: string;
  destination: string;
  groups: FiledRouteGroup[];
  /** Flights found by #5. */
  flights: number;
  /** Flights whose route text could not be had (no route in #5, detail refused or not asked). */
  withoutRoute: number;
  /** Set when flight detail (#3) answered 403: the routes are only those #5 carried. */
  detailRestricted?: string;
  /** What the bounds left out (flights past the per-answer cap, overlong routes, details not asked); absent when nothing. */
  leftOut?: FiledRoutesLeftOut;
  /** When the answer was fetched (ms since epoch). */
  fetchedAt: number;
}

/** What a lookup left out: a short line (the quick pick's title, completion's documentation) and each reason in full (the output log). */
export interface FiledRoutesLeftOut {
  summary: string;
  details: string[];
}

export interface FiledRoutesOptions {
  /** The navigation data if already loaded (never waited for): gives each route its length. */
  navdata?: () => NavDatabase | undefined;
  ttlMs?: number;
  maxDetails?: number;
  now?: () => number;
}

export const RESTRICTED_DETAIL_MESSAGE =
  'Routes filed by others need access to the hub\u2019s flight detail (a restricted group, HTTP 403); ' +
  'showing only the routes the list of flights between the aerodromes carries.';

export class FiledRouteLookup {
  private readonly answers = new Map<string, FiledRoutes>();
  private readonly pending = new Map<string, Promise<FiledRoutes>>();
  private client: HubClient | undefined;
  private restricted = false;

  constructor(
    private readonly session: { readonly hubClient: HubClient | undefined; readonly statuses: SourceStatuses },
    private readonly options: FiledRoutesOptions = {},
  ) {}

  /** The answer for the pair if fetched and still fresh, without asking (completion's fast path). */
  cached(origin: string, destination: string): FiledRoutes | undefined {
    this.follow();
    const answer = this.answers.get(pairKey(origin, destination));
    if (!answer) return undefined;
    if (this.now() - answer.fetchedAt >= (this.options.ttlMs ?? DEFAULT_TTL_MS)) return undefined;
    return answer;
  }

  /** The routes filed between the two aerodromes; one lookup per pair in flight, answers cached. */
  lookup(origin: string, destination: string): Promise<FiledRoutes> {
    const fresh = this.cached(origin, destination);
    if (fresh) return Promise.resolve(fresh);
    const key = pairKey(origin, destination);
    let promise = this.pending.get(key);
    if (!promise) {
      const client = this.client;
      promise = this.fetch(origin.toUpperCase(), destination.toUpperCase())
        .then((answer) => {
          if (this.client === client) this.answers.set(key, answer);
          return answer;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, promise);
    }
    return promise;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** A new hub client (new key or settings) may have the access the old one lacked. */
  private follow(): void {
    const client = this.session.hubClient;
    if (client === this.client) return;
    this.client = client;
    this.restricted = false;
    this.answers.clear();
  }

  private async fetch(origin: string, destination: string): Promise<FiledRoutes> {
    const statuses = this.session.statuses;
    const hub = this.session.hubClient;
    if (!hub) {
      // The session's own way of saying there is no key: one 'local' status and a configuration error.
      return statuses.track('flights', undefined, 'No hub key is set (ICAO Route: Set Hub Key).', async () => {
        throw new HubError('configuration', 'No hub key is set.');
      });
    }
    let flights: FlightSummary[];
    let lists: FlightList[];
    try {
      lists = await Promise.all(
        FILED_ROUTE_STATUSES.map((status) => hub.flightsBetween(origin, destination, { status, format: 'xml' })),
      );
      flights = uniqueByGufi(lists.flatMap((list) => list.flights));
    } catch (error) {
      statuses.failed('flights', error);
      throw error;
    }
    const maxDetails = this.options.maxDetails ?? DEFAULT_MAX_DETAILS;
    const needDetail = flights.filter((f) => !f.routeText && f.gufi).slice(0, maxDetails);
    const detailed = new Map<string, FlightSummary>();
    for (const flight of needDetail) {
      if (this.restricted) break;
      try {
        const detail = await hub.flightByGufi(flight.gufi!, { format: 'xml' });
        if (detail.flight) detailed.set(flight.gufi!, detail.flight);
      } catch (error) {
        if (isServiceError(error) && error.kind === 'restricted') {
          this.restricted = true;
          break;
        }
        // One flight's detail failing does not reject the others: it counts as without route.
        if (isServiceError(error) && error.kind !== 'notFound' && error.kind !== 'malformedResponse') {
          statuses.failed('flights', error);
          throw error;
        }
      }
    }
    const complete = flights.map((f) => {
      const detail = f.gufi ? detailed.get(f.gufi) : undefined;
      return detail?.routeText ? { ...f, routeText: detail.routeText } : f;
    });
    const groups = groupFiledRoutes(complete);
    const db = this.options.navdata?.();
    if (db) {
      for (const group of groups) {
        const length = filedRouteLengthNm(db, origin, destination, group.latestText);
        if (length !== undefined) group.lengthNm = length;
      }
    }
    const withRoute = complete.filter((f) => f.routeText?.trim()).length;
    // Past the cap, flights without a route in the list were not looked up (a 403 says its own reason).
    const notAsked = this.restricted ? 0 : flights.filter((f) => !f.routeText && f.gufi).length - needDetail.length;
    const leftOut = filedRoutesLeftOut(origin, destination, lists, notAsked, maxDetails);
    if (this.restricted) {
      // Said once: the status changes only when its text does.
      statuses.set('flights', {
        state: 'degraded',
        source: 'hub',
        kind: 'restricted',
        message: RESTRICTED_DETAIL_MESSAGE,
      });
    } else if (statuses.get('flights').state !== 'ok') {
      statuses.set('flights', { state: 'ok', source: 'hub', message: 'Routes filed by others from the hub.' });
    }
    return {
      origin,
      destination,
      groups,
      flights: complete.length,
      withoutRoute: complete.length - withRoute,
      ...(this.restricted ? { detailRestricted: RESTRICTED_DETAIL_MESSAGE } : {}),
      ...(leftOut ? { leftOut } : {}),
      fetchedAt: this.now(),
    };
  }
}

/**
 * What the bounds left out of a lookup, in words: flights past the cap of each list (FILED,
 * SCHEDULED, AIRBORNE, in that order), route texts too long to read, and flights whose route
 * was not looked up past `maxDetails`. Undefined when nothing was left out.
 */
export function filedRoutesLeftOut(
  origin: string,
  destination: string,
  lists: readonly FlightList[],
  notAsked: number,
  maxDetails: number,
): FiledRoutesLeftOut | undefined {
  const details = lists.flatMap((list, i) =>
    flightListNotices(list, `The ${FILED_ROUTE_STATUSES[i] ?? ''} flights between ${origin} and ${destination}`),
  );
  const parts: string[] = [];
  const read = lists.reduce((n, list) => n + list.flights.length, 0);
  const notRead = lists.reduce((n, list) => n + (list.notRead ?? 0), 0);
  if (notRead > 0) parts.push(`${count(read)} of ${count(read + notRead)}+ flights read`);
  const long = lists.reduce((n, list) => n + (list.longRouteTexts ?? 0), 0);
  if (long > 0) parts.push(`${plural(long, 'route')} over ${count(MAX_ROUTE_TEXT_CHARS)} characters not read`);
  if (notAsked > 0) {
    parts.push(`${plural(notAsked, 'flight')} without a route in the list not looked up`);
    details.push(
      `Routes filed by others, ${origin} → ${destination}: the routes of ${plural(notAsked, 'flight')} whose ` +
        `summary carries none were not looked up (at most ${maxDetails} flight details a lookup, to spare the usage limit).`,
    );
  }
  if (parts.length === 0) return undefined;
  return { summary: `left out: ${parts.join('; ')}`, details };
}

const count = (n: number): string => n.toLocaleString('en');
const plural = (n: number, word: string): string => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

function pairKey(origin: string, destination: string): string {
  return `${origin.toUpperCase()}>${destination.toUpperCase()}`;
}

/** A flight listed under two statuses (filed, then airborne) counts once. */
function uniqueByGufi(flights: FlightSummary[]): FlightSummary[] {
  const seen = new Set<string>();
  return flights.filter((f) => {
    if (!f.gufi) return true;
    if (seen.has(f.gufi)) return false;
    seen.add(f.gufi);
    return true;
  });
}
