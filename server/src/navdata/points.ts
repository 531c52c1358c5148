/**
 * Every named place of the database in one column store: coordinates in typed arrays, names
 * and idents in plain arrays. A point is addressed by its index.
 */
import type { FixType } from '../route/model';

/** Numeric point kinds stored per point (index into POINT_TYPES). */
export const KIND_FIX = 0;
export const KIND_VOR = 1;
export const KIND_NDB = 2;
export const KIND_DME = 3;
export const KIND_TACAN = 4;
export const KIND_AERODROME = 5;

export const POINT_TYPES: readonly FixType[] = ['fix', 'vor', 'ndb', 'dme', 'tacan', 'aerodrome'];

/** Where a point came from: its own data file, or only an airway end (awy 640 gives coordinates). */
export const SOURCE_FILE = 0;
export const SOURCE_AIRWAY_END = 1;

export class PointTable {
  size = 0;
  lat = new Float64Array(1024);
  lon = new Float64Array(1024);
  kind = new Uint8Array(1024);
  source = new Uint8Array(1024);
  /** Feet; NaN when unknown. */
  elevationFt = new Float32Array(1024);
  /** Degrees east positive (navaids: the station's declination); NaN when unknown. */
  variation = new Float32Array(1024);
  ident: string[] = [];
  /** ICAO region code (current formats) or '' when unknown. */
  region: string[] = [];
  /** Long name (navaids, aerodromes) or ''. */
  name: string[] = [];

  add(
    ident: string,
    kind: number,
    lat: number,
    lon: number,
    region = '',
    name = '',
    elevationFt = NaN,
    variation = NaN,
    source = SOURCE_FILE,
  ): number {
    if (this.size === this.lat.length) this.grow();
    const i = this.size++;
    this.lat[i] = lat;
    this.lon[i] = lon;
    this.kind[i] = kind;
    this.source[i] = source;
    this.elevationFt[i] = elevationFt;
    this.variation[i] = variation;
    this.ident.push(ident);
    this.region.push(region);
    this.name.push(name);
    return i;
  }

  /** Shrinks the typed arrays to the final size. */
  trim(): void {
    this.lat = this.lat.slice(0, this.size);
    this.lon = this.lon.slice(0, this.size);
    this.kind = this.kind.slice(0, this.size);
    this.source = this.source.slice(0, this.size);
    this.elevationFt = this.elevationFt.slice(0, this.size);
    this.variation = this.variation.slice(0, this.size);
  }

  private grow(): void {
    const capacity = this.lat.length * 2;
    const grow = <T extends Float64Array | Float32Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.lat = grow(this.lat, (n) => new Float64Array(n));
    this.lon = grow(this.lon, (n) => new Float64Array(n));
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
    this.source = grow(this.source, (n) => new Uint8Array(n));
    this.elevationFt = grow(this.elevationFt, (n) => new Float32Array(n));
    this.variation = grow(this.variation, (n) => new Float32Array(n));
  }
}

/** Name → point indices; one index is stored unboxed, several as an array. */
export class NameIndex {
  private readonly map = new Map<string, number | number[]>();

  add(name: string, index: number): void {
    this.addToEntry(name, this.map.get(name), index);
  }

  get(name: string): readonly number[] {
    const found = this.map.get(name);
    if (found === undefined) return EMPTY;
    return typeof found === 'number' ? [found] : found;
  }

  /** The raw entry of a name: one index, several, or undefined (for lookups without allocation). */
  entry(name: string): number | number[] | undefined {
    return this.map.get(name);
  }

  /** Adds an index for a name whose entry was just read with `entry` (one hash lookup saved). */
  addToEntry(name: string, entry: number | number[] | undefined, index: number): void {
    if (entry === undefined) this.map.set(name, index);
    else if (typeof entry === 'number') this.map.set(name, [entry, index]);
    else entry.push(index);
  }
}

const EMPTY: readonly number[] = Object.freeze([]);
