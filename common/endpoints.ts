/**
 * Every endpoint the extension calls, with its default method and path template.
 *
 * The contracts (`../shared/spec/`) leave several paths "not shown"; the defaults below come from
 * public client code (`../shared/notes/api-facts.md`) and are marked `guessed`. Every template is
 * overridable from settings, and the hub simulator serves whatever table it is given, so the
 * client and the simulator share this one source of truth.
 *
 * `{version}` is replaced by the version of the endpoint's API set (sets are versioned
 * independently, e.g. airspaces moved to v2 while flights stay v1); other `{name}` placeholders
 * are path parameters, percent-encoded when filled in.
 */

export type HubApiSet = 'flights' | 'routes' | 'airspaces' | 'microlights' | 'navigation' | 'notams';

export type HubEndpointId =
  | 'airlineFlights'
  | 'airlineFlightNumber'
  | 'flightByGufi'
  | 'flightDelay'
  | 'flightsBetween'
  | 'arrivals'
  | 'firFlights'
  | 'departures'
  | 'routeExpansion'
  | 'firAirspaces'
  | 'countryAirspaces'
  | 'microlights'
  | 'icaoPrefixes'
  | 'icaoPrefix'
  | 'firs'
  | 'fir'
  | 'firNotams'
  | 'aerodromeNotams';

export interface EndpointDefinition {
  /** Number of the endpoint in the hub contract's table (1–18); 0 for the reference family. */
  specNumber: number;
  method: 'GET' | 'POST';
  path: string;
  /** True where the contract says "not shown" and the default is an educated guess. */
  guessed: boolean;
}

export interface HubEndpointDefinition extends EndpointDefinition {
  set: HubApiSet;
}

export const DEFAULT_HUB_VERSIONS: Record<HubApiSet, string> = {
  flights: 'v1',
  routes: 'v1',
  airspaces: 'v2',
  microlights: 'v1',
  navigation: 'v1',
  notams: 'v1',
};

export const HUB_ENDPOINTS: Record<HubEndpointId, HubEndpointDefinition> = {
  airlineFlights: {
    specNumber: 1,
    set: 'flights',
    method: 'GET',
    path: '/{version}/airlines/{airline}/flights',
    guessed: false,
  },
  airlineFlightNumber: {
    specNumber: 2,
    set: 'flights',
    method: 'GET',
    path: '/{version}/airlines/{airline}/flights/{number}',
    guessed: true,
  },
  flightByGufi: { specNumber: 3, set: 'flights', method: 'GET', path: '/{version}/flights/{gufi}', guessed: true },
  flightDelay: { specNumber: 4, set: 'flights', method: 'GET', path: '/{version}/flights/{gufi}/delay', guessed: true },
  flightsBetween: {
    specNumber: 5,
    set: 'flights',
    method: 'GET',
    path: '/{version}/aerodromes/{origin}/destinations/{destination}/flights',
    guessed: true,
  },
  arrivals: {
    specNumber: 6,
    set: 'flights',
    method: 'GET',
    path: '/{version}/aerodromes/{aerodrome}/arrivals',
    guessed: false,
  },
  firFlights: {
    specNumber: 7,
    set: 'flights',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs/{fir}/flights',
    guessed: true,
  },
  departures: {
    specNumber: 8,
    set: 'flights',
    method: 'GET',
    path: '/{version}/aerodromes/{aerodrome}/departures',
    guessed: false,
  },
  routeExpansion: { specNumber: 9, set: 'routes', method: 'POST', path: '/{version}/routes/expand', guessed: true },
  firAirspaces: {
    specNumber: 10,
    set: 'airspaces',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs/{fir}/airspaces',
    guessed: false,
  },
  countryAirspaces: {
    specNumber: 11,
    set: 'airspaces',
    method: 'GET',
    path: '/{version}/countries/{country}/airspaces',
    guessed: true,
  },
  microlights: {
    specNumber: 12,
    set: 'microlights',
    method: 'GET',
    path: '/{version}/countries/{country}/microlights',
    guessed: true,
  },
  icaoPrefixes: { specNumber: 13, set: 'navigation', method: 'GET', path: '/{version}/icao-prefixes', guessed: false },
  icaoPrefix: {
    specNumber: 14,
    set: 'navigation',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}',
    guessed: false,
  },
  firs: {
    specNumber: 15,
    set: 'navigation',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs',
    guessed: false,
  },
  fir: {
    specNumber: 16,
    set: 'navigation',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs/{fir}',
    guessed: false,
  },
  firNotams: {
    specNumber: 17,
    set: 'notams',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs/{fir}/notams',
    guessed: false,
  },
  aerodromeNotams: {
    specNumber: 18,
    set: 'notams',
    method: 'GET',
    path: '/{version}/aerodromes/{aerodrome}/notams',
    guessed: false,
  },
};

export type ReferenceEndpointId =
  'airlinesActive' | 'airlinesAll' | 'airlineByFs' | 'airlinesByIata' | 'airlinesByIcao' | 'flightStatus';

export const DEFAULT_REFERENCE_VERSIONS = { airlines: 'v1', flightStatus: 'v2' } as const;

/**
 * `{format}` is json or xml. The airline lookups `active`, `fs`, `iata`, `icao` also accept an
 * optional `/{year}/{month}/{day}` suffix (no zero padding), added by the client when a date is
 * asked for.
 */
export const REFERENCE_ENDPOINTS: Record<ReferenceEndpointId, EndpointDefinition> = {
  airlinesActive: {
    specNumber: 0,
    method: 'GET',
    path: '/flex/airlines/rest/{version}/{format}/active',
    guessed: true,
  },
  airlinesAll: { specNumber: 0, method: 'GET', path: '/flex/airlines/rest/{version}/{format}/all', guessed: true },
  airlineByFs: {
    specNumber: 0,
    method: 'GET',
    path: '/flex/airlines/rest/{version}/{format}/fs/{code}',
    guessed: true,
  },
  airlinesByIata: {
    specNumber: 0,
    method: 'GET',
    path: '/flex/airlines/rest/{version}/{format}/iata/{code}',
    guessed: true,
  },
  airlinesByIcao: {
    specNumber: 0,
    method: 'GET',
    path: '/flex/airlines/rest/{version}/{format}/icao/{code}',
    guessed: true,
  },
  flightStatus: {
    specNumber: 0,
    method: 'GET',
    path: '/flex/flightstatus/rest/{version}/{format}/flight/status/{carrier}/{flight}/dep/{year}/{month}/{day}',
    guessed: false,
  },
};

export const DEFAULT_HUB_BASE_URL = 'https://api.laminardata.aero';
export const DEFAULT_REFERENCE_BASE_URL = 'https://api.flightstats.com';
