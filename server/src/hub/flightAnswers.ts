/**
 * The hub's flight lists (endpoints 1, 2, 5–8) read from either syntax without holding the event
 * loop: FIXM XML through fixmFlights.ts, GeoJSON through jsonParts.ts, a feature at a time. What
 * is kept is bounded (MAX_FLIGHTS_PER_ANSWER flights, route texts of MAX_ROUTE_TEXT_CHARS) and
 * the list says what was left out, in words the caller shows (`flightListNotices`).
 */
import { readBodyYielding, jsonPartParser, xmlStringCleaner } from './body';
import {
  MAX_FLIGHTS_PER_ANSWER,
  MAX_ROUTE_TEXT_CHARS,
  carrierIdentifier,
  flightNumberOf,
  readFixmFlightsYielding,
} from './fixmFlights';
import {
  FLIGHT_SUMMARY_RULES,
  LEFT_OUT_REASONS,
  noteLeftOut,
  results as readResults,
  validateFeature,
  type Feature,
  type FeatureCollection,
  type FlightSummaryProperties,
  type LeftOut,
  type Results,
} from './geojson';
import type { FlightSummary } from './hubXml';
import { emptyJsonParts, jsonPartSteps } from './jsonParts';
import type { HttpResponse } from './transport';
import { yieldingLoop } from './yielding';
import { ShapeError } from './errors';

export { MAX_FLIGHTS_PER_ANSWER, MAX_ROUTE_TEXT_CHARS } from './fixmFlights';

/** A GeoJSON feature larger than this is no flight summary: left out and counted. */
export const MAX_FEATURE_CHARS = 1024 * 1024;

export interface FlightList {
  format: 'json' | 'xml';
  flights: FlightSummary[];
  results?: Results;
  /** Features of the answer that could not be read (the others are kept). */
  leftOut?: LeftOut;
  /** The GeoJSON as received (validated, the features read), when JSON was asked for. */
  collection?: FeatureCollection<FlightSummaryProperties>;
  /** Flights of the answer beyond MAX_FLIGHTS_PER_ANSWER, not read. */
  notRead?: number;
  /** Flights whose route text was longer than MAX_ROUTE_TEXT_CHARS: kept without it. */
  longRouteTexts?: number;
}

export interface FlightReadOptions {
  maxDepth: number;
  // Both passed on from the caller's options as given: undefined means none.
  signal?: AbortSignal | undefined;
  maxFlights?: number | undefined;
}

/** The flights of an answer, in the syntax it came in, read a slice per turn of the event loop. */
export function readFlightList(
  res: HttpResponse,
  kind: 'json' | 'xml',
  what: string,
  options: FlightReadOptions,
): Promise<FlightList> {
  return readBodyYielding(res, what, async (): Promise<FlightList> => {
    if (kind === 'xml') {
      const read = await readFixmFlightsYielding(res.body, {
        maxDepth: options.maxDepth,
        signal: options.signal,
        maxFlights: options.maxFlights,
        clean: xmlStringCleaner(res),
      });
      return {
        format: 'xml',
        flights: read.flights,
        ...(read.notRead > 0 ? { notRead: read.notRead } : {}),
        ...(read.longRouteTexts > 0 ? { longRouteTexts: read.longRouteTexts } : {}),
      };
    }
    const collection = await readFlightCollection(res.body, jsonPartParser(res), options);
    let longRouteTexts = 0;
    const flights = collection.features.map((feature) => {
      const { summary, longRouteText } = summaryOfFeature(feature);
      if (longRouteText) longRouteTexts++;
      return summary;
    });
    return {
      format: 'json',
      flights,
      collection,
      ...(collection.results ? { results: collection.results } : {}),
      ...(collection.leftOut ? { leftOut: collection.leftOut } : {}),
      ...(collection.notRead ? { notRead: collection.notRead } : {}),
      ...(longRouteTexts > 0 ? { longRouteTexts } : {}),
    };
  });
}

