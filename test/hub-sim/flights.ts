/**
 * Generated flights: real aerodrome pairs and real route texts (the project's sample routes),
 * operated by real-looking airlines, spread over yesterday, today and tomorrow (seeded by date,
 * so every run agrees). Status follows the clock: SCHEDULED → FILED (3 h before off-block) →
 * AIRBORNE → COMPLETED; a few are CANCELLED.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { World, Aerodrome } from './world';
import type { RouteEngine } from './route-engine';
import { cruiseOf, levelsOf, readRouteFile, type RouteFileEntry } from './route-text';
import { AirlineRecord, OPERATORS_BY_COUNTRY, airlineByIcao } from './airlines';
import { Random, uuidFrom } from './random';
import { bearingDeg, distanceNm, round } from './geo';
import { hourStartOf, scenarioFlights } from './operations';

export const FLIGHT_STATUSES = ['AIRBORNE', 'CANCELLED', 'COMPLETED', 'FILED', 'SCHEDULED'] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

/** Completed flights stay retrievable by GUFI and delay for this long after landing. */
export const COMPLETED_RETENTION_MS = 6 * 3600_000;

export interface RoutePlan {
  origin: Aerodrome;
  destination: Aerodrome;
  routeText: string;
  /** Expanded path from origin to destination (great circle when expansion was unavailable). */
  path: { lat: number; lon: number; designator: string; type?: string }[];
  lengthNm: number;
  cruiseFeet: number;
  cruiseKnots: number;
  /** Every level the route text sets, feet, in order (the first is `cruiseFeet`). */
  levelsFeet: number[];
  /** Flight plans filed for this route in the samples (FPL messages): flown daily as filed. */
  filed: FiledPlan[];
  /** A route one airway apart from a sample route: flown under flight numbers of its own. */
  apart?: boolean;
}

export interface FiledPlan {
  callsign: string;
  aircraftType: string;
  registration?: string;
  /** Minutes after midnight UTC (field 13) and total EET in minutes (field 16). */
  offBlockMinute: number;
  eetMinutes: number;
}

export interface Flight {
  gufi: string;
  callsign: string;
  airline: AirlineRecord;
  flightNumber: string;
  plan: RoutePlan;
  aircraftType: string;
  registration: string;
  scheduledDeparture: Date;
  scheduledArrival: Date;
  delayMinutes: number;
  cancelled: boolean;
  /** Where the flight landed instead of its destination (a diversion, operations.ts). */
  divertedTo?: Aerodrome;
  /**
   * How the `operations` answers identify it (operations.ts): its ATC call sign, or without one,
   * the operator and its IATA flight number, or the designator and number run together.
   */
  identification?: 'callsign' | 'carrierAndIataNumber' | 'joined';
  /** One of the hour's scenario flights (operations.ts), served by the `operations` variants only. */
  scenario?: boolean;
}

export interface FlightState {
  status: FlightStatus;
  actualDeparture?: Date;
  actualArrival?: Date;
  estimatedDeparture: Date;
  estimatedArrival: Date;
  lat: number;
  lon: number;
  altitudeFeet: number;
  track: number;
  groundSpeedKnots: number;
}

const FALLBACK_ROUTES = [
  { origin: 'EGLL', destination: 'EDDF', routeText: 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A' },
  { origin: 'WSSS', destination: 'VTBS', routeText: 'N0470F350 VJR R325 VIH A464 BKK' },
];

function planOf(world: World, engine: RouteEngine, entry: RouteFileEntry): RoutePlan | undefined {
  const origin = world.aerodromes.get(entry.origin ?? '');
  const destination = world.aerodromes.get(entry.destination ?? '');
  if (!origin || !destination || !entry.routeText) return undefined;
  const answer = engine.expand(entry);
  // A route the hub cannot expand in full (ambiguous first fix, unknown name) is not flown.
  if (answer && ('refused' in answer || answer.waypoints.some((w) => !w.at))) return undefined;
  const path: RoutePlan['path'] = [{ lat: origin.lat, lon: origin.lon, designator: origin.icao, type: 'aerodrome' }];
  for (const w of answer?.waypoints ?? []) {
    if (!w.at || w.designator === origin.icao || w.designator === destination.icao) continue;
    path.push({ lat: w.at.lat, lon: w.at.lon, designator: w.designator, type: w.at.kind });
  }
  path.push({ lat: destination.lat, lon: destination.lon, designator: destination.icao, type: 'aerodrome' });
  let lengthNm = 0;
  for (const [i, b] of path.entries()) {
    const a = path[i - 1];
    if (a) lengthNm += distanceNm(a.lat, a.lon, b.lat, b.lon);
  }
  const cruise = cruiseOf(entry.routeText);
  return {
    origin,
    destination,
    routeText: entry.routeText,
    path,
    lengthNm,
    cruiseFeet: cruise.feet,
    cruiseKnots: cruise.knots,
    levelsFeet: levelsOf(entry.routeText).length > 0 ? levelsOf(entry.routeText) : [cruise.feet],
    filed: [],
  };
}

/** Callsign, type, registration, off-block time and EET of an FPL message. */
function filedPlanOf(entry: RouteFileEntry): FiledPlan | undefined {
  const filed = entry.filed;
  if (!filed || !/^[A-Z]{3}\w+$/.test(filed.callsign)) return undefined;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2, 4));
  return {
    callsign: filed.callsign,
    aircraftType: filed.aircraftType || 'A320',
    ...(filed.registration !== undefined ? { registration: filed.registration } : {}),
    offBlockMinute: minutes(filed.offBlock),
    eetMinutes: minutes(filed.eet),
  };
}

