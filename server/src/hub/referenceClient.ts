/**
 * The reference family (appId + appKey): airlines (active, all, by FlightStats/IATA/ICAO code,
 * optionally as of a date) and flight status by flight and departure date. Handles both error
 * modes (HTTP 200 with a filled `error` object, and `useHttpErrors` with a text/plain body),
 * typed `extendedOptions`, appendix references resolved into the records, and the airline
 * cache on disk (refreshed at least weekly, served stale with a warning when offline).
 */
import {
  checkBaseUrl,
  endpointUrl,
  fillTemplate,
  referenceEndpoint,
  referenceSettings,
  type ReferenceSettings,
} from './config';
import type { ReferenceEndpointId } from '../../../common/endpoints';
import { AirlineReferenceError, need, ServiceError, ShapeError } from './errors';
import { pageText, unexpectedStatus } from './errorPages';
import { bodyKind, jsonOf, jsonPartParser, readBody, readBodyYielding } from './body';
import { emptyJsonParts, jsonPartSteps, type ArrayReader } from './jsonParts';
import { yieldingLoop } from './yielding';
import { isObject, optionalString, requiredString } from './geojson';
import { SharedCache } from './cache';
import { DiskCache } from './diskCache';
import { Redactor, redactUrl } from './redact';
import { HttpTransport, type HttpResponse } from './transport';

export type LanguageCode = 'en' | 'ar' | 'de' | 'es' | 'fr' | 'ja' | 'ko' | 'pt' | 'zh';

export interface ExtendedOptions {
  /** Errors as real HTTP statuses with a text/plain body (both modes are read either way). */
  useHttpErrors?: boolean;
  /** Airline/airport/equipment objects embedded where referenced; no appendix. */
  useInlinedReferences?: boolean;
  /** Adds the non-LTS fields of the version. */
  includeNewFields?: boolean;
  languageCode?: LanguageCode;
}

export function extendedOptionsValue(o: ExtendedOptions = {}): string | undefined {
  const parts: string[] = [];
  if (o.useHttpErrors) parts.push('useHttpErrors');
  if (o.useInlinedReferences) parts.push('useInlinedReferences');
  if (o.includeNewFields) parts.push('includeNewFields');
  if (o.languageCode) parts.push(`languageCode:${o.languageCode}`);
  return parts.length ? parts.join('+') : undefined;
}

export interface Airline {
  fs: string;
  iata?: string;
  icao?: string;
  name: string;
  phoneNumber?: string;
  active: boolean;
  dateFrom?: string;
  dateTo?: string;
  category?: string;
}

export interface AirlinesResult {
  airlines: Airline[];
  /** When the data were fetched from the service (ms since the epoch). */
  fetchedAt: number;
  source: 'network' | 'disk';
  /** Set when the service could not be reached and older data are served. */
  stale?: boolean;
  warning?: string;
}

export interface ReferenceDate {
  year: number;
  month: number;
  day: number;
}

export interface ReferenceCallOptions {
  /** The caller's, passed on as given (undefined: it gave none). */
  signal?: AbortSignal | undefined;
  extendedOptions?: ExtendedOptions;
}

export interface FlightStatusOptions extends ReferenceCallOptions {
  utc?: boolean;
  airport?: string;
  codeType?: string;
}

/** Flight status records read from one answer at most (one flight number on one date has a few legs). */
export const MAX_FLIGHT_STATUSES = 100;
/** Appendix entries of each list read at most. */
const MAX_APPENDIX_ENTRIES = 5_000;
/** A record or member of the envelope larger than this is not read. */
const MAX_RECORD_CHARS = 1024 * 1024;

export interface FlightStatusResult {
  /** Flight status records, appendix references resolved (e.g. `departureAirport` beside `departureAirportFsCode`). */
  flightStatuses: Record<string, unknown>[];
  /** Records beyond MAX_FLIGHT_STATUSES (or larger than a record is read up to), not read. */
  notRead?: number;
  /** Entries that are not a record (`null`, a figure …), left out; the others are read. */
  leftOut?: number;
  request?: Record<string, unknown>;
  appendix?: Record<string, unknown>;
}

export interface ReferenceClientDeps {
  transport?: HttpTransport;
  now?: () => number;
}

