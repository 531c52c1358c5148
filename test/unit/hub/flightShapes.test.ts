/**
 * Flights as the services fill them (issue 36): each fixture of test/fixtures/real-shapes/ (its
 * README names the public sources) read by the product's readers, then compared as the live
 * flight's hover and findings compare them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { carrierIdentifier, readFixmFlights } from '../../../server/src/hub/fixmFlights';
import { summaryOfFeature } from '../../../server/src/hub/flightAnswers';
import { resolveAppendix } from '../../../server/src/hub/referenceClient';
import type { FeatureCollection, FlightSummaryProperties } from '../../../server/src/hub/geojson';
import { movementTimeMs } from '../../../server/src/map/traffic';
import { flightLabel } from '../../../server/src/map/traffic';
import { parseRouteDocument } from '../../../server/src/route';
import {
  chooseFlight,
  departureDelay,
  liveFlightFindings,
  liveFlightHover,
  liveFlightQuery,
  referenceFlightRecord,
  type LiveFlightAnswer,
  type LiveFlightRecord,
} from '../../../server/src/remote/liveFlight';
import { hubRecord } from '../../../server/src/session/liveFlightLookup';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', 'real-shapes', name), 'utf8');

/** The records of a flight status answer, the appendix resolved as the reference client resolves it. */
function statusRecords(name: string): LiveFlightRecord[] {
  const answer = JSON.parse(fixture(name)) as {
    appendix: Record<string, unknown>;
    flightStatuses: Record<string, unknown>[];
  };
  return answer.flightStatuses.map((r) => referenceFlightRecord(resolveAppendix(r, answer.appendix)));
}

function answerFor(text: string, hub: LiveFlightRecord[], reference: LiveFlightRecord[] = []): LiveFlightAnswer {
  const block = parseRouteDocument(text).blocks[0]!;
  return { query: liveFlightQuery(block, Date.UTC(2026, 10, 23, 10, 5))!, hub, reference, notes: [], fetchedAt: 0 };
}

const message = (callsign: string, origin: string, eobt: string, destination: string) =>
  `(FPL-${callsign}-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-${origin}${eobt}\n-N0450F350 DCT\n-${destination}0105\n-DOF/261123)\n`;

const FIXM = readFixmFlights(fixture('flights-fixm-operations.xml'));