/** Route plans from samples/*.route (real routes of the navigation data), deduplicated. */
export function loadRoutePlans(world: World, engine: RouteEngine, samplesFolder: string): RoutePlan[] {
  const entries: RouteFileEntry[] = [];
  if (existsSync(samplesFolder)) {
    for (const name of readdirSync(samplesFolder).sort()) {
      if (!name.endsWith('.route') || name.startsWith('broken')) continue;
      entries.push(...readRouteFile(readFileSync(join(samplesFolder, name), 'utf8')));
    }
  }
  if (entries.length === 0) entries.push(...FALLBACK_ROUTES);
  const plans = new Map<string, RoutePlan>();
  for (const entry of entries) {
    const plan = planOf(world, engine, entry);
    if (!plan) continue;
    const key = `${plan.origin.icao}-${plan.destination.icao}-${plan.routeText}`;
    const kept = plans.get(key) ?? plan;
    plans.set(key, kept);
    const filed = filedPlanOf(entry);
    if (filed && !kept.filed.some((f) => f.callsign === filed.callsign)) kept.filed.push(filed);
  }
  // Other operators file the same city pair one airway apart.
  for (const plan of [...plans.values()]) {
    const routeText = engine.oneAirwayApart(plan.routeText);
    const apart = routeText
      ? planOf(world, engine, { origin: plan.origin.icao, destination: plan.destination.icao, routeText })
      : undefined;
    if (apart) plans.set(`${plan.origin.icao}-${plan.destination.icao}-${routeText}`, { ...apart, apart: true });
  }
  if (plans.size === 0) {
    // No sample route could be flown (no navigation data): straight lines between known aerodromes.
    for (const r of FALLBACK_ROUTES) {
      const origin = world.aerodromes.get(r.origin);
      const destination = world.aerodromes.get(r.destination);
      if (!origin || !destination) continue;
      const path = [
        { lat: origin.lat, lon: origin.lon, designator: origin.icao },
        { lat: destination.lat, lon: destination.lon, designator: destination.icao },
      ];
      plans.set(r.routeText, {
        origin,
        destination,
        routeText: r.routeText,
        path,
        lengthNm: distanceNm(origin.lat, origin.lon, destination.lat, destination.lon),
        cruiseFeet: 35000,
        cruiseKnots: 450,
        levelsFeet: [35000],
        filed: [],
      });
    }
  }
  return [...plans.values()];
}

const DAY_MS = 86400_000;

function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

function registrationFor(airline: AirlineRecord, random: Random): string {
  const prefix = airline.registrationPrefix ?? 'N';
  if (prefix === 'JA') return `JA${random.int(601, 899)}${random.letters(1)}`;
  if (prefix === 'N') return `N${random.int(100, 999)}${random.letters(2)}`;
  const letters = prefix.includes('-') ? 5 - prefix.replace('-', '').length : 3;
  return `${prefix}${random.letters(Math.max(1, letters))}`;
}

