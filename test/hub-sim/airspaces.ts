/**
 * Generated airspaces around real geography: a CTR around every controlled aerodrome (one with
 * an ILS), a TMA around the bigger ones, restricted (R) and danger (D) areas placed inside each
 * FIR and named after the nearest real place, and the FIR itself. Seeded by designator.
 */
import type { World, Aerodrome, Fir } from './world';
import { placeName } from './world';
import { Random, uuidFrom } from './random';
import { circleRing, pointInMultiPolygon, Ring } from './geo';
import { countryOfIcao } from './countries';
import { clearOfRoutes, type FlownRoute } from './route-profile';
import { routeAreas, specialAreaDesignator } from './route-areas';

export { routeAreas } from './route-areas';
export type { FlownRoute } from './route-profile';

/** No sample routes (a simulator without samples): areas anywhere. */
export const NO_ROUTES: readonly FlownRoute[] = Object.freeze([]);

export interface VerticalLimit {
  uom: string;
  value: string;
  reference: string;
}

export interface Schedule {
  day: string;
  dayTil: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeReference: string;
}

export interface Airspace {
  id: string;
  name: string;
  designator: string;
  type: string;
  localType: string;
  controlType: string;
  activity: string;
  classification: string;
  lowerLimit: VerticalLimit;
  upperLimit: VerticalLimit;
  schedules: Schedule[];
  ring: Ring;
  /** ISO alpha-2 of the country the airspace belongs to. */
  country?: string;
}

const SFC: VerticalLimit = { uom: 'FT', value: '0', reference: 'SFC' };
const feet = (value: number, reference = 'MSL'): VerticalLimit => ({ uom: 'FT', value: String(value), reference });
const flightLevel = (fl: number): VerticalLimit => ({
  uom: 'FL',
  value: String(fl).padStart(3, '0'),
  reference: 'STD',
});
const H24: Schedule = {
  day: 'ANY',
  dayTil: 'ANY',
  startDate: '01-01',
  startTime: '00:00',
  endDate: '31-12',
  endTime: '23:59',
  timeReference: 'UTC',
};

export function isControlled(a: Aerodrome): boolean {
  return a.ilsRunways.length > 0 || /\b(intl|international)\b/i.test(a.name);
}

/** CTR (and TMA for aerodromes with two or more ILS runways or an international one). */
export function aerodromeAirspaces(a: Aerodrome): Airspace[] {
  if (!isControlled(a)) return [];
  const random = new Random(`airspace:${a.icao}`);
  const place = placeName(a).toUpperCase();
  const big = a.ilsRunways.length >= 2 || /\b(intl|international)\b/i.test(a.name);
  const country = a.country?.iso2;
  const out: Airspace[] = [
    {
      id: uuidFrom(`ctr:${a.icao}`),
      name: `${place} CTR`,
      designator: `${a.icao} CTR`,
      type: 'CTR',
      localType: 'CTR',
      controlType: 'CIVIL',
      activity: 'ATS',
      classification: big ? 'C' : 'D',
      lowerLimit: SFC,
      upperLimit: feet(Math.round((a.elevationFt + random.int(15, 30) * 100) / 500) * 500),
      schedules: [H24],
      ring: circleRing(
        a.lat,
        a.lon,
        big ? random.range(7, 10) : random.range(4.5, 6.5),
        16,
        () => random.next() * 0.4 + 0.3,
      ),
      ...(country !== undefined ? { country } : {}),
    },
  ];
  if (big) {
    const upperFl = random.pick([95, 125, 165, 195, 245]);
    out.push({
      id: uuidFrom(`tma:${a.icao}`),
      name: `${place} TMA`,
      designator: `${a.icao} TMA`,
      type: 'TMA',
      localType: 'TMA',
      controlType: 'CIVIL',
      activity: 'ATS',
      classification: a.icao.startsWith('EG') && upperFl >= 195 ? 'A' : random.pick(['C', 'C', 'D', 'E']),
      lowerLimit: feet(random.int(15, 35) * 100),
      upperLimit: flightLevel(upperFl),
      schedules: [H24],
      ring: circleRing(a.lat, a.lon, random.range(22, 35), 12, () => random.next()),
      ...(country !== undefined ? { country } : {}),
    });
  }
  return out;
}

const R_ACTIVITIES = ['MILOPS', 'TRAINING', 'AIR_GUN', 'AIR_DROP'];
const D_ACTIVITIES = ['PARACHUTE', 'GLIDING', 'TRAINING', 'UAV', 'AERIAL_WORK'];

