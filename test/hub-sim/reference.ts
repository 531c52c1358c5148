/**
 * The reference family (appId/appKey): airlines (active, all, fs, iata, icao, optionally on a
 * date) and flight status by flight and departure date. Envelope, error modes, inlined
 * references, new fields and localisation follow reference-api.md; see README.md.
 */
import type { ReferenceEndpointId } from './endpoints';
import type { SimContext } from './context';
import { pathParam, type SimRequest, type SimResponse } from './http';
import { AIRLINES, AirlineRecord } from './airlines';
import { supportId, hashString } from './random';
import { jsonToXml, xmlDocument } from './xml';
import { stateOf, Flight } from './flights';
import type { Aerodrome } from './world';
import { referenceOperationalTimes } from './operations-shapes';

type Format = 'json' | 'jsonp' | 'xml';
const LANGUAGES = ['en', 'ar', 'de', 'es', 'fr', 'ja', 'ko', 'pt', 'zh'] as const;

interface Options {
  useHttpErrors: boolean;
  useInlinedReferences: boolean;
  includeNewFields: boolean;
  language: (typeof LANGUAGES)[number];
  requested: string[];
}

/** `extendedOptions` may repeat or join values with `+` (which a query decodes to a space). */
function extendedOptions(req: SimRequest): Options {
  const requested = req.query
    .getAll('extendedOptions')
    .flatMap((v) => v.split(/[+\s,]+/))
    .filter(Boolean);
  const has = (name: string) => requested.some((o) => o.toLowerCase() === name.toLowerCase());
  const lang = requested
    .map((o) => /^languageCode:(\w+)$/i.exec(o)?.[1]?.toLowerCase())
    .find((l) => l && (LANGUAGES as readonly string[]).includes(l));
  return {
    useHttpErrors: has('useHttpErrors'),
    useInlinedReferences: has('useInlinedReferences'),
    includeNewFields: has('includeNewFields'),
    language: (lang ?? 'en') as Options['language'],
    requested,
  };
}

function formatOf(req: SimRequest): Format | undefined {
  const f = req.params.format;
  return f === 'json' || f === 'jsonp' || f === 'xml' ? f : undefined;
}

/** A JSONP callback must be a plain (dotted) identifier, never a piece of script. */
function badCallback(req: SimRequest): boolean {
  return (
    formatOf(req) === 'jsonp' &&
    !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(req.query.get('callback') ?? 'callback')
  );
}

function render(req: SimRequest, root: string, envelope: Record<string, unknown>, status = 200): SimResponse {
  const format = formatOf(req) ?? 'json';
  if (format === 'xml')
    return { status, contentType: 'application/xml; charset=utf-8', body: xmlDocument(jsonToXml(root, envelope)) };
  const body = JSON.stringify(envelope);
  if (format === 'jsonp') {
    const callback = badCallback(req) ? 'callback' : (req.query.get('callback') ?? 'callback');
    return { status, contentType: 'application/javascript; charset=utf-8', body: `${callback}(${body});` };
  }
  return { status, contentType: 'application/json; charset=utf-8', body };
}

/**
 * An error in the mode the request asked for: with useHttpErrors the real status and a
 * text/plain block (status, code, message, id); otherwise HTTP 200 with the error object filled.
 * `invalidResource`: no such endpoint, which answers its real status in both modes.
 */
export function referenceError(
  req: SimRequest,
  status: number,
  code: string,
  message: string,
  invalidResource = false,
): SimResponse {
  const id = supportId();
  const options = extendedOptions(req);
  if (options.useHttpErrors) {
    return {
      status,
      contentType: 'text/plain; charset=utf-8',
      body: `status: ${status}\ncode: ${code}\nmessage: ${message}\nid: ${id}\n`,
    };
  }
  const error = { httpStatusCode: status, errorId: id, errorMessage: message, errorCode: code };
  return render(req, 'response', { error }, invalidResource ? status : 200);
}

function airlineView(a: AirlineRecord, options: Options): Record<string, unknown> {
  const view: Record<string, unknown> = { fs: a.fs, iata: a.iata };
  if (a.icao) view.icao = a.icao;
  view.name = (options.language !== 'en' && a.localized?.[options.language]) || a.name;
  if (a.phoneNumber) view.phoneNumber = a.phoneNumber;
  view.active = a.active;
  view.category = a.category;
  // Non-LTS fields of the version: only with includeNewFields.
  if (options.includeNewFields) {
    view.dateFrom = a.dateFrom;
    if (a.dateTo) view.dateTo = a.dateTo;
  }
  return view;
}

