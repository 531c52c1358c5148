/** Hub endpoints 1–8: flight summaries, one flight in full, its delay, flights in a FIR. */
import type { SimContext, Variants } from './context';
import {
  SimRequest,
  SimResponse,
  badRequestPage,
  contentTypeOf,
  json,
  negotiate,
  notAcceptablePage,
  notFoundPage,
  pathParam,
  results,
  xml,
} from './http';
import { COMPLETED_RETENTION_MS, FLIGHT_STATUSES, Flight, FlightState, FlightStatus, stateOf } from './flights';
import { el, text, xmlDocument } from './xml';
import { pointInMultiPolygon } from './geo';
import { hostileFeatures, hostileFixm, isHostile } from './hostile-flights';
import {
  identificationAttributes,
  landedElsewhere,
  operationsDelayMinutes,
  operationsSummaryProperties,
  reportedTimes,
} from './operations-shapes';

const ACTIVE: FlightStatus[] = ['SCHEDULED', 'FILED', 'AIRBORNE'];

const NAMESPACES = {
  xmlns: 'http://www.laminardata.aero/flight/1.0',
  'xmlns:fx': 'http://www.fixm.aero/flight/3.0',
  'xmlns:fb': 'http://www.fixm.aero/base/3.0',
  'xmlns:lx': 'http://www.laminardata.aero/fixm/3.0/extension',
};

/** Status filter per the spec: case sensitive; COMPLETED refused where `allowCompleted` is false. */
function statusFilter(req: SimRequest, allowCompleted: boolean): FlightStatus[] | SimResponse {
  const value = req.query.get('status');
  if (value === null) return ACTIVE;
  if (!(FLIGHT_STATUSES as readonly string[]).includes(value)) {
    return badRequestPage(
      `Invalid status '${value}'. Allowed values (case sensitive): ${(allowCompleted ? FLIGHT_STATUSES : FLIGHT_STATUSES.filter((s) => s !== 'COMPLETED')).join(', ')}.`,
    );
  }
  if (!allowCompleted && value === 'COMPLETED') {
    return badRequestPage(
      'Invalid status COMPLETED for flights between two aerodromes. Allowed values: AIRBORNE, CANCELLED, FILED, SCHEDULED.',
    );
  }
  return [value as FlightStatus];
}

const iso = (d?: Date) => d?.toISOString();

/** The namespace declarations put on a root fx:Flight. */
function withNamespaces(flight: { raw: string }): { raw: string } {
  const declarations = Object.entries(NAMESPACES)
    .filter(([k]) => k !== 'xmlns')
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  return { raw: flight.raw.replace(/^<fx:Flight/, `<fx:Flight${declarations}`) };
}

function fixmFlight(flight: Flight, state: FlightState, now: Date, detail: boolean): { raw: string } {
  const { plan } = flight;
  const pos = (lat: number, lon: number) =>
    el('fb:location', { srsName: 'urn:ogc:def:crs:EPSG::4326' }, text('fb:pos', `${lat} ${lon}`));
  return el(
    'fx:Flight',
    { timestamp: iso(now) },
    text('fx:gufi', flight.gufi, { codeSpace: 'urn:uuid' }),
    el('fx:flightIdentification', {
      aircraftIdentification: flight.callsign,
      majorCarrierIdentifier: flight.airline.icao,
    }),
    el('fx:flightStatus', { currentStatus: state.status }),
    el(
      'fx:departure',
      undefined,
      el('fx:departureAerodrome', { locationIndicator: plan.origin.icao, name: plan.origin.name }),
      text('fx:scheduledOffBlockTime', iso(flight.scheduledDeparture)),
      text('fx:estimatedOffBlockTime', iso(state.estimatedDeparture)),
      text('fx:actualTimeOfDeparture', iso(state.actualDeparture)),
    ),
    el(
      'fx:arrival',
      undefined,
      el('fx:destinationAerodrome', { locationIndicator: plan.destination.icao, name: plan.destination.name }),
      text('fx:scheduledInBlockTime', iso(flight.scheduledArrival)),
      text('fx:estimatedInBlockTime', iso(state.estimatedArrival)),
      text('fx:actualTimeOfArrival', iso(state.actualArrival)),
    ),
    el(
      'fx:aircraftDescription',
      { registration: flight.registration.replace('-', '') },
      el('fx:aircraftType', undefined, text('fx:icaoModelIdentifier', flight.aircraftType)),
    ),
    el(
      'fx:enRoute',
      undefined,
      el(
        'fx:position',
        { positionTime: iso(now), source: state.status === 'AIRBORNE' ? 'ADS-B' : 'AERODROME', track: state.track },
        el('fx:position', undefined, pos(state.lat, state.lon)),
        text('fx:altitude', state.altitudeFeet, { uom: 'FT' }),
        el('fx:actualSpeed', undefined, text('fx:surveillance', state.groundSpeedKnots, { uom: 'KNOTS' })),
      ),
    ),
    detail
      ? el(
          'fx:agreed',
          undefined,
          el(
            'fx:route',
            { routeText: plan.routeText, initialFlightRules: 'IFR' },
            text('fx:initialSpeed', plan.cruiseKnots, { uom: 'KNOTS' }),
            text('fx:requestedAltitude', plan.cruiseFeet, { uom: 'FT' }),
            el(
              'fx:expandedRoute',
              undefined,
              ...plan.path.map((p) => el('fx:routePoint', { designator: p.designator }, pos(p.lat, p.lon))),
            ),
          ),
        )
      : undefined,
    el('lx:delay', { minutes: flight.delayMinutes }),
  );
}

