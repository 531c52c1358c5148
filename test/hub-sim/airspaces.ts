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
      country,
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
      country,
    });
  }
  return out;
}

function specialAreaDesignator(prefix: string, kind: 'R' | 'D', n: number): string {
  switch (prefix) {
    case 'EG':
      return `EG ${kind}${n}`;
    case 'K':
      return `${kind}-${4000 + n}`;
    case 'C':
      return `CY${kind}${n}`;
    default:
      return `${prefix}-${kind}${n}`;
  }
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
const specialAreasMade = new WeakMap<World, Map<string, readonly Airspace[]>>();

/** R and D areas inside a FIR, at seeded positions, named after the nearest real place. */
export function specialAreas(world: World, fir: Fir): readonly Airspace[] {
  let ofWorld = specialAreasMade.get(world);
  if (!ofWorld) specialAreasMade.set(world, (ofWorld = new Map()));
  let areas = ofWorld.get(fir.code);
  if (!areas) {
    // Frozen: a caller that changed one would change every later answer.
    areas = Object.freeze(placeSpecialAreas(world, fir).map((a) => Object.freeze(a)));
    ofWorld.set(fir.code, areas);
  }
  return areas;
}

function placeSpecialAreas(world: World, fir: Fir): Airspace[] {
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
    const ring = circleRing(lat, lon, random.range(3, 14), random.int(6, 9), () => random.next());
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
      country,
    });
    i++;
  }
  return out;
}

/** The FIR as an airspace (its largest outline). */
export function firAirspace(fir: Fir): Airspace {
  const outer = [...fir.polygons].sort((a, b) => b[0].length - a[0].length)[0][0];
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
    country: countryOfIcao(fir.code)?.iso2,
  };
}

/** A sample route's path, as the flights module expands it. */
export type RoutePath = readonly { lat: number; lon: number; designator: string; type?: string }[];

/**
 * Two areas on the first sample route that flies through the FIR, so the map has something to
 * say about the sample flights: a temporary reserved area (R) from FL195 to FL660, active round
 * the clock, across the middle of the route's longest stretch in the FIR (active at the cruise
 * level and now), and a danger area from the surface to FL085 on a fix of the route, active on
 * weekday mornings (the flight passes above it). Placed by the route's own points, so stable.
 */
export function routeAreas(fir: Fir, routes: readonly RoutePath[]): Airspace[] {
  const country = countryOfIcao(fir.code)?.iso2;
  const prefix = fir.code.startsWith('K') ? 'K' : fir.code.startsWith('C') ? 'C' : fir.code.slice(0, 2);
  for (const path of routes) {
    const inside = path.filter((p) => p.type !== 'aerodrome' && pointInMultiPolygon(p.lon, p.lat, fir.polygons));
    if (inside.length < 2) continue;
    let best = [inside[0]!, inside[1]!] as const;
    for (let i = 2; i < inside.length; i++) {
      const [a, b] = [inside[i - 1]!, inside[i]!];
      if (Math.hypot(b.lat - a.lat, b.lon - a.lon) > Math.hypot(best[1].lat - best[0].lat, best[1].lon - best[0].lon))
        best = [a, b];
    }
    const mid = { lat: (best[0].lat + best[1].lat) / 2, lon: (best[0].lon + best[1].lon) / 2 };
    const fix =
      inside[Math.floor(inside.length / 2)] === best[0] || inside[Math.floor(inside.length / 2)] === best[1]
        ? inside[0]!
        : inside[Math.floor(inside.length / 2)]!;
    const random = new Random(`route-areas:${fir.code}`);
    const tra = specialAreaDesignator(prefix, 'R', 900 + random.int(0, 99));
    const danger = specialAreaDesignator(prefix, 'D', 900 + random.int(0, 99));
    const areas: Airspace[] = [
      {
        id: uuidFrom(`route-area:${fir.code}:${tra}`),
        name: `${tra} ${best[0].designator}-${best[1].designator} TRA`,
        designator: tra,
        type: 'R',
        localType: 'TRA',
        controlType: 'MILITARY',
        activity: 'MILOPS',
        classification: '',
        lowerLimit: flightLevel(195),
        upperLimit: flightLevel(660),
        schedules: [H24],
        ring: circleRing(mid.lat, mid.lon, 12, 8, () => random.next()),
        country,
      },
      {
        id: uuidFrom(`route-area:${fir.code}:${danger}`),
        name: `${danger} ${fix.designator}`,
        designator: danger,
        type: 'D',
        localType: 'D',
        controlType: 'MILITARY',
        activity: 'TRAINING',
        classification: '',
        lowerLimit: SFC,
        upperLimit: flightLevel(85),
        schedules: [
          {
            day: 'MON',
            dayTil: 'FRI',
            startDate: '01-01',
            startTime: '07:00',
            endDate: '31-12',
            endTime: '12:00',
            timeReference: 'UTC',
          },
        ],
        ring: circleRing(fix.lat, fix.lon, 6, 7, () => random.next()),
        country,
      },
    ];
    // Drawn after the two above, so that their shapes stay as they were.
    areas.push(upperDangerArea(fir, inside, best, prefix, danger, random));
    return areas;
  }
  return [];
}

/**
 * A danger area from FL245 to FL360, active round the clock, across the middle of the route's
 * second-longest stretch in the FIR (a quarter of the way along the longest when there is no
 * other): the samples' flights at FL350 cross it (a conflict in the editor), at FL370 they pass
 * above it.
 */
function upperDangerArea(
  fir: Fir,
  inside: RoutePath,
  best: readonly [RoutePath[number], RoutePath[number]],
  prefix: string,
  otherDanger: string,
  random: Random,
): Airspace {
  let second: readonly [RoutePath[number], RoutePath[number]] | undefined;
  for (let i = 1; i < inside.length; i++) {
    const [a, b] = [inside[i - 1]!, inside[i]!];
    if (a === best[0] && b === best[1]) continue;
    if (
      !second ||
      Math.hypot(b.lat - a.lat, b.lon - a.lon) >
        Math.hypot(second[1].lat - second[0].lat, second[1].lon - second[0].lon)
    )
      second = [a, b];
  }
  const [a, b, f] = second ? [second[0], second[1], 0.5] : [best[0], best[1], 0.25];
  const centre = { lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f };
  let number = 900 + random.int(0, 99);
  if (specialAreaDesignator(prefix, 'D', number) === otherDanger) number = number === 999 ? 900 : number + 1;
  const designator = specialAreaDesignator(prefix, 'D', number);
  return {
    id: uuidFrom(`route-area:${fir.code}:${designator}`),
    name: `${designator} ${a.designator}-${b.designator}`,
    designator,
    type: 'D',
    localType: 'D',
    controlType: 'MILITARY',
    activity: 'AIR_GUN',
    classification: '',
    lowerLimit: flightLevel(245),
    upperLimit: flightLevel(360),
    schedules: [H24],
    ring: circleRing(centre.lat, centre.lon, 8, 8, () => random.next()),
    country: countryOfIcao(fir.code)?.iso2,
  };
}

export function airspacesOfFir(world: World, fir: Fir, routes: readonly RoutePath[] = []): Airspace[] {
  return [
    firAirspace(fir),
    ...world.aerodromesInFir(fir).flatMap(aerodromeAirspaces),
    ...specialAreas(world, fir),
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
