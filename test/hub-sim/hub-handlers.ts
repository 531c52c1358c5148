/** Hub endpoint id → handler. */
import type { HubEndpointId } from './endpoints';
import type { SimContext } from './context';
import type { SimRequest, SimResponse } from './http';
import * as flights from './flight-api';
import * as navigation from './navigation';
import * as airspaces from './airspace-api';
import * as notams from './notam-api';
import { routeExpansion } from './route-api';

export type HubHandler = (req: SimRequest, ctx: SimContext) => SimResponse | Promise<SimResponse>;

export const HUB_HANDLERS: Record<HubEndpointId, HubHandler> = {
  airlineFlights: flights.airlineFlights,
  airlineFlightNumber: flights.airlineFlightNumber,
  flightByGufi: flights.flightByGufi,
  flightDelay: flights.flightDelay,
  flightsBetween: flights.flightsBetween,
  arrivals: flights.arrivals,
  firFlights: flights.firFlights,
  departures: flights.departures,
  routeExpansion,
  firAirspaces: airspaces.firAirspaces,
  countryAirspaces: airspaces.countryAirspaces,
  microlights: airspaces.microlights,
  icaoPrefixes: navigation.icaoPrefixes,
  icaoPrefix: navigation.icaoPrefix,
  firs: navigation.firs,
  fir: navigation.fir,
  firNotams: notams.firNotams,
  aerodromeNotams: notams.aerodromeNotams,
};