/**
 * FIXM 3.0 as the real service writes it (public client code, README "Variants"): aerodromes as
 * `@code`, the planned destination as `arrivalAerodromeOriginal` while the flight is airborne,
 * the status as `@flightCycle`, fix times as `fb:initial|estimated|actual@timestamp`, the track
 * as an element, the filed route text.
 */
function realFixmFlight(
  flight: Flight,
  state: FlightState,
  now: Date,
  detail: boolean,
  operations = false,
): { raw: string } {
  const { plan } = flight;
  // The `operations` variant: the estimate left at the schedule, as the real service does.
  const reported = operations ? reportedTimes(flight, state) : undefined;
  const times = (name: string, initial: Date, estimated: Date, actual?: Date) =>
    el(
      name,
      undefined,
      el('fb:initial', { timestamp: iso(initial) }),
      el('fb:estimated', { timestamp: iso(estimated) }),
      actual ? el('fb:actual', { timestamp: iso(actual) }) : undefined,
    );
  const arrivalElement = state.status === 'AIRBORNE' ? 'fx:arrivalAerodromeOriginal' : 'fx:arrivalAerodrome';
  // A diverted flight that has landed: where it landed, and the destination first planned.
  const landed = operations ? landedElsewhere(flight, state) : undefined;
  return el(
    'fx:Flight',
    { timestamp: iso(now) },
    text('fx:gufi', flight.gufi, { codeSpace: 'urn:uuid' }),
    el('fx:flightIdentification', identificationAttributes(flight, operations)),
    el('fx:flightStatus', { flightCycle: state.status }),
    el(
      'fx:departure',
      undefined,
      el('fx:departureAerodrome', { code: plan.origin.icao }),
      times(
        'fx:departureFixTime',
        flight.scheduledDeparture,
        reported?.estimatedOffBlock ?? state.estimatedDeparture,
        state.actualDeparture,
      ),
    ),
    el(
      'fx:arrival',
      undefined,
      landed
        ? {
            raw:
              el('fx:arrivalAerodrome', { code: landed }).raw +
              el('fx:arrivalAerodromeOriginal', { code: plan.destination.icao }).raw,
          }
        : el(arrivalElement, { code: plan.destination.icao }),
      times(
        'fx:arrivalFixTime',
        flight.scheduledArrival,
        reported?.estimatedInBlock ?? state.estimatedArrival,
        state.actualArrival,
      ),
    ),
    el(
      'fx:aircraftDescription',
      { registration: flight.registration.replace('-', '') },
      el('fx:aircraftType', undefined, text('fx:icaoModelIdentifier', flight.aircraftType)),
    ),
    el(
      'fx:enRoute',
      undefined,
      el(
        'fx:position',
        { positionTime: iso(now) },
        el(
          'fx:position',
          undefined,
          el('fb:location', { srsName: 'urn:ogc:def:crs:EPSG::4326' }, text('fb:pos', `${state.lat} ${state.lon}`)),
        ),
        text('fx:altitude', state.altitudeFeet, { uom: 'FT' }),
        text('fx:track', state.track, { uom: 'DEG' }),
        el('fx:actualSpeed', undefined, text('fx:surveillance', state.groundSpeedKnots, { uom: 'KNOTS' })),
      ),
    ),
    el(
      'fx:agreed',
      undefined,
      el(
        'fx:route',
        { routeText: plan.routeText, initialFlightRules: 'IFR' },
        detail
          ? el(
              'fx:expandedRoute',
              undefined,
              ...plan.path.map((p) =>
                el(
                  'fx:routePoint',
                  { designator: p.designator },
                  el('fb:location', { srsName: 'urn:ogc:def:crs:EPSG::4326' }, text('fb:pos', `${p.lat} ${p.lon}`)),
                ),
              ),
            )
          : undefined,
      ),
    ),
  );
}

