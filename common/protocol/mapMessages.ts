/**
 * The route map's messages: what the language server computes for a route block (a plain-data
 * view model), and what the extension host and the webview say to each other. The webview only
 * draws what arrives here; every distance, crossing and filter decision is made on the host side.
 *
 * Shared by the server (builds MapView), the client (asks for it, relays it) and the webview
 * (media/src, draws it). Nothing here may carry a secret: no key, no URL with a key.
 * The LSP messages have typed descriptors (MAP_VIEW, …; see ./messages); the webview messages
 * are discriminated unions, sent and handled through MapMessageHandlers.
 */
import type { Position, Range } from '../position';
import { notification, request } from './messages';

/** A position in the document, LSP-style (../position.ts). */
export type MapPosition = Position;
export type MapRange = Range;

/** [longitude, latitude] in degrees, as GeoJSON writes them. */
export type LonLat = [number, number];

/** How sure the expansion is of a point. */
export type MapPointStatus = 'resolved' | 'unresolved' | 'ambiguous';

export interface MapPoint {
  /** Stable within one MapView: `p<index>`. */
  id: string;
  name: string;
  /** fix, vor, ndb, dme, aerodrome, latlon, … (the expansion's own word). */
  kind: string;
  status: MapPointStatus;
  /** Absent for an unresolved point. */
  position?: LonLat;
  /** The route element (token) that produced this point, to reveal it in the editor. */
  range: MapRange;
  /** Index of that element in the block's route text. */
  elementIndex: number;
  /** The same facts the hover gives, one line each (resolved fix, coordinates, leg, track…). */
  facts: string[];
  /** Geodesic distance from the previous resolved point, NM. */
  legNm?: number;
  /** True track of that leg at its start, degrees. */
  trackDeg?: number;
  /** Magnetic track of that leg at its start (World Magnetic Model on the flight's date), degrees. */
  magneticTrackDeg?: number;
  /** Distance flown from the first point, NM. */
  cumulativeNm?: number;
}

export interface MapLeg {
  /** `l<index>`: from points[index] to the next resolved point. */
  id: string;
  fromId: string;
  toId: string;
  /** The airway designator, the SID or STAR, or 'DCT'. */
  via: string;
  /** A leg of a SID or STAR (the procedures data's fixes): drawn in the procedure style. */
  procedure?: 'sid' | 'star';
  /** The element that produces the leg (the airway or DCT token; else the point's). */
  range: MapRange;
  elementIndex: number;
  /** Densified great circle, split into parts where it crosses the antimeridian. */
  paths: LonLat[][];
  /** `paths` packed (then empty): see PackedShape. */
  shape?: PackedShape;
  distanceNm: number;
  trackDeg: number;
  /** Magnetic track at its start (World Magnetic Model on the flight's date), degrees. */
  magneticTrackDeg?: number;
  /**
   * Set when points written between the leg's ends could not be placed (`names`, the first at
   * `range`): the leg is a straight line the route text does not say, and no area is judged on it.
   */
  unplaced?: { names: string[]; range: MapRange; from: string; to: string };
}

/** A polygon's rings (outer first), each closed; several polygons for a multipolygon. */
export type MapPolygons = LonLat[][][];

/**
 * A shape whose coordinates travel packed in MapView.packedCoordinates (see ./packedMapView):
 * from `start`, lon/lat pairs one after another; `ends` are OpenLayers' ring (or path) ends,
 * one list per polygon, counted in numbers from `start`. Set only in the snapshot the host
 * posts to the webview, where the nested arrays it replaces are left empty.
 */
export interface PackedShape {
  start: number;
  ends: number[][];
}

/** A stretch of the route inside an area: distances along the route from its first point, NM. */
export interface MapCrossing {
  entryNm: number;
  exitNm: number;
}

export interface MapFir {
  id: string;
  designator: string;
  name: string;
  polygons: MapPolygons;
  /** Where the route is inside the FIR (added by the host side). */
  crossings?: MapCrossing[];
  /** True when only the FIR's bounding box is known: `polygons` is that box. */
  approximate?: boolean;
  /** Where the outline comes from, in words: "the hub's boundary of EGTT", "the boundary of EGTT in the file …". */
  boundary?: string;
  /** `polygons` packed (then empty): see PackedShape. */
  shape?: PackedShape;
  /**
   * Where the map may name it, best first: on the route, in its longest stretch in the FIR,
   * between two route points (its own centre may be far off the map). The page takes the first
   * where the name has room.
   */
  labelPlaces?: LonLat[];
}

