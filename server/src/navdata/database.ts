/**
 * The loaded navigation data: points (fixes, navaids, aerodromes, airway-only ends) in a column
 * store, a name index, an aerodrome index, airways as graphs and a spatial index for
 * nearest-candidate queries.
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { GeoPoint } from '../geo/geodesy';
import type { FixType, NavPoint } from '../route/model';
import { Airway, BOTH_WAYS } from './airway';
import {
  KIND_AERODROME,
  KIND_DME,
  KIND_FIX,
  KIND_NDB,
  KIND_TACAN,
  KIND_VOR,
  NameIndex,
  POINT_TYPES,
  PointTable,
  SOURCE_AIRWAY_END,
} from './points';

const KM_PER_NM = 1.852;

/** What one data file contributed. */
export interface LoadedFile {
  kind: 'fix' | 'nav' | 'awy' | 'aerodromes';
  path: string;
  /** Format and version as read from the header, e.g. `fix 600`, `nav 1150`, `airports.tsv`. */
  format: string;
  /** The data cycle its header names (`data cycle 2013.10` → `2013.10`), when it names one. */
  cycle?: string;
  rows: number;
  /** Rows that could not be read (wrong column count, bad numbers, coordinates out of range). */
  malformed: number;
  /** The first few malformed rows, for messages. */
  malformedSamples: { line: number; text: string }[];
  /** Rows read but deliberately not kept (ILS parts, terminal fixes, duplicates, unresolved airway ends). */
  skipped: number;
}

export interface LoadReport {
  folder: string;
  files: LoadedFile[];
  /** Kinds of data not found in the folder. */
  missing: ('fix' | 'nav' | 'awy' | 'aerodromes')[];
  fixes: number;
  navaids: number;
  aerodromes: number;
  airways: number;
  airwaySegments: number;
  milliseconds: number;
}

export interface NearestOptions {
  maxResults?: number;
  maxDistanceNm?: number;
  /** Only points of these types. */
  types?: readonly FixType[];
  /** Further filter on point indices. */
  filter?: (index: number) => boolean;
}

export class NavDatabase {
  private spatial?: KDBush;
  /** point index → names of the airways through it, built on first use (completion). */
  private through?: Map<number, string[]>;
  /** Aerodrome codes in order, built on first use (completion). */
  private aerodromeCodes?: string[];
  /** Aerodrome codes, those with the most ILS runways first, built on first use (completion). */
  private aerodromesRanked?: string[];

  constructor(
    readonly points: PointTable,
    private readonly names: NameIndex,
    private readonly aerodromeIndex: Map<string, number>,
    private readonly airways: Map<string, Airway>,
    readonly report: LoadReport,
    /** Aerodrome code → the runways nav.dat gives an ILS for, in the order read. */
    private readonly ils: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {}

  /** The runways of an aerodrome that have an ILS in the data (nav.dat row 4 localizers), e.g. ['09L', '27R']. */
  ilsRunways(icao: string): readonly string[] {
    return this.ils.get(icao) ?? [];
  }

  get size(): number {
    return this.points.size;
  }

  /**
   * A point index this database handed out (lookup, nearest, aerodrome, airways); any other is a
   * caller's bug, so it throws here rather than reading `undefined` from the columns. The columns
   * all hold `size` entries, so the reads after this check are in range.
   */
  private checked(i: number): number {
    if (!(i >= 0 && i < this.points.size)) throw new RangeError(`No point ${i} in the navigation data`);
    return i;
  }

  ident(i: number): string {
    return this.points.ident[this.checked(i)]!;
  }

  type(i: number): FixType {
    return pointType(this.points.kind[this.checked(i)]!);
  }

  lat(i: number): number {
    return this.points.lat[this.checked(i)]!;
  }

  lon(i: number): number {
    return this.points.lon[this.checked(i)]!;
  }

  /** Station declination in degrees east positive, or undefined when the data has none. */
  variation(i: number): number | undefined {
    const v = this.points.variation[this.checked(i)]!;
    return Number.isNaN(v) ? undefined : v;
  }

  /** Elevation in feet, or undefined when the data has none. */
  elevationFt(i: number): number | undefined {
    const feet = this.points.elevationFt[this.checked(i)]!;
    return Number.isNaN(feet) ? undefined : feet;
  }

  /** True when the point is only known as an airway end (awy 640 lists coordinates). */
  isAirwayEndOnly(i: number): boolean {
    return this.points.source[i] === SOURCE_AIRWAY_END;
  }

  /** Where the point is, for the geodesy functions. */
  at(i: number): GeoPoint {
    return { lat: this.lat(i), lon: this.lon(i) };
  }

  point(i: number): NavPoint {
    const p = this.points;
    this.checked(i);
    const result: NavPoint = { ident: p.ident[i]!, type: pointType(p.kind[i]!), lat: p.lat[i]!, lon: p.lon[i]! };
    const region = p.region[i];
    const name = p.name[i];
    const elevationFt = p.elevationFt[i]!;
    if (region) result.region = region;
    if (name) result.name = name;
    if (!Number.isNaN(elevationFt)) result.elevationFt = elevationFt;
    return result;
  }

  /** Fixes and navaids bearing this ident (aerodromes are looked up with `aerodrome`). */
  lookup(ident: string): readonly number[] {
    return this.names.get(ident);
  }

  aerodrome(icao: string): number | undefined {
    return this.aerodromeIndex.get(icao);
  }

  /**
   * Aerodromes as a dispatcher looks for them, at most `limit`: those whose code starts with
   * `typed` (upper case), then, from four letters on (three when no code starts so), those with a
   * word of their name starting with it (`Heath` → EGLL London Heathrow); each group the aerodromes with the most ILS runways
   * first (an instrument approach is what a flight plan's aerodrome needs), then by code.
   */
  findAerodromes(typed: string, limit: number): { code: string; byName: boolean }[] {
    this.aerodromesRanked ??= [...this.aerodromeIndex.keys()].sort(
      (a, b) => this.ilsRunways(b).length - this.ilsRunways(a).length || (a < b ? -1 : a > b ? 1 : 0),
    );
    const word = typed.trim().toUpperCase();
    const out: { code: string; byName: boolean }[] = [];
    for (const code of this.aerodromesRanked) {
      if (out.length >= limit) return out;
      if (code.startsWith(word)) out.push({ code, byName: false });
    }
    // Names from four letters on ("Nice", "Rome"), or from three when no code starts so.
    if (word.length < 3 || (word.length === 3 && out.length > 0)) return out;
    const wordStart = new RegExp(`(?:^|[^A-Z0-9])${word.replace(/[^A-Z0-9 ]/g, '')}`);
    for (const code of this.aerodromesRanked) {
      if (out.length >= limit) break;
      if (code.startsWith(word)) continue;
      const name = this.points.name[this.aerodromeIndex.get(code)!] ?? '';
      if (wordStart.test(name.toUpperCase())) out.push({ code, byName: true });
    }
    return out;
  }

  /** Aerodrome codes starting with `prefix` (upper case), in alphabetical order, at most `limit`. */
  aerodromesStartingWith(prefix: string, limit: number): string[] {
    this.aerodromeCodes ??= [...this.aerodromeIndex.keys()].sort();
    const codes = this.aerodromeCodes;
    let low = 0;
    let high = codes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (codes[middle]! < prefix)
        low = middle + 1; // low <= middle < high <= codes.length
      else high = middle;
    }
    const found: string[] = [];
    for (const code of codes.slice(low)) {
      if (found.length >= limit || !code.startsWith(prefix)) break;
      found.push(code);
    }
    return found;
  }