function summaryProperties(flight: Flight, state: FlightState, now: Date, variant: Variants['flights']) {
  if (variant === 'operations') return operationsSummaryProperties(flight, state, now);
  if (variant !== 'sim') {
    const end = (code: string, scheduled: Date, estimated: Date, actual?: Date) => ({
      aerodrome: { code },
      scheduledTime: iso(scheduled),
      estimatedTime: iso(estimated),
      actualTime: iso(actual),
    });
    return {
      gufi: flight.gufi,
      callsign: flight.callsign,
      flightStatus: state.status,
      departure: end(
        flight.plan.origin.icao,
        flight.scheduledDeparture,
        state.estimatedDeparture,
        state.actualDeparture,
      ),
      arrival: end(flight.plan.destination.icao, flight.scheduledArrival, state.estimatedArrival, state.actualArrival),
      routeText: flight.plan.routeText,
      positionReport: {
        track: state.track,
        source: state.status === 'AIRBORNE' ? 'ADS-B' : 'AERODROME',
        altitude: state.altitudeFeet,
        captureTimestamp: iso(now),
      },
      aircraftDescription: {
        aircraftCode: flight.aircraftType,
        aircraftRegistration: flight.registration.replace('-', ''),
      },
    };
  }
  return simSummaryProperties(flight, state, now);
}

function simSummaryProperties(flight: Flight, state: FlightState, now: Date) {
  return {
    gufi: flight.gufi,
    callsign: flight.callsign,
    flightStatus: state.status,
    airline: flight.airline.icao,
    flightNumber: flight.flightNumber,
    departure: {
      aerodrome: flight.plan.origin.icao,
      scheduledTime: iso(flight.scheduledDeparture),
      estimatedTime: iso(state.estimatedDeparture),
      actualTime: iso(state.actualDeparture),
    },
    arrival: {
      aerodrome: flight.plan.destination.icao,
      scheduledTime: iso(flight.scheduledArrival),
      estimatedTime: iso(state.estimatedArrival),
      actualTime: iso(state.actualArrival),
    },
    positionReport: {
      track: state.track,
      source: state.status === 'AIRBORNE' ? 'ADS-B' : 'AERODROME',
      altitude: state.altitudeFeet,
      groundSpeed: state.groundSpeedKnots,
      captureTimestamp: iso(now),
    },
    aircraftDescription: {
      aircraftCode: flight.aircraftType,
      aircraftRegistration: flight.registration.replace('-', ''),
    },
  };
}

function feature(flight: Flight, state: FlightState, now: Date, variant: Variants['flights']) {
  return {
    type: 'Feature',
    id: flight.gufi,
    geometry: { type: 'Point', coordinates: [state.lon, state.lat] },
    properties: summaryProperties(flight, state, now, variant) as Record<string, unknown>,
  };
}

function flightXml(ctx: SimContext, flight: Flight, state: FlightState, now: Date, detail: boolean): { raw: string } {
  const variant = ctx.settings.variants.flights;
  return variant === 'sim'
    ? fixmFlight(flight, state, now, detail)
    : realFixmFlight(flight, state, now, detail, variant === 'operations');
}

function listResponse(
  req: SimRequest,
  ctx: SimContext,
  selected: { flight: Flight; state: FlightState }[],
): SimResponse {
  const format = negotiate(req, ['xml', 'json', 'geojson'], 'xml');
  if (!format) return notAcceptablePage(['application/xml', 'application/json', 'application/geo+json']);
  const now = ctx.now();
  const variant = ctx.settings.variants.flights;
  if (format === 'xml') {
    const flights = selected.map((s) => flightXml(ctx, s.flight, s.state, now, false).raw);
    const body = isHostile(variant) ? hostileFixm(variant, flights, (k) => shortFixm(selected, k)) : flights;
    return xml(xmlDocument(el('flightMessage', NAMESPACES, { raw: body.join('') })));
  }
  return featureList(selected, now, variant, contentTypeOf(format));
}

