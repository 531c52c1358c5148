/**
 * The hub family (user_key): all 18 endpoints of the contract, plus link-following navigation
 * from ICAO prefixes to FIRs to NOTAMs. Every answer is checked at the boundary and comes back
 * typed; every failure is a ServiceError (a HubError when the hub client itself found it).
 */
import { checkBaseUrl, endpointUrl, fillTemplate, hubEndpoint, hubSettings, type HubSettings } from './config';
import type { HubEndpointId } from '../../../common/endpoints';
import { HubError, need, ServiceError, ShapeError } from './errors';
import { hubErrorFromResponse, pageText } from './errorPages';
import {
  AIRSPACE_RULES,
  MICROLIGHT_RULES,
  NOTAM_RULES,
  readFeatureCollection,
  WAYPOINT_RULES,
  type AirspaceProperties,
  type Feature,
  type FeatureCollection,
  type FlightSummaryProperties,
  type LeftOut,
  type LonLat,
  type MicrolightProperties,
  type Results,
  type WaypointProperties,
} from './geojson';
import { expectDataKind, jsonOf, readBody, xmlOf } from './body';
import { SharedCache } from './cache';
import {
  boxOfRings,
  linkOf,
  readAixmAirspaces,
  readEnvelope,
  readLinks,
  readOutline,
  type FlightSummary,
  type Link,
} from './hubXml';
import { notamOfFeature, readAixmNotams, type Notam } from './notams';
import { Redactor, redactUrl } from './redact';
import { HttpTransport, type HttpResponse } from './transport';
import { readFlightList, type FlightList } from './flightAnswers';

export type { FlightList } from './flightAnswers';

export type FlightStatusFilter = 'AIRBORNE' | 'CANCELLED' | 'COMPLETED' | 'FILED' | 'SCHEDULED';
export const FLIGHT_STATUSES: readonly FlightStatusFilter[] = [
  'AIRBORNE',
  'CANCELLED',
  'COMPLETED',
  'FILED',
  'SCHEDULED',
];

export interface CallOptions {
  /** The caller's, passed on as given (undefined: it gave none). */
  signal?: AbortSignal | undefined;
}

export interface FlightQuery extends CallOptions {
  status?: FlightStatusFilter;
  /** JSON/GeoJSON (default) or FIXM XML. */
  format?: 'json' | 'xml';
}

export interface FlightDetail {
  format: 'json' | 'xml';
  flight?: FlightSummary;
  collection?: FeatureCollection<FlightSummaryProperties>;
}

export interface FlightDelay {
  format: 'json' | 'xml';
  /** The first numeric field whose name speaks of delay, in minutes as sent. */
  delayMinutes?: number;
  record: Record<string, unknown>;
}

export interface RouteExpansionRequest {
  routeText: string;
  origin?: string;
  destination?: string;
  referenceFix?: string;
}

export interface RouteExpansion {
  collection: FeatureCollection<WaypointProperties>;
}

export interface AirspaceList {
  format: 'json' | 'xml';
  airspaces: Feature<AirspaceProperties>[];
  results?: Results;
  /** Airspaces of the answer that could not be read (the others are kept). */
  leftOut?: LeftOut;
}

export interface NotamList {
  format: 'aixm' | 'geojson';
  notams: Notam[];
  /** The service answered 404, which for NOTAM lists means "none at the moment". */
  noneFound?: boolean;
  /** NOTAMs of the answer that could not be read (the others are kept). */
  leftOut?: LeftOut;
}

export interface LinkList {
  links: Link[];
  /**
   * [west, south, east, north]: the document's gml:boundedBy envelope, else the box of its
   * geometry (a FIR detail may carry either, or neither: the contract promises none).
   */
  bbox?: [number, number, number, number];
  /** The outline the document carries (a FIR detail's geometry), [lon, lat] rings per polygon. */
  polygons?: LonLat[][][];
}

