/** What every handler can reach: the loaded geography, the generated data and the settings. */
import type { World } from './world';
import type { RouteEngine } from './route-engine';
import type { FlightStore } from './flights';

export interface SimSettings {
  /**
   * How route expansion marks a point it could not select (ambiguous first fix without
   * referenceFix, unknown name): `omit` leaves the feature out, `nullGeometry` keeps it with
   * `geometry: null`. The real service's way is undocumented; clients must handle both.
   */
  unresolvedPoints: 'omit' | 'nullGeometry';
  /** A fixed clock (ISO time) for deterministic tests; undefined = the real clock. */
  fixedNow?: string;
  /**
   * A usage limit per credential (user_key, or appId): at most `requests` accepted calls per
   * fixed window of `windowSeconds` (real time), then the usage-limit failure; undefined = none.
   */
  usageLimit?: { requests: number; windowSeconds: number };
}

export interface SimContext {
  world: World;
  routes: RouteEngine;
  flights: FlightStore;
  settings: SimSettings;
  now(): Date;
  /** Base URL of the hub family (links in XML documents point here). */
  hubBase: string;
  /** The path of a hub endpoint with parameters filled in (honours the configured table). */
  hubPath(id: import('../../common/endpoints').HubEndpointId, params: Record<string, string>): string;
}