test('FIXM: fb:initial, fb:estimated and fb:actual read; the late flight shows its actual off-block and a delay of 28 min', () => {
  const late = FIXM.find((f) => f.callsign === 'BAW2028')!;
  assert.equal(late.scheduledDeparture, '2026-11-23T09:15:00.000Z');
  assert.equal(late.estimatedDeparture, '2026-11-23T09:15:00.000Z');
  assert.equal(late.actualDeparture, '2026-11-23T09:43:00.000Z');
  const answer = answerFor(message('BAW2028', 'EGLL', '0915', 'EDDF'), [hubRecord(late)]);
  assert.equal(departureDelay(answer)?.minutes, 28, 'not on time');
  assert.match(
    liveFlightHover(answer, Date.UTC(2026, 10, 23, 10, 5)),
    /Delay: 28 min late \(computed: actual off-block 09:43Z \(hub\)/,
  );
});

test('FIXM: without aircraftIdentification, the operator and flight number, never a made-up call sign', () => {
  const unnamed = FIXM.find((f) => f.gufi?.endsWith('6c02'))!;
  assert.equal(unnamed.callsign, undefined);
  assert.equal(unnamed.operator, 'EZY');
  assert.equal(unnamed.flightNumber, '2019');
  assert.deepEqual(flightLabel(unnamed), { text: 'EZY 2019', notAtcCallsign: true });
  // The designator and number run together in majorCarrierIdentifier.
  const joined = FIXM.find((f) => f.gufi?.endsWith('6c03'))!;
  assert.equal(joined.callsign, undefined);
  assert.deepEqual([joined.operator, joined.flightNumber], ['BEE', '284']);
  assert.deepEqual(flightLabel(joined), { text: 'BEE 284', notAtcCallsign: true });
  assert.deepEqual(carrierIdentifier('BEE0284'), { operator: 'BEE', flightNumber: '284' });
  assert.deepEqual(carrierIdentifier('BAW'), { operator: 'BAW' });
  assert.deepEqual(carrierIdentifier('B'), {});
});

test('FIXM: a landed diversion is where it landed, the plan beside it; field 16 not called wrong', () => {
  const diverted = FIXM.find((f) => f.callsign === 'BAW2016')!;
  assert.deepEqual([diverted.arrival, diverted.originalArrival], ['EDDK', 'EDDF']);
  const answer = answerFor(message('BAW2016', 'EGLL', '0600', 'EDDF'), [
    { ...hubRecord(diverted), scheduledOffBlockMs: Date.UTC(2026, 10, 23, 6, 0) },
  ]);
  const block = parseRouteDocument(message('BAW2016', 'EGLL', '0600', 'EDDF')).blocks[0]!;
  assert.deepEqual(
    liveFlightFindings(block, answer, { eobtToleranceMinutes: 15 }).map((f) => f.code),
    ['L006'],
  );
});

test('FIXM: two legs of one number: the leg from field 13 is chosen though the other is nearer the EOBT', () => {
  const legs = FIXM.filter((f) => f.callsign === 'DLH2090').map(hubRecord);
  assert.equal(legs.length, 2);
  const answer = answerFor(message('DLH2090', 'EGLL', '0930', 'EDDF'), legs);
  assert.equal(chooseFlight(answer.hub, answer.query)?.departure, 'EGLL');
});

test('GeoJSON: end objects { aerodrome: { scheduled, initial, actual }, gateTime, runwayTime } read', () => {
  const collection = JSON.parse(fixture('flights-geojson-ends.json')) as FeatureCollection<FlightSummaryProperties>;
  const [late, unnamed] = collection.features.map((f) => summaryOfFeature(f).summary);
  assert.deepEqual([late!.departure, late!.arrival], ['EGLL', 'EDDF']);
  assert.equal(late!.actualDeparture, '2026-11-23T09:43:00.000Z');
  assert.equal(late!.estimatedDeparture, '2026-11-23T09:15:00.000Z');
  assert.equal(late!.actualTakeOff, '2026-11-23T09:53:00.000Z');
  assert.equal(
    movementTimeMs(collection.features[0]!.properties as Record<string, unknown>, 'departure'),
    Date.UTC(2026, 10, 23, 9, 43),
  );
  // The diverted one: landed at EDDK, planned EDDF; no call sign.
  assert.deepEqual([unnamed!.arrival, unnamed!.originalArrival], ['EDDK', 'EDDF']);
  assert.deepEqual(flightLabel(unnamed!), { text: 'EZY 2019', notAtcCallsign: true });
  assert.equal(unnamed!.actualLanding, '2026-11-23T07:46:00.000Z');
});

test('flight status: landed with runway actual times only and no delays: 3 h 47 min late, computed and named', () => {
  const [record] = statusRecords('flight-status-landed.json');
  assert.equal(record!.status, 'LANDED');
  assert.equal(record!.delayMinutes, undefined);
  assert.equal(record!.actualTakeOffMs, Date.UTC(2026, 10, 23, 7, 47));
  assert.equal(record!.actualLandingMs, Date.UTC(2026, 10, 23, 9, 42));
  const answer = answerFor(message('AFR2047', 'LFPG', '0400', 'LIRF'), [], [record!]);
  const delay = departureDelay(answer)!;
  assert.equal(delay.minutes, 3 * 60 + 47);
  assert.match(delay.source, /actual take-off, taxi-out included, 07:47Z \(reference\)/);
});

test('flight status: a diversion (D, divertedAirportFsCode, irregularOperations DIVERSION) says where, with its name', () => {
  const records = statusRecords('flight-status-diverted.json');
  assert.equal(records.length, 2);
  const [diverted] = records;
  assert.equal(diverted!.status, 'DIVERTED');
  assert.deepEqual(diverted!.divertedTo, { icao: 'EDDK', name: 'Cologne Bonn Airport' });
  assert.equal(diverted!.arrival, 'EDDF', 'the planned destination stays');
  const text = message('BAW2016', 'EGLL', '0600', 'EDDF');
  const answer = answerFor(text, [], records);
  assert.equal(chooseFlight(answer.reference, answer.query), diverted, 'the leg from EGLL');
  assert.match(
    liveFlightHover(answer, Date.UTC(2026, 10, 23, 10, 5)),
    /Diverted: landed at EDDK \(Cologne Bonn Airport\), not at EDDF/,
  );
  // Without divertedAirportFsCode, the irregular operation alone says where.
  const raw = JSON.parse(fixture('flight-status-diverted.json'));
  const only = { ...raw.flightStatuses[0] };
  delete only.divertedAirportFsCode;
  assert.deepEqual(referenceFlightRecord(resolveAppendix(only, raw.appendix)).divertedTo, {
    icao: 'EDDK',
    name: 'Cologne Bonn Airport',
  });
});
