/**
 * The traffic layer's data (issue 22, item 3): from the hub's answers to what the page draws.
 * The flights within each FIR the route crosses (#7) become one list of MapFlight (a flight on a
 * FIR's border, listed by both, counts once; one without a readable position is left out and
 * counted), and the departures from the origin (#8) and arrivals at the destination (#6) become
 * counts around the flight's time there. Pure: answers in, plain data out.
 */
import type { FlightSummary } from '../hub';
import type { MapAerodromeTraffic, MapFlight } from '../../../common/protocol/mapMessages';
import { clockUtc } from '../flight/flightTime';

/** The hub's FIR flight data are European (contract, endpoint 7): ICAO regions E and L. */
export function isEuropeanFir(designator: string): boolean {
  return /^[EL]/.test(designator);
}

export const EUROPEAN_DATA_NOTICE =
  'Traffic: flights within a FIR are European data (the hub, endpoint 7); FIRs outside Europe show none.';

/** More flights than this in one view are not drawn (the page would only be a cloud of labels). */
export const MAX_TRAFFIC_FLIGHTS = 1500;

/** One FIR's list, as the hub answered it. */
export interface FirFlightsAnswer {
  fir: string;
  flights: readonly FlightSummary[];
  /** Features of the answer the reader could not read (hub/geojson leftOut.count). */
  leftOut?: number;
}

export interface TrafficFlights {
  flights: MapFlight[];
  /** Left out: features the reader refused, and flights without a readable position. */
  leftOut: number;
  /** Flights beyond MAX_TRAFFIC_FLIGHTS, not drawn. */
  capped: number;
}

const LEVEL_NOT_REPORTED = 'level not reported';

/** "FL350" at and above 10,000 ft (and for any level in hundreds of feet above), else feet. */
export function levelText(altitudeFt: number | undefined): string {
  if (altitudeFt === undefined || !Number.isFinite(altitudeFt)) return LEVEL_NOT_REPORTED;
  if (altitudeFt >= 10_000) return `FL${String(Math.round(altitudeFt / 100)).padStart(3, '0')}`;
  return `${Math.round(altitudeFt)} ft`;
}

function validPosition(f: FlightSummary): boolean {
  const { lat, lon } = f;
  return (
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180
  );
}

