/**
 * The live flight behind an FPL call sign (issue 22, item 2), pure part: which flight field 7
 * names on its EOBT and DOF, time comparisons across midnight and DOF, the differences with
 * fields 13, 15 and 16, the reference's records, the hover's words.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { parseRouteDocument } from '../../../server/src/route';
import { DIAGNOSTIC_CODES } from '../../../server/src/route/codes';
import type { RouteBlock } from '../../../server/src/route/model';
import {
  callSignBlockAt,
  chooseFlight,
  liveFlightFindings,
  liveFlightHover,
  liveFlightQuery,
  referenceFlightRecord,
  type LiveFlightAnswer,
  type LiveFlightRecord,
} from '../../../server/src/remote/liveFlight';
import {
  flightNumberItems,
  flightNumberTarget,
  MAX_FLIGHT_NUMBER_ITEMS,
} from '../../../server/src/services/flightNumberCompletion';
import { hubRecord, operatorFlights } from '../../../server/src/session/liveFlightLookup';

const ROUTE = 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';
const NOW = Date.UTC(2026, 10, 26, 14, 0);

function fpl(
  eobt: string,
  other = 'REG/DAIZB',
  field15 = ROUTE,
  callsign = 'DLH4AB',
  dest = 'EDDF0105',
  origin = 'EGLL',
): RouteBlock {
  const text = `(FPL-${callsign}-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-${origin}${eobt}\n-${field15}\n-${dest} EDDK\n-${other})\n`;
  return parseRouteDocument(text).blocks[0]!;
}

const utc = (d: number, h: number, m: number) => Date.UTC(2026, 10, d, h, m);

function hubFlight(scheduled: number, extra: Partial<LiveFlightRecord> = {}): LiveFlightRecord {
  return {
    source: 'hub',
    callsign: 'DLH4AB',
    status: 'SCHEDULED',
    cancelled: false,
    departure: 'EGLL',
    arrival: 'EDDF',
    scheduledOffBlockMs: scheduled,
    estimatedOffBlockMs: scheduled + 5 * 60_000,
    scheduledInBlockMs: scheduled + 80 * 60_000,
    routeText: ROUTE,
    ...extra,
  };
}

function answerFor(block: RouteBlock, hub: LiveFlightRecord[], reference: LiveFlightRecord[] = []): LiveFlightAnswer {
  return { query: liveFlightQuery(block, NOW)!, hub, reference, notes: [], fetchedAt: NOW };
}

const codes = (block: RouteBlock, answer: LiveFlightAnswer, tolerance = 15) =>
  liveFlightFindings(block, answer, { eobtToleranceMinutes: tolerance }).map((f) => f.code);

test('field 7 with DOF: the EOBT on that date; one lookup per call sign and date', () => {
  const query = liveFlightQuery(fpl('2350', 'DOF/261126'), NOW)!;
  assert.equal(query.airline, 'DLH');
  assert.equal(query.number, '4AB');
  assert.equal(query.referenceNumber, undefined, '4AB is a call sign, not a flight number');
  assert.equal(query.eobtMs, utc(26, 23, 50));
  assert.deepEqual(query.date, { year: 2026, month: 11, day: 26 });
  assert.equal(query.key, liveFlightQuery(fpl('2310', 'DOF/261126'), NOW)!.key, 'the minutes change nothing asked');
  assert.notEqual(query.key, liveFlightQuery(fpl('2350', 'DOF/261127'), NOW)!.key);
  assert.equal(liveFlightQuery(fpl('0935', 'DOF/261126', ROUTE, 'AFR1404'), NOW)!.referenceNumber, '1404');
  assert.equal(liveFlightQuery(fpl('0935', 'DOF/261126', ROUTE, 'AFR0042'), NOW)!.referenceNumber, '42');
});

test('field 7 without DOF: the EOBT is its next occurrence (tomorrow when already past today)', () => {
  assert.equal(liveFlightQuery(fpl('1200'), NOW)!.eobtMs, utc(27, 12, 0));
  assert.equal(liveFlightQuery(fpl('1500'), NOW)!.eobtMs, utc(26, 15, 0));
});

test('no query for a registration in field 7, or without an EOBT', () => {
  assert.equal(liveFlightQuery(fpl('1200', 'REG/DAIZB', ROUTE, 'DAIZB'), NOW), undefined);
  assert.equal(liveFlightQuery(fpl('12', 'REG/DAIZB'), NOW), undefined);
  assert.equal(liveFlightQuery(fpl('1200', 'DOF/261331'), NOW), undefined, 'DOF/261331 is no date');
});

test('across midnight: EOBT 2350 on DOF 26 Nov and a schedule of 00:10Z on 27 Nov are 20 min apart', () => {
  const block = fpl('2350', 'DOF/261126');
  const answer = answerFor(block, [hubFlight(utc(27, 0, 10))]);
  assert.deepEqual(codes(block, answer, 15), ['L001'], '20 min is more than 15');
  assert.deepEqual(codes(block, answer, 20), [], '20 min is not more than 20');
  const [l001] = liveFlightFindings(block, answer, { eobtToleranceMinutes: 15 });
  assert.match(l001!.message, /20 min before/);
  assert.match(l001!.message, /27 Nov 2026 00:10Z/);
  assert.match(l001!.message, /the hub's flights of DLH 4AB/, 'says what it rests on');
  assert.equal(l001!.severity, 'information');
});

test('across midnight the other way: EOBT 0005 on DOF 27 Nov against 23:55Z on 26 Nov', () => {
  const block = fpl('0005', 'DOF/261127');
  const [finding] = liveFlightFindings(block, answerFor(block, [hubFlight(utc(26, 23, 55))]), {
    eobtToleranceMinutes: 5,
  });
  assert.equal(finding?.code, 'L001');
  assert.match(finding!.message, /10 min after/);
});

test('DOF picks the flight of its day among the days the hub holds', () => {
  const block = fpl('1200', 'DOF/261127');
  const yesterday = hubFlight(utc(26, 12, 40));
  const tomorrow = hubFlight(utc(27, 12, 0));
  const answer = answerFor(block, [yesterday, tomorrow]);
  assert.equal(chooseFlight(answer.hub, answer.query), tomorrow);
  assert.deepEqual(codes(block, answer), [], 'compared with 27 Nov 12:00Z, not 26 Nov 12:40Z');
  const other = fpl('1200', 'DOF/261126');
  assert.deepEqual(codes(other, answerFor(other, [yesterday, tomorrow])), ['L001'], 'DOF 26 Nov: 40 min early');
  const far = fpl('1200', 'DOF/261201');
  assert.deepEqual(codes(far, answerFor(far, [yesterday, tomorrow])), [], 'no flight within 12 h: nothing said');
});

test('cancelled is a warning; departure and destination against fields 13 and 16', () => {
  const block = fpl('1200', 'DOF/261126');
  const cancelled = answerFor(block, [hubFlight(utc(26, 12, 0), { cancelled: true, status: 'CANCELLED' })]);
  assert.deepEqual(codes(block, cancelled), ['L002']);
  const elsewhere = answerFor(block, [hubFlight(utc(26, 12, 0), { departure: 'EGKK', arrival: 'EDDM' })]);
  const findings = liveFlightFindings(block, elsewhere, { eobtToleranceMinutes: 15 });
  assert.deepEqual(
    findings.map((f) => f.code),
    ['L003', 'L004'],
  );
  assert.equal(findings[0]!.range.start.line, block.origin!.range.start.line);
  assert.equal(findings[1]!.range.start.line, block.destination!.range.start.line);
  for (const f of findings) assert.equal(f.severity, 'warning');
  assert.match(findings[0]!.message, /departs from EGKK, field 13 says EGLL/);
  assert.match(findings[1]!.message, /goes to EDDM, field 16 says EDDF/);
});

test('the filed route against field 15: information with the differences; levels alone are no difference', () => {
  const block = fpl('1200', 'DOF/261126');
  const same = answerFor(block, [hubFlight(utc(26, 12, 0), { routeText: ROUTE.replace('F350', 'F370') })]);
  assert.deepEqual(codes(block, same), []);
  const other = answerFor(block, [hubFlight(utc(26, 12, 0), { routeText: ROUTE.replace('UL9', 'L9') })]);
  const [finding] = liveFlightFindings(block, other, { eobtToleranceMinutes: 15 });
  assert.equal(finding?.code, 'L005');
  assert.equal(finding.severity, 'information');
  assert.match(finding.message, /−UL9 \+L9/);
});

test('every L code is information or warning, never an error', () => {
  for (const code of ['L001', 'L002', 'L003', 'L004', 'L005'] as const)
    assert.notEqual(DIAGNOSTIC_CODES[code].severity, 'error');
});

test('the reference family alone: its status record read, its basis named', () => {
  const block = fpl(
    '0935',
    'DOF/261126',
    'N0460F360 SID OKASI UL612 SRN UM727 TAQ STAR',
    'AFR1404',
    'LIRF0150',
    'LFPG',
  );
  const record = referenceFlightRecord({
    carrierFsCode: 'AF',
    flightNumber: '1404',
    departureAirport: { fs: 'CDG', iata: 'CDG', icao: 'LFPG' },
    arrivalAirport: { fs: 'FCO', iata: 'FCO', icao: 'LIRF' },
    departureDate: { dateLocal: '2026-11-26T10:35:00.000', dateUtc: '2026-11-26T09:35:00.000Z' },
    status: 'C',
    operationalTimes: {
      scheduledGateDeparture: { dateLocal: '2026-11-26T11:05:00.000', dateUtc: '2026-11-26T10:05:00.000Z' },
      estimatedGateDeparture: { dateLocal: '2026-11-26T11:15:00.000' },
    },
    delays: { departureGateDelayMinutes: 10 },
  });
  assert.equal(record.status, 'CANCELLED');
  assert.equal(record.cancelled, true);
  assert.equal(record.departure, 'LFPG');
  assert.equal(record.scheduledOffBlockMs, Date.parse('2026-11-26T10:05:00.000Z'), 'the gate schedule first');
  assert.equal(record.estimatedOffBlockMs, undefined, 'a local time without its zone is no instant');
  assert.equal(record.delayMinutes, 10);
  const findings = liveFlightFindings(block, answerFor(block, [], [record]), { eobtToleranceMinutes: 15 });
  assert.deepEqual(
    findings.map((f) => f.code),
    ['L002', 'L001'],
  );
  assert.match(findings[0]!.message, /reference family's flight status of AFR 1404 on 26 Nov 2026/);
});

test("the reference's times are UTC whatever this machine's zone: dateUtc without its Z, never dateLocal", (t) => {
  const zone = process.env.TZ;
  t.after(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  process.env.TZ = 'Asia/Hong_Kong';
  const record = referenceFlightRecord({
    departureDate: { dateLocal: '2026-11-27T07:30:00.000', dateUtc: '2026-11-26T23:30:00.000' },
    arrivalDate: { dateLocal: '2026-11-27T12:30:00.000' },
    operationalTimes: {
      estimatedGateDeparture: { dateUtc: '2026-11-26T23:40:00.000+00:00' },
      estimatedGateArrival: { dateUtc: 'Fri Nov 27 2026 03:30' },
    },
  });
  assert.equal(record.scheduledOffBlockMs, Date.parse('2026-11-26T23:30:00.000Z'), 'dateUtc is UTC by its name');
  assert.equal(record.estimatedOffBlockMs, Date.parse('2026-11-26T23:40:00.000Z'));
  assert.equal(record.scheduledInBlockMs, undefined, 'a dateLocal alone is no instant');
  assert.equal(record.estimatedInBlockMs, undefined, 'no ISO date and time: unknown, not guessed');
});

test('a malformed reference record is read as far as it goes, never thrown on', () => {
  const record = referenceFlightRecord({ status: 7, operationalTimes: 'x', departureAirport: 3, delays: null });
  assert.deepEqual(record, { source: 'reference', cancelled: false });
});

test('hover: times, status, delay, aerodromes; the delay limit outside Europe; the six hours for a past flight', () => {
  const block = fpl('1200', 'DOF/261126');
  const answer = { ...answerFor(block, [hubFlight(utc(26, 12, 0))]), delay: { minutes: 5, accuracy: 'RELIABLE' } };
  const text = liveFlightHover(answer, NOW);
  assert.match(text, /Status: SCHEDULED \(hub\)/);
  // Each figure names its source; no actual time yet.
  assert.match(text, /\| Off-block \| EGLL \| 12:00Z 26 Nov \(hub\) \| 12:05Z 26 Nov \(hub\) \| — \|/);
  assert.match(text, /\| In-block \| EDDF \| 13:20Z 26 Nov \(hub\) \|/);
  assert.match(text, /Delay: 5 min late \(the hub's delay, accuracy RELIABLE\)/);
  assert.doesNotMatch(text, /reliable only/, 'EGLL → EDDF is European');
  const asia = { ...answer, hub: [hubFlight(utc(26, 12, 0), { departure: 'WSSS', arrival: 'VTBS' })] };
  assert.match(liveFlightHover(asia, NOW), /reliable only for flights in European airspace/);
  const none = answerFor(block, []);
  assert.match(liveFlightHover(none, utc(27, 0, 0)), /six hours after landing/);
  assert.doesNotMatch(liveFlightHover(none, utc(26, 0, 0)), /six hours/, 'a future flight has not landed');
});

test('the hover is on field 7 only', () => {
  const document = parseRouteDocument(`(FPL-DLH4AB-IS\n-A320/M-S/C\n-EGLL1200\n-${ROUTE}\n-EDDF0105)\n`);
  assert.ok(callSignBlockAt(document, { line: 0, character: 7 }));
  assert.equal(callSignBlockAt(document, { line: 0, character: 2 }), undefined);
  assert.equal(callSignBlockAt(document, { line: 2, character: 3 }), undefined);
});

test("field 7's flight numbers: offered after the designator, replacing what is typed", () => {
  const document = parseRouteDocument(`(FPL-DLH4-IS\n-A320/M-S/C\n-EGLL1200\n-${ROUTE}\n-EDDF0105)\n`);
  const target = flightNumberTarget(document, { line: 0, character: 9 });
  assert.deepEqual(target, {
    airline: 'DLH',
    typed: 'DLH4',
    range: { start: { line: 0, character: 5 }, end: { line: 0, character: 9 } },
  });
  assert.equal(flightNumberTarget(document, { line: 0, character: 7 }), undefined, 'before three letters');
  const { items } = flightNumberItems(
    [
      {
        number: '4AB',
        callsign: 'DLH4AB',
        departure: 'EGLL',
        arrival: 'EDDF',
        scheduledDeparture: '2026-11-26T12:00:00Z',
      },
    ],
    target!,
  );
  assert.equal(items[0]!.label, 'DLH4AB');
  assert.equal(items[0]!.detail, 'EGLL → EDDF · 12:00Z');
  assert.deepEqual(items[0]!.textEdit, { range: target!.range, newText: 'DLH4AB' });
});

test("field 7's flight numbers are bounded as the other completions, filtered by what is typed (100,000 flights)", () => {
  const flights = Array.from({ length: 100_000 }, (_, i) => ({ number: String(i), callsign: `DLH${i}` }));
  const document = parseRouteDocument(`(FPL-DLH12-IS\n-A320/M-S/C\n-EGLL1200\n-${ROUTE}\n-EDDF0105)\n`);
  const typed = flightNumberItems(flights, flightNumberTarget(document, { line: 0, character: 10 })!);
  assert.equal(typed.items.length, MAX_FLIGHT_NUMBER_ITEMS);
  assert.ok(typed.items.every((item) => item.label.startsWith('DLH12')));
  assert.equal(typed.incomplete, true, 'more match: asked again as the user types, from the cached list');
  const narrow = flightNumberItems(flights.slice(0, 200), flightNumberTarget(document, { line: 0, character: 10 })!);
  assert.deepEqual(
    narrow.items.map((item) => item.label),
    ['DLH12', ...Array.from({ length: 10 }, (_, i) => `DLH${120 + i}`)],
  );
  assert.equal(narrow.incomplete, false);
});

test("issue 36, case 1: the hub's actual off-block 28 min after an estimate left at the schedule: shown, and the delay computed from it", () => {
  const block = fpl('1200', 'DOF/261126');
  const late = hubFlight(utc(26, 12, 0), {
    status: 'AIRBORNE',
    estimatedOffBlockMs: utc(26, 12, 0),
    actualOffBlockMs: utc(26, 12, 28),
  });
  const text = liveFlightHover(answerFor(block, [late]), NOW);
  assert.match(
    text,
    /\| Off-block \| EGLL \| 12:00Z 26 Nov \(hub\) \| 12:00Z 26 Nov \(hub\) \| 12:28Z 26 Nov \(hub\) \|/,
  );
  assert.match(
    text,
    /Delay: 28 min late \(computed: actual off-block 12:28Z \(hub\) against the scheduled off-block 12:00Z \(hub\); no delay given\)/,
  );
});

test("issue 36, case 1: the reference's runway-only actual times, no delays block: 3 h 47 min late, not on time", () => {
  const block = fpl('0935', 'DOF/261126', ROUTE, 'AFR1404', 'LIRF0150', 'LFPG');
  const record = referenceFlightRecord({
    status: 'L',
    departureAirport: { icao: 'LFPG' },
    arrivalAirport: { icao: 'LIRF' },
    operationalTimes: {
      scheduledGateDeparture: { dateUtc: '2026-11-26T09:35:00.000Z' },
      estimatedGateDeparture: { dateUtc: '2026-11-26T09:35:00.000Z' },
      actualRunwayDeparture: { dateUtc: '2026-11-26T13:22:00.000Z' },
      scheduledGateArrival: { dateUtc: '2026-11-26T11:35:00.000Z' },
      actualRunwayArrival: { dateUtc: '2026-11-26T15:12:00.000Z' },
    },
    delays: {},
  });
  assert.equal(record.actualTakeOffMs, utc(26, 13, 22));
  assert.equal(record.actualLandingMs, utc(26, 15, 12));
  const text = liveFlightHover(answerFor(block, [], [record]), NOW);
  assert.match(text, /\| Take-off \| +\| — \| — \| 13:22Z 26 Nov \(reference\) \|/);
  assert.match(text, /\| Landing \| +\| — \| — \| 15:12Z 26 Nov \(reference\) \|/);
  assert.match(text, /Delay: 3 h 47 min late \(computed: actual take-off, taxi-out included, 13:22Z \(reference\)/);
});

test('issue 36, case 2: a diverted flight says where it landed, and field 16 is not called wrong', () => {
  const block = fpl('1200', 'DOF/261126');
  const record = referenceFlightRecord({
    status: 'D',
    departureAirport: { icao: 'EGLL' },
    arrivalAirport: { icao: 'EDDF' },
    divertedAirportFsCode: 'CGN',
    irregularOperations: [{ type: 'DIVERSION', newArrivalAirport: { icao: 'EDDK', name: 'Cologne Bonn Airport' } }],
    operationalTimes: { scheduledGateDeparture: { dateUtc: '2026-11-26T12:00:00Z' } },
  });
  assert.deepEqual(record.divertedTo, { icao: 'EDDK', name: 'Cologne Bonn Airport' });
  const answer = answerFor(block, [], [record]);
  const findings = liveFlightFindings(block, answer, { eobtToleranceMinutes: 15 });
  assert.deepEqual(
    findings.map((f) => f.code),
    ['L006'],
  );
  assert.equal(findings[0]!.severity, 'information');
  assert.match(
    findings[0]!.message,
    /diverted: it landed at EDDK \(Cologne Bonn Airport\), not at EDDF, the destination field 16 names as planned/,
  );
  assert.match(liveFlightHover(answer, NOW), /Diverted: landed at EDDK \(Cologne Bonn Airport\), not at EDDF/);
  // The hub's FIXM: landed at arrivalAerodrome, planned arrivalAerodromeOriginal.
  const hub = hubRecord({
    departure: 'EGLL',
    arrival: 'EDDK',
    originalArrival: 'EDDF',
    scheduledDeparture: '2026-11-26T12:00:00Z',
  });
  assert.deepEqual(codes(block, answerFor(block, [hub])), ['L006']);
});

test('issue 36, case 3: the leg from field 13 is chosen before a nearer schedule of another leg', () => {
  // DLH401 flies EGLL → EDDF at 08:00 and EDDF → LOWW at 10:00; the first leg is 90 min late.
  const block = fpl('0930', 'DOF/261126', ROUTE, 'DLH401');
  const first = hubFlight(utc(26, 8, 0), { callsign: 'DLH401', estimatedOffBlockMs: utc(26, 9, 30) });
  const second = hubFlight(utc(26, 10, 0), { callsign: 'DLH401', departure: 'EDDF', arrival: 'LOWW' });
  const answer = answerFor(block, [second, first]);
  assert.equal(chooseFlight(answer.hub, answer.query), first);
  assert.deepEqual(codes(block, answer, 120), [], 'no "departs from EDDF", no "goes to LOWW"');
  // Without field 13's aerodrome among the legs, field 16's, then the time.
  const elsewhere = fpl('0930', 'DOF/261126', ROUTE, 'DLH401', 'LOWW0105', 'EDDM');
  assert.equal(chooseFlight(answer.hub, liveFlightQuery(elsewhere, NOW)!), second);
});

test('issue 36, case 2: the hub says where it landed, the reference names it: the name shown', () => {
  const block = fpl('1200', 'DOF/261126');
  const hub = hubRecord({
    departure: 'EGLL',
    arrival: 'EDDK',
    originalArrival: 'EDDF',
    scheduledDeparture: '2026-11-26T12:00:00Z',
  });
  const reference = referenceFlightRecord({
    status: 'D',
    departureAirport: { icao: 'EGLL' },
    arrivalAirport: { icao: 'EDDF' },
    divertedAirport: { icao: 'EDDK', name: 'Cologne Bonn Airport' },
    operationalTimes: { scheduledGateDeparture: { dateUtc: '2026-11-26T12:00:00Z' } },
  });
  const answer = answerFor(block, [hub], [reference]);
  assert.match(liveFlightHover(answer, NOW), /Diverted: landed at EDDK \(Cologne Bonn Airport\), not at EDDF/);
  const [l006] = liveFlightFindings(block, answer, { eobtToleranceMinutes: 15 });
  assert.match(l006!.message, /landed at EDDK \(Cologne Bonn Airport\)/);
  assert.match(l006!.message, /the hub's flights/, 'the basis is the service that said it');
});

test('issue 36, case 5: a hub flight without a call sign: the hover says it is operator and number, not the call sign', () => {
  const block = fpl('1200', 'DOF/261126', ROUTE, 'EZY2019');
  const record = hubRecord({
    operator: 'EZY',
    flightNumber: '2019',
    departure: 'EGLL',
    arrival: 'EDDF',
    scheduledDeparture: '2026-11-26T12:00:00Z',
  });
  assert.equal(record.callsign, undefined, 'never made up');
  assert.equal(record.operatorAndNumber, 'EZY 2019');
  const hover = liveFlightHover(answerFor(block, [record]), NOW);
  assert.match(hover, /No ATC call sign given: the hub names this flight EZY 2019 \(operator and flight number\)/);
  const named = liveFlightHover(
    answerFor(block, [
      hubRecord({
        callsign: 'EZY2019',
        operator: 'EZY',
        flightNumber: '2019',
        scheduledDeparture: '2026-11-26T12:00:00Z',
      }),
    ]),
    NOW,
  );
  assert.doesNotMatch(named, /No ATC call sign/);
});

test('issue 36, case 5: completion offers a flight without a call sign as operator and number, said not to be the call sign', () => {
  const flights = operatorFlights('EZY', [
    { operator: 'EZY', flightNumber: '2019', departure: 'EGLL', arrival: 'EDDF' },
    { callsign: 'EZY19AB', operator: 'EZY', flightNumber: '19' },
    { operator: 'BAW', flightNumber: '2019' },
  ]);
  assert.deepEqual(
    flights.map((f) => [f.callsign, f.notAtcCallsign ?? false]),
    [
      ['EZY19AB', false],
      ['EZY2019', true],
    ],
  );
  const document = parseRouteDocument(`(FPL-EZY-IS\n-A320/M-S/C\n-EGLL1200\n-${ROUTE}\n-EDDF0105)\n`);
  const { items } = flightNumberItems(flights, flightNumberTarget(document, { line: 0, character: 8 })!);
  const item = items.find((i) => i.label === 'EZY2019')!;
  assert.match(String(item.detail), /operator and number, not the ATC call sign/);
  assert.match(String(item.documentation), /no ATC call sign/);
  assert.doesNotMatch(String(items.find((i) => i.label === 'EZY19AB')!.detail), /not the ATC call sign/);
});