/** A GeoJSON flight collection (or one Feature), a feature at a time; `notRead` counts those past the cap. */
async function readFlightCollection(
  text: Buffer,
  parse: (part: string) => unknown,
  options: FlightReadOptions,
): Promise<FeatureCollection<FlightSummaryProperties> & { notRead?: number }> {
  const features: Feature<FlightSummaryProperties>[] = [];
  let leftOut: LeftOut | undefined;
  const out = emptyJsonParts();
  const steps = jsonPartSteps(
    text,
    {
      arrays: {
        features: {
          max: options.maxFlights ?? MAX_FLIGHTS_PER_ANSWER,
          element(value, index) {
            try {
              features.push(validateFeature(value, index, FLIGHT_SUMMARY_RULES));
            } catch (error) {
              if (!(error instanceof ShapeError)) throw error;
              leftOut = noteLeftOut(leftOut, error.message);
            }
          },
          tooLarge(index, chars) {
            leftOut = noteLeftOut(
              leftOut,
              `features[${index}] is ${(chars / 1048576).toFixed(1)} MB, more than the ${MAX_FEATURE_CHARS / 1048576} MB a flight summary is read up to`,
            );
          },
        },
      },
      parse,
      maxPartChars: MAX_FEATURE_CHARS,
    },
    out,
  );
  await yieldingLoop(() => !steps.next().done, options.signal);
  if (out.members.has('')) throw new ShapeError('body', 'is not an object');
  const type = out.members.get('type');
  if (type === 'Feature') {
    // One Feature (the flight by GUFI): its members, each read whole.
    const feature = Object.fromEntries([...out.members].filter(([key]) => !key.includes('.')));
    const collection = JSON.stringify({ type: 'FeatureCollection', features: [feature] });
    return readFlightCollection(Buffer.from(collection), JSON.parse, options);
  }
  if (type !== 'FeatureCollection') throw new ShapeError('type', `is ${JSON.stringify(type)}, not "FeatureCollection"`);
  if (!out.found.has('features')) throw new ShapeError('features', 'is not an array');
  let res: Results | undefined;
  try {
    res = readResults(out.members.get('results'), 'results');
  } catch {
    // The results object only describes the answer: the features stand without it.
  }
  const notRead = out.notRead.get('features') ?? 0;
  return {
    type: 'FeatureCollection',
    features,
    ...(res ? { results: res } : {}),
    ...(leftOut ? { leftOut } : {}),
    ...(notRead > 0 ? { notRead } : {}),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The words for what a flight list left out, for the traffic notices and the live flight's hover. */
export function flightListNotices(list: FlightList, what: string): string[] {
  const out: string[] = [];
  if (list.notRead)
    out.push(
      `${what}: the hub's answer held ${(list.flights.length + list.notRead).toLocaleString('en')} flights or more; ` +
        `the first ${list.flights.length.toLocaleString('en')} were read and ${list.notRead.toLocaleString('en')} were not ` +
        `(at most ${MAX_FLIGHTS_PER_ANSWER.toLocaleString('en')} an answer).`,
    );
  if (list.longRouteTexts)
    out.push(
      `${what}: ${list.longRouteTexts} filed route${list.longRouteTexts === 1 ? ' was' : 's were'} longer than ` +
        `${MAX_ROUTE_TEXT_CHARS.toLocaleString('en')} characters and ${list.longRouteTexts === 1 ? 'is' : 'are'} not read (nor compared).`,
    );
  return out;
}

/** The reasons kept for a tally (re-exported for tests of the wording). */
export { LEFT_OUT_REASONS };

/** A GeoJSON flight summary in the terms of a FIXM one; a route text over the limit is dropped and said. */
export function summaryOfFeature(f: Feature<FlightSummaryProperties>): {
  summary: FlightSummary;
  longRouteText: boolean;
} {
  const p = f.properties;
  const s: FlightSummary = {};
  const gufi = typeof p.gufi === 'string' ? p.gufi : typeof f.id === 'string' ? f.id : undefined;
  if (gufi) s.gufi = gufi;
  const callsign = p.callsign ?? (typeof p.aircraftIdentification === 'string' ? p.aircraftIdentification : undefined);
  if (callsign) s.callsign = callsign;
  const carrier = [p.operator, p.majorCarrierIdentifier, p.airline]
    .map((v) => (typeof v === 'string' ? carrierIdentifier(v) : {}))
    .find((c) => c.operator);
  if (carrier?.operator) s.operator = carrier.operator;
  const number = [p.flightNumber, p.iataFlightNumber]
    .map((v) => (typeof v === 'string' || typeof v === 'number' ? flightNumberOf(String(v)) : undefined))
    .find(Boolean);
  const flightNumber = number ?? carrier?.flightNumber;
  if (flightNumber) s.flightNumber = flightNumber;
  if (p.flightStatus) s.status = p.flightStatus;
  const departure = endAerodromes(p.departure) ?? {};
  const arrival = endAerodromes(p.arrival) ?? {};
  const departureCode = departure.actual ?? departure.planned ?? firstCode(p.origin, p.departureAerodrome);
  const arrivalCode = arrival.actual ?? arrival.planned ?? firstCode(p.destination, p.arrivalAerodrome);
  if (departureCode) s.departure = departureCode;
  if (arrivalCode) s.arrival = arrivalCode;
  const original =
    (arrival.actual && arrival.planned !== arrival.actual ? arrival.planned : undefined) ??
    aerodromeCodeOf(p.arrivalAerodromeOriginal) ??
    aerodromeCodeOf(p.originalDestination);
  if (original && original !== s.arrival) s.originalArrival = original;
  const route = routeTextOf(p);
  const longRouteText = route !== undefined && route.length > MAX_ROUTE_TEXT_CHARS;
  if (route && !longRouteText) s.routeText = route;
  if (f.geometry?.type === 'Point') [s.lon, s.lat] = f.geometry.coordinates;
  if (typeof p.positionReport?.altitude === 'number') s.altitude = p.positionReport.altitude;
  if (typeof p.positionReport?.track === 'number') s.track = p.positionReport.track;
  if (p.aircraftDescription?.aircraftCode) s.aircraftType = p.aircraftDescription.aircraftCode;
  if (p.aircraftDescription?.aircraftRegistration) s.registration = p.aircraftDescription.aircraftRegistration;
  endTimes(s, p.departure, 'departure');
  endTimes(s, p.arrival, 'arrival');
  return { summary: s, longRouteText };
}

/** `{ aerodrome: "EGLL" | { code } | { scheduled, actual, initial } }` of one end. */
function endAerodromes(end: unknown): { planned?: string; actual?: string } | undefined {
  if (typeof end === 'string') {
    const planned = end.trim();
    return planned ? { planned } : {};
  }
  if (!isObject(end)) return undefined;
  const aerodrome = end.aerodrome ?? end.airport;
  if (isObject(aerodrome) && ('scheduled' in aerodrome || 'actual' in aerodrome || 'initial' in aerodrome)) {
    const planned = aerodromeCodeOf(aerodrome.scheduled) ?? aerodromeCodeOf(aerodrome.initial);
    const actual = aerodromeCodeOf(aerodrome.actual);
    return { ...(planned ? { planned } : {}), ...(actual ? { actual } : {}) };
  }
  const code = aerodromeCodeOf(end);
  return code ? { planned: code } : undefined;
}

function firstCode(...values: unknown[]): string | undefined {
  for (const value of values) {
    const code = aerodromeCodeOf(value);
    if (code) return code;
  }
  return undefined;
}

/**
 * An aerodrome as GeoJSON summaries give it: a code string, `{ aerodrome: "EGLL" }`,
 * `{ aerodrome: { code: "EGLL" } }` or `{ code }` / `{ icao }` / `{ locationIndicator }`.
 */
function aerodromeCodeOf(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (!isObject(value) || depth > 3) return undefined;
  for (const key of ['code', 'icao', 'locationIndicator', 'icaoCode']) {
    const code = value[key];
    if (typeof code === 'string' && code) return code;
  }
  return aerodromeCodeOf(value.aerodrome ?? value.airport, depth + 1);
}

const TIME_KEYS = {
  departure: {
    scheduled: 'scheduledDeparture',
    estimated: 'estimatedDeparture',
    actual: 'actualDeparture',
    runwayEstimated: 'estimatedTakeOff',
    runwayActual: 'actualTakeOff',
  },
  arrival: {
    scheduled: 'scheduledArrival',
    estimated: 'estimatedArrival',
    actual: 'actualArrival',
    runwayEstimated: 'estimatedLanding',
    runwayActual: 'actualLanding',
  },
} as const;

/**
 * An end's times: `gateTime`/`runwayTime` `{ initial, estimated, actual }` (the hub's summaries),
 * else `scheduledTime`/`estimatedTime`/`actualTime` (ISO).
 */
function endTimes(s: FlightSummary, end: unknown, which: 'departure' | 'arrival'): void {
  if (!isObject(end)) return;
  const keys = TIME_KEYS[which];
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() ? value.trim().slice(0, 64) : undefined;
  const gate = isObject(end.gateTime) ? end.gateTime : {};
  const runway = isObject(end.runwayTime) ? end.runwayTime : {};
  const put = (key: keyof FlightSummary, value: string | undefined): void => {
    if (value) (s as Record<string, unknown>)[key] = value;
  };
  put(keys.scheduled, text(gate.initial) ?? text(gate.scheduled) ?? text(end.scheduledTime));
  put(keys.estimated, text(gate.estimated) ?? text(end.estimatedTime));
  put(keys.actual, text(gate.actual) ?? text(end.actualTime));
  put(keys.runwayEstimated, text(runway.estimated));
  put(keys.runwayActual, text(runway.actual));
}

/** The filed route text of a GeoJSON summary: `routeText`, or `route`/`flightPlan` holding it. */
function routeTextOf(p: Record<string, unknown>): string | undefined {
  const candidates = [p.routeText, p.route, p.filedRoute, p.flightPlan];
  for (const c of candidates) {
    const text = typeof c === 'string' ? c : isObject(c) && typeof c.routeText === 'string' ? c.routeText : undefined;
    if (text && text.trim()) return text.trim().replace(/\s+/g, ' ');
  }
  return undefined;
}

/** Left-out tallies of two reads, as one. */
export function joinLeftOut(a: LeftOut | undefined, b: LeftOut | undefined): LeftOut | undefined {
  if (!a) return b;
  if (!b) return a;
  return { count: a.count + b.count, reasons: [...a.reasons, ...b.reasons].slice(0, LEFT_OUT_REASONS) };
}
