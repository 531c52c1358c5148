/**
 * The traffic layer's data (issue 22, item 3): flights of every FIR's answer once each, those
 * without a readable position left out and counted (the others kept), the level and track as
 * drawn; the aerodromes' movements counted within the window around the flight's time.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  flightLabel,
  aerodromeTraffic,
  isEuropeanFir,
  levelText,
  MAX_TRAFFIC_FLIGHTS,
  movementStatuses,
  movementTimeMs,
  movementWindow,
  trafficFlights,
} from '../../../server/src/map/traffic';
import type { FlightSummary } from '../../../server/src/hub';

/** A flight at FL350 near 51°N 5°E; a field `extra` sets to undefined is left out, as by an answer without it. */
const flight = (
  gufi: string,
  extra: { [K in keyof FlightSummary]?: FlightSummary[K] | undefined } = {},
): FlightSummary =>
  Object.fromEntries(
    Object.entries({ gufi, callsign: `DLH${gufi}`, lon: 5, lat: 51, altitude: 35_000, track: 95.4, ...extra }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as FlightSummary;

test('every FIR answer once per flight; a flight on a border, listed twice, is drawn once', () => {
  const { flights, leftOut, capped } = trafficFlights([
    { fir: 'EHAA', flights: [flight('1'), flight('2')] },
    { fir: 'EDGG', flights: [flight('2'), flight('3', { track: -10 })] },
  ]);
  assert.deepEqual(
    flights.map((f) => [f.id, f.fir]),
    [
      ['1', 'EHAA'],
      ['2', 'EHAA'],
      ['3', 'EDGG'],
    ],
  );
  assert.equal(leftOut, 0);
  assert.equal(capped, 0);
  assert.equal(flights[0]!.levelText, 'FL350');
  assert.equal(flights[0]!.trackDeg, 95);
  assert.equal(flights[2]!.trackDeg, 350, 'a track is drawn within 0–359');
});

test('malformed flights are left out and counted; the others are kept', () => {
  const { flights, leftOut } = trafficFlights([
    {
      fir: 'EGTT',
      flights: [
        flight('ok'),
        flight('nopos', { lat: undefined, lon: undefined }),
        flight('nan', { lat: Number.NaN }),
        flight('off', { lat: 123 }),
        flight('inf', { lon: Number.POSITIVE_INFINITY }),
        flight('nolevel', { altitude: undefined, track: undefined, callsign: '  ' }),
      ],
      leftOut: 2,
    },
  ]);
  assert.deepEqual(
    flights.map((f) => f.id),
    ['ok', 'nolevel'],
  );
  assert.equal(leftOut, 2 + 4, "the reader's left-out features and the four without a position");
  const bare = flights[1]!;
  assert.equal(bare.levelText, 'level not reported');
  assert.equal(bare.trackDeg, undefined);
  assert.equal(bare.callsign, 'unidentified');
});

test('a flight without GUFI is told apart by call sign, FIR and position', () => {
  const { flights } = trafficFlights([
    { fir: 'EGTT', flights: [flight('x', { gufi: undefined }), flight('y', { gufi: undefined, lon: 6 })] },
  ]);
  assert.equal(flights.length, 2);
});

test('more flights than the cap are counted, not drawn', () => {
  const many = Array.from({ length: MAX_TRAFFIC_FLIGHTS + 7 }, (_, i) => flight(String(i)));
  const { flights, capped } = trafficFlights([{ fir: 'EGTT', flights: many }]);
  assert.equal(flights.length, MAX_TRAFFIC_FLIGHTS);
  assert.equal(capped, 7);
});

test('levels: flight levels from 10,000 ft, feet below', () => {
  assert.equal(levelText(35_000), 'FL350');
  assert.equal(levelText(9_500), '9500 ft');
  assert.equal(levelText(10_049), 'FL100');
  assert.equal(levelText(undefined), 'level not reported');
  assert.equal(levelText(Number.NaN), 'level not reported');
});

test('only European FIRs carry flight data (contract, endpoint 7)', () => {
  assert.ok(isEuropeanFir('EGTT'));
  assert.ok(isEuropeanFir('LFFF'));
  assert.ok(!isEuropeanFir('WSJC'));
  assert.ok(!isEuropeanFir('KZNY'));
});

test('the window around the flight time, across midnight', () => {
  const at = Date.UTC(2026, 10, 23, 23, 30);
  const window = movementWindow(at, 'off blocks');
  assert.equal(window.text, '22:30Z–00:30Z (off blocks ± 1 h)');
  assert.equal(window.toMs - window.fromMs, 2 * 3600_000);
});

test('the statuses asked follow the window against now', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0);
  const past = movementWindow(now - 5 * 3600_000, 'x');
  const future = movementWindow(now + 5 * 3600_000, 'x');
  const current = movementWindow(now + 10 * 60_000, 'x');
  assert.deepEqual(movementStatuses(past, now, 'departures'), ['AIRBORNE', 'COMPLETED']);
  assert.deepEqual(movementStatuses(future, now, 'departures'), ['SCHEDULED', 'FILED']);
  assert.deepEqual(movementStatuses(current, now, 'departures'), ['FILED', 'AIRBORNE']);
  assert.deepEqual(movementStatuses(future, now, 'arrivals'), ['SCHEDULED', 'FILED', 'AIRBORNE']);
});

