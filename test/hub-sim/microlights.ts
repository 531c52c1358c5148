/**
 * Microlight aerodromes of a country: small grass fields a few miles from real small
 * aerodromes, named in the country's style (UL-Gelände …, … ULM, … Farm Strip).
 */
import type { Country } from './countries';
import { icaoPrefixesOf } from './countries';
import type { World } from './world';
import { placeName } from './world';
import { Random, uuidFrom } from './random';
import { destination, round } from './geo';
import { isControlled } from './airspaces';

export interface Microlight {
  id: string;
  designator: string;
  name: string;
  lat: number;
  lon: number;
  elevationFt: number;
}

function styledName(country: Country, place: string, random: Random): string {
  switch (country.iso2) {
    case 'DE':
    case 'AT':
      return `UL-Gelände ${place}`;
    case 'FR':
    case 'BE':
    case 'CH':
      return `${place} ULM`;
    case 'GB':
    case 'IE':
      return `${place} ${random.pick(['Farm Strip', 'Microlight Site', 'Airstrip'])}`;
    case 'IT':
      return `Aviosuperficie ${place}`;
    case 'NL':
      return `ULV-terrein ${place}`;
    case 'ES':
      return `Campo de Vuelo ${place}`;
    default:
      return `${place} Microlight Field`;
  }
}

export function microlightsOf(world: World, country: Country): Microlight[] {
  const random = new Random(`microlights:${country.iso2}`);
  const candidates = world
    .aerodromesOfCountry(country)
    .filter((a) => !isControlled(a))
    .sort((a, b) => a.icao.localeCompare(b.icao));
  const count = Math.min(candidates.length, random.int(8, 18));
  const prefix = icaoPrefixesOf(country).find((p) => p.length === 2) ?? country.iso2;
  const used = new Set<string>();
  const out: Microlight[] = [];
  for (let i = 0; i < count; i++) {
    const base = random.pick(candidates); // not empty: `count` is 0 without candidates
    const place = placeName(base);
    if (used.has(place)) continue;
    used.add(place);
    const p = destination(base.lat, base.lon, random.range(0, 360), random.range(2, 6));
    const designator = `${prefix}${String(random.int(1000, 9899))}`;
    out.push({
      id: uuidFrom(`microlight:${designator}:${place}`),
      designator,
      name: styledName(country, place, random),
      lat: round(p.lat, 5),
      lon: round(p.lon, 5),
      elevationFt: Math.max(0, base.elevationFt + random.int(-60, 60)),
    });
  }
  return out;
}

export function microlightFeature(m: Microlight) {
  return {
    id: m.id,
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [m.lon, m.lat] },
    properties: {
      designator: m.designator,
      name: m.name,
      controlType: 'CIVIL',
      elevation: { uom: 'FT', value: String(m.elevationFt), reference: 'MSL' },
    },
  };
}
