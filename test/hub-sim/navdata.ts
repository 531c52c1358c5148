/**
 * The simulator's own reading of the navigation data (X-Plane / FlightGear files of the old
 * generation: fix.dat 600, nav.dat 810, awy.dat 640, plus airports.tsv), plain or gzipped.
 * Written apart from the product's loader on purpose: the hub stands for a service that has its
 * own data handling, so route expansion at the hub and offline expansion are two engines.
 *
 * Points of one ident closer than SAME_PLACE_DEG to each other are one place (a VOR and its DME,
 * a fix listed at a navaid); an airway end is the point of its ident at its coordinates, or a new
 * point known only from the airway file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export type PlaceKind = 'fix' | 'vor' | 'ndb' | 'dme' | 'tacan' | 'aerodrome' | 'airwayEnd';

export interface Place {
  ident: string;
  kind: PlaceKind;
  lat: number;
  lon: number;
  name?: string;
  elevationFt?: number;
  /** Magnetic variation at a VOR, degrees east positive. */
  variation?: number;
}

/** One airway designator: an undirected graph of place indices (the old format has no directions). */
export class AirwayGraph {
  private readonly links = new Map<number, number[]>();

  constructor(readonly designator: string) {}

  link(a: number, b: number): void {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = this.links.get(from) ?? [];
      if (!list.includes(to)) list.push(to);
      this.links.set(from, list);
    }
  }

  has(place: number): boolean {
    return this.links.has(place);
  }

  places(): number[] {
    return [...this.links.keys()];
  }

  /** Fewest segments from `from` to the first of `to` reached (both ends included), or undefined. */
  route(from: number, to: readonly number[]): number[] | undefined {
    if (!this.links.has(from)) return undefined;
    const targets = new Set(to);
    if (targets.has(from)) return [from];
    const cameFrom = new Map<number, number>([[from, from]]);
    let frontier = [from];
    while (frontier.length) {
      const next: number[] = [];
      for (const at of frontier) {
        for (const n of this.links.get(at) ?? []) {
          if (cameFrom.has(n)) continue;
          cameFrom.set(n, at);
          if (targets.has(n)) {
            const path = [n];
            for (let p = at; p !== from; p = cameFrom.get(p)!) path.push(p);
            path.push(from);
            return path.reverse();
          }
          next.push(n);
        }
      }
      frontier = next;
    }
    return undefined;
  }
}

export interface NavData {
  places: Place[];
  /** Fixes, navaids and airway ends by ident (aerodromes are in `aerodromes`). */
  byIdent: Map<string, number[]>;
  aerodromes: Map<string, number>;
  airways: Map<string, AirwayGraph>;
}

const SAME_PLACE_DEG = 0.03;

function readData(folder: string, name: string): string | undefined {
  for (const file of [name, `${name}.gz`]) {
    const path = join(folder, file);
    if (!existsSync(path)) continue;
    const raw = readFileSync(path);
    return (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('latin1');
  }
  return undefined;
}

/** Data rows of an X-Plane file: after the `I`/`A` line and the version line, up to `99`. */
function* dataRows(text: string): Generator<string[]> {
  let header = 0;
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === '') continue;
    if (header < 2 && (fields[0] === 'I' || fields[0] === 'A' || fields[1] === 'Version')) {
      header++;
      continue;
    }
    header = 2;
    if (fields[0] === '99' && fields.length === 1) return;
    yield fields;
  }
}

class Builder {
  readonly data: NavData = { places: [], byIdent: new Map(), aerodromes: new Map(), airways: new Map() };

  samePlace(ident: string, lat: number, lon: number): number | undefined {
    return this.data.byIdent.get(ident)?.find((i) => {
      const place = this.data.places[i];
      return !!place && Math.abs(place.lat - lat) < SAME_PLACE_DEG && Math.abs(place.lon - lon) < SAME_PLACE_DEG;
    });
  }

