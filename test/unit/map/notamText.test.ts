/**
 * Item Q's code in words (ICAO Doc 8126), a NOTAM in ICAO form, its place in a briefing, its
 * times as a dispatcher reads them, and a view's NOTAMs grouped by what concerns the flight.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { decodeQCode, isAerodromeSubject } from '../../../server/src/map/notamCode';
import { briefingPlace, icaoNotamText, readableUtc, validityText, type BriefingRoute } from '../../../common/notamText';
import { notamBriefing, otherNotamsLine } from '../../../common/notamBriefing';
import type { MapNotam } from '../../../common/protocol/mapMessages';

test('Q-codes in words: subject (2nd–3rd letters) and condition (4th–5th)', () => {
  assert.equal(decodeQCode('QRRCA')?.text, 'Restricted area activated');
  assert.equal(decodeQCode('QRDCA')?.text, 'Danger area activated');
  assert.equal(decodeQCode('QMRLC')?.text, 'Runway closed');
  assert.equal(decodeQCode('QNVAS')?.text, 'VOR unserviceable');
  assert.equal(decodeQCode('QOBCE')?.text, 'Obstacle erected');
  assert.equal(decodeQCode('QWPLW')?.text, 'Parachute jumping exercise, paragliding or hang gliding will take place');
  assert.equal(decodeQCode('qilas')?.text, 'Localizer (ILS) unserviceable');
  assert.deepEqual(decodeQCode('QRTCA'), {
    subject: 'Temporary restricted area',
    condition: 'activated',
    text: 'Temporary restricted area activated',
  });
  // An unknown condition keeps its letters; an unknown subject, a plain-language code or junk: nothing.
  assert.equal(decodeQCode('QMRZQ')?.text, 'Runway condition ZQ');
  assert.equal(decodeQCode('QXXXX'), undefined);
  assert.equal(decodeQCode('RRCA'), undefined);
  assert.equal(decodeQCode(undefined), undefined);
});

test('a NOTAM in ICAO form: Q with the fields known, A, B, C, D, E, F and G', () => {
  const text = icaoNotamText({
    number: 'B0456/26',
    location: 'EBBU',
    fir: 'EBBU',
    code: 'QRRCA',
    text: 'TEMPO RESTRICTED AREA EB-R972 ACTIVATED',
    lower: 'SFC',
    upper: 'FL100',
    validFrom: '2026-11-23T06:00Z',
    validTo: '2026-11-23T18:00Z EST',
    schedule: 'DAILY 0600-1800',
    circle: { center: [4.2, 50.9], radiusNm: 15, ring: [] },
  });
  assert.equal(
    text,
    [
      'B0456/26 NOTAMN',
      'Q) EBBU/QRRCA////000/100/5054N00412E015',
      'A) EBBU B) 2611230600 C) 2611231800EST',
      'D) DAILY 0600-1800',
      'E) TEMPO RESTRICTED AREA EB-R972 ACTIVATED',
      'F) SFC G) FL100',
    ].join('\n'),
  );
  // Only what is known: no Q line without any of its fields, no D, F or G.
  assert.equal(
    icaoNotamText({ number: 'A0001/26', location: 'EGLL', text: 'RWY 09L CLSD' }),
    'A0001/26 NOTAMN\nA) EGLL\nE) RWY 09L CLSD',
  );
});

test('the briefing place: departure, en route by FIR along the route, destination, alternates', () => {
  const route: BriefingRoute = {
    origin: 'EGLL',
    destination: 'EDDF',
    alternates: ['EDDK'],
    firs: new Map([
      ['EGTT', [{ entryNm: 0, exitNm: 90 }]],
      ['EBBU', [{ entryNm: 90, exitNm: 250 }]],
      ['EDGG', [{ entryNm: 250, exitNm: 340 }]],
    ]),
    totalNm: 340,
  };
  assert.deepEqual(briefingPlace('EGLL', 'EGTT', 0, route), { section: 'departure', alongNm: 0 });
  assert.deepEqual(briefingPlace('eddf', undefined, 330, route), { section: 'destination', alongNm: 340 });
  assert.deepEqual(briefingPlace('EDDK', 'EDGG', undefined, route), { section: 'alternate', alongNm: 340 });
  assert.deepEqual(briefingPlace('EBBU', 'EBBU', 120.04, route), { section: 'enroute', fir: 'EBBU', alongNm: 120 });
  // No FIR given: the one the route is in there; no place either: where the route enters its FIR.
  assert.deepEqual(briefingPlace('EBCI', undefined, 200, route), { section: 'enroute', fir: 'EBBU', alongNm: 200 });
  assert.deepEqual(briefingPlace('EDGG', 'EDGG', undefined, route), { section: 'enroute', fir: 'EDGG', alongNm: 250 });
  // About the use of an aerodrome: apart when the flight passes it, with its own when it uses it;
  // a FIR's NOTAM of such a subject stays en route.
  assert.deepEqual(briefingPlace('EBBR', 'EBBU', 160, route, true), {
    section: 'otherAerodrome',
    fir: 'EBBU',
    alongNm: 160,
  });
  assert.deepEqual(briefingPlace('EBBR', 'EBBU', 160, route, false), { section: 'enroute', fir: 'EBBU', alongNm: 160 });
  assert.deepEqual(briefingPlace('EDDK', 'EDGG', 300, route, true), { section: 'alternate', alongNm: 340 });
  assert.deepEqual(briefingPlace('EGLL', 'EGTT', 0, route, true), { section: 'departure', alongNm: 0 });
  assert.deepEqual(briefingPlace('EBBU', 'EBBU', 120, route, true), { section: 'enroute', fir: 'EBBU', alongNm: 120 });
});

test('the subjects about the use of an aerodrome: taxiway, apron, lights, birds, ILS, obstacles; not airspace, navaids or warnings', () => {
  for (const code of ['QMXLC', 'QMNHW', 'QLRAS', 'QFAXX', 'QFAHX', 'QICAS', 'QMRLC', 'QOBCE', 'QPIAU', 'QSTAH'])
    assert.equal(isAerodromeSubject(code), true, code);
  for (const code of [
    'QRRCA',
    'QRDCA',
    'QRTCA',
    'QWPLW',
    'QNVAS',
    'QNMAS',
    'QARLC',
    'QSCAH',
    'QXXXX',
    undefined,
    'RWY',
  ])
    assert.equal(isAerodromeSubject(code), false, String(code));
});

test('times as a dispatcher reads them: "28 Nov 16:10Z", the year only where the ends are in different years', () => {
  assert.equal(readableUtc('2026-11-28T16:10:00.000Z'), '28 Nov 16:10Z');
  assert.equal(readableUtc('2026-12-01T03:00:00.000Z EST'), '1 Dec 03:00Z EST');
  assert.equal(readableUtc('2026-12-01T03:00Z', true), '1 Dec 2026 03:00Z');
  assert.equal(readableUtc('PERM'), 'PERM');
  assert.equal(readableUtc(undefined), undefined);
  assert.equal(validityText('2026-11-28T16:10:00.000Z', '2026-11-30T06:00:00.000Z'), '28 Nov 16:10Z to 30 Nov 06:00Z');
  assert.equal(
    validityText('2026-12-28T16:10:00.000Z', '2027-01-03T06:00:00.000Z EST'),
    '28 Dec 2026 16:10Z to 3 Jan 2027 06:00Z EST',
  );
  assert.equal(validityText('2026-11-28T16:10:00.000Z', 'PERM'), '28 Nov 16:10Z to PERM');
  assert.equal(validityText(undefined, '2026-11-30T06:00:00.000Z'), '… to 30 Nov 06:00Z');
  assert.equal(validityText(undefined, undefined), undefined);
});

test('a view’s NOTAMs for a briefing: the flight’s by group in its order, the rest apart and said in one line', () => {
  const n = (id: string, location: string, briefing: MapNotam['briefing'], inCorridor = true): MapNotam => ({
    id,
    number: id,
    location,
    subject: 'aerodrome',
    text: 'X',
    distanceNm: 0,
    inCorridor,
    reason: '',
    ...(briefing ? { briefing } : {}),
  });
  const notams = [
    n('dest', 'EDDF', { section: 'destination', alongNm: 340 }),
    n('twy', 'EBBR', { section: 'otherAerodrome', fir: 'EBBU', alongNm: 160 }),
    n('d2', 'EBBU', { section: 'enroute', fir: 'EBBU', alongNm: 200 }),
    n('d1', 'EBBU', { section: 'enroute', fir: 'EBBU', alongNm: 150 }),
    n('altn', 'EDDK', { section: 'alternate', alongNm: 340 }),
    n('far', 'EBBU', { section: 'enroute', fir: 'EBBU', alongNm: 180 }, false),
    n('dep', 'EGLL', { section: 'departure', alongNm: 0 }),
    n('apron', 'EBAW', { section: 'otherAerodrome', fir: 'EBBU', alongNm: 120 }),
    n('birds', 'EBBR', { section: 'otherAerodrome', fir: 'EBBU', alongNm: 160 }),
  ];
  const briefing = notamBriefing(notams, (x) => x.inCorridor);
  assert.deepEqual(
    briefing.groups.map((g) => [g.title, g.notams.map((x) => x.id)]),
    [
      ['Departure EGLL', ['dep']],
      ['En route · FIR EBBU', ['d1', 'd2']],
      ['Destination EDDF', ['dest']],
      ['Alternate EDDK', ['altn']],
    ],
  );
  assert.deepEqual(
    briefing.otherAerodromes.map((x) => x.id),
    ['apron', 'twy', 'birds'],
  );
  assert.deepEqual(
    briefing.leftOut.map((x) => x.id),
    ['far'],
  );
  assert.equal(
    otherNotamsLine(briefing),
    '4 more NOTAMs, not for this flight: 3 about the use of aerodromes the route passes (EBAW, EBBR); ' +
      '1 left out by the filters (other levels or times, or outside the corridor)',
  );
  assert.equal(otherNotamsLine({ ...briefing, otherAerodromes: [], leftOut: [] }), '');
});