/** One call the hub was sent (never a cache hit or a shared request): for the output log's count. */
export interface HubCallRecord {
  /** 1 for the client's first call, then one more per call sent. */
  number: number;
  /** The endpoint's id, or 'link' for a document reached through a link. */
  endpoint: HubEndpointId | 'link';
  what: string;
  /** The HTTP status, or the kind of failure when no answer came. */
  outcome: number | string;
}

export interface HubClientDeps {
  transport?: HttpTransport;
  now?: () => number;
  /** Told of every call sent to the hub (the usage limit counts these); never carries the key or a URL. */
  onCall?: (call: HubCallRecord) => void;
}

const JSON_ACCEPT = 'application/json';
const GEOJSON_ACCEPT = 'application/geo+json, application/json;q=0.9';
const XML_ACCEPT = 'application/xml, text/xml;q=0.9';
/**
 * NOTAMs with no format asked: AIXM preferred, GeoJSON taken too, since the v2 NOTAM set answers
 * GeoJSON only (an XML-only Accept gets 406 there); the reader goes by the answer's content type.
 */
const NOTAM_ACCEPT = 'application/xml, text/xml;q=0.9, application/geo+json;q=0.8, application/json;q=0.7';

export class HubClient {
  readonly settings: HubSettings;
  private readonly base: URL;
  private readonly transport: HttpTransport;
  private readonly ownsTransport: boolean;
  private readonly cache: SharedCache;
  private readonly redactor: Redactor;
  private readonly onCall: ((call: HubCallRecord) => void) | undefined;
  private calls = 0;

  constructor(
    settings: Partial<HubSettings>,
    private readonly credentials: { userKey: string },
    deps: HubClientDeps = {},
  ) {
    this.settings = hubSettings(settings);
    this.base = checkBaseUrl(this.settings.baseUrl, 'icaoRoute.hub.baseUrl');
    if (!credentials.userKey || !credentials.userKey.trim()) {
      throw new HubError(
        'configuration',
        'No hub key is set. Run "ICAO Route: Set Hub Key" (or set HUB_USER_KEY for the command line).',
      );
    }
    this.transport = deps.transport ?? new HttpTransport(this.settings);
    this.ownsTransport = !deps.transport;
    this.cache = new SharedCache(500, deps.now);
    this.redactor = new Redactor([credentials.userKey]);
    this.onCall = deps.onCall;
  }

  /** Calls sent to the hub so far (cache hits and shared requests not counted). */
  get callCount(): number {
    return this.calls;
  }

  get baseUrl(): string {
    return redactUrl(this.base);
  }

  async close(): Promise<void> {
    if (this.ownsTransport) await this.transport.close();
  }

  /** Forgets cached answers (e.g. after the key changed). */
  clearCache(): void {
    this.cache.clear();
  }

  // ------------------------------------------------------------------------------------------
  // Flights (endpoints 1–8)

  async airlineFlights(airline: string, q: FlightQuery = {}): Promise<FlightList> {
    return this.flightList(
      'airlineFlights',
      { airline: need(airline, 'airline prefix') },
      q,
      false,
      'the flights of an airline',
    );
  }

  async airlineFlightNumber(airline: string, number: string, q: FlightQuery = {}): Promise<FlightList> {
    return this.flightList(
      'airlineFlightNumber',
      { airline: need(airline, 'airline prefix'), number: need(number, 'flight number') },
      q,
      false,
      'the flights of an airline and flight number',
    );
  }

  async flightsBetween(origin: string, destination: string, q: FlightQuery = {}): Promise<FlightList> {
    if (q.status === 'COMPLETED') {
      return Promise.reject(
        new HubError(
          'badRequest',
          'Flights between two aerodromes cannot be filtered by COMPLETED; use AIRBORNE, CANCELLED, FILED or SCHEDULED.',
        ),
      );
    }
    return this.flightList(
      'flightsBetween',
      { origin: need(origin, 'origin'), destination: need(destination, 'destination') },
      q,
      false,
      'the flights between two aerodromes',
    );
  }