  add(place: Place): number {
    const index = this.data.places.push(place) - 1;
    const list = this.data.byIdent.get(place.ident);
    if (list) list.push(index);
    else this.data.byIdent.set(place.ident, [index]);
    return index;
  }

  /** A point of the data, unless one of its ident is already there. */
  addOnce(place: Place): void {
    if (this.samePlace(place.ident, place.lat, place.lon) === undefined) this.add(place);
  }

  airwayEnd(ident: string, lat: number, lon: number): number {
    return this.samePlace(ident, lat, lon) ?? this.add({ ident, kind: 'airwayEnd', lat, lon });
  }
}

const NAVAID_KINDS: Record<string, PlaceKind> = { '2': 'ndb', '3': 'vor', '12': 'dme', '13': 'dme' };

function valid(lat: number, lon: number): boolean {
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/** Undefined when the folder holds none of fix.dat, nav.dat and awy.dat. */
export function loadNavData(folder: string): NavData | undefined {
  const nav = readData(folder, 'nav.dat');
  const fix = readData(folder, 'fix.dat');
  const awy = readData(folder, 'awy.dat');
  if (!nav && !fix && !awy) return undefined;
  const b = new Builder();
  // Navaids first, so a fix listed at a navaid is the navaid.
  // In each kind of row the defaults stand for fields past the end, which the length checks reject.
  for (const f of nav ? dataRows(nav) : []) {
    const [code = '', latText, lonText, elevation, , , variation, ident = ''] = f;
    const kind = NAVAID_KINDS[code];
    if (!kind || f.length < 9) continue;
    const name = f.slice(8).join(' ');
    if (kind === 'dme' && / DME-ILS$/.test(name)) continue; // the DME of an ILS approach
    const [lat, lon] = [Number(latText), Number(lonText)];
    if (!valid(lat, lon)) continue;
    const place: Place = {
      ident,
      kind: kind === 'dme' && /TACAN$/.test(name) && !/VORTAC$/.test(name) ? 'tacan' : kind,
      lat,
      lon,
      name,
      elevationFt: Number(elevation),
    };
    if (kind === 'vor') place.variation = Number(variation);
    b.addOnce(place);
  }
  for (const f of fix ? dataRows(fix) : []) {
    const [latText, lonText, ident = ''] = f;
    const [lat, lon] = [Number(latText), Number(lonText)];
    if (f.length === 3 && valid(lat, lon)) b.addOnce({ ident, kind: 'fix', lat, lon });
  }
  for (const f of awy ? dataRows(awy) : []) {
    if (f.length < 10) continue;
    const [fromIdent = '', lat1Text, lon1Text, toIdent = '', lat2Text, lon2Text] = f;
    const [lat1, lon1, lat2, lon2] = [Number(lat1Text), Number(lon1Text), Number(lat2Text), Number(lon2Text)];
    if (!valid(lat1, lon1) || !valid(lat2, lon2)) continue;
    const from = b.airwayEnd(fromIdent, lat1, lon1);
    const to = b.airwayEnd(toIdent, lat2, lon2);
    // Several designators share a segment as `L613-N57`.
    for (const designator of f.slice(9).join(' ').split('-')) {
      if (!designator) continue;
      let airway = b.data.airways.get(designator);
      if (!airway) b.data.airways.set(designator, (airway = new AirwayGraph(designator)));
      airway.link(from, to);
    }
  }
  const airports = readData(folder, 'airports.tsv');
  for (const line of airports ? airports.split('\n') : []) {
    const [icao, , name, lat, lon, elevation] = line.replace(/\r$/, '').split('\t');
    if (!icao || icao === 'ident' || b.data.aerodromes.has(icao) || !valid(Number(lat), Number(lon))) continue;
    const index = b.data.places.push({
      ident: icao,
      kind: 'aerodrome',
      lat: Number(lat),
      lon: Number(lon),
      ...(name !== undefined ? { name } : {}),
      elevationFt: Number(elevation),
    });
    b.data.aerodromes.set(icao, index - 1);
  }
  return b.data;
}
