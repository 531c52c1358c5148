/** What every handler can reach: the loaded geography, the generated data and the settings. */
import type { World } from './world';
import type { RouteEngine } from './route-engine';
import type { FlightStore } from './flights';

/**
 * The shapes the simulator answers in, per family. Where the contract says "not shown", the
 * real service may answer in any of the shapes public evidence shows; each is switchable so the
 * clients can be tried against all of them (README.md, "Variants").
 */
export interface Variants {
  /**
   * `v1`: /v1, AIXM 5.1 Digital NOTAM by default and a GeoJSON form on request (the simulator's
   * first dialect). `v1-aixm`: /v1, AIXM only, each event carrying its area's geometry as a
   * Digital NOTAM does. `v2-geojson`: /v2, GeoJSON only, each NOTAM with its own geometry.
   */
  notams: 'v1' | 'v1-aixm' | 'v2-geojson';
  /**
   * `sim`: the simulator's first FIXM dialect (`@locationIndicator`, `@currentStatus`).
   * `fixm`: FIXM 3.0 as the real service writes it (`@code`, `arrivalAerodromeOriginal` while
   * airborne, `@flightCycle`, fix times as `fb:*@timestamp`, route text), and GeoJSON
   * summaries with `{aerodrome: {code}}`. `nested`, `many`, `long-route`: the `fixm` answers
   * made hostile (hostile-flights.ts): a Flight nested 60 deep, 100,000 flights, a 2.4 MB route.
   * `operations`: the `fixm` FIXM with the times and identifications the real service gives
   * (`fb:estimated` left at the schedule, `fb:actual` once it happened; some flights without
   * `aircraftIdentification`), GeoJSON summaries whose ends are `{ aerodrome: { scheduled,
   * initial, actual }, gateTime, runwayTime }`, and the hour's scenario flights (operations.ts:
   * late, landed hours late, diverted, two legs of one number, no call sign).
   */
  flights: 'sim' | 'fixm' | 'nested' | 'many' | 'long-route' | 'operations';
  /**
   * `polygons`: one Polygon per airspace, limits as strings. `mixed`: what real data also holds:
   * an airspace of several volumes as a GeometryCollection, one without geometry (`null`), limit
   * values as JSON numbers.
   */
  airspaces: 'polygons' | 'mixed';
  /** FIR detail: `boundedBy` (gml:boundedBy envelope), `geometry` (its boundary polygon only), `bare` (neither). */
  fir: 'boundedBy' | 'geometry' | 'bare';
  /** Route expansion: `points` (Point features only), `withLine` (plus a LineString of the whole route). */
  routes: 'points' | 'withLine';
  /**
   * The reference family's flight status. `sim`: every time the simulator knows (gate estimates
   * that move with the delay, a `delays` block). `operations`: as public answers show a day's
   * irregular operations: gate estimates left at the schedule, actual times of the runway only,
   * no `delays` block, and the hour's scenario flights (a diversion with status `D`,
   * `divertedAirportFsCode` and an `irregularOperations` DIVERSION).
   */
  flightStatus: 'sim' | 'operations';
}

export const DEFAULT_VARIANTS: Variants = {
  notams: 'v1',
  flights: 'sim',
  airspaces: 'polygons',
  fir: 'boundedBy',
  routes: 'points',
  flightStatus: 'sim',
};

/** The values each family accepts (for the command line and the control API). */
export const VARIANT_VALUES: { [F in keyof Variants]: readonly Variants[F][] } = {
  notams: ['v1', 'v1-aixm', 'v2-geojson'],
  flights: ['sim', 'fixm', 'nested', 'many', 'long-route', 'operations'],
  airspaces: ['polygons', 'mixed'],
  fir: ['boundedBy', 'geometry', 'bare'],
  routes: ['points', 'withLine'],
  flightStatus: ['sim', 'operations'],
};

/**
 * The variants most likely real (the demo uses them). Both NOTAM sets are real; the v1 AIXM one is
 * the set the product's default path (/v1) and Accept (XML) ask for. The flight status is the
 * `operations` shape, the one public client code reads (README "Variants"); the hub's flights stay
 * `fixm`: its `operations` fill would also add the hour's scenario flights to the demo's map and
 * the recorded map views.
 */
export const LIKELY_REAL_VARIANTS: Variants = {
  notams: 'v1-aixm',
  flights: 'fixm',
  airspaces: 'mixed',
  fir: 'geometry',
  routes: 'points',
  flightStatus: 'operations',
};

export interface SimSettings {
  /** The answer shapes per family. */
  variants: Variants;
  /**
   * How route expansion marks a point it could not select (ambiguous first fix without
   * referenceFix, unknown name): `omit` leaves the feature out, `nullGeometry` keeps it with
   * `geometry: null`. The real service's way is undocumented; clients must handle both.
   */
  unresolvedPoints: 'omit' | 'nullGeometry';
  /** A fixed clock (ISO time) for deterministic tests; undefined = the real clock (control clears it so). */
  fixedNow?: string | undefined;
  /**
   * A usage limit per credential (user_key, or appId): at most `requests` accepted calls per
   * fixed window of `windowSeconds` (real time), then the usage-limit failure; undefined = none
   * (control clears it so).
   */
  usageLimit?: { requests: number; windowSeconds: number } | undefined;
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
  hubPath(id: import('./endpoints').HubEndpointId, params: Record<string, string>): string;
}