  async arrivals(aerodrome: string, q: FlightQuery = {}): Promise<FlightList> {
    return this.flightList(
      'arrivals',
      { aerodrome: need(aerodrome, 'aerodrome') },
      q,
      true,
      'the arrivals of an aerodrome',
    );
  }

  async departures(aerodrome: string, q: FlightQuery = {}): Promise<FlightList> {
    return this.flightList(
      'departures',
      { aerodrome: need(aerodrome, 'aerodrome') },
      q,
      true,
      'the departures of an aerodrome',
    );
  }

  /** European flight data only; GeoJSON. */
  async firFlights(prefix: string, fir: string, q: Omit<FlightQuery, 'format'> = {}): Promise<FlightList> {
    return this.flightList(
      'firFlights',
      { prefix: need(prefix, 'ICAO prefix'), fir: need(fir, 'FIR') },
      { ...q, format: 'json' },
      false,
      'the flights within a FIR',
    );
  }

  async flightByGufi(gufi: string, q: Omit<FlightQuery, 'status'> = {}): Promise<FlightDetail> {
    const format = q.format ?? 'json';
    const what = 'the flight detail by GUFI';
    const res = await this.request(
      'flightByGufi',
      { gufi: need(gufi, 'GUFI') },
      {
        accept: format === 'json' ? JSON_ACCEPT : XML_ACCEPT,
        query: { format },
        ttlMs: this.settings.cacheTtlMs.flights,
        signal: q.signal,
        what,
      },
    );
    const kind = expectDataKind(res, what, ['json', 'xml']) as 'json' | 'xml';
    const list = await readFlightList(res, kind, what, { maxDepth: this.settings.maxXmlDepth, signal: q.signal });
    if (kind === 'xml') {
      const [flight] = list.flights;
      return flight ? { format: 'xml', flight } : { format: 'xml' };
    }
    const collection = list.collection!;
    const index = collection.features.findIndex((f) => f.geometry?.type === 'Point');
    const flight = list.flights[Math.max(0, index)];
    return flight ? { format: 'json', flight, collection } : { format: 'json', collection };
  }

  async flightDelay(gufi: string, q: Omit<FlightQuery, 'status'> = {}): Promise<FlightDelay> {
    const format = q.format ?? 'json';
    const what = 'the delay of a flight';
    const res = await this.request(
      'flightDelay',
      { gufi: need(gufi, 'GUFI') },
      {
        accept: format === 'json' ? JSON_ACCEPT : XML_ACCEPT,
        query: { format },
        ttlMs: this.settings.cacheTtlMs.flights,
        signal: q.signal,
        what,
      },
    );
    const kind = expectDataKind(res, what, ['json', 'xml']);
    return readBody(res, what, () => {
      const record = kind === 'xml' ? (xmlOf(res, this.settings.maxXmlDepth) as Record<string, unknown>) : jsonOf(res);
      if (typeof record !== 'object' || record === null || Array.isArray(record))
        throw new ShapeError('body', 'is not an object');
      const delayMinutes = findDelay(record as Record<string, unknown>, 0);
      return {
        format,
        record: record as Record<string, unknown>,
        ...(delayMinutes !== undefined ? { delayMinutes } : {}),
      };
    });
  }

  // ------------------------------------------------------------------------------------------
  // Route expansion (endpoint 9)

  async expandRoute(body: RouteExpansionRequest, opts: CallOptions = {}): Promise<RouteExpansion> {
    const what = "the hub's route expansion";
    if (!body.routeText || !body.routeText.trim())
      return Promise.reject(new HubError('badRequest', 'There is no route text to expand.'));
    const payload: Record<string, string> = { routeText: body.routeText };
    for (const key of ['origin', 'destination', 'referenceFix'] as const) if (body[key]) payload[key] = body[key]!;
    const res = await this.request(
      'routeExpansion',
      {},
      { accept: 'application/geo+json', body: JSON.stringify(payload), ttlMs: 0, signal: opts.signal, what },
    );
    expectDataKind(res, what, ['json']);
    return readBody(res, what, () => ({ collection: readFeatureCollection(jsonOf(res), WAYPOINT_RULES) }));
  }