export interface MapAirspace {
  id: string;
  name: string;
  /** Type as the hub writes it (e.g. CTR, TMA, R, D, P, FIR…) and the class when there is one. */
  type: string;
  airspaceClass?: string;
  /** "FL095", "SFC", "2500 ft" … and the label "FL095–FL245". */
  lower: string;
  upper: string;
  label: string;
  /** Activity schedule in words, when the hub gives one. */
  schedule?: string;
  polygons: MapPolygons;
  /** `polygons` packed (then empty): see PackedShape. */
  shape?: PackedShape;
  /** True when the route passes through it laterally. */
  crossed: boolean;
  /** Least distance from the route, NM (0 when crossed). */
  distanceNm: number;
  /** Why it is shown (or would be left out), in words. */
  reason: string;
  /** Where the route is inside it (empty when it only passes nearby). */
  crossings?: MapCrossing[];
  /**
   * For a restricted, danger, prohibited or TRA area the route crosses: where the map names it,
   * the point of its outline farthest from the route (its centre lies on the route's points).
   */
  labelAt?: LonLat;
}

/** The subject groups NOTAMs are coloured by (from the Q-code's second and third letters). */
export type NotamSubject = 'airspace' | 'navaid' | 'aerodrome' | 'obstacle' | 'procedure' | 'other';

export interface MapNotam {
  id: string;
  /** The NOTAM number as issued, e.g. "A1234/26". */
  number: string;
  location: string;
  subject: NotamSubject;
  /** The Q-code, e.g. "QRTCA". */
  code?: string;
  /** Full text (item E and the rest), shown as text, never as HTML. */
  text: string;
  lower?: string;
  upper?: string;
  validFrom?: string;
  validTo?: string;
  schedule?: string;
  /** A circle from item Q (centre and radius in NM), and/or an area read from the text. */
  circle?: { center: LonLat; radiusNm: number; ring: LonLat[] };
  polygons?: MapPolygons;
  /** The circle's ring (first) and `polygons`, packed (both then empty): see PackedShape. */
  shape?: PackedShape;
  distanceNm: number;
  inCorridor: boolean;
  reason: string;
  /** Item Q's code in words: "Restricted area activated" (see server/src/map/notamCode.ts). */
  decoded?: string;
  /** The FIR of item Q, when given. */
  fir?: string;
  /** Where the briefing lists it. */
  briefing?: MapNotamBriefing;
  /** For an airspace restriction (Q-code QR…) whose area the route crosses: where the map names it (see MapAirspace). */
  labelAt?: LonLat;
}

/**
 * A NOTAM's place in a briefing: departure aerodrome, en route (by FIR, along the route),
 * destination, alternates; or `otherAerodrome`: about the use of an aerodrome the flight neither
 * leaves, reaches nor has as an alternate (its taxiways, apron, lights, birds, ILS…), which a
 * briefing puts under one line, apart from what concerns the flight.
 */
export interface MapNotamBriefing {
  section: 'departure' | 'enroute' | 'destination' | 'alternate' | 'otherAerodrome';
  fir?: string;
  /** Distance along the route, NM: the en route NOTAMs are listed in route order. */
  alongNm: number;
}

export interface MapMicrolight {
  id: string;
  name: string;
  position: LonLat;
  distanceNm: number;
}

/** An alternate aerodrome of the flight plan (field 16, or ALTN/ for ZZZZ), placed by the host. */
export interface MapAlternate {
  /** `altn<index>`, in the flight plan's order. */
  id: string;
  /** The location indicator (or the coordinates ALTN/ gives), as the page labels it: "ALTN EDDK". */
  name: string;
  position: LonLat;
  /** Geodesic distance from the destination, NM, when the destination is placed. */
  distanceFromDestinationNm?: number;
  /** The destination it is measured from (the dashed line's other end). */
  destination?: string;
  /** The geodesic from the destination to it, densified and split at the antimeridian (the dashed line). */
  paths?: LonLat[][];
  /** What a click shows, one line each (as a route point's facts). */
  facts: string[];
}

/** The flight plan's alternates: those placed, in order, and those that could not be, with why. */
export interface MapAlternates {
  placed: MapAlternate[];
  notPlaced: { name: string; why: string }[];
}

/** The layers a user can switch on and off. */
export type MapLayerName = 'route' | 'firs' | 'airspaces' | 'notams' | 'microlights' | 'traffic';