export class ReferenceClient {
  readonly settings: ReferenceSettings;
  private readonly base: URL;
  private readonly transport: HttpTransport;
  private readonly ownsTransport: boolean;
  private readonly memory: SharedCache;
  private readonly disk?: DiskCache;
  private readonly now: () => number;
  private readonly redactor: Redactor;

  constructor(
    settings: Partial<ReferenceSettings>,
    private readonly credentials: { appId: string; appKey: string },
    deps: ReferenceClientDeps = {},
  ) {
    this.settings = referenceSettings(settings);
    this.base = checkBaseUrl(this.settings.baseUrl, 'icaoRoute.reference.baseUrl');
    if (!credentials.appId || !credentials.appKey) {
      throw new AirlineReferenceError(
        'configuration',
        'No reference application credentials are set: give the appId and appKey of your application ' +
          "(from the reference service's developer portal).",
      );
    }
    this.transport = deps.transport ?? new HttpTransport(this.settings);
    this.ownsTransport = !deps.transport;
    this.now = deps.now ?? Date.now;
    this.redactor = new Redactor([credentials.appId, credentials.appKey]);
    this.memory = new SharedCache(200, this.now);
    if (this.settings.cacheFolder) this.disk = new DiskCache(this.settings.cacheFolder);
  }

  async close(): Promise<void> {
    if (this.ownsTransport) await this.transport.close();
  }

  async activeAirlines(opts: ReferenceCallOptions & { date?: ReferenceDate } = {}): Promise<AirlinesResult> {
    return this.airlines('airlinesActive', {}, opts.date, opts, 'the list of active airlines');
  }

  async allAirlines(opts: ReferenceCallOptions = {}): Promise<AirlinesResult> {
    return this.airlines('airlinesAll', {}, undefined, opts, 'the list of all airlines');
  }

  async airlineByFs(code: string, opts: ReferenceCallOptions & { date?: ReferenceDate } = {}): Promise<AirlinesResult> {
    return this.airlines('airlineByFs', { code: need(code, 'airline code') }, opts.date, opts, `the airline ${code}`);
  }

  async airlinesByIata(
    code: string,
    opts: ReferenceCallOptions & { date?: ReferenceDate } = {},
  ): Promise<AirlinesResult> {
    return this.airlines(
      'airlinesByIata',
      { code: need(code, 'IATA code') },
      opts.date,
      opts,
      `the airlines with IATA code ${code}`,
    );
  }

  async airlinesByIcao(
    code: string,
    opts: ReferenceCallOptions & { date?: ReferenceDate } = {},
  ): Promise<AirlinesResult> {
    return this.airlines(
      'airlinesByIcao',
      { code: need(code, 'ICAO code') },
      opts.date,
      opts,
      `the airlines with ICAO code ${code}`,
    );
  }

  async flightStatus(
    carrier: string,
    flight: string,
    date: ReferenceDate,
    opts: FlightStatusOptions = {},
  ): Promise<FlightStatusResult> {
    const what = `the flight status of ${carrier} ${flight}`;
    const query: Record<string, string> = {};
    if (opts.utc !== undefined) query.utc = String(opts.utc);
    if (opts.airport) query.airport = opts.airport;
    if (opts.codeType) query.codeType = opts.codeType;
    const res = await this.send(
      'flightStatus',
      { carrier: need(carrier, 'carrier'), flight: need(flight, 'flight number'), ...dateParams(date) },
      query,
      opts,
      what,
    );
    return this.flightStatusEnvelope(res, what, opts.signal);
  }