  // ------------------------------------------------------------------------------------------
  // Aeronautical data (endpoints 10–12)

  async firAirspaces(
    prefix: string,
    fir: string,
    q: CallOptions & { format?: 'json' | 'xml' } = {},
  ): Promise<AirspaceList> {
    const format = q.format ?? 'json';
    const what = 'the airspaces of a FIR';
    const res = await this.request(
      'firAirspaces',
      { prefix: need(prefix, 'ICAO prefix'), fir: need(fir, 'FIR') },
      {
        accept: format === 'json' ? GEOJSON_ACCEPT : XML_ACCEPT,
        ttlMs: this.settings.cacheTtlMs.airspaces,
        signal: q.signal,
        what,
      },
    );
    return this.airspaceList(res, what);
  }

  async countryAirspaces(country: string, opts: CallOptions = {}): Promise<AirspaceList> {
    const what = 'the airspaces of a country';
    const res = await this.request(
      'countryAirspaces',
      { country: need(country, 'country code') },
      { accept: GEOJSON_ACCEPT, ttlMs: this.settings.cacheTtlMs.airspaces, signal: opts.signal, what },
    );
    return this.airspaceList(res, what);
  }

  async microlights(country: string, opts: CallOptions = {}): Promise<FeatureCollection<MicrolightProperties>> {
    const what = 'the microlight aerodromes of a country';
    const res = await this.request(
      'microlights',
      { country: need(country, 'country code') },
      { accept: GEOJSON_ACCEPT, ttlMs: this.settings.cacheTtlMs.airspaces, signal: opts.signal, what },
    );
    expectDataKind(res, what, ['json']);
    return readBody(res, what, () => readFeatureCollection(jsonOf(res), MICROLIGHT_RULES));
  }

  // ------------------------------------------------------------------------------------------
  // Navigation (endpoints 13–16) and NOTAMs (17–18)

  async icaoPrefixes(opts: CallOptions = {}): Promise<LinkList> {
    return this.linkList(
      await this.request('icaoPrefixes', {}, this.navigationCall(opts, 'the list of ICAO prefixes')),
      'the list of ICAO prefixes',
    );
  }

  async icaoPrefix(prefix: string, opts: CallOptions = {}): Promise<LinkList> {
    const what = `the ICAO prefix ${prefix}`;
    return this.linkList(
      await this.request('icaoPrefix', { prefix: need(prefix, 'ICAO prefix') }, this.navigationCall(opts, what)),
      what,
    );
  }

  async firs(prefix: string, opts: CallOptions = {}): Promise<LinkList> {
    const what = `the FIRs of prefix ${prefix}`;
    return this.linkList(
      await this.request('firs', { prefix: need(prefix, 'ICAO prefix') }, this.navigationCall(opts, what)),
      what,
    );
  }

  async fir(prefix: string, fir: string, opts: CallOptions = {}): Promise<LinkList> {
    const what = `the FIR ${fir}`;
    return this.linkList(
      await this.request(
        'fir',
        { prefix: need(prefix, 'ICAO prefix'), fir: need(fir, 'FIR') },
        this.navigationCall(opts, what),
      ),
      what,
    );
  }

  async firNotams(
    prefix: string,
    fir: string,
    q: CallOptions & { format?: 'aixm' | 'geojson' } = {},
  ): Promise<NotamList> {
    const what = `the NOTAMs of FIR ${fir}`;
    return this.notamList(
      await this.request(
        'firNotams',
        { prefix: need(prefix, 'ICAO prefix'), fir: need(fir, 'FIR') },
        this.notamCall(q, what),
      ),
      what,
    );
  }

