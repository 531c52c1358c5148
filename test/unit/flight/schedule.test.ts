/** Airspace schedules and NOTAM validity and item D, judged over the times the flight is in the area (UTC). */
import test from 'node:test';
import assert from 'node:assert/strict';
import { airspaceActivity, notamActivity, notamScheduleRules } from '../../../server/src/flight/schedule';
import { MINUTE } from './helpers';

// Monday 23 November 2026.
const MON = (h: number, m = 0) => Date.UTC(2026, 10, 23, h, m);
const day = (d: number, h: number, m = 0) => Date.UTC(2026, 10, d, h, m);
assert.equal(new Date(MON(0)).getUTCDay(), 1);

test('an airspace without schedules is taken as always active, and says so', () => {
  const a = airspaceActivity(undefined, MON(10), MON(11));
  assert.equal(a.state, 'active');
  assert.match(a.text, /no schedule given/);
});

test('hub schedule MON–FRI 07:00–15:30 UTC: judged over the minutes the flight is inside, not once per flight', () => {
  const s = [{ day: 'MON', dayTil: 'FRI', startTime: '07:00', endTime: '15:30', timeReference: 'UTC' }];
  assert.equal(airspaceActivity(s, MON(10), MON(10, 10)).state, 'active');
  assert.equal(airspaceActivity(s, MON(16), MON(16, 10)).state, 'inactive');
  assert.equal(airspaceActivity(s, MON(6, 40), MON(6, 55)).state, 'inactive');
  // Inside from 15:20 to 15:40: active for the first ten minutes.
  assert.equal(airspaceActivity(s, MON(15, 20), MON(15, 40)).state, 'active');
  // Saturday 28 November.
  assert.equal(airspaceActivity(s, day(28, 10), day(28, 10, 10)).state, 'inactive');
  assert.equal(airspaceActivity(s, MON(10), MON(10, 10)).text, 'active 07:00–15:30Z (MON-FRI 07:00-15:30 UTC)');
  // The window alone, for the map's label of the area.
  assert.equal(airspaceActivity(s, MON(10), MON(10, 10)).window, '07:00–15:30Z');
  assert.equal(airspaceActivity(s, MON(16), MON(16, 10)).window, undefined);
  const h24 = [{ day: 'ANY', startTime: '00:00', endTime: '24:00', timeReference: 'UTC' }];
  assert.equal(airspaceActivity(h24, MON(10), MON(10, 10)).window, 'H24');
});

test('a daily window across midnight (22:00–06:00) covers the early hours of the next day', () => {
  const s = [{ day: 'ANY', startTime: '22:00', endTime: '06:00', timeReference: 'UTC' }];
  assert.equal(airspaceActivity(s, day(24, 2), day(24, 2, 5)).state, 'active');
  assert.equal(airspaceActivity(s, day(24, 7), day(24, 7, 5)).state, 'inactive');
  assert.equal(airspaceActivity(s, MON(23), MON(23, 5)).state, 'active');
});

test('a season (startDate/endDate DD-MM) limits the days; a season across the year end wraps', () => {
  const summer = [{ startDate: '01-04', endDate: '30-09', startTime: '00:00', endTime: '23:59' }];
  assert.equal(airspaceActivity(summer, MON(10), MON(11)).state, 'inactive');
  assert.equal(airspaceActivity(summer, Date.UTC(2026, 5, 15, 10), Date.UTC(2026, 5, 15, 11)).state, 'active');
  const winter = [{ startDate: '01-11', endDate: '31-03', startTime: '00:00', endTime: '23:59' }];
  assert.equal(airspaceActivity(winter, MON(10), MON(11)).state, 'active');
  assert.equal(airspaceActivity(winter, Date.UTC(2027, 0, 10, 10), Date.UTC(2027, 0, 10, 11)).state, 'active');
  assert.equal(airspaceActivity(winter, Date.UTC(2026, 5, 15, 10), Date.UTC(2026, 5, 15, 11)).state, 'inactive');
});

test('timeReference UTC+1: 07:00–15:00 local is 06:00–14:00Z', () => {
  const s = [{ day: 'ANY', startTime: '07:00', endTime: '15:00', timeReference: 'UTC+1' }];
  assert.equal(airspaceActivity(s, MON(13, 30), MON(13, 40)).state, 'active');
  assert.equal(airspaceActivity(s, MON(14, 30), MON(14, 40)).state, 'inactive');
  assert.equal(airspaceActivity(s, MON(6, 30), MON(6, 40)).state, 'active');
});

test('what is not supported (a holiday day, a local time) is "unknown", kept, and says why', () => {
  const hol = airspaceActivity([{ day: 'HOL', startTime: '07:00', endTime: '15:00' }], MON(10), MON(11));
  assert.equal(hol.state, 'unknown');
  assert.match(hol.text, /day 'HOL' is not supported; taken as possibly active/);
  const local = airspaceActivity(
    [{ day: 'ANY', startTime: '07:00', endTime: '15:00', timeReference: 'UTC(DST)' }],
    MON(10),
    MON(11),
  );
  assert.equal(local.state, 'unknown');
  assert.equal(airspaceActivity([{ day: 'MON' }], undefined, undefined).state, 'unknown');
});