/** The `copy`th short copy of the selected flights (`many`): a new GUFI and number, the same places. */
function shortOf(selected: { flight: Flight; state: FlightState }[], copy: number) {
  const { flight, state } = selected[copy % selected.length]!;
  const number = 1000 + (copy % 9000);
  return {
    gufi: `${flight.gufi.slice(0, 24)}${String(copy).padStart(12, '0')}`,
    callsign: `${flight.airline.icao}${number}`,
    status: state.status,
    from: flight.plan.origin.icao,
    to: flight.plan.destination.icao,
    state,
  };
}

function shortFixm(selected: { flight: Flight; state: FlightState }[], copy: number): string {
  const f = shortOf(selected, copy);
  return (
    `<fx:Flight><fx:gufi>${f.gufi}</fx:gufi><fx:flightIdentification aircraftIdentification="${f.callsign}"/>` +
    `<fx:flightStatus flightCycle="${f.status}"/><fx:departure><fx:departureAerodrome code="${f.from}"/></fx:departure>` +
    `<fx:arrival><fx:arrivalAerodrome code="${f.to}"/></fx:arrival><fx:enRoute><fx:position><fx:position><fb:location>` +
    `<fb:pos>${f.state.lat} ${f.state.lon}</fb:pos></fb:location></fx:position><fx:altitude>${f.state.altitudeFeet}</fx:altitude>` +
    `</fx:position></fx:enRoute></fx:Flight>`
  );
}

function shortFeature(selected: { flight: Flight; state: FlightState }[], copy: number): string {
  const f = shortOf(selected, copy);
  return (
    `{"type":"Feature","id":"${f.gufi}","geometry":{"type":"Point","coordinates":[${f.state.lon},${f.state.lat}]},` +
    `"properties":{"callsign":"${f.callsign}","flightStatus":"${f.status}","departure":{"aerodrome":{"code":"${f.from}"}},` +
    `"arrival":{"aerodrome":{"code":"${f.to}"}},"positionReport":{"altitude":${f.state.altitudeFeet},"track":${f.state.track}}}}`
  );
}

/** A GeoJSON FeatureCollection of the flights, as the variant sends it. */
function featureList(
  selected: { flight: Flight; state: FlightState }[],
  now: Date,
  variant: Variants['flights'],
  contentType: string,
): SimResponse {
  const features = selected.map((s) => JSON.stringify(feature(s.flight, s.state, now, variant)));
  const body = isHostile(variant) ? hostileFeatures(variant, features, (k) => shortFeature(selected, k)) : features;
  const rest = JSON.stringify(results(body.length, now));
  return {
    status: 200,
    contentType: `${contentType}; charset=utf-8`,
    body: `{"type":"FeatureCollection","features":[${body.join(',')}],"results":${rest}}`,
  };
}

/** The flights the variant serves: the `operations` variant adds the hour's scenario flights. */
function flightsServed(ctx: SimContext, now: Date): Flight[] {
  const flights = ctx.flights.flightsAround(now);
  return ctx.settings.variants.flights === 'operations' ? [...flights, ...ctx.flights.scenarioFlights(now)] : flights;
}

function select(ctx: SimContext, statuses: FlightStatus[], predicate: (f: Flight) => boolean) {
  const now = ctx.now();
  return flightsServed(ctx, now)
    .filter(predicate)
    .map((flight) => ({ flight, state: stateOf(flight, now) }))
    .filter((s) => statuses.includes(s.state.status))
    .sort((a, b) => a.flight.scheduledDeparture.getTime() - b.flight.scheduledDeparture.getTime());
}

const stripZeros = (n: string) => n.replace(/^0+(?=.)/, '');

export function airlineFlights(req: SimRequest, ctx: SimContext): SimResponse {
  const statuses = statusFilter(req, true);
  if (!Array.isArray(statuses)) return statuses;
  const airline = pathParam(req, 'airline');
  if (!/^[A-Za-z]{3}$/.test(airline))
    return badRequestPage(`'${airline}' is not an ICAO airline prefix (three letters).`);
  return listResponse(
    req,
    ctx,
    select(ctx, statuses, (f) => f.airline.icao === airline),
  );
}