  async aerodromeNotams(aerodrome: string, q: CallOptions & { format?: 'aixm' | 'geojson' } = {}): Promise<NotamList> {
    const what = `the NOTAMs of aerodrome ${aerodrome}`;
    return this.notamList(
      await this.request('aerodromeNotams', { aerodrome: need(aerodrome, 'aerodrome') }, this.notamCall(q, what)),
      what,
    );
  }

  /** Fetches a link-list document the hub pointed to (a link from an earlier answer). */
  async followLinks(link: Link | string, opts: CallOptions = {}): Promise<LinkList> {
    const url = this.resolveLink(link);
    const what = `the linked resource ${this.redactor.text(redactUrl(url))}`;
    return this.linkList(await this.fetch(url, { ...this.navigationCall(opts, what), method: 'GET' }), what);
  }

  /** Fetches a NOTAM list the hub pointed to. */
  async followNotams(link: Link | string, q: CallOptions & { format?: 'aixm' | 'geojson' } = {}): Promise<NotamList> {
    const url = this.resolveLink(link);
    const what = `the linked NOTAMs ${this.redactor.text(redactUrl(url))}`;
    return this.notamList(await this.fetch(url, { ...this.notamCall(q, what), method: 'GET' }), what);
  }

  /**
   * Walks ICAO prefixes → prefix → its FIRs → the FIR → its NOTAMs by following the links each
   * answer carries, never by building URLs. `trail` lists the (redacted) documents visited.
   */
  async walkToFirNotams(
    prefix: string,
    fir: string,
    q: CallOptions & { format?: 'aixm' | 'geojson' } = {},
  ): Promise<NotamList & { trail: string[] }> {
    const trail: string[] = [];
    const step = async (from: LinkList, pick: (l: Link) => boolean, looking: string): Promise<Link> => {
      const link = from.links.find(pick);
      if (!link)
        throw new HubError(
          'notFound',
          `The hub's navigation has no link to ${looking}. Check the identifiers (they are case sensitive).`,
        );
      trail.push(this.redactor.text(redactUrl(this.resolveLink(link))));
      return link;
    };
    const prefixes = await this.icaoPrefixes(q);
    const prefixLink = await step(prefixes, (l) => l.id === prefix || l.title === prefix, `ICAO prefix ${prefix}`);
    const prefixDoc = await this.followLinks(prefixLink, q);
    const firsLink = await step(
      prefixDoc,
      (l) => l.id === 'firs' || /firs$/i.test(l.element),
      `the FIRs of prefix ${prefix}`,
    );
    const firList = await this.followLinks(firsLink, q);
    const firLink = await step(firList, (l) => l.id === fir || l.title === fir, `FIR ${fir}`);
    const firDoc = await this.followLinks(firLink, q);
    const notamsLink = await step(
      firDoc,
      (l) => l.id === 'notams' || /notam/i.test(l.element) || /notam/i.test(l.title ?? ''),
      `the NOTAMs of FIR ${fir}`,
    );
    const notams = await this.followNotams(notamsLink, q);
    return { ...notams, trail };
  }

  /** An absolute URL for a link; links to another host than the base URL's are refused. */
  resolveLink(link: Link | string): URL {
    const href = typeof link === 'string' ? link : link.href;
    let url: URL;
    try {
      url = new URL(href, this.base.href.endsWith('/') ? this.base.href : `${this.base.href}/`);
    } catch {
      throw new HubError(
        'malformedResponse',
        `The hub sent a link that is not a URL ("${this.redactor.text(redactUrl(href).slice(0, 120))}").`,
      );
    }
    if (url.origin !== this.base.origin) {
      throw new HubError(
        'malformedResponse',
        `The hub sent a link to another host (${this.redactor.text(url.host)}); it was not followed, so the key is not sent there.`,
        { url: this.redactor.text(redactUrl(url)) },
      );
    }
    url.searchParams.delete('user_key');
    url.hash = '';
    return url;
  }

