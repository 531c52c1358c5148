/**
 * Flight answers read in one walk, a slice per turn of the event loop, with bounds (issue 35,
 * item 1): only the Flight elements where FIXM puts them, the flights and route texts kept
 * bounded and counted, GeoJSON read a feature at a time. What is checked is the shape of what is
 * read and that other work runs while it is read (turns of the event loop), never a time.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { readFixmFlights, readFixmFlightsYielding, MAX_ROUTE_TEXT_CHARS } from '../../../server/src/hub/fixmFlights';
import { readFlightList, flightListNotices } from '../../../server/src/hub/flightAnswers';
import { Redactor } from '../../../server/src/hub/redact';
import type { HttpResponse } from '../../../server/src/hub/transport';
import { MAX_FLIGHT_STATUSES, ReferenceClient } from '../../../server/src/hub/referenceClient';
import { startLocalServer } from './localServer';

const FLIGHT = (n: number, inner = '') =>
  `<fx:Flight><fx:gufi>g-${n}</fx:gufi><fx:flightIdentification aircraftIdentification="DLH${n}" majorCarrierIdentifier="DLH"/>` +
  `<fx:departure><fx:departureAerodrome code="EGLL"/></fx:departure>${inner}</fx:Flight>`;
const LIST = (body: string) =>
  `<?xml version="1.0"?><flightMessage xmlns:fx="urn:fx" xmlns:fb="urn:fb">${body}</flightMessage>`;

/** fx:Flight nested `depth` deep, the innermost around `empties` empty elements (issue 35's hostile answer). */
function nestedFlights(depth: number, empties: number): string {
  let inner = '<e/>'.repeat(empties);
  for (let d = depth; d > 0; d--)
    inner = `<fx:Flight><fx:gufi>nested-${d}</fx:gufi><fx:flightIdentification aircraftIdentification="BAD${d}"/>${inner}</fx:Flight>`;
  return LIST(`<fx:Flight><fx:gufi>outer</fx:gufi>${inner}</fx:Flight>`);
}

function response(body: string, contentType: string, redactor = new Redactor([])): HttpResponse {
  return { status: 200, headers: {}, contentType, body: Buffer.from(body), url: 'http://127.0.0.1/x', redactor };
}