export function airlineFlightNumber(req: SimRequest, ctx: SimContext): SimResponse {
  const statuses = statusFilter(req, true);
  if (!Array.isArray(statuses)) return statuses;
  const [airline, number] = [pathParam(req, 'airline'), pathParam(req, 'number')];
  if (!/^[A-Za-z]{3}$/.test(airline))
    return badRequestPage(`'${airline}' is not an ICAO airline prefix (three letters).`);
  // "leading zero ignored" (hub-api.md): 0012 is 12.
  if (!/^[0-9A-Z]{1,5}$/.test(stripZeros(number))) return badRequestPage(`'${number}' is not a flight number.`);
  return listResponse(
    req,
    ctx,
    select(ctx, statuses, (f) => f.airline.icao === airline && stripZeros(f.flightNumber) === stripZeros(number)),
  );
}

export function flightsBetween(req: SimRequest, ctx: SimContext): SimResponse {
  const statuses = statusFilter(req, false);
  if (!Array.isArray(statuses)) return statuses;
  const [origin, destination] = [pathParam(req, 'origin'), pathParam(req, 'destination')];
  for (const code of [origin, destination])
    if (!ctx.world.aerodromes.has(code)) return notFoundPage(`Aerodrome ${code}`);
  return listResponse(
    req,
    ctx,
    select(ctx, statuses, (f) => f.plan.origin.icao === origin && f.plan.destination.icao === destination),
  );
}

/** Arrivals (flights to the aerodrome) and departures (flights from it). */
function aerodromeFlights(req: SimRequest, ctx: SimContext, end: 'origin' | 'destination'): SimResponse {
  const statuses = statusFilter(req, true);
  if (!Array.isArray(statuses)) return statuses;
  const aerodrome = pathParam(req, 'aerodrome');
  if (!ctx.world.aerodromes.has(aerodrome)) return notFoundPage(`Aerodrome ${aerodrome}`);
  return listResponse(
    req,
    ctx,
    select(ctx, statuses, (f) => f.plan[end].icao === aerodrome),
  );
}

export function arrivals(req: SimRequest, ctx: SimContext): SimResponse {
  return aerodromeFlights(req, ctx, 'destination');
}

export function departures(req: SimRequest, ctx: SimContext): SimResponse {
  return aerodromeFlights(req, ctx, 'origin');
}

/** GUFI lookups: unknown, or completed more than 6 hours ago → 404. */
function retrievable(req: SimRequest, ctx: SimContext): { flight: Flight; state: FlightState } | SimResponse {
  const now = ctx.now();
  const gufi = pathParam(req, 'gufi');
  const flight = ctx.flights.byGufi(gufi, now);
  if (!flight) return notFoundPage(`Flight ${gufi}`);
  const state = stateOf(flight, now);
  if (
    state.status === 'COMPLETED' &&
    state.actualArrival &&
    now.getTime() - state.actualArrival.getTime() > COMPLETED_RETENTION_MS
  ) {
    return notFoundPage(`Flight ${gufi} (completed flights are kept for 6 hours after landing)`);
  }
  return { flight, state };
}

export function flightByGufi(req: SimRequest, ctx: SimContext): SimResponse {
  const found = retrievable(req, ctx);
  if (!('flight' in found)) return found;
  const { flight, state } = found;
  const format = negotiate(req, ['xml', 'json', 'geojson'], 'xml');
  if (!format) return notAcceptablePage(['application/xml', 'application/json', 'application/geo+json']);
  const now = ctx.now();
  if (format === 'xml') {
    // The real service answers one flight as the fx:Flight document itself (public client code).
    if (ctx.settings.variants.flights !== 'sim')
      return xml(
        xmlDocument(
          withNamespaces(realFixmFlight(flight, state, now, true, ctx.settings.variants.flights === 'operations')),
        ),
      );
    return xml(xmlDocument(el('flightMessage', NAMESPACES, fixmFlight(flight, state, now, true))));
  }
  const main = feature(flight, state, now, ctx.settings.variants.flights);
  Object.assign(main.properties, {
    routeText: flight.plan.routeText,
    cruisingSpeed: { value: flight.plan.cruiseKnots, uom: 'KNOTS' },
    cruisingLevel: { value: flight.plan.cruiseFeet, uom: 'FT' },
    delayMinutes: flight.delayMinutes,
  });
  const route = {
    type: 'Feature',
    id: `${flight.gufi}-route`,
    geometry: { type: 'LineString', coordinates: flight.plan.path.map((p) => [p.lon, p.lat]) },
    properties: {
      kind: 'route',
      routeText: flight.plan.routeText,
      designators: flight.plan.path.map((p) => p.designator),
    },
  };
  return json(
    { type: 'FeatureCollection', features: [main, route], results: results(2, now) },
    200,
    contentTypeOf(format),
  );
}