function weekdaySchedule(random: Random): Schedule[] {
  const start = random.int(6, 9);
  const schedules: Schedule[] = [
    {
      day: 'MON',
      dayTil: 'FRI',
      startDate: '01-01',
      startTime: `${String(start).padStart(2, '0')}:00`,
      endDate: '31-12',
      endTime: `${String(start + random.int(7, 10)).padStart(2, '0')}:30`,
      timeReference: 'UTC',
    },
  ];
  if (random.chance(0.4))
    schedules.push({
      day: 'SAT',
      dayTil: 'SAT',
      startDate: '01-04',
      startTime: '08:00',
      endDate: '30-09',
      endTime: '12:00',
      timeReference: 'UTC',
    });
  return schedules;
}

function seasonalSchedule(random: Random): Schedule[] {
  return [
    {
      day: random.pick(['SAT', 'FRI']),
      dayTil: 'SUN',
      startDate: random.pick(['01-03', '15-03', '01-04']),
      startTime: '08:00',
      endDate: random.pick(['31-10', '30-09', '15-10']),
      endTime: random.pick(['17:00', '18:30', '19:00']),
      timeReference: 'UTC',
    },
  ];
}

/**
 * Each world's special areas per FIR: they depend on nothing else (the seed is the FIR's code),
 * and placing and naming them (a geodesic distance to every aerodrome nearby) was half of what
 * the simulator spent on an airspace or NOTAM request.
 */
const specialAreasMade = new WeakMap<World, WeakMap<readonly FlownRoute[], Map<string, readonly Airspace[]>>>();

/**
 * R and D areas inside a FIR, at seeded positions, named after the nearest real place; none where
 * a sample route flies through it at a level inside its limits (a real day's areas are clear of
 * the routes flown every day, route-profile.ts).
 */
export function specialAreas(world: World, fir: Fir, routes: readonly FlownRoute[] = NO_ROUTES): readonly Airspace[] {
  let ofWorld = specialAreasMade.get(world);
  if (!ofWorld) specialAreasMade.set(world, (ofWorld = new WeakMap()));
  let ofRoutes = ofWorld.get(routes);
  if (!ofRoutes) ofWorld.set(routes, (ofRoutes = new Map()));
  let areas = ofRoutes.get(fir.code);
  if (!areas) {
    // Frozen: a caller that changed one would change every later answer.
    areas = Object.freeze(placeSpecialAreas(world, fir, routes).map((a) => Object.freeze(a)));
    ofRoutes.set(fir.code, areas);
  }
  return areas;
}

function placeSpecialAreas(world: World, fir: Fir, routes: readonly FlownRoute[]): Airspace[] {
  const random = new Random(`special:${fir.code}`);
  const count = fir.oceanic ? random.int(1, 3) : random.int(5, 10);
  const prefix = fir.code.startsWith('K') ? 'K' : fir.code.startsWith('C') ? 'C' : fir.code.slice(0, 2);
  const country = countryOfIcao(fir.code)?.iso2;
  const out: Airspace[] = [];
  const box = fir.bbox;
  for (let i = 0, tries = 0; i < count && tries < 200; tries++) {
    const lat = random.range(box.minLat, box.maxLat);
    const lon = random.range(box.minLon, box.maxLon);
    if (!pointInMultiPolygon(lon, lat, fir.polygons)) continue;
    // The whole area inside the FIR, not just its centre.
    const radiusNm = random.range(3, 14);
    const ring = circleRing(lat, lon, radiusNm, random.int(6, 9), () => random.next());
    if (!ring.every(([x, y]) => pointInMultiPolygon(x, y, fir.polygons))) continue;
    const kind: 'R' | 'D' = random.chance(0.45) ? 'R' : 'D';
    const number = random.int(kind === 'R' ? 101 : 201, kind === 'R' ? 299 : 899);
    const designator = specialAreaDesignator(prefix, kind, number);
    const near = world.nearestAerodrome(lat, lon, 80);
    const place = near
      ? placeName(near).toUpperCase()
      : `${fir.name.toUpperCase()} ${kind === 'R' ? 'RANGE' : 'AREA'} ${i + 1}`;
    const upper =
      kind === 'R'
        ? random.pick([flightLevel(100), flightLevel(150), flightLevel(245), feet(5000), feet(9500)])
        : random.pick([feet(2000), feet(3500), flightLevel(65), flightLevel(120)]);
    const upperFeet = upper.uom === 'FL' ? Number(upper.value) * 100 : Number(upper.value);
    if (!clearOfRoutes(routes, lat, lon, radiusNm * 1.25, 0, upperFeet)) continue;
    out.push({
      id: uuidFrom(`special:${fir.code}:${designator}`),
      name: `${designator} ${place}`,
      designator,
      type: kind,
      localType: kind === 'R' ? 'RESTRICTED' : 'DANGER',
      controlType: kind === 'R' ? 'MIL' : random.pick(['CIVIL', 'MIL', 'JOINT']),
      activity: random.pick(kind === 'R' ? R_ACTIVITIES : D_ACTIVITIES),
      classification: '',
      lowerLimit: random.chance(0.8) ? SFC : feet(random.pick([500, 1000, 1500]), 'SFC'),
      upperLimit: upper,
      schedules: kind === 'R' ? weekdaySchedule(random) : seasonalSchedule(random),
      ring,
      ...(country !== undefined ? { country } : {}),
    });
    i++;
  }
  return out;
}

