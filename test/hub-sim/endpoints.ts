/**
 * The simulator's endpoint table, written from the contracts (`../shared/spec/hub-api.md`,
 * `reference-api.md`) literally, and where they say "not shown" from the public facts about the
 * real services (`../shared/notes/api-facts.md`). It is NOT the client's table: a client that
 * builds a wrong path or version gets the 404 the real service would give, and a test fails.
 *
 * Versions per API set (hub-api.md, Versioning): flights, aerodromes, ICAO prefixes and NOTAMs
 * /v1, the FIR airspaces /v2; the v2 NOTAM set (GeoJSON) lives under /v2 (api-facts.md).
 */

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

export type ApiSet = 'flights' | 'routes' | 'airspaces' | 'microlights' | 'navigation' | 'notams';

export interface Endpoint {
  set: ApiSet;
  method: 'GET' | 'POST';
  /** `{version}` is the set's version; other `{name}`s are path parameters. */
  path: string;
  /** Where the path comes from. */
  source: 'contract' | 'public client code' | 'guess';
}

export const VERSIONS: Record<ApiSet, string> = {
  flights: 'v1',
  routes: 'v1',
  airspaces: 'v2',
  microlights: 'v1',
  navigation: 'v1',
  notams: 'v1',
};

export const HUB_TABLE: Record<HubEndpointId, Endpoint> = {
  // Endpoint 1, 6, 8, 10, 13–18: the contract's table gives the path.
  airlineFlights: { set: 'flights', method: 'GET', path: '/{version}/airlines/{airline}/flights', source: 'contract' },
  arrivals: { set: 'flights', method: 'GET', path: '/{version}/aerodromes/{aerodrome}/arrivals', source: 'contract' },
  departures: {
    set: 'flights',
    method: 'GET',
    path: '/{version}/aerodromes/{aerodrome}/departures',
    source: 'contract',
  },
  firAirspaces: {
    set: 'airspaces',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs/{fir}/airspaces',
    source: 'contract',
  },
  icaoPrefixes: { set: 'navigation', method: 'GET', path: '/{version}/icao-prefixes', source: 'contract' },
  icaoPrefix: { set: 'navigation', method: 'GET', path: '/{version}/icao-prefixes/{prefix}', source: 'contract' },
  firs: { set: 'navigation', method: 'GET', path: '/{version}/icao-prefixes/{prefix}/firs', source: 'contract' },
  fir: { set: 'navigation', method: 'GET', path: '/{version}/icao-prefixes/{prefix}/firs/{fir}', source: 'contract' },
  firNotams: {
    set: 'notams',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs/{fir}/notams',
    source: 'contract',
  },
  aerodromeNotams: {
    set: 'notams',
    method: 'GET',
    path: '/{version}/aerodromes/{aerodrome}/notams',
    source: 'contract',
  },
  // "not shown" in the contract; seen in public client code (api-facts.md).
  flightByGufi: { set: 'flights', method: 'GET', path: '/{version}/flights/{gufi}', source: 'public client code' },
  flightsBetween: {
    set: 'flights',
    method: 'GET',
    path: '/{version}/aerodromes/{origin}/destinations/{destination}/flights',
    source: 'public client code',
  },
  firFlights: {
    set: 'flights',
    method: 'GET',
    path: '/{version}/icao-prefixes/{prefix}/firs/{fir}/flights',
    source: 'public client code',
  },
  airlineFlightNumber: {
    set: 'flights',
    method: 'GET',
    path: '/{version}/airlines/{airline}/flights/{number}',
    source: 'public client code',
  },
  // Found nowhere public (api-facts.md): the suggested defaults.
  flightDelay: { set: 'flights', method: 'GET', path: '/{version}/flights/{gufi}/delay', source: 'guess' },
  routeExpansion: { set: 'routes', method: 'POST', path: '/{version}/routes/expand', source: 'guess' },
  countryAirspaces: {
    set: 'airspaces',
    method: 'GET',
    path: '/{version}/countries/{country}/airspaces',
    source: 'guess',
  },
  microlights: {
    set: 'microlights',
    method: 'GET',
    path: '/{version}/countries/{country}/microlights',
    source: 'guess',
  },
};

export type ReferenceEndpointId =
  'airlinesActive' | 'airlinesAll' | 'airlineByFs' | 'airlinesByIata' | 'airlinesByIcao' | 'flightStatus';

/**
 * The reference family (reference-api.md gives the flight status path in full; the airline
 * paths are the Flex API's public ones, api-facts.md). `active`, `fs`, `iata` and `icao` also
 * take `/{year}/{month}/{day}`.
 */
export const REFERENCE_TABLE: Record<ReferenceEndpointId, { path: string; version: string; dated: boolean }> = {
  airlinesActive: { path: '/flex/airlines/rest/{version}/{format}/active', version: 'v1', dated: true },
  airlinesAll: { path: '/flex/airlines/rest/{version}/{format}/all', version: 'v1', dated: false },
  airlineByFs: { path: '/flex/airlines/rest/{version}/{format}/fs/{code}', version: 'v1', dated: true },
  airlinesByIata: { path: '/flex/airlines/rest/{version}/{format}/iata/{code}', version: 'v1', dated: true },
  airlinesByIcao: { path: '/flex/airlines/rest/{version}/{format}/icao/{code}', version: 'v1', dated: true },
  flightStatus: {
    path: '/flex/flightstatus/rest/{version}/{format}/flight/status/{carrier}/{flight}/dep/{year}/{month}/{day}',
    version: 'v2',
    dated: false,
  },
};

/** A different method or path for one endpoint (a test of a moved endpoint). */
export interface EndpointOverride {
  method?: 'GET' | 'POST';
  path?: string;
}

/** A path template with its parameters filled in, percent-encoded. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Za-z0-9_.]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`path template ${template} needs {${name}}`);
    return encodeURIComponent(value);
  });
}