  airway(name: string): Airway | undefined {
    return this.airways.get(name);
  }

  /** The airways that pass a point, by name. */
  airwaysThrough(i: number): readonly string[] {
    if (!this.through) {
      const through = new Map<number, string[]>();
      for (const airway of this.airways.values()) {
        for (const node of airway.nodes()) {
          const names = through.get(node);
          if (names) names.push(airway.name);
          else through.set(node, [airway.name]);
        }
      }
      this.through = through;
    }
    return this.through.get(i) ?? [];
  }

  /** Point indices in order of increasing distance from (lat, lon). */
  nearest(lat: number, lon: number, options: NearestOptions = {}): number[] {
    const index = this.spatialIndex();
    const kinds = options.types ? new Set(options.types.map((t) => POINT_TYPES.indexOf(t))) : undefined;
    const filter = options.filter;
    // The spatial index holds exactly the points 0..size-1 (spatialIndex), so `i` is in range.
    const predicate =
      kinds || filter
        ? (i: number) => (!kinds || kinds.has(this.points.kind[i]!)) && (!filter || filter(i))
        : undefined;
    const maxKm = options.maxDistanceNm === undefined ? Infinity : options.maxDistanceNm * KM_PER_NM;
    return around(index, lon, lat, options.maxResults ?? 10, maxKm, predicate) as number[];
  }

  private spatialIndex(): KDBush {
    if (this.spatial) return this.spatial;
    const p = this.points;
    const index = new KDBush(Math.max(1, p.size), 64, Float64Array);
    for (let i = 0; i < p.size; i++) index.add(p.lon[i]!, p.lat[i]!);
    if (p.size === 0) index.add(0, 0);
    index.finish();
    this.spatial = index;
    return index;
  }
}

/** Tolerance in degrees within which two points of one ident are the same place. */
const SAME_PLACE_DEGREES = 0.03;

/** Collects rows from the parsers and resolves airway ends to points. */
export class NavDatabaseBuilder {
  readonly points = new PointTable();
  readonly names = new NameIndex();
  readonly aerodromes = new Map<string, number>();
  readonly airways = new Map<string, Airway>();
  fixCount = 0;
  navaidCount = 0;
  segmentCount = 0;

  /** The existing point of this ident at (about) this place, or -1. */
  findSamePlace(ident: string, lat: number, lon: number): number {
    return this.samePlaceIn(this.names.entry(ident), lat, lon);
  }

