/**
 * Every diagnostic code, from every source, in one table: the parser and the local checks (R),
 * offline route expansion (X), SIDs and STARs from the procedures data (P), the hub's expansion
 * (H), the airline reference (A) and flight conflicts (F). The codes are stable: tools, docs and quick fixes key on them. docs/diagnostics.md
 * is generated from this table (test/unit/route/diagnosticsDoc.ts); a test fails on a code that
 * a source emits and this table lacks. Groups of R: R0xx file and directives, R1xx the syntax of
 * one element, R2xx the sequence rules of Doc 4444 Item 15, R3xx FPL messages.
 *
 * Adding a code: one line in its series below, then see CONTRIBUTING.md ("Add a rule").
 */
import type { Severity } from './model';

export interface DiagnosticCodeInfo {
  severity: Severity;
  title: string;
}

export const DIAGNOSTIC_CODES = {
  // File and directives
  R001: { severity: 'error', title: 'Binary content: the file is not plain text' },
  R002: { severity: 'error', title: 'Unknown directive key' },
  R003: { severity: 'error', title: 'Directive without a value' },
  R004: { severity: 'warning', title: 'Directive given twice in one block' },
  R005: { severity: 'error', title: 'Directive value is not a 4-letter aerodrome designator' },
  R006: { severity: 'error', title: 'referenceFix is not a significant point' },
  R007: { severity: 'error', title: 'Colon in route text: a directive line is `key: value`' },
  R008: { severity: 'error', title: 'Text after the end of the FPL message' },
  R009: { severity: 'warning', title: 'Block without route text' },
  R010: { severity: 'information', title: 'Too many problems in one block: the rest are not shown' },
  R011: { severity: 'error', title: 'departure is not a date and time in UTC' },
  R012: { severity: 'warning', title: "departure in an FPL message's block: the EOBT and DOF/ time the flight" },

  // Syntax of one element
  R101: { severity: 'error', title: 'Unreadable element' },
  R102: { severity: 'warning', title: 'Element written in lower case' },
  R103: { severity: 'error', title: 'Malformed speed' },
  R104: { severity: 'error', title: 'Malformed level' },
  R105: { severity: 'error', title: 'Latitude out of range (0–90)' },
  R106: { severity: 'error', title: 'Longitude out of range (0–180)' },
  R107: { severity: 'error', title: 'Minutes out of range (0–59)' },
  R108: { severity: 'error', title: 'Bearing out of range (000–360)' },
  R109: { severity: 'error', title: 'Malformed latitude/longitude' },
  R110: { severity: 'error', title: 'Element longer than Doc 4444 allows' },
  R111: { severity: 'error', title: 'Malformed change of speed/level (point/speed level)' },
  R112: { severity: 'error', title: 'Malformed cruise climb (C/point/speed level level|PLUS)' },
  R113: { severity: 'error', title: 'Malformed STAY element (STAYn/hhmm)' },
  R114: { severity: 'error', title: 'Character not allowed in route text' },
  R115: { severity: 'warning', title: '4-letter designator inside the route is not a valid point' },
  R116: { severity: 'warning', title: 'Looks like a SID/STAR designator inside the route' },
  R117: { severity: 'error', title: 'Level or Mach number alone: a change of speed/level is point/speed level' },

  // Sequence rules (Doc 4444 Item 15)
  R201: { severity: 'error', title: 'Route does not begin with a speed/level group' },
  R202: { severity: 'error', title: 'ATS route not followed by the point where it is left' },
  R203: { severity: 'error', title: 'Two ATS routes without a joining point' },
  R204: { severity: 'error', title: 'DCT not followed by a point' },
  R205: { severity: 'error', title: 'DCT directly after an ATS route' },
  R206: { severity: 'warning', title: 'Two points without DCT between them' },
  R207: { severity: 'error', title: 'SID not the first route element' },
  R208: { severity: 'error', title: 'STAR not the last route element' },
  R209: { severity: 'error', title: 'Speed/level group not attached to a point' },
  R210: {
    severity: 'warning',
    title: 'Flight level not a usual cruising level (multiple of 5, of 10 from FL200, every 2,000 ft above FL410)',
  },
  R211: { severity: 'error', title: 'T (truncation) not the last element' },
  R212: { severity: 'warning', title: 'Change to IFR without a new speed/level' },
  R213: { severity: 'error', title: 'Change of flight rules not after a point' },
  R214: { severity: 'warning', title: 'OAT/GAT/IFPSTOP/IFPSTART/STAY not after a point' },
  R215: { severity: 'error', title: 'SID not followed by its last point' },
  R216: { severity: 'warning', title: 'Lower and upper ATS route joined without a point' },
  R217: { severity: 'error', title: 'Speed/level group without a route' },
  R218: { severity: 'error', title: 'T (truncation) not after a point' },

  // FPL messages
  R301: { severity: 'error', title: 'Unbalanced parentheses in the FPL message' },
  R302: { severity: 'error', title: 'FPL field missing' },
  R303: { severity: 'error', title: 'Malformed field 7 (aircraft identification)' },
  R304: { severity: 'error', title: 'Malformed field 8 (flight rules and type of flight)' },
  R305: { severity: 'error', title: 'Malformed field 9 (number, type of aircraft, wake turbulence)' },
  R306: { severity: 'error', title: 'Malformed field 10 (equipment/surveillance)' },
  R307: { severity: 'error', title: 'Malformed field 13 (departure aerodrome and time)' },
  R308: { severity: 'error', title: 'Malformed field 16 (destination, total EET, alternates)' },
  R309: { severity: 'error', title: 'Malformed field 18 (other information)' },
  R310: { severity: 'warning', title: 'Unexpected extra FPL field' },
  R311: { severity: 'error', title: 'Empty FPL field 15 (route)' },
  R312: { severity: 'error', title: 'Message type is not FPL' },
  R313: { severity: 'error', title: 'Malformed field 19 (supplementary information)' },
  R314: { severity: 'error', title: 'Field 8 flight rules do not match the route in field 15' },
  R315: { severity: 'error', title: 'ZZZZ or AFIL without the field 18 indicator that names it (DEP/ DEST/ ALTN/)' },
  R316: { severity: 'error', title: 'PBN/ code without its navigation sensor in field 10a' },
  R317: { severity: 'error', title: 'Field 10a R or Z without PBN/ or COM/ NAV/ DAT/ in field 18' },
  R318: { severity: 'warning', title: 'RVSM level (FL290–FL410, EUR region) without W in field 10a' },
  R319: { severity: 'warning', title: 'VFR above FL200 (Annex 2, 4.4)' },
  R320: { severity: 'warning', title: 'DLE/ at a point not on a route that names all its points' },
  R321: { severity: 'error', title: 'Aerodrome inside field 15 of an FPL message' },
  R322: { severity: 'warning', title: 'Field 18 indicator of the IFPS, not of Doc 4444' },
  R323: { severity: 'warning', title: 'Field 18 item given twice' },
  R324: { severity: 'error', title: 'Field 18 indicator given twice with different values' },
  R325: { severity: 'error', title: 'Blank other than space, CR or LF in an FPL message' },
  R326: { severity: 'warning', title: 'DOF/ in the past' },
  R327: { severity: 'error', title: 'Hyphen inside field 7 (aircraft identification)' },
  R328: { severity: 'error', title: 'Hyphen inside field 18 text: the message splits into an invalid field' },
  R329: { severity: 'warning', title: 'STS/NONRVSM with W (RVSM approved) in field 10a' },
  R330: { severity: 'warning', title: 'TALT/ (take-off alternate) is the departure aerodrome' },
  R331: { severity: 'warning', title: 'Field 16 alternate is the destination aerodrome' },
  R332: { severity: 'warning', title: 'Fuel endurance (field 19 E/) shorter than the total EET of field 16' },
  R333: { severity: 'warning', title: 'NAV/ names a GNSS augmentation without G or Z in field 10a' },
  R334: {
    severity: 'warning',
    title: 'DOF/ more than 120 hours ahead (Doc 4444: filed at most 120 h before the EOBT)',
  },
  R335: { severity: 'warning', title: 'EET/ estimate beyond the total EET of field 16' },
  R336: { severity: 'warning', title: 'IFR cruising level in a VFR part of the flight (Annex 2, Appendix 3)' },
  R337: { severity: 'warning', title: 'VFR cruising level in an IFR part of the flight (Annex 2, Appendix 3)' },

  // Route expansion against navigation data (offline; server/src/expansion)
  X001: { severity: 'warning', title: 'Point not in the navigation data' },
  X002: { severity: 'warning', title: 'Airway does not pass the entry or exit point' },
  X003: { severity: 'warning', title: 'Consecutive airways do not meet' },
  X004: { severity: 'warning', title: 'Point far from the previous point' },
  X005: { severity: 'warning', title: 'Ambiguous first point: no candidate selected' },
  X006: { severity: 'warning', title: 'Airway not in the navigation data' },
  X007: { severity: 'warning', title: 'No way along the airway between entry and exit' },
  X008: { severity: 'warning', title: 'Aerodrome not in the navigation data' },
  X009: { severity: 'error', title: 'referenceFix cannot be used' },
  X010: { severity: 'information', title: 'Oceanic track not expanded' },
  X011: {
    severity: 'information',
    title: 'Ambiguous first point: the namesake nearest the departure, or on the following airway, is taken',
  },
  X012: { severity: 'warning', title: 'Planned level outside the level band of an airway segment' },
  X013: { severity: 'warning', title: 'Airway flown against its one-way direction' },
  /** The level's direction in the table of cruising levels against the magnetic track of its first leg (also on the hub's points). */
  X014: {
    severity: 'warning',
    title: 'Cruising level of the other direction for the magnetic track of its first leg (semicircular rule)',
  },
  /** A DLE/ point none of the expanded route's points, airway points included (also on the hub's points). */
  X015: { severity: 'warning', title: 'DLE/ at a point not on the expanded route' },
  /** A later leg at the same level turns into the other semicircle (also on the hub's points). */
  X016: {
    severity: 'warning',
    title: 'Cruising level of the other direction for the magnetic track of a later leg (a turn at the same level)',
  },

  // Route expansion at the hub (server/src/hub/expansionMapping.ts)
  /** The hub returned the name without a position: it does not know it. */
  H001: { severity: 'warning', title: 'The hub does not know this point' },
  /** The route names a point the hub's expansion left out. */
  H002: { severity: 'warning', title: 'The hub left this point out of its expansion' },
  /** No point was selected for the first fix (duplicate name, no referenceFix). */
  H003: { severity: 'warning', title: 'First fix ambiguous at the hub: add a referenceFix' },
  /** The hub rejected the route text as a bad request (checker only). */
  H004: { severity: 'error', title: 'The hub rejected the route text' },
  /** H003 where the navigation data settles the point: the departure near it, or the airway after it. */
  H005: {
    severity: 'information',
    title: 'First fix ambiguous at the hub, settled by the departure or the following airway in the navigation data',
  },

  // Airline reference (server/src/remote/airlineDirectory.ts)
  A001: { severity: 'warning', title: 'Operator designator not in the airline reference' },
  A002: { severity: 'warning', title: 'Operator marked inactive in the airline reference' },

  // The live flight behind an FPL message's call sign (server/src/remote/liveFlight.ts)
  L001: { severity: 'information', title: "The EOBT differs from the flight's schedule by more than the tolerance" },
  L002: { severity: 'warning', title: 'The flight is cancelled' },
  L003: { severity: 'warning', title: "The flight's departure aerodrome differs from field 13" },
  L004: { severity: 'warning', title: "The flight's destination differs from field 16" },
  L005: { severity: 'information', title: "The flight's filed route differs from field 15" },
  L006: { severity: 'information', title: 'The flight was diverted: it did not land at the destination of field 16' },

  // Flight conflicts (server/src/flight/conflicts.ts)
  F001: {
    severity: 'warning',
    title: 'The route crosses an active restricted, danger or prohibited area at the planned level and time',
  },
  F002: {
    severity: 'warning',
    title: 'The route crosses the area of an airspace NOTAM in force at the planned level and time',
  },
  // Times of an FPL message against the still-air profile (server/src/flight/fplTimes.ts)
  F003: { severity: 'warning', title: 'EET/ names a FIR the route does not cross' },
  F004: {
    severity: 'warning',
    title: 'EET/ time to a FIR boundary or point more than 10 minutes from the still-air time',
  },
  F005: {
    severity: 'information',
    title: 'Total EET of field 16 more than 30 % from the still-air time to the destination',
  },
  // Where the route is not known (server/src/flight/conflicts.ts)
  F006: {
    severity: 'information',
    title: 'Conflicts not judged where the route is not known (a point could not be placed)',
  },
  // EET/ against the expanded route (server/src/flight/eetWords.ts)
  F008: { severity: 'warning', title: 'EET/ names a significant point not on the expanded route' },
  F009: { severity: 'warning', title: 'EET/ times do not grow in the order the route reaches the places' },
  // An airway leg against the FIR outlines (server/src/flight/airwayLegFirs.ts)
  F010: {
    severity: 'warning',
    title:
      'One leg of an airway passes through three FIRs or more with no point of the airway: a point off the airway?',
  },

  // SIDs and STARs from the procedures data (X-Plane's CIFP files)
  P001: { severity: 'warning', title: 'SID not published for the departure aerodrome' },
  P002: { severity: 'warning', title: 'SID does not end at the point written after it' },
  P003: { severity: 'warning', title: 'STAR not published for the destination aerodrome' },
  P004: { severity: 'warning', title: 'STAR does not begin at the point written before it' },
  P005: { severity: 'information', title: "The aerodrome's procedures file cannot be read" },
  P006: { severity: 'information', title: 'A fix of the SID or STAR is not in the navigation data' },
} as const satisfies Record<string, DiagnosticCodeInfo>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** The codes of one series: `CodeOf<'X'>` is X001 … X015. */
export type CodeOf<Series extends string> = Extract<DiagnosticCode, `${Series}${string}`>;

/** The parser's and the local checks' own codes. */
export type RouteCode = CodeOf<'R'>;

/** The series, in the order the docs list them. */
export const DIAGNOSTIC_SERIES = ['R', 'X', 'H', 'A', 'L', 'F', 'P'] as const;

/** The codes of a series, in table order. */
export function codesOf(series: string): DiagnosticCode[] {
  return (Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[]).filter((code) => code.startsWith(series));
}