  // ------------------------------------------------------------------------------------------

  private navigationCall(opts: CallOptions, what: string): RequestSpec {
    return { accept: XML_ACCEPT, ttlMs: this.settings.cacheTtlMs.navigation, signal: opts.signal, what };
  }

  private notamCall(q: CallOptions & { format?: 'aixm' | 'geojson' }, what: string): RequestSpec {
    return {
      accept: q.format === 'geojson' ? GEOJSON_ACCEPT : q.format === 'aixm' ? XML_ACCEPT : NOTAM_ACCEPT,
      gzip: true,
      ttlMs: this.settings.cacheTtlMs.notams,
      signal: q.signal,
      what,
      okStatuses: [404],
    };
  }

  private async flightList(
    id: HubEndpointId,
    params: Record<string, string>,
    q: FlightQuery,
    formatParam: boolean,
    what: string,
  ): Promise<FlightList> {
    if (q.status !== undefined && !FLIGHT_STATUSES.includes(q.status)) {
      throw new HubError(
        'badRequest',
        `"${q.status}" is not a flight status; use one of ${FLIGHT_STATUSES.join(', ')} (upper case).`,
      );
    }
    const format = q.format ?? 'json';
    const query: Record<string, string> = {};
    if (q.status) query.status = q.status;
    if (formatParam) query.format = format;
    const res = await this.request(id, params, {
      accept: format === 'json' ? GEOJSON_ACCEPT : XML_ACCEPT,
      query,
      ttlMs: this.settings.cacheTtlMs.flights,
      signal: q.signal,
      what,
    });
    const kind = expectDataKind(res, what, ['json', 'xml']) as 'json' | 'xml';
    return readFlightList(res, kind, what, { maxDepth: this.settings.maxXmlDepth, signal: q.signal });
  }

  private airspaceList(res: HttpResponse, what: string): AirspaceList {
    const kind = expectDataKind(res, what, ['json', 'xml']);
    return readBody(res, what, () => {
      if (kind === 'xml') {
        const { features, leftOut } = readAixmAirspaces(xmlOf(res, this.settings.maxXmlDepth));
        return { format: 'xml', airspaces: features, ...(leftOut ? { leftOut } : {}) };
      }
      const fc = readFeatureCollection(jsonOf(res), AIRSPACE_RULES);
      return {
        format: 'json',
        airspaces: fc.features,
        ...(fc.results ? { results: fc.results } : {}),
        ...(fc.leftOut ? { leftOut: fc.leftOut } : {}),
      };
    });
  }

  private linkList(res: HttpResponse, what: string): LinkList {
    const kind = expectDataKind(res, what, ['xml', 'json']);
    return readBody(res, what, () => {
      if (kind !== 'xml') return { links: jsonLinks(jsonOf(res)) };
      const doc = xmlOf(res, this.settings.maxXmlDepth);
      const polygons = readOutline(doc);
      const bbox = readEnvelope(doc) ?? (polygons ? boxOfRings(polygons) : undefined);
      return { links: readLinks(doc), ...(bbox ? { bbox } : {}), ...(polygons ? { polygons } : {}) };
    });
  }

  private notamList(res: HttpResponse, what: string): NotamList {
    if (res.status === 404) {
      // For a NOTAM list the hub answers 404 when there are none at the moment, with its own
      // words or a generic "Not Found" page: an empty list, said as such by the caller. Only a
      // page that says the FIR, aerodrome or endpoint itself does not exist is an error.
      const text = pageText(res.body.toString('utf8'));
      const missingThing = /\b(does not exist|do not exist|no such|unknown)\b/i.test(text) && !/notam/i.test(text);
      if (!missingThing) return { format: 'aixm', notams: [], noneFound: true };
      throw hubErrorFromResponse(res, what);
    }
    const kind = expectDataKind(res, what, ['xml', 'json']);
    return readBody(res, what, () => {
      if (kind === 'xml') return { format: 'aixm', notams: readAixmNotams(xmlOf(res, this.settings.maxXmlDepth)) };
      const fc = readFeatureCollection(jsonOf(res), NOTAM_RULES);
      return {
        format: 'geojson',
        notams: fc.features.map(notamOfFeature),
        ...(fc.leftOut ? { leftOut: fc.leftOut } : {}),
      };
    });
  }