  /**
   * The flight status envelope read in parts, a slice per turn of the event loop (a long answer
   * never holds a hover up): the records up to MAX_FLIGHT_STATUSES, the appendix lists up to
   * MAX_APPENDIX_ENTRIES, each part parsed on its own.
   */
  private async flightStatusEnvelope(
    res: HttpResponse,
    what: string,
    signal?: AbortSignal,
  ): Promise<FlightStatusResult> {
    const kind = bodyKind(res);
    if (kind !== 'json')
      throw this.errorOf(res, what, `the answer is ${kind === 'html' ? 'an HTML page' : kind.toUpperCase()}, not JSON`);
    const records: Record<string, unknown>[] = [];
    let notRead = 0;
    let leftOut = 0;
    const lists: Record<string, unknown[]> = { airports: [], airlines: [], equipments: [] };
    const appendixList = (name: string): ArrayReader => ({
      max: MAX_APPENDIX_ENTRIES,
      element: (value) => void lists[name]!.push(value),
    });
    const out = emptyJsonParts();
    const steps = jsonPartSteps(
      res.body,
      {
        arrays: {
          flightStatuses: {
            max: MAX_FLIGHT_STATUSES,
            element(value) {
              if (isObject(value)) records.push(value);
              else leftOut++;
            },
            tooLarge: () => void notRead++,
          },
          'appendix.airports': appendixList('airports'),
          'appendix.airlines': appendixList('airlines'),
          'appendix.equipments': appendixList('equipments'),
        },
        parse: jsonPartParser(res),
        maxPartChars: MAX_RECORD_CHARS,
      },
      out,
    );
    await readBodyYielding(res, what, () => yieldingLoop(() => !steps.next().done, signal));
    if (out.members.has(''))
      return readBody(res, what, () => {
        throw new ShapeError('body', 'is not a JSON object');
      });
    this.throwEnvelopeError(out.members.get('error'), what, res.url);
    return readBody(res, what, () => {
      const single = out.members.get('flightStatus');
      if (!out.found.has('flightStatuses') && single !== undefined && single !== null) {
        const list = Array.isArray(single) ? single : [single];
        for (const r of list.slice(0, MAX_FLIGHT_STATUSES)) {
          if (isObject(r)) records.push(r);
          else leftOut++;
        }
        notRead += Math.max(0, list.length - MAX_FLIGHT_STATUSES);
      }
      notRead += out.notRead.get('flightStatuses') ?? 0;
      const appendix: Record<string, unknown> = {};
      for (const [path, value] of out.members) if (path.startsWith('appendix.')) appendix[path.slice(9)] = value;
      for (const [name, list] of Object.entries(lists)) if (out.found.has(`appendix.${name}`)) appendix[name] = list;
      const hasAppendix = Object.keys(appendix).length > 0 || out.members.has('appendix');
      const index = appendixIndex(appendix);
      const request = out.members.get('request');
      return {
        flightStatuses: records.map((r) => (hasAppendix ? resolveWith(r, index, 0) : r)),
        ...(notRead > 0 ? { notRead } : {}),
        ...(leftOut > 0 ? { leftOut } : {}),
        ...(isObject(request) ? { request } : {}),
        ...(hasAppendix ? { appendix } : {}),
      };
    });
  }

  // ------------------------------------------------------------------------------------------

  private async airlines(
    id: ReferenceEndpointId,
    params: Record<string, string>,
    date: ReferenceDate | undefined,
    opts: ReferenceCallOptions,
    what: string,
  ): Promise<AirlinesResult> {
    // Also the disk cache's key, written into its files: the base URL without any user:password.
    const key = JSON.stringify([
      redactUrl(this.base),
      id,
      params,
      date ?? null,
      extendedOptionsValue(opts.extendedOptions) ?? '',
    ]);
    // Kept in memory until the data are due for a refresh; data served stale are not kept.
    const ttl = (r: AirlinesResult): number =>
      r.stale ? 0 : this.settings.airlineMaxAgeMs - (this.now() - r.fetchedAt);
    return this.memory.get(key, ttl, opts.signal, async (signal) => {
      // Read exactly as an answer from the network is; a file dated ahead of the clock (written
      // under a wrong one) is due at once, not kept until the clock catches up.
      const stored = await this.disk?.read(key, (value) => readAirlines({ airlines: value }));
      const age = stored ? this.now() - stored.fetchedAt : Infinity;
      if (stored && age >= 0 && age < this.settings.airlineMaxAgeMs) {
        return { airlines: stored.value, fetchedAt: stored.fetchedAt, source: 'disk' } satisfies AirlinesResult;
      }
      try {
        const res = await this.send(
          id,
          { ...params, ...(date ? dateParams(date) : {}) },
          {},
          { ...opts, signal },
          what,
          date !== undefined,
        );
        const envelope = this.envelope(res, what);
        const airlines = readBody(res, what, () => readAirlines(envelope));
        const fetchedAt = this.now();
        await this.disk?.write(key, airlines, fetchedAt).catch(() => undefined);
        return { airlines, fetchedAt, source: 'network' } satisfies AirlinesResult;
      } catch (err) {
        if (stored && err instanceof ServiceError && err.transient) {
          const day = new Date(stored.fetchedAt).toISOString().slice(0, 10);
          return {
            airlines: stored.value,
            fetchedAt: stored.fetchedAt,
            source: 'disk',
            stale: true,
            warning:
              `Airline data from ${day} are shown because the reference service could not be ` +
              `reached (${err.kind}); they are refreshed when it answers again.`,
          } satisfies AirlinesResult;
        }
        throw err;
      }
    });
  }

