/**
 * The alternates the map draws (issue 40 §3): field 16's alternate aerodromes and, where field 16
 * names ZZZZ, the ALTN/ of field 18 where it gives a location indicator or coordinates. Each is
 * placed from the same aerodrome source as the route's own aerodromes (the navigation data, or
 * a place the route itself gives that name), measured from the destination; the others are
 * listed with why they are not placed. Pure: the aerodrome look-up comes in as a function.
 */
import type { MapAlternate, MapAlternates } from '../../../common/protocol/mapMessages';
import type { RouteBlock } from '../route/model';
import type { GeoPoint } from '../geo/geodesy';
import { denseLeg, splitAtAntimeridian } from '../geo/geometry';
import { formatDegreesMinutes } from '../geo/degreesMinutes';
import { trackText } from '../geo/magnetic';

/** An aerodrome as the navigation data places it. */
export interface AerodromePlace extends GeoPoint {
  name?: string;
  elevationFt?: number;
}

/** Finds an aerodrome by its location indicator; undefined when the source does not know it. */
export type AerodromeLookup = (icao: string) => AerodromePlace | undefined;

/** Field 16 allows up to two alternates; ALTN/ adds what ZZZZ stands for. More is not read. */
const MAX_ALTERNATES = 4;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** `4530N00510E` or `45N005E` (ICAO coordinates as field 18 writes them), else undefined. */
function coordinatesOf(word: string): GeoPoint | undefined {
  const m = /^(\d{2})(\d{2})?([NS])(\d{3})(\d{2})?([EW])$/.exec(word);
  if (!m) return undefined;
  const lat = Number(m[1]) + Number(m[2] ?? 0) / 60;
  const lon = Number(m[4]) + Number(m[5] ?? 0) / 60;
  if (lat > 90 || lon > 180 || Number(m[2] ?? 0) >= 60 || Number(m[5] ?? 0) >= 60) return undefined;
  return { lat: m[3] === 'S' ? -lat : lat, lon: m[6] === 'W' ? -lon : lon };
}

interface Named {
  name: string;
  from: 'field 16' | 'ALTN/';
}

/** The alternates the block's FPL names, in order: field 16's, then ALTN/'s words for ZZZZ. */
function namedAlternates(block: RouteBlock): { named: Named[]; unreadable: string[] } {
  const fpl = block.fpl;
  if (!fpl) return { named: [], unreadable: [] };
  const field16 =
    fpl.fields
      .find((f) => f.number === 16)
      ?.text.trim()
      .toUpperCase()
      .split(/\s+/)
      .slice(1) ?? [];
  const named: Named[] = [];
  const unreadable: string[] = [];
  for (const word of field16.slice(0, MAX_ALTERNATES)) {
    if (word === 'ZZZZ') {
      const altn = fpl.otherInformation.find((i) => i.indicator.toUpperCase() === 'ALTN');
      const words = altn?.value.trim().toUpperCase().split(/\s+/).filter(Boolean) ?? [];
      // ALTN/ names in free text what has no indicator: a four-letter word is one only when it is all the value says.
      const placeable = words.filter((w) => coordinatesOf(w) || (words.length === 1 && /^[A-Z]{4}$/.test(w)));
      if (placeable.length > 0) for (const w of placeable) named.push({ name: w, from: 'ALTN/' });
      else unreadable.push(altn?.value.trim() ? `ALTN/${altn.value.trim()}` : 'ZZZZ');
    } else if (/^[A-Z]{4}$/.test(word)) named.push({ name: word, from: 'field 16' });
  }
  return { named: named.slice(0, MAX_ALTERNATES), unreadable };
}

/**
 * The block's alternates, placed and measured from the destination (`destination`: the route's
 * last placed aerodrome, when it is one). `routePlaces` are the route's own placed aerodromes, by
 * name: an alternate the route also names is placed where the route places it.
 */
export function routeAlternates(
  block: RouteBlock,
  destination: ({ name: string } & GeoPoint) | undefined,
  routePlaces: ReadonlyMap<string, GeoPoint>,
  lookup: AerodromeLookup | undefined,
): MapAlternates {
  const { named, unreadable } = namedAlternates(block);
  const placed: MapAlternate[] = [];
  const notPlaced: MapAlternates['notPlaced'] = unreadable.map((name) => ({
    name,
    why: 'field 18 ALTN/ gives neither a location indicator nor coordinates to place it by',
  }));
  for (const { name, from } of named) {
    const coordinates = coordinatesOf(name);
    const found: AerodromePlace | undefined = coordinates ?? routePlaces.get(name) ?? lookup?.(name);
    if (!found) {
      notPlaced.push({
        name,
        why: lookup
          ? 'not in the navigation data'
          : 'no navigation data is loaded (icaoRoute.navdata.folder); the route expansion places only the route’s own aerodromes',
      });
      continue;
    }
    const facts = [
      `Alternate aerodrome (${from})${found.name ? `: ${found.name}` : ''}`,
      `At ${formatDegreesMinutes(found.lat, found.lon)}`,
    ];
    if (found.elevationFt !== undefined && Number.isFinite(found.elevationFt))
      facts.push(`Elevation ${Math.round(found.elevationFt)} ft`);
    const alternate: MapAlternate = {
      id: `altn${placed.length}`,
      name,
      position: [found.lon, found.lat],
      facts,
    };
    if (destination) {
      const leg = denseLeg(destination, found);
      alternate.distanceFromDestinationNm = round1(leg.distanceNm);
      alternate.destination = destination.name;
      alternate.paths = splitAtAntimeridian(leg.vertices);
      facts.push(`${round1(leg.distanceNm)} NM from ${destination.name}, true track ${trackText(leg.trackDeg)}`);
    }
    placed.push(alternate);
  }
  return { placed, notPlaced };
}
