/**
 * Areas and NOTAMs with the hours and levels real ones publish (issue 40; the simulator serves
 * these shapes, test/hub-sim/README.md "Data"), read by the product's readers from the fixtures
 * of test/fixtures/real-shapes and judged for a flight: a two-layer TRA active MON–THU
 * 0700–2230 and FRI 0700–1600 UTC, a danger area on weekday mornings, a prohibited area H24 at
 * low level, their activation NOTAM with the same item D, and a temporary restricted area of a
 * few days, FL110–FL150, item D 0600-1600.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import test from 'node:test';
import { AIRSPACE_RULES, NOTAM_RULES, readFeatureCollection } from '../../../server/src/hub/geojson';
import { notamOfFeature } from '../../../server/src/hub/notams';
import { airspaceActivity, notamActivity } from '../../../server/src/flight/schedule';
import { airspaceBand } from '../../../server/src/flight/levels';

const FIXTURES = path.resolve(__dirname, '../../fixtures/real-shapes');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));
const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

const airspaces = readFeatureCollection(fixture('airspace-schedules.json'), AIRSPACE_RULES).features;
const airspace = (designator: string) => airspaces.find((f) => f.properties.designator === designator)!.properties;
const stateOf = (designator: string, iso: string) =>
  airspaceActivity(airspace(designator).schedules, at(iso), at(iso) + 10 * MINUTE).state;

test('a TRA of the German military AIP: active Monday to Thursday until 22:30Z, Friday until 16:00Z, never at weekends', () => {
  assert.equal(airspaces.length, 4);
  for (const [iso, state] of [
    ['2026-12-07T06:40:00Z', 'inactive'], // Monday, before 07:00
    ['2026-12-07T07:10:00Z', 'active'],
    ['2026-12-10T22:00:00Z', 'active'], // Thursday evening
    ['2026-12-10T22:40:00Z', 'inactive'],
    ['2026-12-11T15:00:00Z', 'active'], // Friday
    ['2026-12-11T17:00:00Z', 'inactive'],
    ['2026-12-12T10:00:00Z', 'inactive'], // Saturday
    ['2026-12-13T10:00:00Z', 'inactive'], // Sunday
  ] as const)
    assert.equal(stateOf('EB-R905', iso), state, iso);
  // Its two layers meet at FL245: a flight at FL350 is above the lower one, inside the upper one.
  const lower = airspaceBand(airspace('EB-R905').lowerLimit, airspace('EB-R905').upperLimit);
  const upper = airspaceBand(airspace('EB-R906').lowerLimit, airspace('EB-R906').upperLimit);
  assert.deepEqual([lower.lowerFt, lower.upperFt, upper.lowerFt, upper.upperFt], [10_000, 24_500, 24_500, 66_000]);
});

test('a danger area on weekday mornings, a prohibited area round the clock', () => {
  assert.equal(stateOf('EB-D907', '2026-12-08T09:00:00Z'), 'active');
  assert.equal(stateOf('EB-D907', '2026-12-08T13:00:00Z'), 'inactive');
  assert.equal(stateOf('EB-D907', '2026-12-12T09:00:00Z'), 'inactive');
  assert.equal(stateOf('EB-P908', '2026-12-12T03:00:00Z'), 'active');
  assert.equal(airspaceBand(airspace('EB-P908').lowerLimit, airspace('EB-P908').upperLimit).upperFt, 2_500);
});

test("an activation NOTAM: item D gives the area's hours within items B and C, items F and G its layers", () => {
  const notams = readFeatureCollection(fixture('notams-activation.json'), NOTAM_RULES).features.map(notamOfFeature);
  const activation = notams.find((n) => n.selectionCode === 'QRRCA')!;
  assert.equal(activation.schedule, 'MON-THU 0700-2230 FRI 0700-1600');
  assert.deepEqual([activation.minimumFL, activation.maximumFL], ['100', '245']);
  const state = (iso: string) => notamActivity(activation, at(iso), at(iso) + 10 * MINUTE).state;
  assert.equal(state('2026-12-08T10:00:00Z'), 'active');
  assert.equal(state('2026-12-11T17:00:00Z'), 'inactive');
  assert.equal(state('2026-12-14T10:00:00Z'), 'inactive', 'after item C');

  const exercise = notams.find((n) => n.selectionCode === 'QRTCA')!;
  assert.deepEqual([exercise.minimumFL, exercise.maximumFL], ['110', '150']);
  const during = (iso: string) => notamActivity(exercise, at(iso), at(iso) + 10 * MINUTE).state;
  assert.equal(during('2026-12-09T12:00:00Z'), 'active');
  assert.equal(during('2026-12-09T18:00:00Z'), 'inactive', 'outside item D');
  assert.equal(during('2026-12-11T12:00:00Z'), 'inactive', 'after item C');
});