  private async send(
    id: ReferenceEndpointId,
    params: Record<string, string | number>,
    query: Record<string, string>,
    opts: ReferenceCallOptions,
    what: string,
    withDate = false,
  ): Promise<HttpResponse> {
    const endpoint = referenceEndpoint(this.settings, id);
    const version = id === 'flightStatus' ? this.settings.versions.flightStatus : this.settings.versions.airlines;
    let path = fillTemplate(endpoint.path, { ...params, version, format: 'json' });
    if (withDate && id !== 'flightStatus' && !endpoint.path.includes('{year}')) {
      path += `/${params.year}/${params.month}/${params.day}`;
    }
    const url = endpointUrl(this.base, path);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const extended = extendedOptionsValue(opts.extendedOptions);
    if (extended) url.searchParams.set('extendedOptions', extended);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.settings.credentialsIn === 'query') {
      url.searchParams.set('appId', this.credentials.appId);
      url.searchParams.set('appKey', this.credentials.appKey);
    } else {
      headers.appId = this.credentials.appId;
      headers.appKey = this.credentials.appKey;
    }
    const res = await this.transport.send({
      method: endpoint.method,
      url,
      headers,
      signal: opts.signal,
      what,
      redactor: this.redactor,
    });
    if (res.status !== 200) throw this.errorOf(res, what);
    return res;
  }

  /** The JSON envelope of a 200 answer; a filled `error` object becomes an AirlineReferenceError. */
  private envelope(res: HttpResponse, what: string): Record<string, unknown> {
    const kind = bodyKind(res);
    if (kind !== 'json')
      throw this.errorOf(res, what, `the answer is ${kind === 'html' ? 'an HTML page' : kind.toUpperCase()}, not JSON`);
    const body = readBody(res, what, () => jsonOf(res));
    if (!isObject(body))
      throw readBody(res, what, () => {
        throw new ShapeError('body', 'is not a JSON object');
      });
    this.throwEnvelopeError(body.error, what, res.url);
    return body;
  }

  /** A filled `error` object of the envelope becomes an AirlineReferenceError. */
  private throwEnvelopeError(error: unknown, what: string, url: string): void {
    if (
      isObject(error) &&
      (error.errorCode !== undefined || error.httpStatusCode !== undefined || error.errorMessage !== undefined)
    ) {
      throw this.referenceError(
        typeof error.httpStatusCode === 'number' ? error.httpStatusCode : Number(error.httpStatusCode) || 500,
        str(error.errorCode),
        str(error.errorMessage),
        str(error.errorId),
        what,
        url,
      );
    }
  }

  /** A non-200 answer: `useHttpErrors` text/plain, an error envelope, or an HTML page. */
  private errorOf(res: HttpResponse, what: string, problem?: string): AirlineReferenceError {
    const unexpected = unexpectedStatus(res, what, 'The reference service');
    if (unexpected) return unexpected;
    const text = res.body.toString('utf8').slice(0, 20_000);
    if (res.status === 200) {
      return new AirlineReferenceError(
        'malformedResponse',
        `The answer of ${what} is not what was expected: ${problem ?? 'unreadable'}. Check the reference base URL and version settings.`,
        { url: res.url, status: 200 },
      );
    }
    // Each field is read on its own below; undefined where the answer did not say.
    let parsed: { code?: string | undefined; message?: string | undefined; id?: string | undefined } =
      parseErrorText(text);
    if (bodyKind(res) === 'json') {
      try {
        const body = JSON.parse(text) as { error?: Record<string, unknown> };
        const e = isObject(body.error) ? body.error : (body as Record<string, unknown>);
        parsed = { code: str(e.errorCode), message: str(e.errorMessage), id: str(e.errorId) };
      } catch {
        // Keep what the text parse found.
      }
    } else if (bodyKind(res) === 'html') {
      parsed = parseErrorText(pageText(text));
    }
    return this.referenceError(res.status, parsed.code, parsed.message, parsed.id, what, res.url);
  }

  private referenceError(
    status: number,
    rawCode: string | undefined,
    message: string | undefined,
    rawId: string | undefined,
    what: string,
    url: string,
  ): AirlineReferenceError {
    // The service's words enter our messages here: an errorCode or errorId holding a secret is no code or id.
    const clean = (value: string | undefined): string | undefined =>
      value === undefined || this.redactor.text(value) !== value ? undefined : value;
    const code = clean(rawCode);
    const id = clean(rawId);
    const said = message ? `: ${this.redactor.text(message).slice(0, 300)}` : '';
    const details = { status, url, errorCode: code, supportId: id };
    const ref = id ? ` (error id ${id})` : '';
    if (status === 400 || code === 'BAD_REQUEST') {
      return new AirlineReferenceError(
        'badRequest',
        `The reference service rejected ${what} (HTTP ${status}, ${code ?? 'BAD_REQUEST'})${said}. Correct the request.`,
        details,
      );
    }
    if (status === 401 || code === 'UNAUTHORIZED') {
      return new AirlineReferenceError(
        'notAuthorised',
        `The reference service did not accept the application credentials for ${what} ` +
          `(HTTP ${status})${said}. Check the application's appId and appKey (and that the ` +
          `application is active on the developer portal).`,
        details,
      );
    }
    if (status === 403 || status === 429) {
      const usage = /limit|quota|exceed/i.test(`${message ?? ''} ${code ?? ''}`) || status === 429;
      return usage
        ? new AirlineReferenceError(
            'usageLimit',
            `The reference service refused ${what}: the application's usage limit is ` +
              `exceeded (HTTP ${status})${said}. Wait, or raise the plan's limit.`,
            details,
          )
        : new AirlineReferenceError(
            'notAuthorised',
            `The application has no permission for ${what} (HTTP ${status})${said}. Check the plan of the application.`,
            details,
          );
    }
    if (status === 404)
      return new AirlineReferenceError(
        'notFound',
        `The reference service has no such item for ${what} (HTTP 404)${said}. Check the code and the endpoint path setting.`,
        details,
      );
    if (status === 405)
      return new AirlineReferenceError(
        'badRequest',
        `The reference service does not support this method for ${what} (HTTP 405). Check the method setting of the endpoint.`,
        details,
      );
    return new AirlineReferenceError(
      'serverFailure',
      `The reference service failed while answering ${what} (HTTP ${status})${ref}. ` +
        `Try again later${id ? '; quote the error id when contacting support' : ''}.`,
      { ...details, supportId: id },
    );
  }
}