/** Delay data are reliable only in European airspace (ICAO prefixes E and L). */
const european = (icao: string) => /^[EL]/.test(icao);

export function flightDelay(req: SimRequest, ctx: SimContext): SimResponse {
  const found = retrievable(req, ctx);
  if (!('flight' in found)) return found;
  const { flight, state } = found;
  const format = negotiate(req, ['xml', 'json', 'geojson'], 'xml');
  if (!format) return notAcceptablePage(['application/xml', 'application/json', 'application/geo+json']);
  const accuracy =
    european(flight.plan.origin.icao) && european(flight.plan.destination.icao) ? 'RELIABLE' : 'UNCERTAIN';
  // The `operations` variant: the estimate stays at the schedule, so the delay is known once the flight has left.
  const minutes =
    ctx.settings.variants.flights === 'operations' ? operationsDelayMinutes(flight, state) : flight.delayMinutes;
  const delay = {
    gufi: flight.gufi,
    callsign: flight.callsign,
    flightStatus: state.status,
    departure: {
      aerodrome: flight.plan.origin.icao,
      scheduledTime: iso(flight.scheduledDeparture),
      estimatedTime: iso(state.estimatedDeparture),
      actualTime: iso(state.actualDeparture),
      delayMinutes: minutes,
    },
    arrival: {
      aerodrome: flight.plan.destination.icao,
      scheduledTime: iso(flight.scheduledArrival),
      estimatedTime: iso(state.estimatedArrival),
      actualTime: iso(state.actualArrival),
      delayMinutes: minutes,
    },
    delayMinutes: state.status === 'CANCELLED' ? null : minutes,
    accuracy,
  };
  if (format === 'json') return json(delay);
  if (format === 'geojson') {
    return json(
      {
        type: 'Feature',
        id: flight.gufi,
        geometry: { type: 'Point', coordinates: [state.lon, state.lat] },
        properties: delay,
      },
      200,
      'application/geo+json',
    );
  }
  const times = (name: string, t: typeof delay.departure) =>
    el(
      name,
      { aerodrome: t.aerodrome },
      text('scheduledTime', t.scheduledTime),
      text('estimatedTime', t.estimatedTime),
      text('actualTime', t.actualTime),
      text('delayMinutes', t.delayMinutes),
    );
  return xml(
    xmlDocument(
      el(
        'flightDelay',
        { xmlns: NAMESPACES.xmlns, gufi: flight.gufi },
        text('callsign', flight.callsign),
        text('flightStatus', state.status),
        times('departure', delay.departure),
        times('arrival', delay.arrival),
        text('delayMinutes', delay.delayMinutes ?? ''),
        text('accuracy', accuracy),
      ),
    ),
  );
}

export function firFlights(req: SimRequest, ctx: SimContext): SimResponse {
  const [prefix, code] = [pathParam(req, 'prefix'), pathParam(req, 'fir')];
  const fir = ctx.world.firs.get(code);
  if (!fir || fir.prefix !== prefix) return notFoundPage(`FIR ${code} under ICAO prefix ${prefix}`);
  const format = negotiate(req, ['geojson'], 'geojson');
  if (!format) return notAcceptablePage(['application/geo+json', 'application/json']);
  let statuses: FlightStatus[] = ['AIRBORNE'];
  if (req.query.get('status') !== null) {
    const filter = statusFilter(req, true);
    if (!Array.isArray(filter)) return filter;
    statuses = filter;
  }
  const now = ctx.now();
  // FIR flight data are European: elsewhere the collection is empty.
  const selected = european(code)
    ? select(ctx, statuses, () => true).filter((s) => pointInMultiPolygon(s.state.lon, s.state.lat, fir.polygons))
    : [];
  return featureList(selected, now, ctx.settings.variants.flights, 'application/geo+json');
}
