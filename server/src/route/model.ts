/**
 * The route model: what the parser produces and every editor feature in services/ (diagnostics, hover, symbols,
 * expansion, the hub client, the map) consumes. It is plain data, free of LSP and VS Code
 * types, so the core can run in the server, the command-line checker and the hub simulator.
 *
 * Positions are zero-based line/character pairs in UTF-16 code units, exactly like LSP, so the
 * wiring layer passes them through untouched.
 */

import type { Position, Range } from '../../../common/position';
import type { DiagnosticCode } from './codes';
export type { Position, Range };

/** The part of a cancellation token the core needs; vscode-languageserver's token fits it. */
export interface CancellationToken {
  readonly isCancellationRequested: boolean;
}

/** The token of work nobody cancels (publishing a version's diagnostics, the checker's run). */
export const NEVER_CANCELLED: CancellationToken = { isCancellationRequested: false };

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A finding of the parser, the local checks or the expansion, on an exact range. */
export interface RouteDiagnostic {
  /** Stable code, one of the table in codes.ts, documented in docs/diagnostics.md (for example `R001`). */
  code: DiagnosticCode;
  severity: Severity;
  /** Says what is wrong and what is expected. */
  message: string;
  range: Range;
  /** Extra facts a quick fix needs (for example the candidates of an ambiguous first fix). */
  data?: unknown;
}

// ---------------------------------------------------------------------------------------------
// Speeds and levels

export type SpeedUnit = 'knots' | 'kmh' | 'mach';

export interface Speed {
  unit: SpeedUnit;
  /** Knots, km/h, or Mach in hundredths (M082 → 82). */
  value: number;
  text: string;
}

export type LevelUnit = 'flightLevel' | 'metricLevel' | 'altitudeFeet' | 'altitudeMetres' | 'vfr';