/**
 * The `useHttpErrors` body: "a block of text with the parts status, code, message and id",
 * layout unknown. Reads `name: value` / `name=value` lines or pairs in any order and case.
 */
export function parseErrorText(text: string): { status?: number; code?: string; message?: string; id?: string } {
  const out: { status?: number; code?: string; message?: string; id?: string } = {};
  const field = (names: string): string | undefined => {
    const m = new RegExp(`(?:^|[\\s,;{"])(?:${names})"?\\s*[:=]\\s*"?([^\\n\\r",;}]*)`, 'i').exec(text);
    return m?.[1]?.trim() || undefined;
  };
  const status = Number(field('httpStatusCode|httpStatus|statusCode|status'));
  if (Number.isInteger(status) && status >= 100 && status < 600) out.status = status;
  const code = field('errorCode|code');
  if (code && /^[A-Z0-9_]+$/i.test(code)) out.code = code.toUpperCase();
  const message = /(?:^|[\s,;{"])(?:errorMessage|message)"?\s*[:=]\s*"?([^\n\r"]*)/i.exec(text)?.[1]?.trim();
  if (message) out.message = message;
  const id = field('errorId|id');
  if (id && /^[A-Za-z0-9-]{4,}$/.test(id)) out.id = id;
  if (!out.message && !out.code && text.trim()) out.message = text.trim().split(/\r?\n/)[0]!.slice(0, 200);
  return out;
}

function readAirlines(envelope: Record<string, unknown>): Airline[] {
  const raw = envelope.airlines ?? envelope.airline;
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  const key = Array.isArray(raw) ? 'airlines' : 'airline';
  return list.map((item, i) => {
    const path = Array.isArray(raw) ? `${key}[${i}]` : key;
    if (!isObject(item)) throw new ShapeError(path, 'is not an object');
    requiredString(item, 'fs', path);
    requiredString(item, 'name', path);
    for (const k of ['iata', 'icao', 'phoneNumber', 'dateFrom', 'dateTo', 'category']) optionalString(item, k, path);
    const active = item.active === true || item.active === 'true';
    if (
      item.active !== undefined &&
      typeof item.active !== 'boolean' &&
      item.active !== 'true' &&
      item.active !== 'false'
    ) {
      throw new ShapeError(`${path}.active`, 'is not a boolean');
    }
    // Only the fields an airline record defines: an extra one (even its name) could hold anything.
    const airline: Airline = { fs: item.fs as string, name: item.name as string, active };
    for (const k of ['iata', 'icao', 'phoneNumber', 'dateFrom', 'dateTo', 'category'] as const)
      if (typeof item[k] === 'string') airline[k] = item[k];
    return airline;
  });
}

const REFERENCE_KEYS: { pattern: RegExp; list: string; by: string; noun: string }[] = [
  { pattern: /^(.*?)[aA]irportFsCode$/, list: 'airports', by: 'fs', noun: 'Airport' },
  { pattern: /^(.*?)[cC]arrierFsCode$/, list: 'airlines', by: 'fs', noun: 'Carrier' },
  { pattern: /^(.*?)[eE]quipmentIataCode$/, list: 'equipments', by: 'iata', noun: 'Equipment' },
  { pattern: /^()fsCode$/, list: 'airlines', by: 'fs', noun: 'Carrier' },
];

/**
 * Puts the appendix objects beside the codes that refer to them: `departureAirportFsCode` gains
 * `departureAirport`, `carrierFsCode` gains `carrier`, `scheduledEquipmentIataCode` gains
 * `scheduledEquipment`. Existing (inlined) objects are left alone.
 */
export function resolveAppendix(
  record: Record<string, unknown>,
  appendix: Record<string, unknown>,
): Record<string, unknown> {
  return resolveWith(record, appendixIndex(appendix), 0);
}

type AppendixIndex = Map<string, Map<string, unknown>>;

/** Each appendix list by the key records refer to it with, made once per answer (not per record and key). */
function appendixIndex(appendix: Record<string, unknown>): AppendixIndex {
  const index: AppendixIndex = new Map();
  for (const { list, by } of REFERENCE_KEYS) {
    const key = `${list}:${by}`;
    if (index.has(key)) continue;
    const items = Array.isArray(appendix[list]) ? (appendix[list] as unknown[]) : [];
    index.set(key, new Map(items.filter(isObject).map((item) => [String(item[by]), item])));
  }
  return index;
}

function resolveWith(record: Record<string, unknown>, index: AppendixIndex, depth: number): Record<string, unknown> {
  if (depth > 12) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) out[key] = value.map((v) => (isObject(v) ? resolveWith(v, index, depth + 1) : v));
    else if (isObject(value)) out[key] = resolveWith(value, index, depth + 1);
    else out[key] = value;
  }
  for (const [key, value] of Object.entries(record)) {
    if (typeof value !== 'string') continue;
    for (const ref of REFERENCE_KEYS) {
      const m = ref.pattern.exec(key);
      if (!m) continue;
      const target = m[1] ? `${m[1]}${ref.noun}` : ref.noun.toLowerCase();
      const found = index.get(`${ref.list}:${ref.by}`)?.get(value);
      if (found !== undefined && out[target] === undefined) out[target] = found;
    }
  }
  return out;
}

function dateParams(d: ReferenceDate): { year: number; month: number; day: number } {
  const ok =
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    d.month >= 1 &&
    d.month <= 12 &&
    d.day >= 1 &&
    d.day <= 31;
  if (!ok)
    throw new AirlineReferenceError(
      'badRequest',
      `${d.year}-${d.month}-${d.day} is not a date; give year, month (1–12) and day (1–31).`,
    );
  return { year: d.year, month: d.month, day: d.day };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}
