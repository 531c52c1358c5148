/**
 * The real geography the simulator's data is generated from: aerodromes (the navdata folder's
 * airports.tsv), their ILS runways (nav.dat, which names controlled aerodromes and real runway
 * designators) and FIRs (the built-in table or a real boundaries file). Loaded once at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BUILTIN_FIRS } from './firs-builtin';
import { countryOfIcao, Country } from './countries';
import { BBox, bboxOf, inBBox, pointInMultiPolygon, Ring, distanceNm, distanceNmAtLeast } from './geo';

export interface Aerodrome {
  icao: string;
  name: string;
  lat: number;
  lon: number;
  elevationFt: number;
  /** Runway designators that have an ILS (e.g. "07C", "25R"); empty for uncontrolled fields. */
  ilsRunways: string[];
  country?: Country;
}

export interface Fir {
  code: string;
  name: string;
  prefix: string;
  oceanic: boolean;
  polygons: Ring[][];
  bbox: BBox;
}

export interface World {
  aerodromes: Map<string, Aerodrome>;
  firs: Map<string, Fir>;
  /** ICAO prefix letters that have at least one FIR, sorted. */
  prefixes: string[];
  aerodromesInFir(fir: Fir): Aerodrome[];
  firOf(lat: number, lon: number, icaoHint?: string): Fir | undefined;
  aerodromesOfCountry(country: Country): Aerodrome[];
  nearestAerodrome(lat: number, lon: number, maxNm?: number): Aerodrome | undefined;
}

