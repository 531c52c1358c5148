/**
 * X-Plane's terminal procedures (XP CIFP 1101/1102, `CIFP/<ICAO>.dat`): one file per aerodrome,
 * one line per leg of a SID, STAR or approach (ARINC 424 PD, PE, PF records) or per runway (PG),
 * as `ROW:field,field,…;`. The fields of a leg, by their place after the row code (0 is the
 * sequence number): 1 route type, 2 procedure, 3 transition (a runway, ALL, or the en-route
 * transition's name), 4 fix, 5 its ICAO region, 6 section, 7 subsection, 8 description, 9 turn,
 * 10 RNP, 11 path terminator, 12 turn direction valid, 13 recommended navaid, 14 its region,
 * 15–16 its section and subsection, 17 arc radius, 18 theta, 19 rho, 20 magnetic course (tenths),
 * 21 distance (tenths of NM) or time (`T` and tenths of minutes), 22 altitude description,
 * 23–24 altitudes (feet, or `FL` and a level), 25 transition altitude, 26 speed description,
 * 27 speed limit (kt), 28 vertical angle, then centre fix and qualifiers. A runway: `RWY:` ident,
 * gradient, ellipsoid height, threshold elevation, TCH indicator, localizer, category, TCH, then
 * after `;` latitude (N47274966: 47°27'49.66"), longitude and displaced threshold.
 *
 * Pure: text in (in chunks of any size), procedures out. A line that cannot be read is counted
 * with its line number and skipped; a row code this reader does not use (PRDAT: …) is counted as
 * not used.
 */
import { LineFeeder } from './text';

export type ProcedureKind = 'sid' | 'star' | 'approach';

/** Where a route of a procedure belongs: runway transition, common route, en-route transition. */
export type RoutePart = 'runway' | 'common' | 'enroute' | 'other';

export interface AltitudeValue {
  /** Feet, or the flight level times 100. */
  feet: number;
  flightLevel: boolean;
}

export interface AltitudeConstraint {
  /** ARINC 424 5.29: `+` at or above, `-` at or below, `@` at, `B` between, others as published. */
  description: string;
  first?: AltitudeValue;
  second?: AltitudeValue;
}

export interface SpeedConstraint {
  /** `@` at, `+` at or above, `-` at or below. */
  description: string;
  knots: number;
}

export interface CifpFix {
  ident: string;
  region: string;
  /** ARINC section (D navaid, E en-route, P airport) and subsection (B NDB, A waypoint, C terminal waypoint, G runway, N terminal NDB). */
  section: string;
  subsection: string;
}

export interface CifpLeg {
  sequence: number;
  fix?: CifpFix;
  /** ARINC path terminator: IF, TF, CF, DF, CA, VA, VM, … */
  pathTerminator: string;
  turn?: 'L' | 'R';
  /** Magnetic course, degrees. */
  courseDeg?: number;
  distanceNm?: number;
  minutes?: number;
  recommendedNavaid?: string;
  altitude?: AltitudeConstraint;
  speed?: SpeedConstraint;
  /** The line of the file, for messages. */
  line: number;
}

export interface CifpRoute {
  /** The ARINC route type as written (`1`, `5`, `M`, …). */
  routeType: string;
  part: RoutePart;
  /** RNAV or FMS route types. */
  rnav: boolean;
  /** As written: a runway (`RW27L`, `RW04B` both parallels), `ALL`, '' or the en-route transition's name. */
  transition: string;
  legs: CifpLeg[];
}

export interface CifpProcedure {
  kind: ProcedureKind;
  name: string;
  /** In the order the file publishes them. */
  routes: CifpRoute[];
}

export interface CifpRunway {
  /** `RW27L`. */
  ident: string;
  lat: number;
  lon: number;
  thresholdElevationFt?: number;
}

/** One aerodrome's procedures as read from its file. */
export interface AerodromeProcedures {
  icao: string;
  /** The file they were read from. */
  file: string;
  /** The data cycle of the folder the file is in, when known (`2013.10`, `1802`). */
  cycle?: string;
  sids: Map<string, CifpProcedure>;
  stars: Map<string, CifpProcedure>;
  approaches: Map<string, CifpProcedure>;
  runways: Map<string, CifpRunway>;
  /** Lines read (procedure legs and runways). */
  rows: number;
  /** Lines that could not be read: counted and skipped. */
  malformed: number;
  malformedSamples: { line: number; text: string; why: string }[];
  /** Lines of a row code not used here (PRDAT, …). */
  skipped: number;
}

const ROW_KINDS: Readonly<Record<string, ProcedureKind>> = { SID: 'sid', STAR: 'star', APPCH: 'approach' };

