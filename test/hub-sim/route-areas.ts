/**
 * Areas along the sample routes, so that the map has something to say about the sample flights,
 * with the levels and hours real ones publish (test/hub-sim/README.md, "Data"): on the first
 * sample route through a FIR that has room for them,
 * - the lower layer of a temporary reserved area (TRA), FL100–FL245, across the route where every
 *   sample flight is above it;
 * - its upper layer, FL245–FL660, beside the route (within the map's corridor, not crossed);
 * - a danger area SFC–FL085 on weekday mornings on a point of the route, flown above.
 * The TRA hours are those of the German military AIP for its TRAs (MON–THU 0700–2230, FRI
 * 0700–1600 UTC), its layers those of a two-layer TRA (ED-R 205/305 "TRA Lauter": about 3,000 m
 * to 7,500 m, and above). None is active at a level a sample flight flies where it is: a correct
 * route flown as planned meets no active area, as on a real day (route-profile.ts).
 */
import type { Fir } from './world';
import { Random, uuidFrom } from './random';
import { bearingDeg, circleRing, destination, pointInMultiPolygon, type Ring } from './geo';
import { countryOfIcao } from './countries';
import { clearOfRoutes, type FlownRoute } from './route-profile';
import type { Airspace, Schedule, VerticalLimit } from './airspaces';

const flightLevel = (fl: number): VerticalLimit => ({
  uom: 'FL',
  value: String(fl).padStart(3, '0'),
  reference: 'STD',
});
const SFC: VerticalLimit = { uom: 'FT', value: '0', reference: 'SFC' };

const schedule = (day: string, dayTil: string, startTime: string, endTime: string): Schedule => ({
  day,
  dayTil,
  startDate: '01-01',
  startTime,
  endDate: '31-12',
  endTime,
  timeReference: 'UTC',
});

/** The hours of a TRA (German military AIP): MON–THU 0700–2230, FRI 0700–1600 UTC. */
export const TRA_HOURS: readonly Schedule[] = [
  schedule('MON', 'THU', '07:00', '22:30'),
  schedule('FRI', 'FRI', '07:00', '16:00'),
];
const WEEKDAY_MORNINGS: readonly Schedule[] = [schedule('MON', 'FRI', '07:00', '12:00')];

const TRA_RADIUS_NM = 12;
const DANGER_RADIUS_NM = 6;
const UPPER_RADIUS_NM = 8;
/** circleRing's jitter reaches a quarter beyond the radius. */
const REACH = 1.25;