  private request(id: HubEndpointId, params: Record<string, string>, spec: RequestSpec): Promise<HttpResponse> {
    const endpoint = hubEndpoint(this.settings, id);
    const path = fillTemplate(endpoint.path, { ...params, version: this.settings.versions[endpoint.set] });
    const url = endpointUrl(this.base, path);
    for (const [k, v] of Object.entries(spec.query ?? {})) url.searchParams.set(k, v);
    return this.fetch(url, { ...spec, method: endpoint.method, endpoint: id });
  }

  private fetch(
    url: URL,
    spec: RequestSpec & { method: 'GET' | 'POST'; endpoint?: HubEndpointId },
  ): Promise<HttpResponse> {
    url.searchParams.set('user_key', this.credentials.userKey);
    const headers: Record<string, string> = { accept: spec.accept };
    if (spec.gzip) headers['accept-encoding'] = 'gzip';
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    const send = async (signal: AbortSignal | undefined): Promise<HttpResponse> => {
      const number = ++this.calls;
      const record = (outcome: number | string): void =>
        this.onCall?.({ number, endpoint: spec.endpoint ?? 'link', what: spec.what, outcome });
      let res: HttpResponse;
      try {
        res = await this.transport.send({
          method: spec.method,
          url,
          headers,
          body: spec.body,
          signal,
          what: spec.what,
          redactor: this.redactor,
        });
      } catch (error) {
        record(error instanceof ServiceError ? error.kind : 'failed');
        throw error;
      }
      record(res.status);
      if (res.status !== 200 && !(spec.okStatuses ?? []).includes(res.status)) {
        throw hubErrorFromResponse(res, spec.what);
      }
      return res;
    };
    // Identical requests in flight are shared; the body is part of the identity for POST.
    const key = `${spec.method} ${url.href} ${spec.accept} ${spec.gzip ? 'gz' : ''} ${spec.body ?? ''}`;
    return this.cache.get(key, spec.ttlMs, spec.signal, send);
  }
}

interface RequestSpec {
  accept: string;
  query?: Record<string, string>;
  body?: string;
  gzip?: boolean;
  ttlMs: number;
  /** The caller's, passed on as given (undefined: it gave none). */
  signal?: AbortSignal | undefined;
  what: string;
  /** Non-200 statuses the caller reads itself. */
  okStatuses?: number[];
}

/** Links in a JSON navigation answer: any `href` (or `xlink:href`) string value. */
function jsonLinks(value: unknown): Link[] {
  const out: Link[] = [];
  const walk = (v: unknown, element: string, depth: number): void => {
    if (depth > 64 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) return v.forEach((item) => walk(item, element, depth + 1));
    const o = v as Record<string, unknown>;
    const href = o.href ?? o['xlink:href'];
    if (typeof href === 'string') {
      const title = o.title ?? o.name ?? o.designator;
      out.push(linkOf(href, element, typeof title === 'string' ? title : undefined));
    }
    for (const [k, child] of Object.entries(o)) walk(child, k, depth + 1);
  };
  walk(value, '', 0);
  return out;
}

function findDelay(record: Record<string, unknown>, depth: number): number | undefined {
  if (depth > 8) return undefined;
  for (const [key, value] of Object.entries(record)) {
    if (/delay/i.test(key)) {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
            ? Number(value)
            : NaN;
      if (Number.isFinite(n)) return n;
    }
  }
  for (const value of Object.values(record)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const n = findDelay(value as Record<string, unknown>, depth + 1);
      if (n !== undefined) return n;
    }
  }
  return undefined;
}