/** Optional /{year}/{month}/{day}: undefined when absent, a YYYY-MM-DD string, or an error message. */
function requestedDate(req: SimRequest): string | undefined | { error: string } {
  const { year, month, day } = req.params;
  if (year === undefined) return undefined;
  const number = (v: string | undefined) => (v !== undefined && /^\d{1,4}$/.test(v) ? Number(v) : NaN);
  const [y, m, d] = [number(year), number(month), number(day)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (
    !Number.isInteger(y) ||
    !Number.isInteger(m) ||
    !Number.isInteger(d) ||
    date.getUTCMonth() !== m - 1 ||
    date.getUTCDate() !== d ||
    y < 1900
  ) {
    return { error: `Invalid date: ${year}/${month}/${day}` };
  }
  return date.toISOString().slice(0, 10);
}

const validOn = (a: AirlineRecord, date: string) => a.dateFrom <= date && (!a.dateTo || date <= a.dateTo);

function requestEcho(req: SimRequest, options: Options, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    url: req.path,
    format: { requested: req.params.format, interpreted: formatOf(req) },
    ...extra,
    extendedOptions: { requested: options.requested.join('+'), interpreted: options.requested.join('+') },
  };
}

function airlines(req: SimRequest, which: ReferenceEndpointId): SimResponse {
  if (!formatOf(req))
    return referenceError(req, 400, 'BAD_REQUEST', `Unsupported format '${req.params.format}': use json, jsonp or xml`);
  if (badCallback(req)) return referenceError(req, 400, 'BAD_REQUEST', 'Invalid callback name');
  const options = extendedOptions(req);
  const date = requestedDate(req);
  if (typeof date === 'object') return referenceError(req, 400, 'BAD_REQUEST', date.error);
  const code = req.params.code?.toUpperCase();
  const echo = requestEcho(req, options, {
    ...(code ? { code: { requested: req.params.code, interpreted: code } } : {}),
    ...(date ? { date: { interpreted: date } } : {}),
  });
  const view = (list: AirlineRecord[]) => list.map((a) => airlineView(a, options));
  const ok = (data: Record<string, unknown>) => render(req, 'responseAirlines', { request: echo, ...data, error: {} });
  switch (which) {
    case 'airlinesActive':
      return ok({ airlines: view(AIRLINES.filter((a) => (date ? validOn(a, date) : a.active))) });
    case 'airlinesAll':
      return ok({ airlines: view(AIRLINES) });
    case 'airlineByFs': {
      const found = AIRLINES.find((a) => a.fs === code && (!date || validOn(a, date)));
      return found
        ? ok({ airline: airlineView(found, options) })
        : referenceError(req, 404, 'NOT_FOUND', `No airline with service code ${code}${date ? ` on ${date}` : ''}`);
    }
    case 'airlinesByIata':
      // A listing: every airline that has held the code (IATA codes are reused).
      return ok({ airlines: view(AIRLINES.filter((a) => a.iata === code && (!date || validOn(a, date)))) });
    case 'airlinesByIcao': {
      // ICAO codes are unique: one record (the active one, else the latest).
      const holders = AIRLINES.filter((a) => a.icao === code && (!date || validOn(a, date))).sort(
        (a, b) => Number(b.active) - Number(a.active) || b.dateFrom.localeCompare(a.dateFrom),
      );
      return holders[0]
        ? ok({ airline: airlineView(holders[0], options) })
        : referenceError(req, 404, 'NOT_FOUND', `No airline with ICAO code ${code}${date ? ` on ${date}` : ''}`);
    }
    default:
      return referenceError(req, 404, 'NOT_FOUND', 'No such endpoint', true);
  }
}

const AIRPORT_IATA: Record<string, string> = {
  EGLL: 'LHR',
  EGKK: 'LGW',
  EGCC: 'MAN',
  EGHI: 'SOU',
  EGJJ: 'JER',
  EIDW: 'DUB',
  EDDF: 'FRA',
  EDDM: 'MUC',
  EHAM: 'AMS',
  LFPG: 'CDG',
  LFPO: 'ORY',
  LIRF: 'FCO',
  LEMD: 'MAD',
  LGAV: 'ATH',
  LGSM: 'SMI',
  LSZH: 'ZRH',
  CYUL: 'YUL',
  CYYT: 'YYT',
  KJFK: 'JFK',
  VHHH: 'HKG',
  RJTT: 'HND',
  RJAA: 'NRT',
  WSSS: 'SIN',
  VTBS: 'BKK',
  OMDB: 'DXB',
};

