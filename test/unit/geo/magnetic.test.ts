/**
 * The World Magnetic Model as the server asks it (server/src/geo/magnetic.ts): the variation
 * against NOAA's own test value for WMM-2025, the magnetic track, the words, and the dates the
 * library covers (the constants follow the library: the test fails when its range moves).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { model as wmmModel } from 'geomagnetism';
import {
  magneticModel,
  magneticTrack,
  trackText,
  variationText,
  WMM_FIRST_DAY,
  WMM_LAST_DAY,
} from '../../../server/src/geo/magnetic';

const DAY = 86_400_000;

test("NOAA's WMM-2025 test value: 2027.5, sea level, 13°S 59°W, declination −17.49°", () => {
  // 2027.5 is 2 July 2027 12:00 UTC; the model is taken at noon of the day.
  const wmm = magneticModel(Date.UTC(2027, 6, 2));
  assert.ok(Math.abs(wmm.variation(-13, -59) - -17.49) < 0.02, String(wmm.variation(-13, -59)));
  assert.equal(wmm.text, 'WMM-2025 on 2 Jul 2027');
});

test('the magnetic track is the true track less the variation east, in [0, 360)', () => {
  assert.equal(magneticTrack(275, 2), 273);
  assert.equal(magneticTrack(5, 12), 353);
  assert.equal(magneticTrack(355, -12), 7);
  assert.equal(trackText(359.6), '000°');
  assert.equal(trackText(87.4), '087°');
  assert.equal(variationText(2.4), '2°E');
  assert.equal(variationText(-12.35), '12°W');
  assert.equal(variationText(0.3), '0°');
});

test('the first and last days the library covers; outside them the nearest day, said in the words', () => {
  assert.doesNotThrow(() => wmmModel(new Date(WMM_FIRST_DAY + DAY / 2)));
  assert.doesNotThrow(() => wmmModel(new Date(WMM_LAST_DAY + DAY / 2)));
  assert.throws(() => wmmModel(new Date(WMM_FIRST_DAY - DAY)));
  assert.throws(() => wmmModel(new Date(WMM_LAST_DAY + 2 * DAY)));
  const late = magneticModel(Date.UTC(2031, 0, 1));
  assert.equal(late.text, 'WMM-2025 on 12 Nov 2029 (the last day it covers; the flight is on 1 Jan 2031)');
  assert.equal(late.variation(51.5, -0.1), magneticModel(WMM_LAST_DAY).variation(51.5, -0.1));
  const early = magneticModel(Date.UTC(2013, 9, 1));
  assert.match(early.text, /^WMM-2015 on 16 Dec 2014 \(the first day it covers; the flight is on 1 Oct 2013\)$/);
});