/** A flight the hub reports within a FIR the route crosses (endpoint #7), where it was last seen. */
export interface MapFlight {
  /** The GUFI, else the call sign and FIR: unique within one MapTraffic. */
  id: string;
  /** The ATC call sign, else the operator and flight number (`notAtcCallsign`). */
  callsign: string;
  /** Set when `callsign` is the operator and flight number, the ATC call sign not being given. */
  notAtcCallsign?: boolean;
  position: LonLat;
  /** "FL350", "3500 ft", or "level not reported". */
  levelText: string;
  /** What the map writes beside the flight's symbol: "BAW117 FL350", "EZY 2019 FL350". */
  label: string;
  altitudeFt?: number;
  /** True track, whole degrees 0–359, when reported. */
  trackDeg?: number;
  /** The FIR whose list gave it. */
  fir: string;
  status?: string;
  aircraftType?: string;
  departure?: string;
  arrival?: string;
}

/** The departures from the origin (#8) or the arrivals at the destination (#6) around the flight's time. */
export interface MapAerodromeTraffic {
  aerodrome: string;
  movement: 'departures' | 'arrivals';
  /** Flights whose time there falls within the window. */
  count: number;
  /** The window in words: "09:30Z–11:30Z (EOBT ± 1 h)". */
  window: string;
  /** Flights listed whose time could not be read (not counted). */
  untimed: number;
}

/** The traffic layer of one route block: computed by the host, drawn by the page (issue 22). */
export interface MapTraffic {
  uri: string;
  version: number;
  blockIndex: number;
  flights: MapFlight[];
  /** The FIRs asked (the European ones the route crosses). */
  firs: string[];
  aerodromes: MapAerodromeTraffic[];
  /** When the answers were had, "10:42Z". */
  asOf: string;
  /** What is missing and why, once each (European data only, features left out, a failure, the usage limit). */
  notices: string[];
}

/**
 * Which levels count: every level, the band the flight plans to fly on each leg (from Item 15's
 * speed/level groups), or a fixed band in feet (flight levels × 100).
 */
export type MapLevelFilter = { mode: 'all' } | { mode: 'planned' } | { mode: 'band'; lowerFt: number; upperFt: number };

export interface MapFilters {
  layers: Record<MapLayerName, boolean>;
  /** Corridor half-widths, NM: en route and around the aerodromes. */
  corridorNm: number;
  aerodromeCorridorNm: number;
  /** Levels at which airspaces and NOTAMs count (issue 13). */
  levels: MapLevelFilter;
  /** Minutes before and after the flight's own time over each stretch that still count. */
  timeMarginMin: number;
}

/** Whether an area is active when the flight is there: known active, known inactive, or not known. */
export type MapActivity = 'active' | 'inactive' | 'unknown';

/**
 * The verdict on one airspace or NOTAM for this flight, judged per stretch of the route where and
 * when the flight is there (server/src/flight). `reason` says why it is shown or left out, e.g.
 * "12.3 NM from the leg KONAN–KOK (< 30 NM); FL245–FL300 does not include FL350; active 06–14Z,
 * ETO 10:42Z".
 */
export interface MapVerdict {
  /** Passes the corridor, level and time filters: drawn in full, listed as applying. */
  applies: boolean;
  activity: MapActivity;
  reason: string;
  /** When active: the window of activity around the flight's time there, "06:00–14:00Z". */
  activeWindow?: string;
  /**
   * A restricted, danger, prohibited or TRA area (or a restriction NOTAM) the flight passes
   * through at its level while it is active: a conflict, as the diagnostics and the crossing
   * table say. The map labels these first.
   */
  conflict?: boolean;
}

/** One row of the crossing table: a stretch of the route inside a FIR, an airspace or a NOTAM area. */
export interface MapCrossingRow {
  /** The id of the FIR, airspace or NOTAM in this view. */
  itemId: string;
  kind: 'fir' | 'airspace' | 'notam';
  name: string;
  /** Distances along the route from its first point, NM. */
  entryNm: number;
  exitNm: number;
  /** Estimated times over entry and exit, "10:42Z", when the flight is timed. */
  entryEto?: string;
  exitEto?: string;
  /** The area's limits in words ("FL245–FL660"); empty for a FIR. */
  limits: string;
  /** The flight's level(s) on that stretch ("FL350", "FL310–FL350"). */
  flightLevels: string;
  activity: MapActivity;
  applies: boolean;
  /** A restricted, danger, prohibited or TRA area (or a restriction NOTAM) active at the flight's level: a conflict. */
  conflict?: boolean;
  reason: string;
}

