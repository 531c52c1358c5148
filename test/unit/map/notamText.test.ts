/** Item Q's code in words (ICAO Doc 8126), a NOTAM in ICAO form, and its place in a briefing. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { decodeQCode } from '../../../server/src/map/notamCode';
import { briefingPlace, icaoNotamText, type BriefingRoute } from '../../../common/notamText';

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
});