export interface Level {
  unit: LevelUnit;
  /** Hundreds of feet (F, A), tens of metres (S, M); 0 for VFR. */
  value: number;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Route elements

interface ElementBase {
  /** The element exactly as written (original case). */
  text: string;
  range: Range;
  /** Decoded meaning in words, e.g. "450 kt TAS at FL350" or "46°20'N 078°05'W". */
  description: string;
}

export interface SpeedLevelElement extends ElementBase {
  kind: 'speedLevel';
  speed: Speed;
  level: Level;
}

export interface DirectElement extends ElementBase {
  kind: 'direct';
}

export interface AirwayElement extends ElementBase {
  kind: 'airway';
  designator: string;
}

export interface TrackElement extends ElementBase {
  kind: 'track';
  system: 'NAT' | 'PTS';
  designator: string;
}

export interface ProcedureElement extends ElementBase {
  kind: 'sid' | 'star';
  /** Null for the bare words `SID` / `STAR`. */
  designator: string | null;
}

/** A coded significant point: navaid (2–3 letters) or named point (5 letters). */
export interface CodedPointElement extends ElementBase {
  kind: 'point';
  ident: string;
}

export interface LatLonElement extends ElementBase {
  kind: 'latLon';
  /** Decimal degrees, north and east positive. */
  lat: number;
  lon: number;
  precision: 'degrees' | 'minutes';
}

export interface BearingDistanceElement extends ElementBase {
  kind: 'bearingDistance';
  ident: string;
  /** Magnetic bearing in degrees. */
  bearing: number;
  distanceNm: number;
}

/** A 4-letter aerodrome designator as the first or last word of route text. */
export interface AerodromeElement extends ElementBase {
  kind: 'aerodrome';
  icao: string;
}

export type PointElement = CodedPointElement | LatLonElement | BearingDistanceElement | AerodromeElement;

export interface PointChangeElement extends ElementBase {
  kind: 'pointChange';
  point: PointElement;
  speedLevel: SpeedLevelElement;
}

export interface CruiseClimbElement extends ElementBase {
  kind: 'cruiseClimb';
  point: PointElement;
  speed: Speed;
  fromLevel: Level;
  /** The upper level, or null for `PLUS` (climb above the lower level). */
  toLevel: Level | null;
}

export interface FlightRulesElement extends ElementBase {
  kind: 'flightRules';
  rules: 'VFR' | 'IFR';
}

export interface TruncationElement extends ElementBase {
  kind: 'truncation';
}

export interface TrafficTypeElement extends ElementBase {
  kind: 'trafficType';
  traffic: 'OAT' | 'GAT';
}

export interface IfpsElement extends ElementBase {
  kind: 'ifps';
  mode: 'IFPSTOP' | 'IFPSTART';
}

export interface StayElement extends ElementBase {
  kind: 'stay';
  index: number;
  minutes: number;
}

/** A token the parser could not read; it always carries a diagnostic. */
export interface UnknownElement extends ElementBase {
  kind: 'unknown';
}

export type RouteElement =
  | SpeedLevelElement
  | DirectElement
  | AirwayElement
  | TrackElement
  | ProcedureElement
  | CodedPointElement
  | LatLonElement
  | BearingDistanceElement
  | AerodromeElement
  | PointChangeElement
  | CruiseClimbElement
  | FlightRulesElement
  | TruncationElement
  | TrafficTypeElement
  | IfpsElement
  | StayElement
  | UnknownElement;

export type ElementKind = RouteElement['kind'];

/** The point an element stands for, if any (a point change or cruise climb carries one). */
export function pointOf(element: RouteElement): PointElement | undefined {
  switch (element.kind) {
    case 'point':
    case 'latLon':
    case 'bearingDistance':
    case 'aerodrome':
      return element;
    case 'pointChange':
    case 'cruiseClimb':
      return element.point;
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The .route file

export type DirectiveKey = 'origin' | 'destination' | 'referenceFix' | 'departure';

export interface Directive {
  /** Normalised key when known; the key as written otherwise (which is a diagnostic). */
  key: DirectiveKey | string;
  value: string;
  range: Range;
  keyRange: Range;
  valueRange: Range;
}

export interface FplField {
  /** ICAO field number: 7, 8, 9, 10, 13, 15, 16 or 18. */
  number: number;
  text: string;
  range: Range;
}

export interface FplMessage {
  /** Field 7 aircraft identification, e.g. `DLH4AB` (undefined: cleared on the check pass's reused message). */
  aircraftId?: string | undefined;

  fields: FplField[];
  /** Field 18 items such as `DOF`, `REG`, `EET`, `RMK`, in order. */
  otherInformation: { indicator: string; value: string; range: Range }[];
  /** Field 19 items such as `E`, `P`, `R`, `S`, in order (absent without field 19). */
  supplementaryInformation?: { indicator: string; value: string; range: Range }[];
}

/** A value taken from the file with the range it came from. */
export interface Located<T> {
  value: T;
  range: Range;
}

/**
 * A block of the file. Its optional parts may also read `undefined`: a parsed block answers them
 * through getters (route/lazyBlock.ts, route/movableBlock.ts), which exist whether or not the
 * block has the part.
 */
export interface RouteBlock {
  kind: 'route' | 'fpl';
  /** From the first to the last non-blank line of the block. */
  range: Range;
  /** Name for the outline: FPL identification, or "origin → destination", or the first words. */
  name: string;
  directives: Directive[];
  origin?: Located<string> | undefined;
  destination?: Located<string> | undefined;
  referenceFix?: Located<string> | undefined;
  /** Route text as one line (elements joined by single spaces), as the hub expects it. */
  routeText: string;
  /** Where the route text lives in the file (the first to the last route element). */
  routeRange?: Range | undefined;
  /**
   * Made on first read. A parsed block's elements are views on its text (route/elementViews.ts):
   * read their fields, or `toJSON()` for plain data; a spread `{ ...element }` sees none.
   */
  elements: RouteElement[];
  fpl?: FplMessage | undefined;

  /** Parser and local sequence-rule findings of this block. */
  diagnostics: RouteDiagnostic[];
}

export interface RouteDocument {
  blocks: RouteBlock[];
  /** Findings that belong to no block (e.g. binary content). */
  diagnostics: RouteDiagnostic[];
  /**
   * The blocks that have findings, in order, and how many findings they hold in all, when the
   * producer keeps them (the editor does, so that the diagnostics of an edit read the first
   * faulty blocks instead of walking every block).
   */
  withFindings?: { blocks: Iterable<RouteBlock>; total: number };
  /**
   * The blocks in order without an array made for them, when the producer has them so (the
   * editor: `blocks` copies every block of the file into a new array, O(file) on each edit). Read
   * it through `blocksInOrder` (route/document.ts).
   */
  inOrder?: Iterable<RouteBlock>;
}

// ---------------------------------------------------------------------------------------------
// Expansion: the common result of the local navdata engine and the hub's route expansion

export type FixType = 'fix' | 'vor' | 'ndb' | 'dme' | 'tacan' | 'aerodrome' | 'latLon' | 'computed';

/** A fix type in words, as the expansion's descriptions and the hover write it. */
export const FIX_TYPE_LABEL: Readonly<Record<FixType, string>> = {
  fix: 'named fix',
  vor: 'VOR',
  ndb: 'NDB',
  dme: 'DME',
  tacan: 'TACAN',
  aerodrome: 'aerodrome',
  latLon: 'lat/lon point',
  computed: 'computed point',
};

/** A navigation fact: one of possibly several places that bear a name. */
export interface NavPoint {
  ident: string;
  type: FixType;
  lat: number;
  lon: number;
  /** ICAO region code (current X-Plane formats) or country, when known. */
  region?: string;
  name?: string;
  elevationFt?: number;
}

export interface ExpandedPoint {
  /** The designator as written or, for airway interior points, as in the data. */
  designator: string;
  /** What it resolved to (e.g. "DVR VOR 51.16N 001.36E"); empty when unresolved. */
  resolvedFix: string;
  lat: number;
  lon: number;
  type: FixType;
  elevationFt?: number;
  /** Index into RouteBlock.elements of the element this point comes from. */
  elementIndex: number;
  /** Airway this point was reached along, for interior points; the SID or STAR for a procedure's fixes. */
  via?: string;
  /** Set on the fixes of a SID or STAR (expansion/procedures.ts), which the map draws as a procedure. */
  procedure?: 'sid' | 'star';
}

/** One leg of a SID or STAR as flown, in words (hovers, the expansion table). */
export interface ProcedureLeg {
  /** The fix the leg ends at; absent for a leg that ends at an altitude, a distance or in vectors. */
  fix?: string;
  /** False when the fix is not in the navigation data (the leg is listed, not drawn). */
  placed: boolean;
  /** "direct to EPM", "climb on course 273° to at or above 600 ft". */
  text: string;
  /** "at or above 6,000 ft", "between FL100 and FL150". */
  altitude?: string;
  /** "at or below 250 kt". */
  speed?: string;
}

/** A SID or STAR as the procedures data (X-Plane's CIFP) publishes it and as the route flies it. */
export interface ProcedureDetail {
  aerodrome: string;
  /** The data it rests on: "CIFP/EGLL.dat (cycle 2013.10)". */
  source: string;
  /** The runways it is published for, as written (`27L`, `04B` both parallels, `ALL`). */
  runways: string[];
  /** The runway whose transition the expansion flies (the first published), when it has several. */
  runway?: string;
  /** The en-route transitions published (their names). */
  transitions: string[];
  /** The en-route transition the route flies, when it flies one. */
  transition?: string;
  rnav: boolean;
  /** The legs flown, in order. */
  legs: ProcedureLeg[];
  /** Where it ends (SID) or begins (STAR) without a transition, and with each. */
  connects: string[];
  /** Whose fixes are drawn, when another source (the hub) expanded the route. */
  note?: string;
}

export interface AmbiguousFirstFix {
  ident: string;
  range: Range;
  candidates: (NavPoint & { distanceToOriginNm?: number })[];
}

export interface ExpansionResult {
  points: ExpandedPoint[];
  /** Per-element problems with the element's range: unknown name, airway mismatch, … */
  findings: RouteDiagnostic[];
  /** Set when the first point's name is ambiguous and no referenceFix chose a candidate. */
  ambiguousFirstFix?: AmbiguousFirstFix;
  /** The SIDs and STARs of the route, with what the procedures data says of each when it was read. */
  procedures: { kind: 'sid' | 'star'; designator: string | null; elementIndex: number; detail?: ProcedureDetail }[];
  /** True when a cancellation token stopped the expansion early (points and findings are partial). */
  cancelled?: boolean;
  /** What the remote service's answer left open, in words (features of it that could not be read). */
  serviceNote?: string;
}