function readMaybeGzip(folder: string, base: string): string | undefined {
  for (const name of [base, `${base}.gz`]) {
    const path = join(folder, name);
    if (existsSync(path)) {
      const raw = readFileSync(path);
      return (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('latin1');
    }
  }
  return undefined;
}

function loadAerodromes(folder: string): Map<string, Aerodrome> {
  const text = readMaybeGzip(folder, 'airports.tsv');
  const aerodromes = new Map<string, Aerodrome>();
  if (!text) return aerodromes;
  for (const line of text.split(/\r?\n/)) {
    const [icao, type, name, lat, lon, elevation] = line.split('\t');
    // A row cut short (no name) is left out like a row without coordinates.
    if (icao === undefined || !/^[A-Z]{4}$/.test(icao) || type !== 'land') continue;
    if (name === undefined || /\[X\]|CLOSED/i.test(name)) continue;
    const a: Aerodrome = {
      icao,
      name: name.trim(),
      lat: Number(lat),
      lon: Number(lon),
      elevationFt: Math.round(Number(elevation) || 0),
      ilsRunways: [],
    };
    if (!Number.isFinite(a.lat) || !Number.isFinite(a.lon)) continue;
    const country = countryOfIcao(icao);
    if (country) a.country = country;
    aerodromes.set(icao, a);
  }
  return aerodromes;
}

/** ILS localizer rows (code 4 or 5) of nav.dat 810 (`… ident ICAO RWY name`) or 1150 (`… ident ICAO region RWY name`). */
function addIlsRunways(folder: string, aerodromes: Map<string, Aerodrome>): void {
  const text = readMaybeGzip(folder, 'nav.dat');
  if (!text) return;
  const version1150 = /^\s*11\d\d\b/m.test(text.slice(0, 400));
  for (const line of text.split(/\r?\n/)) {
    if (!/^\s*[45]\s/.test(line)) continue;
    const f = line.trim().split(/\s+/);
    const icao = f[8];
    const runway = version1150 ? f[10] : f[9];
    const aerodrome = icao === undefined ? undefined : aerodromes.get(icao);
    if (aerodrome && runway && /^\d{2}[LCR]?$/.test(runway) && !aerodrome.ilsRunways.includes(runway))
      aerodrome.ilsRunways.push(runway);
  }
}

function builtinFirs(): Fir[] {
  return BUILTIN_FIRS.map((f) => {
    const ring: Ring = [...f.outline, ...f.outline.slice(0, 1)];
    const polygons = [[ring]];
    return {
      code: f.code,
      name: f.name,
      prefix: f.code.charAt(0),
      oceanic: !!f.oceanic,
      polygons,
      bbox: bboxOf(polygons),
    };
  });
}

/** GeoJSON MultiPolygons with `id`; sector entries (`EDGG-N`) are left out, repeated ids merged. */
function firsFromFile(file: string): Fir[] {
  const raw = readFileSync(file);
  const json = JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as {
    features: { properties: { id?: string; oceanic?: string }; geometry: { type: string; coordinates: unknown } }[];
  };
  const names = new Map(BUILTIN_FIRS.map((f) => [f.code, f.name]));
  const byCode = new Map<string, Fir>();
  for (const feature of json.features ?? []) {
    const code = feature.properties?.id ?? '';
    if (!/^[A-Z]{4}$/.test(code) || !feature.geometry) continue;
    const polygons = (
      feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates
    ) as Ring[][];
    const existing = byCode.get(code);
    if (existing) {
      existing.polygons.push(...polygons);
      existing.bbox = bboxOf(existing.polygons);
    } else {
      byCode.set(code, {
        code,
        name: names.get(code) ?? code,
        prefix: code.charAt(0),
        oceanic: feature.properties.oceanic === '1',
        polygons,
        bbox: bboxOf(polygons),
      });
    }
  }
  return [...byCode.values()];
}

export function loadWorld(navdataFolder: string, firsFile?: string): World {
  const aerodromes = loadAerodromes(navdataFolder);
  addIlsRunways(navdataFolder, aerodromes);
  const firList = (firsFile ? firsFromFile(firsFile) : builtinFirs()).sort((a, b) => a.code.localeCompare(b.code));
  const firs = new Map(firList.map((f) => [f.code, f]));
  const prefixes = [...new Set(firList.map((f) => f.prefix))].sort();
  const inFir = new Map<string, Aerodrome[]>();
  const all = [...aerodromes.values()];

  const firOf = (lat: number, lon: number, icaoHint?: string): Fir | undefined => {
    const matches = firList.filter((f) => inBBox(lon, lat, f.bbox) && pointInMultiPolygon(lon, lat, f.polygons));
    if (matches.length <= 1) return matches[0];
    // Hand-drawn neighbours overlap: prefer the FIR of the aerodrome's own country, then domestic.
    const hint = icaoHint?.slice(0, 2);
    return matches.find((f) => f.code.slice(0, 2) === hint) ?? matches.find((f) => !f.oceanic) ?? matches[0];
  };

  return {
    aerodromes,
    firs,
    prefixes,
    firOf,
    aerodromesInFir(fir) {
      let list = inFir.get(fir.code);
      if (!list) {
        list = all.filter((a) => inBBox(a.lon, a.lat, fir.bbox) && firOf(a.lat, a.lon, a.icao)?.code === fir.code);
        inFir.set(fir.code, list);
      }
      return list;
    },
    aerodromesOfCountry(country) {
      return all.filter((a) => a.country === country);
    },
    nearestAerodrome(lat, lon, maxNm = 60) {
      let best: Aerodrome | undefined;
      let bestNm = maxNm;
      for (const a of all) {
        if (Math.abs(a.lat - lat) > 1.5) continue;
        // The geodesic only for those that may be nearer: it was most of placing the areas.
        if (distanceNmAtLeast(lat, lon, a.lat, a.lon) >= bestNm) continue;
        const d = distanceNm(lat, lon, a.lat, a.lon);
        if (d < bestNm) {
          bestNm = d;
          best = a;
        }
      }
      return best;
    },
  };
}

/** A place name taken from an aerodrome name ("Frankfurt am Main" → "Frankfurt am Main", "Hohenfels Aaf" → "Hohenfels"). */
export function placeName(aerodrome: Aerodrome): string {
  const cleaned = aerodrome.name
    .replace(
      /\b(Intl\.?|International|Airport|Airfield|Aerodrome|Airpark|Aaf|Afb|Ab|Rgnl|Regional|Municipal|Field|Flugplatz|Verkehrslandeplatz|Sonderlandeplatz|Segelfluggelande|Segelfluggelände|Glider|Gliding|Heliport|Airstrip|Strip|Ulm|Lfg|Apt)\b\.?/gi,
      '',
    )
    .replace(/[[\]()]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || aerodrome.icao;
}
