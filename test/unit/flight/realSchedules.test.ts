/** The schedule forms real NOTAMs and AIXM airspaces use, judged at the flight's time (UTC). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getTimes } from 'suncalc';
import { airspaceActivity, notamActivity, notamScheduleRules } from '../../../server/src/flight/schedule';

const at = (d: number, h: number, m = 0) => Date.UTC(2026, 10, d, h, m);
const valid = { effectiveStart: '2026-11-23T07:00:00.000Z', effectiveEnd: '2026-11-27T15:00:00.000Z' };

test('item D days of the validity month: "23 25 27 0800-1600"', () => {
  const n = { ...valid, schedule: '23 25 27 0800-1600' };
  assert.equal(notamActivity(n, at(23, 10), at(23, 10, 5)).state, 'active');
  assert.equal(notamActivity(n, at(24, 10), at(24, 10, 5)).state, 'inactive');
  assert.equal(notamActivity(n, at(25, 17), at(25, 17, 5)).state, 'inactive');
  // Days before the validity's day are next month's: "28 02 …" from 28 Nov is 28 Nov and 2 Dec.
  const across = notamScheduleRules('28 02 0800-1600', { startMs: at(28, 0) });
  assert.notEqual(typeof across, 'string');
  assert.equal(
    notamActivity(
      { effectiveStart: '2026-11-28T00:00:00Z', effectiveEnd: '2026-12-05T00:00:00Z', schedule: '28 02 0800-1600' },
      Date.UTC(2026, 11, 2, 9),
      Date.UTC(2026, 11, 2, 9, 5),
    ).state,
    'active',
  );
});

test('item D continuous period "NOV 23 0700-NOV 27 1500"', () => {
  const n = { ...valid, schedule: 'NOV 23 0700-NOV 27 1500' };
  assert.equal(notamActivity(n, at(25, 2), at(25, 2, 5)).state, 'active');
  assert.equal(notamActivity(n, at(23, 6), at(23, 6, 30)).state, 'inactive');
});

test('item D SR-SS at the NOTAM position, from suncalc; without a position it stays open and says so', () => {
  const place = { lat: 50.85, lon: 4.35 };
  const times = getTimes(new Date(at(23, 12)), place.lat, place.lon);
  const sun = { sunrise: times.sunrise!, sunset: times.sunset! };
  const n = { ...valid, ...place, schedule: 'SR-SS' };
  assert.equal(notamActivity(n, sun.sunrise.getTime() + 60_000, sun.sunrise.getTime() + 120_000).state, 'active');
  assert.equal(notamActivity(n, sun.sunrise.getTime() - 120_000, sun.sunrise.getTime() - 60_000).state, 'inactive');
  assert.equal(notamActivity(n, sun.sunset.getTime() + 60_000, sun.sunset.getTime() + 120_000).state, 'inactive');
  const mixed = { ...valid, ...place, schedule: 'MON-FRI 0600-SS' };
  assert.equal(notamActivity(mixed, sun.sunset.getTime() - 120_000, sun.sunset.getTime() - 60_000).state, 'active');
  const nowhere = notamActivity({ ...valid, schedule: 'SR-SS' }, at(23, 12), at(23, 12, 5));
  assert.equal(nowhere.state, 'unknown');
  assert.match(nowhere.text, /^schedule given in a form not read: 'SR-SS'/);
  assert.ok(nowhere.open);
});

test('an EST end is flagged; after it the NOTAM may still be in force: open, said', () => {
  const n = { ...valid, effectiveEndEstimated: true };
  assert.match(notamActivity(n, at(24, 10), at(24, 11)).text, /\(EST: estimated end\)/);
  const after = notamActivity(n, at(28, 10), at(28, 11));
  assert.equal(after.state, 'unknown');
  assert.match(after.text, /its end is estimated \(EST\)/);
  assert.equal(notamActivity({ ...valid }, at(28, 10), at(28, 11)).state, 'inactive');
});

test('AIXM day codes: WORK_DAY is MON–FRI, said; HOL stays open unless another rule makes the area active', () => {
  const work = [{ day: 'WORK_DAY', startTime: '08:00', endTime: '16:00', timeReference: 'UTC' }];
  const mon = airspaceActivity(work, at(23, 10), at(23, 10, 5));
  assert.equal(mon.state, 'active');
  assert.match(mon.text, /WORK_DAY taken as MON–FRI/);
  assert.equal(airspaceActivity(work, at(28, 10), at(28, 10, 5)).state, 'inactive');
  const withHol = [...work, { day: 'HOL', startTime: '08:00', endTime: '12:00', timeReference: 'UTC' }];
  assert.equal(airspaceActivity(withHol, at(23, 10), at(23, 10, 5)).state, 'active');
  const saturday = airspaceActivity(withHol, at(28, 10), at(28, 10, 5));
  assert.equal(saturday.state, 'unknown');
  assert.match(
    saturday.text,
    /schedule given in a form not read \(the State's public holidays are not known\): day 'HOL' is not supported/,
  );
  assert.ok(saturday.open);
});
