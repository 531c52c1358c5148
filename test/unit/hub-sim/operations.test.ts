// The `operations` variants (README "Variants"): the hour's irregular operations as the real
// services write them: estimates left at the schedule with actual times beside them, runway-only
// actual times and no `delays` block, a diversion, two legs of one number, no call sign.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { HubSimulator } from '../../hub-sim/server';
import { hub, many, parseXml, reference, startSim } from './helpers';

let sim: HubSimulator;
before(async () => {
  sim = await startSim({
    settings: { fixedNow: '2026-11-24T10:00:00Z', variants: { flights: 'operations', flightStatus: 'operations' } },
  });
});
after(() => sim.close());

const status = async (carrier: string, number: string) =>
  (await (
    await fetch(
      reference(sim, `/flex/flightstatus/rest/v2/json/flight/status/${carrier}/${number}/dep/2026/11/24`, {
        utc: 'true',
      }),
    )
  ).json()) as any;

const minutes = (later: string, earlier: string) => (Date.parse(later) - Date.parse(earlier)) / 60_000;

test('FIXM: the late flight keeps its estimate at the schedule and gives its actual off-block 28 min later', async () => {
  const doc = parseXml(await (await fetch(hub(sim, '/v1/airlines/BAW/flights/2028'))).text());
  const flights = many(doc.flightMessage['fx:Flight']);
  assert.equal(flights.length, 1);
  const times = flights[0]['fx:departure']['fx:departureFixTime'];
  assert.equal(times['fb:initial']['@timestamp'], '2026-11-24T09:15:00.000Z');
  assert.equal(times['fb:estimated']['@timestamp'], times['fb:initial']['@timestamp']);
  assert.equal(minutes(times['fb:actual']['@timestamp'], times['fb:initial']['@timestamp']), 28);
  assert.equal(flights[0]['fx:flightIdentification']['@aircraftIdentification'], 'BAW2028');
});

test('FIXM: a flight without aircraftIdentification names its operator and IATA flight number', async () => {
  const doc = parseXml(await (await fetch(hub(sim, '/v1/airlines/EZY/flights/2019'))).text());
  const id = many(doc.flightMessage['fx:Flight'])[0]['fx:flightIdentification'];
  assert.equal(id['@aircraftIdentification'], undefined);
  assert.equal(id['@majorCarrierIdentifier'], 'EZY');
  assert.equal(id['@iataFlightNumber'], 'U22019');
});

test('FIXM: a diverted flight that landed: arrivalAerodrome where it landed, the original beside it', async () => {
  const doc = parseXml(await (await fetch(hub(sim, '/v1/airlines/BAW/flights/2016', { status: 'COMPLETED' }))).text());
  const arrival = many(doc.flightMessage['fx:Flight'])[0]['fx:arrival'];
  assert.equal(arrival['fx:arrivalAerodrome']['@code'], 'EDDK');
  assert.equal(arrival['fx:arrivalAerodromeOriginal']['@code'], 'EDDF');
});

test('FIXM: one number, two legs of the day, the first 90 minutes late', async () => {
  const doc = parseXml(await (await fetch(hub(sim, '/v1/airlines/DLH/flights/2090'))).text());
  const legs = many(doc.flightMessage['fx:Flight']).map((f) => ({
    from: f['fx:departure']['fx:departureAerodrome']['@code'],
    initial: f['fx:departure']['fx:departureFixTime']['fb:initial']['@timestamp'],
    actual: f['fx:departure']['fx:departureFixTime']['fb:actual']?.['@timestamp'],
  }));
  assert.deepEqual(legs.map((l) => l.from).sort(), ['EDDF', 'EGLL']);
  const first = legs.find((l) => l.from === 'EGLL')!;
  assert.equal(minutes(first.actual, first.initial), 90);
});

test('GeoJSON summaries: ends as { aerodrome: { scheduled, initial, actual }, gateTime, runwayTime }', async () => {
  const body = (await (
    await fetch(hub(sim, '/v1/aerodromes/EGLL/departures', { status: 'AIRBORNE', format: 'json' }))
  ).json()) as any;
  const late = body.features.find((f: any) => f.properties.callsign === 'BAW2028').properties;
  assert.deepEqual(late.departure.aerodrome, { scheduled: 'EGLL', initial: 'EGLL', actual: 'EGLL' });
  assert.deepEqual(late.arrival.aerodrome, { scheduled: 'EDDF', initial: 'EDDF' });
  assert.equal(late.departure.gateTime.estimated, late.departure.gateTime.initial);
  assert.equal(minutes(late.departure.gateTime.actual, late.departure.gateTime.initial), 28);
  assert.equal(minutes(late.departure.runwayTime.actual, late.departure.gateTime.actual), 10);
  assert.equal(late.departure.aerodrome.code, undefined, 'no `code` in this shape');
  const unnamed = body.features.find((f: any) => f.properties.iataFlightNumber === 'U22019').properties;
  assert.equal(unnamed.callsign, undefined);
  assert.equal(unnamed.majorCarrierIdentifier, 'EZY');
});

test('flight status: landed 3 h 47 min late, runway actual times only, estimate at the schedule, no delays', async () => {
  const answer = await status('AF', '2047');
  assert.equal(answer.flightStatuses.length, 1);
  const record = answer.flightStatuses[0];
  assert.equal(record.status, 'L');
  assert.equal(record.delays, undefined);
  const t = record.operationalTimes;
  assert.deepEqual(Object.keys(t).sort(), [
    'actualRunwayArrival',
    'actualRunwayDeparture',
    'estimatedGateArrival',
    'estimatedGateDeparture',
    'scheduledGateArrival',
    'scheduledGateDeparture',
  ]);
  assert.equal(t.estimatedGateDeparture.dateUtc, t.scheduledGateDeparture.dateUtc);
  assert.equal(minutes(t.actualRunwayDeparture.dateUtc, t.scheduledGateDeparture.dateUtc), 3 * 60 + 47);
});

test('flight status: a diversion as status D, divertedAirportFsCode and an irregular operation', async () => {
  const answer = await status('BA', '2016');
  const record = answer.flightStatuses[0];
  assert.equal(record.status, 'D');
  assert.equal(record.divertedAirportFsCode, 'EDDK');
  assert.equal(record.arrivalAirportFsCode, 'FRA');
  const [operation] = record.irregularOperations;
  assert.equal(operation.type, 'DIVERSION');
  assert.equal(operation.newArrivalAirportFsCode, 'EDDK');
  assert.ok(
    answer.appendix.airports.some((a: any) => a.icao === 'EDDK' && a.name),
    'the appendix names it',
  );
});

test('flight status: the two legs of one number are two records', async () => {
  const answer = await status('LH', '2090');
  assert.deepEqual(answer.flightStatuses.map((r: any) => r.departureAirportFsCode).sort(), ['FRA', 'LHR']);
});

test('the default variants serve none of the scenario flights', async () => {
  sim.settings.variants = { ...sim.settings.variants, flights: 'fixm', flightStatus: 'sim' };
  try {
    const doc = parseXml(await (await fetch(hub(sim, '/v1/airlines/BAW/flights/2028'))).text());
    assert.equal(many(doc.flightMessage?.['fx:Flight']).length, 0);
    assert.equal((await status('AF', '2047')).flightStatuses.length, 0);
  } finally {
    sim.settings.variants = { ...sim.settings.variants, flights: 'operations', flightStatus: 'operations' };
  }
});
