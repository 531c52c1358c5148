/**
 * A day's irregular operations, as the `operations` variants serve them (README "Variants"): the
 * flights a dispatcher must not read wrong, placed around the current hour so that at any time of
 * day one of them is late and airborne, one landed hours late, one diverted, one flight number
 * flies two legs and one has no ATC call sign. Their times are whole minutes from the start of the
 * hour (`hourStart`); within one hour (or under a fixed clock) they do not move.
 *
 * | call sign | legs | what happened |
 * |---|---|---|
 * | BAW2028 | EGLL → EDDF, off-block 45 min before the hour | left 28 min late: airborne |
 * | AFR2047 | LFPG → LIRF, 6 h before the hour | took off 3 h 47 min after its scheduled off-block, landed |
 * | BAW2016 | EGLL → EDDF, 4 h before the hour | diverted to EDDK, landed there |
 * | DLH2090 | EGLL → EDDF 2 h before the hour, EDDF → LFPG on the hour | the first leg 90 min late |
 * | EZY2019 | EGLL → EDDF, 20 min before the hour | airborne; no `aircraftIdentification` |
 *
 * The numbers are outside those the generated timetable uses (100–999, 1100–1999), so no
 * generated flight shares them.
 */
import type { Flight, RoutePlan } from './flights';
import type { Aerodrome, World } from './world';
import { airlineByIcao } from './airlines';
import { hashString, uuidFrom } from './random';
import { distanceNm } from './geo';

const HOUR_MS = 3600_000;
const MINUTE_MS = 60_000;

interface Scenario {
  callsign: string;
  from: string;
  to: string;
  /** Scheduled off-block, minutes from the start of the hour. */
  offBlockMinute: number;
  delayMinutes: number;
  divertedTo?: string;
  /** No ATC call sign in the answers: the operator and its flight number only. */
  noCallsign?: boolean;
}

export const SCENARIOS: readonly Scenario[] = [
  { callsign: 'BAW2028', from: 'EGLL', to: 'EDDF', offBlockMinute: -45, delayMinutes: 28 },
  // Off-block 217 min late, take-off (10 min taxi, operations-shapes.ts) 3 h 47 min after the schedule.
  { callsign: 'AFR2047', from: 'LFPG', to: 'LIRF', offBlockMinute: -360, delayMinutes: 217 },
  { callsign: 'BAW2016', from: 'EGLL', to: 'EDDF', offBlockMinute: -240, delayMinutes: 10, divertedTo: 'EDDK' },
  { callsign: 'DLH2090', from: 'EGLL', to: 'EDDF', offBlockMinute: -120, delayMinutes: 90 },
  { callsign: 'DLH2090', from: 'EDDF', to: 'LFPG', offBlockMinute: 0, delayMinutes: 0 },
  { callsign: 'EZY2019', from: 'EGLL', to: 'EDDF', offBlockMinute: -20, delayMinutes: 0, noCallsign: true },
];

/** The start of the hour of `now`: the scenario flights' times are counted from it. */
export function hourStartOf(now: Date): number {
  return Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
}

/** A sample route between the two aerodromes, else the great circle between them. */
function planBetween(plans: readonly RoutePlan[], origin: Aerodrome, destination: Aerodrome): RoutePlan {
  const sample = plans.find((p) => p.origin === origin && p.destination === destination && !p.apart);
  if (sample) return sample;
  const lengthNm = distanceNm(origin.lat, origin.lon, destination.lat, destination.lon);
  return {
    origin,
    destination,
    routeText: 'N0450F350 DCT',
    path: [
      { lat: origin.lat, lon: origin.lon, designator: origin.icao, type: 'aerodrome' },
      { lat: destination.lat, lon: destination.lon, designator: destination.icao, type: 'aerodrome' },
    ],
    lengthNm,
    cruiseFeet: 35000,
    cruiseKnots: 450,
    levelsFeet: [35000],
    filed: [],
  };
}

/** The scenario flights of the hour starting at `hourStart` (those whose aerodromes the world has). */
export function scenarioFlights(world: World, plans: readonly RoutePlan[], hourStart: number): Flight[] {
  const out: Flight[] = [];
  for (const s of SCENARIOS) {
    const origin = world.aerodromes.get(s.from);
    const destination = world.aerodromes.get(s.to);
    const airline = airlineByIcao(s.callsign.slice(0, 3));
    if (!origin || !destination || !airline) continue;
    const plan = planBetween(plans, origin, destination);
    const scheduledDeparture = new Date(hourStart + s.offBlockMinute * MINUTE_MS);
    const blockMinutes = Math.round((plan.lengthNm / Math.max(250, plan.cruiseKnots - 20)) * 60 + 25);
    const divertedTo = s.divertedTo ? world.aerodromes.get(s.divertedTo) : undefined;
    out.push({
      gufi: uuidFrom(`scenario:${s.callsign}:${s.from}:${hourStart}`),
      callsign: s.callsign,
      airline,
      flightNumber: s.callsign.slice(3),
      plan,
      aircraftType: airline.fleet?.short[0] ?? 'A320',
      registration: `${airline.registrationPrefix ?? 'N'}${s.callsign.slice(3)}`.slice(0, 6),
      scheduledDeparture,
      scheduledArrival: new Date(scheduledDeparture.getTime() + blockMinutes * MINUTE_MS),
      delayMinutes: s.delayMinutes,
      cancelled: false,
      ...(divertedTo ? { divertedTo } : {}),
      identification: s.noCallsign ? 'carrierAndIataNumber' : 'callsign',
      scenario: true,
    });
  }
  return out;
}

/**
 * How the `operations` answers identify a generated flight: most by their ATC call sign; one in
 * eight by the operator and its IATA flight number only, and one in eight by the operator's
 * designator and flight number run together in `majorCarrierIdentifier` (`BEE284`), the two
 * forms public answers and clients show without `aircraftIdentification`.
 */
export function identificationOf(flight: Flight): NonNullable<Flight['identification']> {
  if (flight.identification) return flight.identification;
  const h = hashString(`identification:${flight.gufi}`) % 8;
  return h === 0 ? 'carrierAndIataNumber' : h === 1 ? 'joined' : 'callsign';
}