export function specialAreaDesignator(prefix: string, kind: 'R' | 'D', n: number): string {
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

type Point = FlownRoute['path'][number];

function lengthOf([a, b]: readonly [Point, Point]): number {
  return Math.hypot(b.lat - a.lat, b.lon - a.lon);
}

function feet(limit: VerticalLimit): number {
  return limit.uom === 'FL' ? Number(limit.value) * 100 : Number(limit.value);
}

/** The route areas of a FIR: on the first sample route through it that has room for any. */
export function routeAreas(fir: Fir, routes: readonly FlownRoute[]): Airspace[] {
  const country = countryOfIcao(fir.code)?.iso2;
  const prefix = fir.code.startsWith('K') ? 'K' : fir.code.startsWith('C') ? 'C' : fir.code.slice(0, 2);
  for (const route of routes) {
    const inside = route.path.filter((p) => p.type !== 'aerodrome' && pointInMultiPolygon(p.lon, p.lat, fir.polygons));
    if (inside.length < 2) continue;
    const stretches: (readonly [Point, Point])[] = [];
    for (let i = 1; i < inside.length; i++) stretches.push([inside[i - 1]!, inside[i]!]);
    stretches.sort((x, y) => lengthOf(y) - lengthOf(x));
    const random = new Random(`route-areas:${fir.code}`);
    const traNumber = 900 + random.int(0, 99);
    const dangerNumber = 900 + random.int(0, 99);
    let upperNumber = 900 + random.int(0, 99);
    if (upperNumber === traNumber) upperNumber = upperNumber === 999 ? 900 : upperNumber + 1;
    const area = (
      designator: string,
      name: string,
      type: 'TRA' | 'D',
      lower: VerticalLimit,
      upper: VerticalLimit,
      schedules: readonly Schedule[],
      ring: Ring,
    ): Airspace => ({
      id: uuidFrom(`route-area:${fir.code}:${designator}`),
      name,
      designator,
      type,
      localType: type,
      controlType: 'MILITARY',
      activity: type === 'TRA' ? 'MILOPS' : 'TRAINING',
      classification: '',
      lowerLimit: lower,
      upperLimit: upper,
      schedules: [...schedules],
      ring,
      ...(country !== undefined ? { country } : {}),
    });
    // Inside the FIR, as its own areas are, and clear of every sample flight at its levels.
    const fits = (at: { lat: number; lon: number }, radiusNm: number, lower: VerticalLimit, upper: VerticalLimit) =>
      circleRing(at.lat, at.lon, radiusNm * REACH, 16).every(([x, y]) => pointInMultiPolygon(x, y, fir.polygons)) &&
      clearOfRoutes(routes, at.lat, at.lon, radiusNm * REACH, feet(lower), feet(upper));
    const areas: Airspace[] = [];

    // The lower TRA layer across the longest stretch every sample flight flies above it.
    const traLower = flightLevel(100);
    const traUpper = flightLevel(245);
    const across = stretches.find(([a, b]) =>
      fits({ lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 }, TRA_RADIUS_NM, traLower, traUpper),
    );
    if (across) {
      const [a, b] = across;
      const tra = specialAreaDesignator(prefix, 'R', traNumber);
      const ring = circleRing((a.lat + b.lat) / 2, (a.lon + b.lon) / 2, TRA_RADIUS_NM, 8, () => random.next());
      areas.push(area(tra, `${tra} ${a.designator}-${b.designator} TRA`, 'TRA', traLower, traUpper, TRA_HOURS, ring));
    }

    // A danger area on a point of the route, flown above.
    const fix = [
      ...inside.slice(Math.floor(inside.length / 2)),
      ...inside.slice(0, Math.floor(inside.length / 2)),
    ].find((p) => fits(p, DANGER_RADIUS_NM, SFC, flightLevel(85)));
    if (fix) {
      const danger = specialAreaDesignator(prefix, 'D', dangerNumber);
      const ring = circleRing(fix.lat, fix.lon, DANGER_RADIUS_NM, 7, () => random.next());
      areas.push(area(danger, `${danger} ${fix.designator}`, 'D', SFC, flightLevel(85), WEEKDAY_MORNINGS, ring));
    }

    // The upper TRA layer beside a stretch: active at the cruising levels, but not on the route.
    const upperLower = flightLevel(245);
    const upperUpper = flightLevel(660);
    const offset = UPPER_RADIUS_NM * REACH + 6;
    beside: for (const [a, b] of stretches) {
      const mid = { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 };
      const track = bearingDeg(a.lat, a.lon, b.lat, b.lon);
      for (const side of [90, -90]) {
        const centre = destination(mid.lat, mid.lon, track + side, offset);
        if (!fits(centre, UPPER_RADIUS_NM, upperLower, upperUpper)) continue;
        const designator = specialAreaDesignator(prefix, 'R', upperNumber);
        const ring = circleRing(centre.lat, centre.lon, UPPER_RADIUS_NM, 8, () => random.next());
        areas.push(
          area(
            designator,
            `${designator} ${a.designator}-${b.designator} TRA UPPER`,
            'TRA',
            upperLower,
            upperUpper,
            TRA_HOURS,
            ring,
          ),
        );
        break beside;
      }
    }
    if (areas.length > 0) return areas;
  }
  return [];
}

/** NOTAM item D for an area's published hours ("MON-THU 0700-2230 FRI 0700-1600"; "H24"). */
export function itemD(schedules: readonly Schedule[]): string {
  const parts = schedules.map((s) => {
    const time = `${s.startTime.replace(':', '')}-${s.endTime.replace(':', '')}`;
    if (s.day === 'ANY' && (s.dayTil === 'ANY' || !s.dayTil)) return time === '0000-2359' ? 'H24' : `DAILY ${time}`;
    const days = s.dayTil && s.dayTil !== s.day ? `${s.day}-${s.dayTil}` : s.day;
    return `${days} ${time}`;
  });
  return parts.join(' ');
}