  private samePlaceIn(entry: number | number[] | undefined, lat: number, lon: number): number {
    if (entry === undefined) return -1;
    const p = this.points;
    // The name index holds only indices that points.add returned, so the column reads are in range.
    const samePlace = (i: number) =>
      Math.abs(p.lat[i]! - lat) < SAME_PLACE_DEGREES && Math.abs(p.lon[i]! - lon) < SAME_PLACE_DEGREES;
    if (typeof entry === 'number') return samePlace(entry) ? entry : -1;
    for (const i of entry) if (samePlace(i)) return i;
    return -1;
  }

  /** Adds a fix unless a navaid or fix of the same ident already stands there. Returns false for a duplicate. */
  addFix(ident: string, lat: number, lon: number, region = ''): boolean {
    const entry = this.names.entry(ident);
    if (this.samePlaceIn(entry, lat, lon) >= 0) return false;
    this.names.addToEntry(ident, entry, this.points.add(ident, KIND_FIX, lat, lon, region));
    this.fixCount++;
    return true;
  }

  /**
   * Adds a navaid. A DME at the place of a VOR, NDB or TACAN of the same ident is the same
   * station (VOR/DME) and is not added again. Returns false for such a duplicate.
   */
  addNavaid(
    kind: number,
    ident: string,
    lat: number,
    lon: number,
    region: string,
    name: string,
    elevationFt: number,
    variation: number,
  ): boolean {
    const existing = this.findSamePlace(ident, lat, lon);
    if (existing >= 0) {
      const k = this.points.kind[existing];
      if (kind === KIND_DME || kind === KIND_TACAN || k === kind || (k === KIND_VOR && kind !== KIND_NDB)) {
        if (Number.isNaN(this.points.variation[existing]) && !Number.isNaN(variation))
          this.points.variation[existing] = variation;
        return false;
      }
    }
    this.names.add(ident, this.points.add(ident, kind, lat, lon, region, name, elevationFt, variation));
    this.navaidCount++;
    return true;
  }

  /** Aerodrome code → its runways with an ILS (nav.dat localizers), each once. */
  readonly ils = new Map<string, string[]>();

  /** A localizer of nav.dat (row 4 or 5): the aerodrome's runway has an ILS. */
  addIls(icao: string, runway: string): void {
    const runways = this.ils.get(icao);
    if (!runways) this.ils.set(icao, [runway]);
    else if (!runways.includes(runway)) runways.push(runway);
  }

  addAerodrome(icao: string, lat: number, lon: number, name: string, elevationFt: number): boolean {
    if (this.aerodromes.has(icao)) return false;
    this.aerodromes.set(icao, this.points.add(icao, KIND_AERODROME, lat, lon, '', name, elevationFt));
    return true;
  }

  /** awy 640 ends carry coordinates: the point of that ident there, or a new airway-only fix. */
  pointAt(ident: string, lat: number, lon: number): number {
    const entry = this.names.entry(ident);
    const found = this.samePlaceIn(entry, lat, lon);
    if (found >= 0) return found;
    const index = this.points.add(ident, KIND_FIX, lat, lon, '', '', NaN, NaN, SOURCE_AIRWAY_END);
    this.names.addToEntry(ident, entry, index);
    return index;
  }

  /** awy 1100 ends are references: ident + region + type (11 fix, 2 NDB, 3 VHF navaid). Returns -1 when unknown. */
  pointByReference(ident: string, region: string, typeCode: number): number {
    const candidates = this.names.get(ident);
    let fallback = -1;
    for (const i of candidates) {
      if (this.points.region[i] !== region) continue;
      const kind = this.points.kind[i];
      const matches =
        typeCode === 11
          ? kind === KIND_FIX
          : typeCode === 2
            ? kind === KIND_NDB
            : kind === KIND_VOR || kind === KIND_DME || kind === KIND_TACAN;
      if (matches) return i;
      if (fallback < 0) fallback = i;
    }
    return fallback;
  }

  addSegment(
    names: string,
    from: number,
    to: number,
    direction = BOTH_WAYS,
    levelType = 0,
    baseFl = 0,
    topFl = 0,
  ): void {
    this.segmentCount++;
    let start = 0;
    // Several designators share a segment as `L613-N57`.
    for (let i = 0; i <= names.length; i++) {
      if (i === names.length || names.charCodeAt(i) === 45) {
        if (i > start) {
          const name = names.slice(start, i);
          let airway = this.airways.get(name);
          if (!airway) this.airways.set(name, (airway = new Airway(name)));
          airway.addSegment(from, to, direction, levelType, baseFl, topFl);
        }
        start = i + 1;
      }
    }
  }

  build(report: LoadReport): NavDatabase {
    this.points.trim();
    report.fixes = this.fixCount;
    report.navaids = this.navaidCount;
    report.aerodromes = this.aerodromes.size;
    report.airways = this.airways.size;
    report.airwaySegments = this.segmentCount;
    return new NavDatabase(this.points, this.names, this.aerodromes, this.airways, report, this.ils);
  }
}

/** The kind column holds only the KIND_* constants, each an index of POINT_TYPES. */
function pointType(kind: number): FixType {
  const type = POINT_TYPES[kind];
  if (type === undefined) throw new RangeError(`Unknown point kind ${kind}`);
  return type;
}