test('movements: counted within the window once each; those without a time said apart', () => {
  const at = Date.UTC(2026, 10, 23, 10, 0);
  const window = movementWindow(at, 'off blocks');
  const dep = (gufi: string, times: Record<string, string | undefined>) => ({
    id: gufi,
    properties: { gufi, departure: { aerodrome: { code: 'EGLL' }, ...times } } as Record<string, unknown>,
  });
  const result = aerodromeTraffic('EGLL', 'departures', window, [
    dep('a', { scheduledTime: '2026-11-23T09:15:00Z' }),
    dep('b', { scheduledTime: '2026-11-23T08:00:00Z', estimatedTime: '2026-11-23T10:45:00Z' }),
    dep('c', { scheduledTime: '2026-11-23T12:00:00Z' }),
    dep('a', { scheduledTime: '2026-11-23T09:15:00Z' }),
    dep('d', { scheduledTime: 'not a time' }),
    { id: 'e', properties: { gufi: 'e' } },
  ]);
  assert.deepEqual(result, {
    aerodrome: 'EGLL',
    movement: 'departures',
    count: 2,
    window: '09:00Z–11:00Z (off blocks ± 1 h)',
    untimed: 2,
  });
});

test('a movement time: actual, else estimated, else scheduled', () => {
  const p = {
    arrival: {
      scheduledTime: '2026-11-23T10:00:00Z',
      estimatedTime: '2026-11-23T10:20:00Z',
      actualTime: '2026-11-23T10:25:00Z',
    },
  };
  assert.equal(movementTimeMs(p, 'arrival'), Date.UTC(2026, 10, 23, 10, 25));
  assert.equal(
    movementTimeMs({ arrival: { ...p.arrival, actualTime: null } }, 'arrival'),
    Date.UTC(2026, 10, 23, 10, 20),
  );
  assert.equal(movementTimeMs({ arrival: 'EDDF' }, 'arrival'), undefined);
  assert.equal(movementTimeMs(p, 'departure'), undefined);
});

test("issue 36, case 4: the hub's summaries' { aerodrome: { scheduled, actual, initial }, gateTime, runwayTime } count in their hour, not as untimed", () => {
  const window = movementWindow(Date.UTC(2026, 10, 23, 10, 0), 'off blocks');
  const dep = (gufi: string, gateTime: Record<string, string>, runwayTime: Record<string, string> = {}) => ({
    id: gufi,
    properties: {
      gufi,
      departure: { aerodrome: { scheduled: 'EGLL', actual: 'EGLL', initial: 'EGLL' }, gateTime, runwayTime },
    } as Record<string, unknown>,
  });
  const result = aerodromeTraffic('EGLL', 'departures', window, [
    dep('a', { initial: '2026-11-23T09:30:00Z', estimated: '2026-11-23T09:30:00Z' }),
    dep('b', { initial: '2026-11-23T08:00:00Z', actual: '2026-11-23T09:50:00Z' }),
    dep('c', {}, { actual: '2026-11-23T10:40:00Z' }),
    dep('d', { initial: '2026-11-23T14:00:00Z' }),
  ]);
  assert.equal(result.count, 3);
  assert.equal(result.untimed, 0);
});

test('issue 36, case 5: a flight without an ATC call sign is labelled by operator and flight number, said to be no call sign', () => {
  assert.deepEqual(flightLabel({ operator: 'ETD', flightNumber: '19' }), { text: 'ETD 19', notAtcCallsign: true });
  assert.deepEqual(flightLabel({ callsign: 'ETD19A', operator: 'ETD', flightNumber: '19' }), { text: 'ETD19A' });
  const { flights } = trafficFlights([
    { fir: 'EDGG', flights: [{ gufi: 'g', lat: 50, lon: 8, operator: 'ETD', flightNumber: '19' }] },
  ]);
  assert.equal(flights[0]!.callsign, 'ETD 19');
  assert.equal(flights[0]!.notAtcCallsign, true);
});

test('issue 36, case 7: the host writes each flight’s label, call sign and level; no level said when none is reported', () => {
  const { flights } = trafficFlights([
    {
      fir: 'EGTT',
      flights: [
        flight('1', { callsign: 'BAW117' }),
        flight('2', { callsign: undefined, operator: 'EZY', flightNumber: '2019', altitude: 8000 }),
        flight('3', { callsign: 'KLM12', altitude: undefined }),
      ],
    },
  ]);
  assert.deepEqual(
    flights.map((f) => [f.label, f.notAtcCallsign ?? false]),
    [
      ['BAW117 FL350', false],
      ['EZY 2019 8000 ft', true],
      ['KLM12', false],
    ],
  );
  assert.equal(flights[2]!.levelText, 'level not reported', 'said in the popup, not on the map');
});
