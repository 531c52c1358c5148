/** Built-in credentials and the API group of every hub endpoint. */
import type { HubEndpointId } from './endpoints';
import { RESTRICTED_GROUPS } from './http';

/**
 * Which group each endpoint belongs to. The spec names the restricted groups but not their
 * members; these are the simulator's choices (documented in README.md).
 */
export const ENDPOINT_GROUPS: Record<HubEndpointId, string> = {
  airlineFlights: 'Flights',
  airlineFlightNumber: 'Flights',
  flightByGufi: 'Flight Detail By GUFI',
  flightDelay: 'Flight Delay',
  flightsBetween: 'Flights',
  arrivals: 'Flights',
  firFlights: 'Flights',
  departures: 'Flights',
  routeExpansion: 'Route Expansion',
  firAirspaces: 'Airspaces',
  countryAirspaces: 'Airspaces',
  microlights: 'Aerodromes',
  icaoPrefixes: 'Navigation',
  icaoPrefix: 'Navigation',
  firs: 'Navigation',
  fir: 'Navigation',
  firNotams: 'NOTAMs',
  aerodromeNotams: 'NOTAMs',
};

export interface HubKey {
  approvedForRestricted: boolean;
}

export const HUB_KEYS: Record<string, HubKey> = {
  demo: { approvedForRestricted: true },
  'demo-basic': { approvedForRestricted: false },
};

export const REFERENCE_CREDENTIALS = [{ appId: 'demo', appKey: 'demo' }];

export function isRestricted(endpoint: HubEndpointId): boolean {
  return RESTRICTED_GROUPS.includes(ENDPOINT_GROUPS[endpoint]);
}

/** The appId and appKey a request sent (query or headers); undefined where it sent none. */
export interface ReferenceCredentials {
  appId: string | undefined;
  appKey: string | undefined;
}

/** Header names are case-insensitive (node lower-cases them). */
export function referenceCredentials(
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
): ReferenceCredentials {
  const header = (name: string) => {
    const v = headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  return { appId: query.get('appId') ?? header('appId'), appKey: query.get('appKey') ?? header('appKey') };
}

export function referenceCredentialsValid(c: ReferenceCredentials): boolean {
  return REFERENCE_CREDENTIALS.some((r) => r.appId === c.appId && r.appKey === c.appKey);
}