/** ARINC 424 5.7 route types of SIDs (PD) and STARs (PE) by the part of the procedure they are. */
const SID_PARTS: Readonly<Record<string, RoutePart>> = {
  '0': 'other',
  '1': 'runway',
  '4': 'runway',
  F: 'runway',
  T: 'runway',
  '2': 'common',
  '5': 'common',
  M: 'common',
  '3': 'enroute',
  '6': 'enroute',
  S: 'enroute',
  V: 'enroute',
};
const STAR_PARTS: Readonly<Record<string, RoutePart>> = {
  '1': 'enroute',
  '4': 'enroute',
  '7': 'enroute',
  F: 'enroute',
  '2': 'common',
  '5': 'common',
  '8': 'common',
  M: 'common',
  '3': 'runway',
  '6': 'runway',
  '9': 'runway',
  S: 'runway',
};
const RNAV_TYPES = new Set(['4', '5', '6', 'F', 'M', 'S']);

const MAX_SAMPLES = 5;
/** A leg line has at least the fields up to the path terminator. */
const MIN_LEG_FIELDS = 12;

export function emptyProcedures(icao: string, file: string, cycle?: string): AerodromeProcedures {
  const procedures: AerodromeProcedures = {
    icao,
    file,
    sids: new Map(),
    stars: new Map(),
    approaches: new Map(),
    runways: new Map(),
    rows: 0,
    malformed: 0,
    malformedSamples: [],
    skipped: 0,
  };
  if (cycle) procedures.cycle = cycle;
  return procedures;
}

/** Reads a CIFP file fed in chunks: `feed` each chunk, then `end`. */
export class CifpReader {
  readonly result: AerodromeProcedures;
  private readonly feeder = new LineFeeder((text, start, end, line) => this.line(text.slice(start, end), line));

  constructor(icao: string, file: string, cycle?: string) {
    this.result = emptyProcedures(icao, file, cycle);
  }

  feed(chunk: string): void {
    this.feeder.feed(chunk);
  }

  end(): AerodromeProcedures {
    this.feeder.end();
    for (const map of [this.result.sids, this.result.stars, this.result.approaches])
      for (const procedure of map.values())
        for (const route of procedure.routes) route.legs.sort((a, b) => a.sequence - b.sequence);
    return this.result;
  }

  private line(raw: string, line: number): void {
    const text = raw.trim();
    if (!text) return;
    const colon = text.indexOf(':');
    const row = colon > 0 ? text.slice(0, colon) : '';
    if (!/^[A-Z]+$/.test(row)) return this.malformed(line, text, 'no row code before ":"');
    const body = text.slice(colon + 1);
    if (row === 'RWY') return this.runway(body, line, text);
    const kind = ROW_KINDS[row];
    if (!kind) {
      this.result.skipped++;
      return;
    }
    const why = this.leg(kind, body, line);
    if (why) this.malformed(line, text, why);
    else this.result.rows++;
  }

  /** Reads one leg into its procedure; returns why it cannot be read. */
  private leg(kind: ProcedureKind, body: string, line: number): string | undefined {
    const end = body.indexOf(';');
    // Fields past the speed limit (vertical angle, centre fix, qualifiers) are not used.
    const fields = (end < 0 ? body : body.slice(0, end)).split(',', 28);
    if (fields.length < MIN_LEG_FIELDS) return `${fields.length} fields, expected at least ${MIN_LEG_FIELDS}`;
    const at = (i: number) => (fields[i] ?? '').trim();
    const sequence = at(0);
    if (!/^\d{1,3}$/.test(sequence)) return `sequence number '${sequence}'`;
    const routeType = at(1);
    const name = at(2);
    if (!/^[A-Z0-9-]{1,7}$/.test(name)) return `procedure identifier '${name}'`;
    const part =
      kind === 'sid'
        ? SID_PARTS[routeType]
        : kind === 'star'
          ? STAR_PARTS[routeType]
          : /^[A-Z]$/.test(routeType)
            ? 'other'
            : undefined;
    if (!part) return `route type '${routeType}' of a ${kind === 'approach' ? 'approach' : kind.toUpperCase()}`;
    const pathTerminator = at(11);
    if (!/^[A-Z]{2}$/.test(pathTerminator)) return `path terminator '${pathTerminator}'`;
    const leg: CifpLeg = { sequence: Number(sequence), pathTerminator, line };
    const ident = at(4);
    if (ident) {
      if (!/^[A-Z0-9]{1,5}$/.test(ident)) return `fix identifier '${ident}'`;
      leg.fix = { ident, region: at(5), section: at(6), subsection: at(7) };
    }
    const turn = at(9);
    if (turn === 'L' || turn === 'R') leg.turn = turn;
    const navaid = at(13);
    if (navaid) leg.recommendedNavaid = navaid;
    const course = tenths(at(20));
    if (course !== undefined) leg.courseDeg = course;
    const distance = at(21);
    if (distance.startsWith('T')) {
      const minutes = tenths(distance.slice(1));
      if (minutes !== undefined) leg.minutes = minutes;
    } else {
      const nm = tenths(distance);
      if (nm !== undefined) leg.distanceNm = nm;
    }
    const altitudeDescription = at(22);
    const first = altitude(at(23));
    const second = altitude(at(24));
    if (first === null || second === null) return `altitude '${at(23)}' / '${at(24)}'`;
    if (first || second) {
      const constraint: AltitudeConstraint = { description: altitudeDescription || '@' };
      if (first) constraint.first = first;
      if (second) constraint.second = second;
      leg.altitude = constraint;
    }
    const speed = at(27);
    if (speed) {
      if (!/^\d{1,3}$/.test(speed)) return `speed limit '${speed}'`;
      leg.speed = { description: at(26) || '@', knots: Number(speed) };
    }
    this.add(kind, name, routeType, part, at(3), leg);
    return undefined;
  }

