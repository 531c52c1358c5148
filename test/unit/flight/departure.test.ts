/**
 * A block's `departure:` directive times its flight: the ETOs of the profile start at it, before
 * the reference time (icaoRoute.flight.departureTime or now); a time without a date is placed
 * after the reference time as an EOBT without DOF/; an FPL message keeps its EOBT and DOF/.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { flightOf } from '../../../server/src/flight';
import { flightDateMs } from '../../../server/src/route/flightDate';
import { block, geodesicNm, HOUR, latLonPoints } from './helpers';

const ROUTE = 'N0450F350 5000N00500W 5100N01000W 5200N01500W';
/** The reference time: the setting's, or now. */
const REFERENCE = Date.UTC(2026, 10, 26, 10, 0);

test("plain route text with departure: its ETOs start at the directive's date and time, not at the reference time", () => {
  const b = block(`departure: 261128 0715\n${ROUTE}`);
  const flight = flightOf(b, latLonPoints(b), REFERENCE);
  const departure = Date.UTC(2026, 10, 28, 7, 15);
  assert.equal(flight.time.ms, departure);
  assert.equal(flight.time.text, 'departure: 261128 0715');
  assert.equal(flight.profile.departureMs, departure);
  const points = latLonPoints(b);
  assert.equal(flight.profile.points[0]!.etoMs, departure);
  const nm = geodesicNm(points[0]!, points[1]!);
  assert.ok(Math.abs(flight.profile.points[1]!.etoMs! - (departure + (nm / 450) * HOUR)) <= 1);
  // The same flight in ISO form.
  const iso = block(`departure: 2026-11-28T07:15Z\n${ROUTE}`);
  assert.equal(flightOf(iso, latLonPoints(iso), REFERENCE).profile.points[0]!.etoMs, departure);
});

test('a time without a date: its first occurrence at or after the reference time, and the text says so', () => {
  const later = block(`departure: 1430\n${ROUTE}`);
  const today = flightOf(later, latLonPoints(later), REFERENCE);
  assert.equal(today.time.ms, Date.UTC(2026, 10, 26, 14, 30));
  assert.equal(today.time.text, 'departure: 1430, no date: the first 14:30Z after 26 Nov 2026 10:00Z');
  const earlier = block(`departure: 0715Z\n${ROUTE}`);
  assert.equal(flightOf(earlier, latLonPoints(earlier), REFERENCE).time.ms, Date.UTC(2026, 10, 27, 7, 15));
});

test('a departure that reads no time gives the flight no time (no ETOs), and says why; never the reference time', () => {
  const b = block(`departure: 261131 1430\n${ROUTE}`, true);
  assert.deepEqual(
    b.diagnostics.map((d) => d.code),
    ['R011'],
  );
  const flight = flightOf(b, latLonPoints(b), REFERENCE);
  assert.equal(flight.time.ms, undefined);
  assert.equal(flight.time.text, 'departure: 261131 1430 gives no time (day 31 is not a day of November 2026 (01–30))');
  assert.equal(flight.profile.points[0]!.etoMs, undefined);
});

test('without departure: the reference time, as before', () => {
  const b = block(ROUTE);
  const flight = flightOf(b, latLonPoints(b), REFERENCE);
  assert.equal(flight.profile.points[0]!.etoMs, REFERENCE);
  assert.match(flight.time.text, /^reference time 26 Nov 2026 10:00Z/);
});

test('an FPL message keeps its EOBT and DOF/: a departure: in its block is not used (R012)', () => {
  const fpl = block(
    'departure: 261128 0715\n(FPL-DLH4AB-IS\n-A320/M-SDE2E3FGIJ1WY/LB1\n-EGLL1200\n-N0450F350 5000N00500W 5100N01000W\n-EDDF0105\n-DOF/261123)',
    true,
  );
  assert.deepEqual(
    fpl.diagnostics.map((d) => d.code),
    ['R012'],
  );
  const flight = flightOf(fpl, latLonPoints(fpl), REFERENCE);
  assert.equal(flight.time.ms, Date.UTC(2026, 10, 23, 12, 0));
  assert.equal(flight.time.text, 'EOBT 1200Z on DOF 261123');
});

test("the flight's date (for the magnetic variation) is the departure's", () => {
  assert.equal(flightDateMs(block(`departure: 300615 1200\n${ROUTE}`)), Date.UTC(2030, 5, 15, 12, 0));
  assert.equal(flightDateMs(block(`departure: 2030-06-15T23:59Z\n${ROUTE}`)), Date.UTC(2030, 5, 15, 23, 59));
});