/** The vertical profile: the flight's level along the route against the areas it crosses. */
export interface MapProfile {
  totalNm: number;
  /** The flight's planned altitude along the route, feet, as a polyline (climb, changes, descent). */
  flight: { alongNm: number; feet: number }[];
  /** The top of climb and the top of descent, where the profile has them, with their times over. */
  marks?: { name: 'TOC' | 'TOD'; alongNm: number; feet: number; eto?: string }[];
  /** The route's points along the distance axis. */
  points: { id: string; name: string; alongNm: number; eto?: string }[];
  /** Each stretch of an area the route crosses, as a box: along the route × floor to ceiling, feet. */
  areas: {
    itemId: string;
    kind: 'airspace' | 'notam';
    name: string;
    fromNm: number;
    toNm: number;
    floorFt: number;
    ceilingFt: number;
    label: string;
    applies: boolean;
    /**
     * A limit not known (AIXM's FLOOR or CEILING, a form not read): which, and why in words. The
     * open side's feet are then only the profile's edge (SFC or its top): drawn fading, never as
     * a real floor or an unlimited ceiling.
     */
    openLimit?: { side: 'upper' | 'lower' | 'both'; why: string };
  }[];
}

/** Everything the map draws for one route block. */
export interface MapView {
  uri: string;
  /** Document version the view was computed from; older views are dropped. */
  version: number;
  blockIndex: number;
  /** A short title: origin → destination, or the first and last point. */
  title: string;
  points: MapPoint[];
  legs: MapLeg[];
  firs: MapFir[];
  airspaces: MapAirspace[];
  notams: MapNotam[];
  microlights: MapMicrolight[];
  /** The flight plan's alternates (absent: the block has no FPL message naming any). */
  alternates?: MapAlternates;
  /** [west, south, east, north] of the route, for fit-to-route; west > east when it crosses the antimeridian (RFC 7946). */
  bbox?: [number, number, number, number];
  /** What is missing and why, once each ("airspaces and NOTAMs need a hub key", …). */
  notices: string[];
  filters: MapFilters;
  /** The flight's time in words ("EOBT 0930 DOF 261124: off blocks 24 Nov 09:30Z"). */
  flightTime?: string;
  /** Verdicts on this view's airspaces and NOTAMs, by id, under `filters` (issue 13). */
  verdicts?: Record<string, MapVerdict>;
  /** The crossing table, in order along the route. */
  crossings?: MapCrossingRow[];
  profile?: MapProfile;
  /** The coordinates of every PackedShape of this view (host → webview only). */
  packedCoordinates?: Float64Array;
}

/** The element under the cursor, as ids of the view's points and legs. */
export interface MapHighlight {
  pointIds: string[];
  legIds: string[];
}

// ---- client ↔ language server -------------------------------------------------------------

/** Client → server: the map view of the route block at a position (or the block's index). */
export const MAP_VIEW_REQUEST = 'icaoRoute/mapView';
export interface MapViewParams {
  uri: string;
  /** The block containing this position; the first route block when absent. */
  position?: MapPosition;
  filters?: Partial<Omit<MapFilters, 'layers'>>;
}
/** null when the document has no route block there. */
export type MapViewResult = MapView | null;
export const MAP_VIEW = request<MapViewParams, MapViewResult>(MAP_VIEW_REQUEST);

/**
 * Client → server: the traffic along the block at a position (the flights within the FIRs it
 * crosses, the movements at its aerodromes). Asked only while the traffic layer is on and the map
 * visible; the server's hub client keeps flight answers a minute (docs/limits.md).
 */
export const MAP_TRAFFIC_REQUEST = 'icaoRoute/mapTraffic';
export interface MapTrafficParams {
  uri: string;
  position?: MapPosition;
}
/** null when the document has no route block there. */
export type MapTrafficResult = MapTraffic | null;
export const MAP_TRAFFIC = request<MapTrafficParams, MapTrafficResult>(MAP_TRAFFIC_REQUEST);

/** Client → server: which points and legs the element at a position maps to. */
export const MAP_HIGHLIGHT_REQUEST = 'icaoRoute/mapHighlight';
export interface MapHighlightParams {
  uri: string;
  position: MapPosition;
}
export type MapHighlightResult = (MapHighlight & { blockIndex: number }) | null;
export const MAP_HIGHLIGHT = request<MapHighlightParams, MapHighlightResult>(MAP_HIGHLIGHT_REQUEST);

/** Server → client: a document's results changed (new expansion, new airspaces…): ask again. */
export const RESULTS_CHANGED_NOTIFICATION = 'icaoRoute/resultsChanged';
export interface ResultsChangedParams {
  uri: string;
  version: number;
}
export const RESULTS_CHANGED = notification<ResultsChangedParams>(RESULTS_CHANGED_NOTIFICATION);

// ---- extension host ↔ webview -------------------------------------------------------------