/** The simulator's zone of an aerodrome: whole hours from its longitude (no daylight saving). */
const utcOffsetHours = (a: Aerodrome) => Math.round(a.lon / 15) || 0;

function airportView(a: Aerodrome): Record<string, unknown> {
  const iata = AIRPORT_IATA[a.icao];
  return {
    fs: iata ?? a.icao,
    ...(iata ? { iata } : {}),
    icao: a.icao,
    name: a.name,
    countryCode: a.country?.iso2,
    countryName: a.country?.name,
    latitude: a.lat,
    longitude: a.lon,
    elevationFeet: a.elevationFt,
    utcOffsetHours: utcOffsetHours(a),
    active: true,
  };
}

const fsOf = (a: Aerodrome) => AIRPORT_IATA[a.icao] ?? a.icao;

/** Local time as the reference family writes it: no offset, no zone. */
function localTime(date: Date, aerodrome: Aerodrome): string {
  return new Date(date.getTime() + utcOffsetHours(aerodrome) * 3600_000).toISOString().slice(0, 23);
}

const DAY_MS = 86400_000;

const STATUS_CODES = { SCHEDULED: 'S', FILED: 'S', AIRBORNE: 'A', COMPLETED: 'L', CANCELLED: 'C' } as const;

function flightStatus(req: SimRequest, ctx: SimContext): SimResponse {
  if (!formatOf(req))
    return referenceError(req, 400, 'BAD_REQUEST', `Unsupported format '${req.params.format}': use json, jsonp or xml`);
  if (badCallback(req)) return referenceError(req, 400, 'BAD_REQUEST', 'Invalid callback name');
  const options = extendedOptions(req);
  const date = requestedDate(req);
  if (!date || typeof date === 'object')
    return referenceError(
      req,
      400,
      'BAD_REQUEST',
      date && typeof date === 'object' ? date.error : 'A departure date is required',
    );
  const [carrier, number] = [pathParam(req, 'carrier'), pathParam(req, 'flight')];
  if (!/^\d{1,4}[A-Z]?$/i.test(number))
    return referenceError(req, 400, 'BAD_REQUEST', `Invalid flight number '${number}'`);
  const airline = AIRLINES.find(
    (a) =>
      a.active &&
      (a.fs === carrier.toUpperCase() || a.iata === carrier.toUpperCase() || a.icao === carrier.toUpperCase()),
  );
  const airport = req.query.get('airport')?.toUpperCase();
  // `utc` (default false) says whether the date given is UTC; without it the date is the one
  // local to the departure airport, as on a ticket (README.md names the sources).
  const utc = req.query.get('utc')?.toLowerCase() === 'true';
  const now = ctx.now();
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  // Flight status covers about 3 days before departure to about 7 days after arrival.
  const inWindow = dayStart >= now.getTime() - 8 * DAY_MS && dayStart <= now.getTime() + 3 * DAY_MS;
  const departureDay = (f: Flight) =>
    (utc ? f.scheduledDeparture.toISOString() : localTime(f.scheduledDeparture, f.plan.origin)).slice(0, 10);
  // The flights are made per UTC day: a local date reaches into the UTC days either side.
  // The `operations` variant adds the hour's scenario flights (operations.ts).
  const operations = ctx.settings.variants.flightStatus === 'operations';
  const flights: Flight[] =
    airline && inWindow
      ? [dayStart - DAY_MS, dayStart, dayStart + DAY_MS]
          .flatMap((day) => ctx.flights.flightsOn(day))
          .concat(operations ? ctx.flights.scenarioFlights(now) : [])
          .filter(
            (f) =>
              f.airline === airline &&
              f.flightNumber.replace(/^0+/, '') === number.replace(/^0+/, '') &&
              departureDay(f) === date,
          )
      : [];
  const matching = flights.filter((f) => !airport || fsOf(f.plan.origin) === airport || f.plan.origin.icao === airport);
  const airlinesRef = new Map<string, AirlineRecord>();
  const airportsRef = new Map<string, Aerodrome>();
  // Every time in both forms, whatever `utc` says: local to its airport without a zone, and UTC.
  const time = (d: Date | undefined, a: Aerodrome) =>
    d ? { dateLocal: localTime(d, a), dateUtc: d.toISOString() } : undefined;
  const statuses = matching.map((f) => {
    const state = stateOf(f, now);
    airlinesRef.set(f.airline.fs, f.airline);
    airportsRef.set(f.plan.origin.icao, f.plan.origin);
    airportsRef.set(f.plan.destination.icao, f.plan.destination);
    // A diversion (operations variant): status D, where it went, and the irregular operation.
    const diverted = operations && f.divertedTo && state.status !== 'SCHEDULED' ? f.divertedTo : undefined;
    if (diverted) airportsRef.set(diverted.icao, diverted);
    const record: Record<string, unknown> = {
      flightId: hashString(f.gufi) % 1_000_000_000,
      ...(options.useInlinedReferences
        ? { carrier: airlineView(f.airline, options) }
        : { carrierFsCode: f.airline.fs }),
      flightNumber: f.flightNumber,
      ...(options.useInlinedReferences
        ? { departureAirport: airportView(f.plan.origin), arrivalAirport: airportView(f.plan.destination) }
        : { departureAirportFsCode: fsOf(f.plan.origin), arrivalAirportFsCode: fsOf(f.plan.destination) }),
      departureDate: time(f.scheduledDeparture, f.plan.origin),
      arrivalDate: time(f.scheduledArrival, f.plan.destination),
      ...(diverted
        ? options.useInlinedReferences
          ? { divertedAirport: airportView(diverted) }
          : { divertedAirportFsCode: fsOf(diverted) }
        : {}),
      status: diverted ? 'D' : STATUS_CODES[state.status],
      operationalTimes: operations
        ? referenceOperationalTimes(f, state, (d, end) =>
            time(d, end === 'departure' ? f.plan.origin : (diverted ?? f.plan.destination)),
          )
        : {
            scheduledGateDeparture: time(f.scheduledDeparture, f.plan.origin),
            estimatedGateDeparture: time(state.estimatedDeparture, f.plan.origin),
            actualRunwayDeparture: time(state.actualDeparture, f.plan.origin),
            scheduledGateArrival: time(f.scheduledArrival, f.plan.destination),
            estimatedGateArrival: time(state.estimatedArrival, f.plan.destination),
            actualRunwayArrival: time(state.actualArrival, f.plan.destination),
          },
      // The operations variant sends no `delays` block at all (public answers of landed flights).
      ...(operations
        ? {}
        : {
            delays:
              f.delayMinutes > 0 && !f.cancelled
                ? { departureGateDelayMinutes: f.delayMinutes, arrivalGateDelayMinutes: f.delayMinutes }
                : {},
          }),
      ...(diverted
        ? {
            irregularOperations: [
              {
                type: 'DIVERSION',
                dateUtc: (state.actualArrival ?? now).toISOString(),
                message: `Diverted to ${fsOf(diverted)}`,
                ...(options.useInlinedReferences
                  ? { newArrivalAirport: airportView(diverted) }
                  : { newArrivalAirportFsCode: fsOf(diverted) }),
              },
            ],
          }
        : {}),
      flightDurations: {
        scheduledBlockMinutes: Math.round((f.scheduledArrival.getTime() - f.scheduledDeparture.getTime()) / 60000),
      },
      flightEquipment: { scheduledEquipmentIcaoCode: f.aircraftType, tailNumber: f.registration },
    };
    if (options.includeNewFields) {
      record.primaryCarrierFsCode = f.airline.fs;
      record.operatingCarrierFsCode = f.airline.fs;
      record.flightType = 'J';
    }
    return record;
  });
  const envelope: Record<string, unknown> = {
    request: requestEcho(req, options, {
      airline: { requestedCode: carrier, fsCode: airline?.fs },
      flight: { requested: number, interpreted: number.replace(/^0+(?=.)/, '') },
      date: { year: req.params.year, month: req.params.month, day: req.params.day, interpreted: date },
      utc: { requested: req.query.get('utc') ?? undefined, interpreted: utc },
      ...(airport ? { airport: { requestedCode: airport } } : {}),
    }),
  };
  if (!options.useInlinedReferences) {
    envelope.appendix = {
      airlines: [...airlinesRef.values()].map((a) => airlineView(a, options)),
      airports: [...airportsRef.values()].map(airportView),
    };
  }
  envelope.flightStatuses = statuses;
  envelope.error = {};
  return render(req, 'responseFlightStatus', envelope);
}

export const REFERENCE_HANDLERS: Record<ReferenceEndpointId, (req: SimRequest, ctx: SimContext) => SimResponse> = {
  airlinesActive: (req) => airlines(req, 'airlinesActive'),
  airlinesAll: (req) => airlines(req, 'airlinesAll'),
  airlineByFs: (req) => airlines(req, 'airlineByFs'),
  airlinesByIata: (req) => airlines(req, 'airlinesByIata'),
  airlinesByIcao: (req) => airlines(req, 'airlinesByIcao'),
  flightStatus,
};