/** The flights of every FIR's answer, once each, in the order of the FIRs. */
export function trafficFlights(answers: readonly FirFlightsAnswer[]): TrafficFlights {
  const seen = new Set<string>();
  const flights: MapFlight[] = [];
  let leftOut = 0;
  let capped = 0;
  for (const answer of answers) {
    leftOut += answer.leftOut ?? 0;
    for (const f of answer.flights) {
      if (!validPosition(f)) {
        leftOut++;
        continue;
      }
      const label = flightLabel(f);
      const callsign = label.text;
      const id = f.gufi ?? `${callsign}@${answer.fir}@${f.lon},${f.lat}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (flights.length >= MAX_TRAFFIC_FLIGHTS) {
        capped++;
        continue;
      }
      const level = levelText(f.altitude);
      const flight: MapFlight = {
        id,
        callsign,
        position: [f.lon!, f.lat!],
        levelText: level,
        // The level only when reported: "level not reported" is the popup's, not the label's.
        label: level === LEVEL_NOT_REPORTED ? callsign : `${callsign} ${level}`,
        fir: answer.fir,
        ...(label.notAtcCallsign ? { notAtcCallsign: true } : {}),
      };
      if (typeof f.altitude === 'number' && Number.isFinite(f.altitude)) flight.altitudeFt = f.altitude;
      if (typeof f.track === 'number' && Number.isFinite(f.track))
        flight.trackDeg = ((Math.round(f.track) % 360) + 360) % 360;
      if (f.status) flight.status = f.status;
      if (f.aircraftType) flight.aircraftType = f.aircraftType;
      if (f.departure) flight.departure = f.departure;
      if (f.arrival) flight.arrival = f.arrival;
      flights.push(flight);
    }
  }
  return { flights, leftOut, capped };
}

/**
 * What a dispatcher recognises a flight by: its ATC call sign, else its operator and flight
 * number (`ETD 19`, said not to be the ATC call sign), else the operator, else "unidentified".
 */
export function flightLabel(f: FlightSummary): { text: string; notAtcCallsign?: boolean } {
  const atc = f.callsign?.trim();
  if (atc) return { text: atc };
  if (f.operator && f.flightNumber) return { text: `${f.operator} ${f.flightNumber}`, notAtcCallsign: true };
  if (f.operator) return { text: f.operator, notAtcCallsign: true };
  return { text: 'unidentified' };
}

/** Minutes before and after the flight's time at an aerodrome within which movements count. */
export const MOVEMENT_WINDOW_MIN = 60;

export interface MovementWindow {
  fromMs: number;
  toMs: number;
  /** "09:30Z–11:30Z (EOBT ± 1 h)". */
  text: string;
}

export function movementWindow(aroundMs: number, what: string): MovementWindow {
  const half = MOVEMENT_WINDOW_MIN * 60_000;
  const fromMs = aroundMs - half;
  const toMs = aroundMs + half;
  return { fromMs, toMs, text: `${clockUtc(fromMs)}–${clockUtc(toMs)} (${what} ± ${MOVEMENT_WINDOW_MIN / 60} h)` };
}

/**
 * The statuses a flight can have at the window's time, seen from now: asking only for these keeps
 * the calls few (without a status the hub lists active flights only, contract note 3).
 */
export function movementStatuses(
  window: MovementWindow,
  nowMs: number,
  movement: 'departures' | 'arrivals',
): ('SCHEDULED' | 'FILED' | 'AIRBORNE' | 'COMPLETED')[] {
  if (window.toMs < nowMs) return movement === 'departures' ? ['AIRBORNE', 'COMPLETED'] : ['COMPLETED'];
  if (window.fromMs > nowMs)
    return movement === 'departures' ? ['SCHEDULED', 'FILED'] : ['SCHEDULED', 'FILED', 'AIRBORNE'];
  return movement === 'departures' ? ['FILED', 'AIRBORNE'] : ['AIRBORNE', 'COMPLETED'];
}

/**
 * The time of a movement as a GeoJSON summary gives it: `departure`/`arrival` objects with
 * `gateTime`/`runwayTime` `{ initial, estimated, actual }` (the best known first), or
 * actualTime, else estimatedTime, else scheduledTime (ISO 8601); undefined when none reads.
 */
export function movementTimeMs(properties: Record<string, unknown>, end: 'departure' | 'arrival'): number | undefined {
  const place = properties[end];
  if (!place || typeof place !== 'object' || Array.isArray(place)) return undefined;
  const o = place as Record<string, unknown>;
  // The hub's summaries: { gateTime | runwayTime: { initial, estimated, actual } }; else flat times.
  const times = (name: string): Record<string, unknown> =>
    o[name] && typeof o[name] === 'object' && !Array.isArray(o[name]) ? (o[name] as Record<string, unknown>) : {};
  const gate = times('gateTime');
  const runway = times('runwayTime');
  for (const value of [
    gate.actual,
    runway.actual,
    gate.estimated,
    runway.estimated,
    gate.initial,
    runway.initial,
    o.actualTime,
    o.estimatedTime,
    o.scheduledTime,
  ]) {
    if (typeof value !== 'string' || !value) continue;
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return ms;
  }
  return undefined;
}

/** Counts the movements of the answers (several statuses: a flight counts once) within the window. */
export function aerodromeTraffic(
  aerodrome: string,
  movement: 'departures' | 'arrivals',
  window: MovementWindow,
  features: readonly { id?: string | number; properties: Record<string, unknown> }[],
): MapAerodromeTraffic {
  const end = movement === 'departures' ? 'departure' : 'arrival';
  const seen = new Set<string>();
  let count = 0;
  let untimed = 0;
  features.forEach((f, i) => {
    const gufi =
      typeof f.properties.gufi === 'string' ? f.properties.gufi : f.id !== undefined ? String(f.id) : `#${i}`;
    if (seen.has(gufi)) return;
    seen.add(gufi);
    const ms = movementTimeMs(f.properties, end);
    if (ms === undefined) untimed++;
    else if (ms >= window.fromMs && ms <= window.toMs) count++;
  });
  return { aerodrome, movement, count, window: window.text, untimed };
}
