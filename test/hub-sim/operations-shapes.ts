/**
 * How the `operations` variants write a flight (README "Variants"): the hub's FIXM identification
 * and times, its GeoJSON summary's end objects, its delay, and the reference family's flight
 * status times, as public answers and clients show the real services write them. The flights
 * themselves (and the hour's scenario flights) are flights.ts and operations.ts.
 */
import type { Flight, FlightState } from './flights';
import { identificationOf } from './operations';

/** Minutes from off-block to take-off, and from landing to in-block. */
export const TAXI_OUT_MINUTES = 10;
export const TAXI_IN_MINUTES = 5;

const MINUTE_MS = 60_000;
const iso = (d?: Date) => d?.toISOString();
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MINUTE_MS);

/** The flight's times as the services report them: estimates left at the schedule, actuals once they happened. */
export interface ReportedTimes {
  scheduledOffBlock: Date;
  /** The real service leaves the estimate at the schedule (issue 36). */
  estimatedOffBlock: Date;
  actualOffBlock?: Date;
  actualTakeOff?: Date;
  scheduledInBlock: Date;
  estimatedInBlock: Date;
  actualLanding?: Date;
  actualInBlock?: Date;
}

export function reportedTimes(flight: Flight, state: FlightState): ReportedTimes {
  const { actualDeparture, actualArrival } = state;
  return {
    scheduledOffBlock: flight.scheduledDeparture,
    estimatedOffBlock: flight.scheduledDeparture,
    ...(actualDeparture
      ? { actualOffBlock: actualDeparture, actualTakeOff: plus(actualDeparture, TAXI_OUT_MINUTES) }
      : {}),
    scheduledInBlock: flight.scheduledArrival,
    estimatedInBlock: flight.scheduledArrival,
    ...(actualArrival ? { actualLanding: plus(actualArrival, -TAXI_IN_MINUTES), actualInBlock: actualArrival } : {}),
  };
}

/**
 * `fx:flightIdentification`'s attributes: the ATC call sign with the operator (and its IATA
 * flight number); or without a call sign, the operator and its IATA flight number (a public PHP
 * client builds the call sign from these when `aircraftIdentification` is missing), or the
 * designator and number run together in `majorCarrierIdentifier` (`BEE284`, saved answers of
 * `cablespaghetti/edforceone`).
 */
export function identificationAttributes(flight: Flight, operations: boolean): Record<string, string> {
  const iataNumber =
    flight.airline.iata && /^\d+$/.test(flight.flightNumber)
      ? `${flight.airline.iata}${flight.flightNumber}`
      : undefined;
  const form = operations ? identificationOf(flight) : 'callsign';
  if (form === 'joined' || (form === 'carrierAndIataNumber' && !iataNumber))
    return { majorCarrierIdentifier: `${flight.airline.icao}${flight.flightNumber}` };
  if (form === 'carrierAndIataNumber')
    return { majorCarrierIdentifier: flight.airline.icao, iataFlightNumber: iataNumber! };
  return {
    aircraftIdentification: flight.callsign,
    majorCarrierIdentifier: flight.airline.icao,
    ...(iataNumber ? { iataFlightNumber: iataNumber } : {}),
  };
}

/** Where the flight landed, when it landed elsewhere than planned. */
export function landedElsewhere(flight: Flight, state: FlightState): string | undefined {
  return flight.divertedTo && state.status === 'COMPLETED' ? flight.divertedTo.icao : undefined;
}

/**
 * A GeoJSON summary's properties: each end `{ aerodrome: { scheduled, initial, actual },
 * gateTime: { initial, estimated, actual }, runwayTime: { actual } }` (the actual aerodrome once
 * the flight has left or landed there), the identification as in FIXM.
 */
export function operationsSummaryProperties(flight: Flight, state: FlightState, now: Date): Record<string, unknown> {
  const t = reportedTimes(flight, state);
  const identification = identificationAttributes(flight, true);
  const planned = flight.plan.destination.icao;
  const landed = state.status === 'COMPLETED' ? (landedElsewhere(flight, state) ?? planned) : undefined;
  const clean = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));
  return {
    gufi: flight.gufi,
    ...(identification.aircraftIdentification ? { callsign: identification.aircraftIdentification } : {}),
    majorCarrierIdentifier: identification.majorCarrierIdentifier,
    ...(identification.iataFlightNumber ? { iataFlightNumber: identification.iataFlightNumber } : {}),
    flightStatus: state.status,
    departure: {
      aerodrome: clean({
        scheduled: flight.plan.origin.icao,
        initial: flight.plan.origin.icao,
        actual: t.actualOffBlock ? flight.plan.origin.icao : undefined,
      }),
      gateTime: clean({
        initial: iso(t.scheduledOffBlock),
        estimated: iso(t.estimatedOffBlock),
        actual: iso(t.actualOffBlock),
      }),
      runwayTime: clean({ actual: iso(t.actualTakeOff) }),
    },
    arrival: {
      aerodrome: clean({ scheduled: planned, initial: planned, actual: landed }),
      gateTime: clean({
        initial: iso(t.scheduledInBlock),
        estimated: iso(t.estimatedInBlock),
        actual: iso(t.actualInBlock),
      }),
      runwayTime: clean({ actual: iso(t.actualLanding) }),
    },
    routeText: flight.plan.routeText,
    positionReport: {
      track: state.track,
      source: state.status === 'AIRBORNE' ? 'ADS-B' : 'AERODROME',
      altitude: state.altitudeFeet,
      captureTimestamp: iso(now),
    },
    aircraftDescription: {
      aircraftCode: flight.aircraftType,
      aircraftRegistration: flight.registration.replace('-', ''),
    },
  };
}

/** The hub's delay of a flight whose estimate is left at the schedule: known once it has left. */
export function operationsDelayMinutes(flight: Flight, state: FlightState): number {
  return state.actualDeparture ? flight.delayMinutes : 0;
}

/**
 * The reference family's `operationalTimes` as public answers show a landed flight's: gate
 * schedule and estimate (left at the schedule), actual times of the runway only.
 */
export function referenceOperationalTimes(
  flight: Flight,
  state: FlightState,
  time: (d: Date | undefined, end: 'departure' | 'arrival') => unknown,
): Record<string, unknown> {
  const t = reportedTimes(flight, state);
  const out: Record<string, unknown> = {
    scheduledGateDeparture: time(t.scheduledOffBlock, 'departure'),
    estimatedGateDeparture: time(t.estimatedOffBlock, 'departure'),
    actualRunwayDeparture: time(t.actualTakeOff, 'departure'),
    scheduledGateArrival: time(t.scheduledInBlock, 'arrival'),
    estimatedGateArrival: time(t.estimatedInBlock, 'arrival'),
    actualRunwayArrival: time(t.actualLanding, 'arrival'),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}