test('NOTAM item B "comes into force" and item C "ceases": validity judged at the flight time; PERM is open-ended', () => {
  const n = { effectiveStart: '2026-11-23T08:00:00.000Z', effectiveEnd: '2026-11-24T17:00:00.000Z' };
  assert.equal(notamActivity(n, MON(7), MON(7, 30)).state, 'inactive');
  assert.equal(notamActivity(n, MON(10), MON(10, 5)).state, 'active');
  assert.equal(notamActivity(n, day(24, 18), day(24, 18, 5)).state, 'inactive');
  assert.match(
    notamActivity(n, MON(7), MON(7, 30)).text,
    /^not in force then \(valid 23 Nov 2026 08:00Z to 24 Nov 2026 17:00Z\)$/,
  );
  assert.equal(
    notamActivity({ effectiveStart: '2026-11-01T00:00:00.000Z', effectiveEnd: 'PERM' }, day(30, 1), day(30, 2)).state,
    'active',
  );
  assert.equal(
    notamActivity({ effectiveStart: '2611230800', effectiveEnd: 'soon' }, MON(10), MON(11)).state,
    'unknown',
  );
  assert.equal(notamActivity(n, undefined, undefined).state, 'unknown');
  // A time without a zone is UTC, whatever the machine's time zone.
  const bare = { effectiveStart: '2026-11-23T08:00:00', effectiveEnd: '2026-11-23T09:00:00' };
  assert.equal(notamActivity(bare, MON(8, 30), MON(8, 35)).state, 'active');
  assert.equal(notamActivity(bare, MON(9, 30), MON(9, 35)).state, 'inactive');
});

test('NOTAM item D "0600-1400" (UTC, within items B–C): active at ETO 10:42Z, not at 15:00Z', () => {
  const n = {
    effectiveStart: '2026-11-20T00:00:00.000Z',
    effectiveEnd: '2026-11-30T23:59:00.000Z',
    schedule: '0600-1400',
  };
  const at = notamActivity(n, MON(10, 42), MON(10, 42));
  assert.equal(at.state, 'active');
  assert.match(at.text, /^active 06:00–14:00Z \(0600-1400, valid/);
  assert.equal(notamActivity(n, MON(15), MON(15, 5)).state, 'inactive');
});

test('NOTAM item D with days: "MON-FRI 0700-1900", "MON WED FRI 0800-1200 SAT 0900-1100", "DAILY", "H24"', () => {
  const valid = { effectiveStart: '2026-11-01T00:00:00.000Z', effectiveEnd: '2026-12-31T23:59:00.000Z' };
  const weekdays = { ...valid, schedule: 'MON-FRI 0700-1900' };
  assert.equal(notamActivity(weekdays, MON(8), MON(8, 5)).state, 'active');
  assert.equal(notamActivity(weekdays, day(28, 8), day(28, 8, 5)).state, 'inactive');
  const mixed = { ...valid, schedule: 'MON WED FRI 0800-1200 SAT 0900-1100' };
  assert.equal(notamActivity(mixed, day(28, 10), day(28, 10, 5)).state, 'active');
  assert.equal(notamActivity(mixed, day(28, 11, 30), day(28, 11, 35)).state, 'inactive');
  assert.equal(notamActivity(mixed, day(24, 10), day(24, 10, 5)).state, 'inactive');
  assert.equal(notamActivity(mixed, day(25, 10), day(25, 10, 5)).state, 'active');
  assert.equal(notamActivity({ ...valid, schedule: 'DAILY 2200-0600' }, day(24, 3), day(24, 3, 5)).state, 'active');
  assert.equal(notamActivity({ ...valid, schedule: 'H24' }, day(24, 3), day(24, 3, 5)).state, 'active');
});

test('NOTAM item D with dates: "NOV 23 25 0800-1700" and "NOV 26-28 0600-1400"', () => {
  const valid = { effectiveStart: '2026-11-01T00:00:00.000Z', effectiveEnd: '2026-12-31T23:59:00.000Z' };
  const dates = { ...valid, schedule: 'NOV 23 25 0800-1700' };
  assert.equal(notamActivity(dates, MON(9), MON(9, 5)).state, 'active');
  assert.equal(notamActivity(dates, day(24, 9), day(24, 9, 5)).state, 'inactive');
  assert.equal(notamActivity(dates, day(25, 9), day(25, 9, 5)).state, 'active');
  const range = { ...valid, schedule: 'NOV 26-28 0600-1400' };
  assert.equal(notamActivity(range, day(27, 13), day(27, 13, 5)).state, 'active');
  assert.equal(notamActivity(range, day(29, 13), day(29, 13, 5)).state, 'inactive');
});

test('the schedule only counts within the validity: a window after item C does not make it active', () => {
  const n = {
    effectiveStart: '2026-11-23T00:00:00.000Z',
    effectiveEnd: '2026-11-23T09:00:00.000Z',
    schedule: '0600-1400',
  };
  assert.equal(notamActivity(n, MON(10), MON(10, 5)).state, 'inactive');
  assert.equal(notamActivity(n, MON(8, 50), MON(9, 10)).state, 'active');
});

test('item D "SR-SS" (sunrise to sunset) is not supported: unknown, kept, and said', () => {
  const n = { effectiveStart: '2026-11-01T00:00:00.000Z', effectiveEnd: '2026-12-31T23:59:00.000Z', schedule: 'SR-SS' };
  const a = notamActivity(n, MON(10), MON(10, 5));
  assert.equal(a.state, 'unknown');
  assert.match(a.text, /sunrise\/sunset\) is not supported; taken as possibly active/);
  assert.equal(typeof notamScheduleRules('MON-FRI 0700-1900 EXC HOL'), 'string');
  assert.equal(typeof notamScheduleRules('0700-2500'), 'string');
  void MINUTE;
});