/** Turns of the event loop taken while `work` runs: other requests get through between them. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

test('only the Flight elements where FIXM puts them: a Flight nested in a flight is skipped with all in it', () => {
  const flights = readFixmFlights(nestedFlights(60, 20_000), { maxDepth: 128 });
  assert.deepEqual(flights, [{ gufi: 'outer' }]);
});

test('a Flight below a child of the root is no flight of the list; the root Flight is one (by GUFI)', () => {
  assert.deepEqual(readFixmFlights(LIST(`<wrapper>${FLIGHT(1)}</wrapper>`)), []);
  const one = readFixmFlights(`<fx:Flight xmlns:fx="urn:fx"><fx:gufi>g-9</fx:gufi></fx:Flight>`);
  assert.deepEqual(one, [{ gufi: 'g-9' }]);
});

test('flights past the cap are counted, not read; a route text over its limit is dropped and counted', async () => {
  const long = 'DCT '.repeat(MAX_ROUTE_TEXT_CHARS / 2);
  const body = LIST(
    FLIGHT(1, `<fx:agreed><fx:route routeText="${long}"/></fx:agreed>`) +
      FLIGHT(2, `<fx:agreed><fx:route routeText="DVR UL9 KONAN"/></fx:agreed>`) +
      FLIGHT(3) +
      FLIGHT(4),
  );
  const read = await readFixmFlightsYielding(body, { maxDepth: 64, maxFlights: 2 });
  assert.deepEqual(
    read.flights.map((f) => [f.callsign, f.routeText]),
    [
      ['DLH1', undefined],
      ['DLH2', 'DVR UL9 KONAN'],
    ],
  );
  assert.equal(read.notRead, 2);
  assert.equal(read.longRouteTexts, 1);
});

test('a long FIXM answer is read over many turns of the event loop', async () => {
  const body = LIST(Array.from({ length: 20_000 }, (_, i) => FLIGHT(i)).join(''));
  let read: Awaited<ReturnType<typeof readFixmFlightsYielding>> | undefined;
  const turns = await turnsDuring(async () => {
    read = await readFixmFlightsYielding(body, { maxDepth: 64, maxFlights: 20_000 });
  });
  assert.equal(read!.flights.length, 20_000);
  assert.equal(read!.notRead, 0);
  // A slice of 64 KiB per turn: the answer (about 3 MB) takes dozens of turns.
  assert.ok(turns > body.length / (64 * 1024) / 2, `${turns} turns for ${body.length} characters`);
});

test('FIXM: the actual off-block, take-off and landing times, the runway estimates; the operator and flight number without a call sign', () => {
  const [flight] = readFixmFlights(
    LIST(`<fx:Flight><fx:gufi>g</fx:gufi>
      <fx:flightIdentification majorCarrierIdentifier="ETD" iataFlightNumber="EY0019"/>
      <fx:departure><fx:departureAerodrome code="OMAA"/>
        <fx:departureFixTime><fb:initial timestamp="2026-11-26T08:00:00Z"/><fb:estimated timestamp="2026-11-26T08:00:00Z"/><fb:actual timestamp="2026-11-26T08:28:00Z"/></fx:departureFixTime>
        <fx:runwayPositionAndTime><fx:runwayTime><fb:estimated timestamp="2026-11-26T08:40:00Z"/><fb:actual timestamp="2026-11-26T08:44:00Z"/></fx:runwayTime></fx:runwayPositionAndTime>
      </fx:departure>
      <fx:arrival><fx:arrivalAerodrome code="EDDF"/><fx:actualTimeOfArrival>2026-11-26T15:02:00Z</fx:actualTimeOfArrival></fx:arrival>
    </fx:Flight>`),
  );
  assert.deepEqual(flight, {
    gufi: 'g',
    operator: 'ETD',
    flightNumber: '19',
    departure: 'OMAA',
    arrival: 'EDDF',
    scheduledDeparture: '2026-11-26T08:00:00Z',
    estimatedDeparture: '2026-11-26T08:00:00Z',
    actualDeparture: '2026-11-26T08:28:00Z',
    estimatedTakeOff: '2026-11-26T08:40:00Z',
    actualTakeOff: '2026-11-26T08:44:00Z',
    actualLanding: '2026-11-26T15:02:00Z',
  });
  assert.equal((flight as { callsign?: string }).callsign, undefined, 'no call sign is made up from the operator');
});

const FEATURE = (n: number, extra = '') =>
  `{"type":"Feature","id":"g-${n}","geometry":{"type":"Point","coordinates":[2.1,51.1]},"properties":{"callsign":"DLH${n}"${extra}}}`;

test('GeoJSON: read a feature at a time, past the cap counted; a feature over 1 MB left out and said; the notices', async () => {
  const huge = `,"routeText":"${'DCT '.repeat(300_000)}"`;
  const features = [FEATURE(0), FEATURE(1, huge), ...Array.from({ length: 6000 }, (_, i) => FEATURE(i + 2))];
  const body = `{"type":"FeatureCollection","features":[${features.join(',')}],"results":{"total":6002}}`;
  let list: Awaited<ReturnType<typeof readFlightList>> | undefined;
  const turns = await turnsDuring(async () => {
    list = await readFlightList(response(body, 'application/geo+json'), 'json', 'the flights', { maxDepth: 64 });
  });
  assert.ok(turns > 2, `${turns} turns`);
  assert.equal(list!.flights.length, 4_999);
  assert.equal(list!.notRead, 1_002);
  assert.equal(list!.leftOut?.count, 1);
  assert.match(
    list!.leftOut!.reasons[0]!,
    /^features\[1\] is 1\.1 MB, more than the 1 MB a flight summary is read up to/,
  );
  assert.equal(list!.results?.total, 6002);
  assert.match(
    flightListNotices(list!, 'Traffic').join('\n'),
    /the first 4,999 were read and 1,002 were not \(at most 5,000 an answer\)/,
  );
});

test('GeoJSON: a route text over its limit is dropped and counted; a broken body is one shape error', async () => {
  const long = `,"routeText":"${'DCT '.repeat(MAX_ROUTE_TEXT_CHARS / 2)}"`;
  const body = `{"type":"FeatureCollection","features":[${FEATURE(0, long)},${FEATURE(1, ',"routeText":"DVR UL9"')}]}`;
  const list = await readFlightList(response(body, 'application/json'), 'json', 'the flights', { maxDepth: 64 });
  assert.deepEqual(
    list.flights.map((f) => f.routeText),
    [undefined, 'DVR UL9'],
  );
  assert.equal(list.longRouteTexts, 1);
  assert.match(flightListNotices(list, 'Live flight').join(''), /1 filed route was longer than 10,000 characters/);
  await assert.rejects(
    readFlightList(response(body.slice(0, -10), 'application/json'), 'json', 'the flights', { maxDepth: 64 }),
    /not valid JSON/,
  );
  await assert.rejects(
    readFlightList(response('{"type":"Nope","features":[]}', 'application/json'), 'json', 'the flights', {
      maxDepth: 64,
    }),
    /type is "Nope", not "FeatureCollection"/,
  );
});

test('GeoJSON summaries: departure and arrival as { aerodrome: { scheduled, actual, initial }, gateTime, runwayTime }', async () => {
  const props = {
    callsign: 'BAW902',
    departure: {
      aerodrome: { scheduled: 'EGLL', actual: 'EGLL', initial: 'EGLL' },
      gateTime: { initial: '2026-11-26T09:00:00Z', estimated: '2026-11-26T09:00:00Z', actual: '2026-11-26T09:28:00Z' },
      runwayTime: {
        initial: '2026-11-26T09:15:00Z',
        estimated: '2026-11-26T09:40:00Z',
        actual: '2026-11-26T09:44:00Z',
      },
    },
    arrival: {
      aerodrome: { scheduled: 'EDDF', actual: 'EDDK', initial: 'EDDF' },
      gateTime: { initial: '2026-11-26T10:30:00Z', estimated: '2026-11-26T11:05:00Z' },
      runwayTime: { actual: '2026-11-26T10:58:00Z' },
    },
  };
  const body = JSON.stringify({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', id: 'g', geometry: null, properties: props }],
  });
  const { flights } = await readFlightList(response(body, 'application/json'), 'json', 'the flights', { maxDepth: 64 });
  assert.deepEqual(flights, [
    {
      gufi: 'g',
      callsign: 'BAW902',
      departure: 'EGLL',
      arrival: 'EDDK',
      originalArrival: 'EDDF',
      scheduledDeparture: '2026-11-26T09:00:00Z',
      estimatedDeparture: '2026-11-26T09:00:00Z',
      actualDeparture: '2026-11-26T09:28:00Z',
      estimatedTakeOff: '2026-11-26T09:40:00Z',
      actualTakeOff: '2026-11-26T09:44:00Z',
      scheduledArrival: '2026-11-26T10:30:00Z',
      estimatedArrival: '2026-11-26T11:05:00Z',
      actualLanding: '2026-11-26T10:58:00Z',
    },
  ]);
});

test('a secret spelled by character references or JSON escapes is redacted in what is kept', async () => {
  const redactor = new Redactor(['s3cretkey']);
  const xml = LIST(`<fx:Flight><fx:gufi>&#115;3cretkey</fx:gufi></fx:Flight>`);
  const fixm = await readFlightList(response(xml, 'application/xml', redactor), 'xml', 'the flights', { maxDepth: 64 });
  assert.doesNotMatch(JSON.stringify(fixm.flights), /s3cretkey/);
  const json = `{"type":"FeatureCollection","features":[${FEATURE(0, ',"note":"\\u0073\\u0033cretkey"')}]}`;
  const geo = await readFlightList(response(json, 'application/json', redactor), 'json', 'the flights', {
    maxDepth: 64,
  });
  assert.doesNotMatch(JSON.stringify(geo), /s3cretkey/);
});

test('the reference flight status: records past the cap counted, the appendix indexed once, read over many turns', async (t) => {
  const airports = Array.from({ length: 50_000 }, (_, i) => ({
    fs: `A${i}`,
    icao: `X${String(i).padStart(3, '0')}`,
    name: `Airport ${i}`,
  }));
  airports.unshift({ fs: 'FRA', icao: 'EDDF', name: 'Frankfurt' });
  const record = (i: number) => ({
    flightId: i,
    carrierFsCode: 'LH',
    flightNumber: '400',
    departureAirportFsCode: 'FRA',
    status: 'S',
  });
  const body = JSON.stringify({
    request: { utc: { interpreted: true } },
    appendix: { airports },
    flightStatuses: Array.from({ length: 20_000 }, (_, i) => record(i)),
    error: {},
  });
  const server = await startLocalServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(body),
  );
  const ref = new ReferenceClient({ baseUrl: server.url, retries: 0 }, { appId: 'id', appKey: 'key' });
  t.after(async () => {
    await ref.close();
    await server.close();
  });
  let result: Awaited<ReturnType<ReferenceClient['flightStatus']>> | undefined;
  const turns = await turnsDuring(async () => {
    result = await ref.flightStatus('LH', '400', { year: 2026, month: 11, day: 26 }, { utc: true });
  });
  assert.equal(result!.flightStatuses.length, MAX_FLIGHT_STATUSES);
  assert.equal(result!.notRead, 20_000 - MAX_FLIGHT_STATUSES);
  assert.deepEqual(result!.flightStatuses[0]!.departureAirport, { fs: 'FRA', icao: 'EDDF', name: 'Frankfurt' });
  assert.ok(turns > 3, `${turns} turns`);
});

test('the reference flight status: an entry that is no record is left out and counted, the good one kept (issue 37)', async (t) => {
  const good = { flightId: 1, carrierFsCode: 'LH', flightNumber: '400', departureAirportFsCode: 'FRA', status: 'S' };
  const bodies = [
    JSON.stringify({ flightStatuses: [null, good, 7] }),
    // The single-record shape some answers use.
    JSON.stringify({ flightStatus: [good, 'x'] }),
  ];
  let next = 0;
  const server = await startLocalServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(bodies[next++]),
  );
  const ref = new ReferenceClient({ baseUrl: server.url, retries: 0 }, { appId: 'id', appKey: 'key' });
  t.after(async () => {
    await ref.close();
    await server.close();
  });
  const date = { year: 2026, month: 11, day: 26 };
  const list = await ref.flightStatus('LH', '400', date, { utc: true });
  assert.deepEqual(list.flightStatuses, [good]);
  assert.equal(list.leftOut, 2);
  const single = await ref.flightStatus('LH', '401', date, { utc: true });
  assert.deepEqual(single.flightStatuses, [good]);
  assert.equal(single.leftOut, 1);
});

test('past the cap the rest of a FIXM answer is counted by its start tags, not parsed', async () => {
  const flights = Array.from({ length: 20_000 }, (_, i) => FLIGHT(i));
  // Flights with attributes, self-closed, and a name that merely starts like Flight: counted, counted, not.
  flights.push('<fx:Flight xml:lang="en"><fx:gufi>a</fx:gufi></fx:Flight>', '<fx:Flight/>', '<fx:FlightPlan/>');
  // After the cap the text is no longer parsed: a fault there leaves the flights read standing.
  const body = LIST(flights.join('') + '<broken');
  for (const source of [body, Buffer.from(body)]) {
    let read: Awaited<ReturnType<typeof readFixmFlightsYielding>> | undefined;
    const turns = await turnsDuring(async () => {
      read = await readFixmFlightsYielding(source, { maxDepth: 64 });
    });
    assert.equal(read!.flights.length, 5_000);
    assert.equal(read!.flights.at(-1)!.callsign, 'DLH4999');
    // A start tag cut by the parser's last slice is not counted: the notice says "or more".
    assert.ok(read!.notRead >= 15_001 && read!.notRead <= 15_002, `${read!.notRead} counted`);
    const parsedSlices = Math.ceil(body.indexOf('g-5000') / (64 * 1024));
    assert.ok(turns < parsedSlices + 10, `${turns} turns: the rest is counted a megabyte per turn`);
  }
});