function makeFlights(plans: RoutePlan[], day: number): Flight[] {
  const flights: Flight[] = [];
  const used = new Set<string>();
  const date = new Date(day).toISOString().slice(0, 10);
  plans.forEach((plan) => {
    const operators = [
      ...(OPERATORS_BY_COUNTRY[plan.origin.country?.iso2 ?? ''] ?? []),
      ...(OPERATORS_BY_COUNTRY[plan.destination.country?.iso2 ?? ''] ?? []),
    ];
    if (operators.length === 0) operators.push('DLH');
    const perDay = 4;
    // European city pairs are busy: a flight every half hour round the clock (cargo and night
    // flights too), so that the FIRs the sample routes cross have traffic at any hour (flights
    // within a FIR, #7): a sample route takes over an hour, longer than the gap between two.
    const european = /^[EL]/.test(plan.origin.icao) && /^[EL]/.test(plan.destination.icao);
    const roundTheClock = european ? 48 : 0;
    for (let k = 0; k < perDay + roundTheClock; k++) {
      const random = new Random(`flight:${plan.origin.icao}:${plan.destination.icao}:${plan.routeText}:${date}:${k}`);
      const airline = airlineByIcao(operators[k % operators.length] ?? 'DLH') ?? airlineByIcao('DLH')!;
      // A flight number is stable across days for the same slot, like a timetable.
      const slot = new Random(
        `slot:${plan.origin.icao}:${plan.destination.icao}:${airline.icao}:${k}${plan.apart ? `:${plan.routeText}` : ''}`,
      );
      let number = slot.int(1, 9) * 100 + slot.int(0, 99) + (k % 2 === 0 ? 0 : 1000 * slot.int(0, 1));
      // One callsign flies once a day from an aerodrome: its GUFI is made from both.
      while (used.has(`${airline.icao}${number}:${plan.origin.icao}`)) number++;
      used.add(`${airline.icao}${number}:${plan.origin.icao}`);
      const flightNumber = String(number);
      const departureMinute =
        k < perDay
          ? 5 * 60 + Math.floor(((k + slot.next()) / perDay) * 17 * 60)
          : Math.floor(((k - perDay + slot.next()) / roundTheClock) * 24 * 60);
      const scheduledDeparture = new Date(day + departureMinute * 60_000);
      const blockMinutes = Math.round((plan.lengthNm / Math.max(250, plan.cruiseKnots - 20)) * 60 + 25);
      const scheduledArrival = new Date(scheduledDeparture.getTime() + blockMinutes * 60_000);
      const r = random.next();
      const delayMinutes = r < 0.6 ? random.int(0, 5) : r < 0.9 ? random.int(6, 35) : random.int(36, 140);
      const long = plan.lengthNm > 2500 && (airline.fleet?.long.length ?? 0) > 0;
      const types = (long
        ? airline.fleet?.long
        : airline.fleet?.short.length
          ? airline.fleet.short
          : airline.fleet?.long) ?? ['A320'];
      const callsign = `${airline.icao}${flightNumber}`;
      flights.push({
        gufi: uuidFrom(`gufi:${callsign}:${date}:${plan.origin.icao}`),
        callsign,
        airline,
        flightNumber,
        plan,
        aircraftType: random.pick(types),
        registration: registrationFor(airline, random),
        scheduledDeparture,
        scheduledArrival,
        delayMinutes,
        cancelled: random.chance(0.05),
      });
    }
    for (const filed of plan.filed) {
      const airline = airlineByIcao(filed.callsign.slice(0, 3));
      if (!airline) continue;
      const random = new Random(`filed:${filed.callsign}:${date}`);
      const scheduledDeparture = new Date(day + filed.offBlockMinute * 60_000);
      const r = random.next();
      flights.push({
        gufi: uuidFrom(`gufi:${filed.callsign}:${date}:${plan.origin.icao}`),
        callsign: filed.callsign,
        airline,
        flightNumber: filed.callsign.slice(3),
        plan,
        aircraftType: filed.aircraftType,
        registration: filed.registration ?? registrationFor(airline, random),
        scheduledDeparture,
        scheduledArrival: new Date(scheduledDeparture.getTime() + (filed.eetMinutes + 15) * 60_000),
        delayMinutes: r < 0.7 ? random.int(0, 5) : random.int(6, 40),
        cancelled: false,
      });
    }
  });
  return flights;
}

/** The geodesic length of each leg of a plan's path (index i: from point i - 1 to i), by plan. */
const legLengths = new WeakMap<RoutePlan, number[]>();

/** Each flight's state walks its plan's legs; the many flights of one plan share their lengths. */
function legsOf(plan: RoutePlan): number[] {
  let legs = legLengths.get(plan);
  if (!legs) {
    legs = plan.path.map((b, i) => {
      const a = plan.path[i - 1];
      return a ? distanceNm(a.lat, a.lon, b.lat, b.lon) : 0;
    });
    legLengths.set(plan, legs);
  }
  return legs;
}