  private add(kind: ProcedureKind, name: string, routeType: string, part: RoutePart, transition: string, leg: CifpLeg) {
    const map = kind === 'sid' ? this.result.sids : kind === 'star' ? this.result.stars : this.result.approaches;
    let procedure = map.get(name);
    if (!procedure) map.set(name, (procedure = { kind, name, routes: [] }));
    let route = procedure.routes.find((r) => r.routeType === routeType && r.transition === transition);
    if (!route) {
      route = { routeType, part, rnav: kind !== 'approach' && RNAV_TYPES.has(routeType), transition, legs: [] };
      procedure.routes.push(route);
    }
    route.legs.push(leg);
  }

  private runway(body: string, line: number, text: string): void {
    const [data = '', place = ''] = body.split(';');
    const fields = data.split(',').map((f) => f.trim());
    const ident = fields[0] ?? '';
    if (!/^RW\d{2}[LRCTB]?$/.test(ident)) return this.malformed(line, text, `runway identifier '${ident}'`);
    const [latText = '', lonText = ''] = place.split(',').map((f) => f.trim());
    const lat = arincCoordinate(latText, 'NS', 2);
    const lon = arincCoordinate(lonText, 'EW', 3);
    if (lat === undefined || lon === undefined)
      return this.malformed(line, text, `threshold position '${latText}', '${lonText}'`);
    const runway: CifpRunway = { ident, lat, lon };
    const elevation = fields[3] ? Number(fields[3]) : NaN;
    if (Number.isFinite(elevation)) runway.thresholdElevationFt = elevation;
    this.result.runways.set(ident, runway);
    this.result.rows++;
  }

  private malformed(line: number, text: string, why: string): void {
    this.result.malformed++;
    if (this.result.malformedSamples.length < MAX_SAMPLES)
      this.result.malformedSamples.push({ line, text: text.slice(0, 120), why });
  }
}

/** `2490` → 249.0; '' → undefined. */
function tenths(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  return Number(text) / 10;
}

/** `05000` → 5000 ft, `FL150` → FL150; '' → undefined; anything else → null (malformed). */
function altitude(text: string): AltitudeValue | undefined | null {
  if (!text) return undefined;
  if (/^FL\d{3}$/.test(text)) return { feet: Number(text.slice(2)) * 100, flightLevel: true };
  if (/^-?\d{1,5}$/.test(text)) return { feet: Number(text), flightLevel: false };
  return null;
}

/** `N47274966` (degrees, minutes, seconds and hundredths) → 47.4638 (south and west negative). */
function arincCoordinate(text: string, hemispheres: string, degreeDigits: number): number | undefined {
  const match = new RegExp(`^([${hemispheres}])(\\d{${degreeDigits}})(\\d{2})(\\d{4})$`).exec(text);
  if (!match) return undefined;
  const [, hemisphere, d, m, s] = match;
  const minutes = Number(m);
  const seconds = Number(s) / 100;
  if (minutes >= 60 || seconds >= 60) return undefined;
  const value = Number(d) + minutes / 60 + seconds / 3600;
  if (value > (degreeDigits === 2 ? 90 : 180)) return undefined;
  return hemisphere === hemispheres[0] ? value : -value;
}

/** Reads a whole file's text at once (tests, small files). */
export function readCifpText(icao: string, file: string, text: string, cycle?: string): AerodromeProcedures {
  const reader = new CifpReader(icao, file, cycle);
  reader.feed(text);
  return reader.end();
}

/** `RW27L` → `27L`. */
export function runwayName(transition: string): string {
  return transition.startsWith('RW') ? transition.slice(2) : transition;
}

/** True when a transition names a runway (`RW27L`, `RW04B`). */
export function isRunwayTransition(transition: string): boolean {
  return /^RW\d{2}[LRCTB]?$/.test(transition);
}
