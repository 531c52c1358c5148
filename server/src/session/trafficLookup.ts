/**
 * The traffic along a route block (issue 22, item 3), for the map's traffic layer: the flights
 * within the European FIRs it crosses (hub #7) and the departures from its origin (#8) and
 * arrivals at its destination (#6) around the flight's time there.
 *
 * The usage limit is the user's money (item 4): the client asks only while the layer is on and
 * the map visible; the hub client keeps each flight answer for `cacheTtlMs.flights` (a minute)
 * and shares identical requests in flight; FIRs outside Europe are not asked (their data is
 * empty by contract); the calls of one lookup set the 'flights' status once (a usage-limit
 * answer is said there, and on the page).
 */
import {
  flightListNotices,
  isServiceError,
  type FeatureCollection,
  type FlightList,
  type FlightSummaryProperties,
  type HubClient,
} from '../hub';
import { flightOf } from '../flight';
import { clockUtc } from '../flight/flightTime';
import type { FirEntry } from '../flight/firs';
import { routeAerodromes } from '../flight/judgedFlight';
import {
  aerodromeTraffic,
  EUROPEAN_DATA_NOTICE,
  isEuropeanFir,
  MAX_TRAFFIC_FLIGHTS,
  movementStatuses,
  movementWindow,
  trafficFlights,
  type FirFlightsAnswer,
} from '../map/traffic';
import type { MapAerodromeTraffic, MapTraffic } from '../../../common/protocol/mapMessages';
import type { ExpansionResult, RouteBlock } from '../route/model';
import type { SourceStatuses, StatusBatch } from './status';

export const TRAFFIC_NEEDS_KEY_NOTICE = 'Traffic needs a hub key (run "ICAO Route: Set Hub Key").';

export interface TrafficSession {
  readonly hubClient: HubClient | undefined;
  readonly statuses: SourceStatuses;
  readonly areas: {
    firsAlong(block: RouteBlock, expansion: ExpansionResult | undefined, signal?: AbortSignal): Promise<FirEntry[]>;
  };
}

export type BlockTraffic = Omit<MapTraffic, 'uri' | 'version' | 'blockIndex'>;

function isCancel(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (isServiceError(error) && error.kind === 'cancelled');
}

export class TrafficLookup {
  constructor(
    private readonly session: TrafficSession,
    private readonly now: () => number = Date.now,
  ) {}

  /** The traffic along the block; `referenceMs` times plain route text (an FPL has its EOBT and DOF). */
  async along(
    block: RouteBlock,
    expansion: ExpansionResult | undefined,
    referenceMs: number,
    signal?: AbortSignal,
  ): Promise<BlockTraffic> {
    const asOf = clockUtc(this.now());
    const hubClient = this.session.hubClient;
    if (!hubClient) return { flights: [], firs: [], aerodromes: [], asOf, notices: [TRAFFIC_NEEDS_KEY_NOTICE] };
    const notices = new Set<string>([EUROPEAN_DATA_NOTICE]);
    const failed = (error: unknown): void => {
      if (isCancel(error, signal)) throw error;
      notices.add(`Traffic: ${error instanceof Error ? error.message : String(error)}`);
    };
    let firs: FirEntry[] = [];
    try {
      firs = await this.session.areas.firsAlong(block, expansion, signal);
    } catch (error) {
      failed(error);
    }
    const european = firs.filter((f) => isEuropeanFir(f.designator));
    const batch = this.session.statuses.batch(hubClient);
    try {
      const firAnswers = Promise.all(
        european.map(async (fir): Promise<FirFlightsAnswer | undefined> => {
          try {
            const list = await batch.use('flights', (hub) => hub.firFlights(fir.prefix, fir.designator, { signal }));
            for (const notice of flightListNotices(list, `Traffic in ${fir.designator}`)) notices.add(notice);
            return { fir: fir.designator, flights: list.flights, ...(list.leftOut && { leftOut: list.leftOut.count }) };
          } catch (error) {
            failed(error);
            return undefined;
          }
        }),
      );
      const note = (notice: string): void => void notices.add(notice);
      const movements = this.movements(block, expansion, referenceMs, batch, failed, note, signal);
      const [answers, aerodromes] = await Promise.all([firAnswers, movements]);
      const { flights, leftOut, capped } = trafficFlights(answers.filter((a): a is FirFlightsAnswer => !!a));
      if (leftOut > 0)
        notices.add(
          `Traffic: ${leftOut} flight${leftOut === 1 ? '' : 's'} of the hub's answers could not be read or had no position, and ${leftOut === 1 ? 'is' : 'are'} not shown.`,
        );
      if (capped > 0)
        notices.add(`Traffic: ${capped} more flights than the ${MAX_TRAFFIC_FLIGHTS} drawn are not shown.`);
      return { flights, firs: european.map((f) => f.designator), aerodromes, asOf, notices: [...notices] };
    } finally {
      batch.settle();
    }
  }

  /** The departures from the origin and the arrivals at the destination around the flight's times there. */
  private async movements(
    block: RouteBlock,
    expansion: ExpansionResult | undefined,
    referenceMs: number,
    batch: StatusBatch<HubClient>,
    failed: (error: unknown) => void,
    note: (notice: string) => void,
    signal?: AbortSignal,
  ): Promise<MapAerodromeTraffic[]> {
    const { origin, destination } = routeAerodromes(block);
    const flight = flightOf(block, expansion?.points ?? [], referenceMs);
    const arrivalMs = flight.profile.points.at(-1)?.etoMs;
    const asked: { aerodrome: string; movement: 'departures' | 'arrivals'; atMs: number; what: string }[] = [];
    const departureMs = flight.time.ms;
    if (origin && /^[A-Z]{4}$/.test(origin)) {
      if (departureMs !== undefined)
        asked.push({ aerodrome: origin, movement: 'departures', atMs: departureMs, what: 'off blocks' });
      else note(`Traffic: the departures from ${origin} are not counted: the flight's time is not known.`);
    }
    if (destination && /^[A-Z]{4}$/.test(destination)) {
      if (arrivalMs !== undefined)
        asked.push({ aerodrome: destination, movement: 'arrivals', atMs: arrivalMs, what: 'ETA' });
      else note(`Traffic: the arrivals at ${destination} are not counted: the route gives no ETA (no speed or time).`);
    }
    const out = await Promise.all(
      asked.map(async ({ aerodrome, movement, atMs, what }) => {
        const window = movementWindow(atMs, what);
        const statuses = movementStatuses(window, this.now(), movement);
        try {
          const lists = await Promise.all(
            statuses.map((status) =>
              batch.use('flights', (hub): Promise<FlightList> =>
                movement === 'departures'
                  ? hub.departures(aerodrome, { status, signal })
                  : hub.arrivals(aerodrome, { status, signal }),
              ),
            ),
          );
          const features = lists.flatMap(
            (list) => (list.collection as FeatureCollection<FlightSummaryProperties> | undefined)?.features ?? [],
          );
          return aerodromeTraffic(aerodrome, movement, window, features);
        } catch (error) {
          failed(error);
          return undefined;
        }
      }),
    );
    return out.filter((a): a is MapAerodromeTraffic => !!a);
  }
}