/** The FIR as an airspace (its largest outline). */
export function firAirspace(fir: Fir): Airspace {
  let outer: Ring = [];
  for (const [ring] of fir.polygons) if (ring && ring.length > outer.length) outer = ring;
  const country = countryOfIcao(fir.code)?.iso2;
  return {
    id: uuidFrom(`fir:${fir.code}`),
    name: `${fir.name.toUpperCase()} FIR`,
    designator: fir.code,
    type: 'FIR',
    localType: fir.oceanic ? 'OCA' : 'FIR',
    controlType: 'CIVIL',
    activity: 'ATS',
    classification: 'G',
    lowerLimit: SFC,
    upperLimit: { uom: 'OTHER', value: 'UNL', reference: 'STD' },
    schedules: [H24],
    ring: outer,
    ...(country !== undefined ? { country } : {}),
  };
}

export function airspacesOfFir(world: World, fir: Fir, routes: readonly FlownRoute[] = NO_ROUTES): Airspace[] {
  return [
    firAirspace(fir),
    ...world.aerodromesInFir(fir).flatMap(aerodromeAirspaces),
    ...specialAreas(world, fir, routes),
    ...routeAreas(fir, routes),
  ];
}

export function airspaceFeature(a: Airspace) {
  return {
    id: a.id,
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [a.ring] },
    properties: {
      name: a.name,
      designator: a.designator,
      type: a.type,
      localType: a.localType,
      controlType: a.controlType,
      activity: a.activity,
      classification: a.classification,
      lowerLimit: a.lowerLimit,
      upperLimit: a.upperLimit,
      schedules: a.schedules,
    },
  };
}

/** A limit's value as a JSON number where it is one ("095" → 95); "UNL" and the like stay text. */
function numericLimit(limit: VerticalLimit): { uom: string; value: string | number; reference: string } {
  return /^\d+$/.test(limit.value) ? { ...limit, value: Number(limit.value) } : limit;
}

/** The ring pulled halfway to its centre: the core of a TMA of two volumes. */
function innerRing(ring: Ring): Ring {
  const n = ring.length - 1;
  const [cx, cy] = ring.slice(0, n).reduce(([x, y], [lon, lat]) => [x + lon / n, y + lat / n], [0, 0]);
  return ring.map(([lon, lat]) => [Math.round(((lon + cx) / 2) * 1e5) / 1e5, Math.round(((lat + cy) / 2) * 1e5) / 1e5]);
}

/**
 * The `mixed` variant: what real airspace data also holds. A TMA of two volumes is one feature
 * with a GeometryCollection; limit values are JSON numbers; and each FIR lists one area whose
 * geometry is not published (`geometry: null`).
 */
export function mixedAirspaceFeatures(airspaces: Airspace[], fir: Fir): object[] {
  const features: object[] = airspaces.map((a) => {
    const feature = airspaceFeature(a);
    const geometry =
      a.type === 'TMA'
        ? {
            type: 'GeometryCollection',
            geometries: [
              { type: 'Polygon', coordinates: [a.ring] },
              { type: 'Polygon', coordinates: [innerRing(a.ring)] },
            ],
          }
        : feature.geometry;
    return {
      ...feature,
      geometry,
      properties: {
        ...feature.properties,
        lowerLimit: numericLimit(a.lowerLimit),
        upperLimit: numericLimit(a.upperLimit),
      },
    };
  });
  const prefix = fir.code.startsWith('K') ? 'K' : fir.code.slice(0, 2);
  features.push({
    id: uuidFrom(`unpublished:${fir.code}`),
    type: 'Feature',
    geometry: null,
    properties: {
      name: `${fir.name.toUpperCase()} TEMPORARY SEGREGATED AREA`,
      designator: `${prefix}-TSA${fir.code.charCodeAt(2) % 90}`,
      type: 'TSA',
      localType: 'TSA',
      controlType: 'MILITARY',
      activity: 'MILOPS',
      classification: '',
      lowerLimit: { uom: 'FL', value: 100, reference: 'STD' },
      upperLimit: { uom: 'FL', value: 245, reference: 'STD' },
      schedules: [],
    },
  });
  return features;
}