/** Host → webview. */
export type HostToMapMessage =
  | {
      type: 'snapshot';
      view: MapView | null;
      highlight?: MapHighlight;
      message?: string;
      /**
       * A new view of the block drawn (same uri and block, any version) whose firs, airspaces and
       * NOTAMs without a shape are drawn as the page already has them: only new or moved shapes
       * travel (see client/src/map/viewUpdate.ts). Absent: the view is complete.
       */
      keepShapes?: boolean;
      /**
       * With keepShapes: every id of the view's firs, airspaces and NOTAMs, in order. The lists in
       * `view` then hold only the new and changed ones; the others are the page's, unchanged.
       */
      order?: { firs: string[]; airspaces: string[]; notams: string[] };
    }
  | { type: 'highlight'; uri: string; version: number; highlight: MapHighlight }
  /**
   * After a filter change, when the geometry is unchanged: new verdicts, crossing table and profile
   * for the view already drawn (same uri, version and block), so the page restyles by id instead
   * of rebuilding its layers.
   */
  | {
      type: 'verdicts';
      uri: string;
      version: number;
      blockIndex: number;
      filters: MapFilters;
      verdicts: Record<string, MapVerdict>;
      crossings: MapCrossingRow[];
      profile?: MapProfile;
    }
  /** Reveal one airspace or NOTAM on the map (from a conflict diagnostic's code action). */
  | { type: 'revealItem'; itemId: string }
  | { type: 'status'; message: string }
  /** The traffic layer's flights and the aerodromes' movements (null: none for this view), or why not. */
  | { type: 'traffic'; traffic: MapTraffic | null; message?: string };

/** The filters that change the verdicts; the layer switches change only what is drawn. */
export const JUDGING_FILTERS = ['corridorNm', 'aerodromeCorridorNm', 'levels', 'timeMarginMin'] as const;
export type JudgingFilter = (typeof JUDGING_FILTERS)[number];

/** Webview → host. Validated on the host; stale ones (older version) are dropped. */
export type MapToHostMessage =
  | { type: 'ready' }
  /**
   * The user clicked a point or a leg (`focus` false: the editor's selection follows where it is
   * shown, the focus stays on the map, which may fill the window) or asked to see it in the
   * editor (`focus` true: the editor is shown and focused).
   */
  | { type: 'reveal'; uri: string; version: number; range: MapRange; focus: boolean }
  /**
   * The page's filters after the user changed one: `changed` names the judging filters the user
   * just set (none for a layer switch). The page says so; the host does not guess it from the
   * view on screen, which may be older than the page's last change.
   */
  | { type: 'filters'; filters: MapFilters; changed: JudgingFilter[] }
  | { type: 'export'; format: 'geojson' | 'gpx' }
  /** "Export briefing": the host writes what applies to this flight as Markdown (common/briefingMarkdown.ts). */
  | { type: 'exportBriefing' }
  /** The traffic layer is on or off (said once the page is ready, and at each switch): the host asks only while on. */
  | { type: 'trafficLayer'; on: boolean };

/**
 * One handler per message type, each given the message of its own type: a handler table that
 * misses a type, or reads a field its type does not have, does not compile.
 */
export type MessageHandlers<M extends { type: string }, R = void> = {
  [T in M['type']]: (message: Extract<M, { type: T }>) => R;
};

/** Calls the handler of the message's type. */
export function dispatchMessage<M extends { type: string }, R>(handlers: MessageHandlers<M, R>, message: M): R {
  const handler = handlers[message.type as M['type']] as (message: M) => R;
  return handler(message);
}

/** What the webview keeps in its state (setState) to survive a reload. */
export interface MapWebviewState {
  uri?: string;
  camera?: { center: LonLat; zoom: number };
  filters?: MapFilters;
  /**
   * The judging filters the user changed on the page: after a reload these still judge, with
   * their values in `filters`; the settings (icaoRoute.map.*) give the others. (`true`, from
   * an earlier version, stands for all of them.)
   */
  filtersChosen?: JudgingFilter[] | boolean;
  /** Draw the items the verdicts leave out (faded and dashed) instead of hiding them. */
  showLeftOut?: boolean;
  /** The page's collapsible panels (filters, NOTAMs, profile, crossings, legend, side): open or not, by id. */
  panels?: Record<string, boolean>;
}

export const DEFAULT_MAP_FILTERS: MapFilters = {
  layers: { route: true, firs: true, airspaces: true, notams: true, microlights: false, traffic: false },
  corridorNm: 30,
  aerodromeCorridorNm: 50,
  levels: { mode: 'planned' },
  timeMarginMin: 30,
};