/** Where a flight is after flying `flownNm` along its path, and its track there. */
function positionAlong(plan: RoutePlan, flownNm: number): { lat: number; lon: number; track: number } {
  let remaining = flownNm;
  const legs = legsOf(plan);
  for (const [i, b] of plan.path.entries()) {
    const a = plan.path[i - 1];
    if (!a) continue; // the first point only starts the first leg
    const leg = legs[i]!; // legsOf has one length per point
    if (remaining <= leg || i === plan.path.length - 1) {
      const f = leg > 0 ? Math.min(1, remaining / leg) : 1;
      return {
        lat: a.lat + (b.lat - a.lat) * f,
        lon: a.lon + (b.lon - a.lon) * f,
        track: bearingDeg(a.lat, a.lon, b.lat, b.lon),
      };
    }
    remaining -= leg;
  }
  // Only a path of one point gets here (a longer one returns on its last leg).
  const last = plan.path.at(-1) ?? plan.origin;
  return { lat: last.lat, lon: last.lon, track: 0 };
}

export function stateOf(flight: Flight, now: Date): FlightState {
  const t = now.getTime();
  const delay = flight.delayMinutes * 60_000;
  const departure = flight.scheduledDeparture.getTime() + delay;
  const arrival = flight.scheduledArrival.getTime() + delay;
  const base = {
    estimatedDeparture: new Date(departure),
    estimatedArrival: new Date(arrival),
    groundSpeedKnots: 0,
    altitudeFeet: 0,
  };
  const { origin } = flight.plan;
  const destination = flight.divertedTo ?? flight.plan.destination;
  if (flight.cancelled)
    return {
      ...base,
      status: 'CANCELLED',
      lat: origin.lat,
      lon: origin.lon,
      track: 0,
      altitudeFeet: origin.elevationFt,
    };
  if (t < departure) {
    return {
      ...base,
      status: t < departure - 3 * 3600_000 ? 'SCHEDULED' : 'FILED',
      lat: origin.lat,
      lon: origin.lon,
      track: 0,
      altitudeFeet: origin.elevationFt,
    };
  }
  if (t >= arrival) {
    return {
      ...base,
      status: 'COMPLETED',
      actualDeparture: new Date(departure),
      actualArrival: new Date(arrival),
      lat: destination.lat,
      lon: destination.lon,
      track: 0,
      altitudeFeet: destination.elevationFt,
    };
  }
  const fraction = (t - departure) / (arrival - departure);
  const flown = fraction * flight.plan.lengthNm;
  const toGo = flight.plan.lengthNm - flown;
  const position = positionAlong(flight.plan, flown);
  const ramp = Math.min(1, flown / 120, toGo / 120);
  const altitude =
    Math.round((origin.elevationFt + (flight.plan.cruiseFeet - origin.elevationFt) * Math.max(0, ramp)) / 100) * 100;
  return {
    ...base,
    status: 'AIRBORNE',
    actualDeparture: new Date(departure),
    lat: round(position.lat, 5),
    lon: round(position.lon, 5),
    track: Math.round(position.track),
    altitudeFeet: altitude,
    groundSpeedKnots: Math.round(flight.plan.cruiseKnots * (0.6 + 0.4 * ramp)),
  };
}

export interface FlightStore {
  plans: RoutePlan[];
  /** Flights of yesterday, today and tomorrow around `now`. */
  flightsAround(now: Date): Flight[];
  /** Flights scheduled to depart on the UTC day starting at `dayStartMs`. */
  flightsOn(dayStartMs: number): Flight[];
  /** The scenario flights of the hour of `now` (operations.ts): the `operations` variants add them. */
  scenarioFlights(now: Date): Flight[];
  byGufi(gufi: string, now: Date): Flight | undefined;
}

export function createFlightStore(plans: RoutePlan[], world?: World): FlightStore {
  const cache = new Map<number, Flight[]>();
  const day = (d: number) => {
    let list = cache.get(d);
    if (!list) {
      list = makeFlights(plans, d);
      cache.set(d, list);
      if (cache.size > 8) cache.delete(cache.keys().next().value as number);
    }
    return list;
  };
  const flightsAround = (now: Date) => {
    const today = dayStart(now.getTime());
    return [...day(today - DAY_MS), ...day(today), ...day(today + DAY_MS)];
  };
  let scenarios: { hour: number; flights: Flight[] } | undefined;
  const scenarioFlightsOf = (now: Date): Flight[] => {
    const hour = hourStartOf(now);
    if (!world) return [];
    if (scenarios?.hour !== hour) scenarios = { hour, flights: scenarioFlights(world, plans, hour) };
    return scenarios.flights;
  };
  return {
    plans,
    flightsAround,
    flightsOn: (d) => day(dayStart(d)),
    scenarioFlights: scenarioFlightsOf,
    byGufi: (gufi, now) => [...flightsAround(now), ...scenarioFlightsOf(now)].find((f) => f.gufi === gufi),
  };
}
