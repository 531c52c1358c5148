/**
 * Property: a service list with any one malformed feature keeps every other feature, in order,
 * and says how many were left out and why (the words the map's notices and the status use).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  AIRSPACE_RULES,
  leftOutText,
  NOTAM_RULES,
  readFeatureCollection,
  WAYPOINT_RULES,
  type CollectionRules,
} from '../../../server/src/hub/geojson';
import { readAixmAirspaces } from '../../../server/src/hub/hubXml';
import { parseXml } from '../../../server/src/hub/xml';

const square = (lon: number, lat: number) => [
  [
    [lon, lat],
    [lon + 0.1, lat],
    [lon + 0.1, lat + 0.1],
    [lon, lat + 0.1],
    [lon, lat],
  ],
];

/** A valid feature of each family, numbered. */
const VALID: Record<string, (i: number) => Record<string, unknown>> = {
  notams: (i) => ({
    type: 'Feature',
    id: `n${i}`,
    geometry:
      i % 3 === 0
        ? { type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: square(2, 50 + i / 100) }] }
        : i % 3 === 1
          ? { type: 'Polygon', coordinates: square(2, 50) }
          : { type: 'Point', coordinates: [2, 50] },
    properties: { series: 'A', number: i, year: 2026, text: `NOTAM ${i}`, lat: 50, lon: 2 },
  }),
  airspaces: (i) => ({
    type: 'Feature',
    id: `a${i}`,
    geometry: { type: 'Polygon', coordinates: square(2, 50) },
    properties: {
      designator: `EBR${i}`,
      name: `AREA ${i}`,
      type: 'R',
      lowerLimit: { uom: 'FL', value: i, reference: 'STD' },
      upperLimit: { uom: 'FL', value: '245', reference: 'STD' },
    },
  }),
  waypoints: (i) => ({
    type: 'Feature',
    id: `w${i}`,
    geometry: { type: 'Point', coordinates: [2 + i / 10, 50] },
    properties: { designator: `P${i}`, elevation: i },
  }),
};

/** Ways one feature can be broken, each a shape a real answer was seen to carry or a plain error. */
const BREAK: ((f: Record<string, unknown>) => unknown)[] = [
  (f) => ({
    ...f,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      ],
    },
  }),
  (f) => ({ ...f, geometry: { type: 'Point', coordinates: ['2', 50] } }),
  (f) => ({ ...f, geometry: { type: 'Circle', coordinates: [2, 50] } }),
  (f) => ({ ...f, geometry: { type: 'GeometryCollection', geometries: [] } }),
  (f) => ({ ...f, properties: 'not an object' }),
  (f) => ({ ...f, type: 'Thing' }),
  () => null,
  () => 42,
  (f) => ({ ...f, id: { nested: true } }),
];

for (const [family, rules] of [
  ['notams', NOTAM_RULES],
  ['airspaces', AIRSPACE_RULES],
  ['waypoints', WAYPOINT_RULES],
] as [string, CollectionRules<unknown>][]) {
  test(`${family}: any one malformed feature is left out, every other kept, and the count said`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }),
        fc.nat(),
        fc.integer({ min: 0, max: BREAK.length - 1 }),
        (n, at, how) => {
          const bad = at % n;
          const features = Array.from({ length: n }, (_, i) => VALID[family]!(i));
          const sent = features.map((f, i) => (i === bad ? BREAK[how]!(f) : f));
          const read = readFeatureCollection({ type: 'FeatureCollection', features: sent }, rules);
          assert.deepEqual(
            read.features.map((f) => f.id),
            features.filter((_, i) => i !== bad).map((f) => f.id),
          );
          assert.equal(read.leftOut?.count, 1);
          assert.match(read.leftOut!.reasons[0]!, new RegExp(`^features\\[${bad}\\]`));
          assert.match(
            leftOutText(read.leftOut!, `one of ${family}`, family),
            new RegExp(`^1 one of ${family} could not be read and is left out \\(features\\[${bad}\\]`),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
}

test('AIXM airspaces: any one without designator or polygon is left out, the others kept', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 15 }), fc.nat(), fc.boolean(), (n, at, noDesignator) => {
      const bad = at % n;
      const airspace = (i: number) =>
        `<aixm:Airspace gml:id="a${i}"><aixm:timeSlice><aixm:AirspaceTimeSlice>` +
        (i === bad && noDesignator ? '' : `<aixm:designator>EBR${i}</aixm:designator>`) +
        (i === bad && !noDesignator ? '' : `<gml:posList>50 2 50 2.1 50.1 2.1 50 2</gml:posList>`) +
        `</aixm:AirspaceTimeSlice></aixm:timeSlice></aixm:Airspace>`;
      const xml = `<m:AIXMBasicMessage xmlns:m="m" xmlns:aixm="a" xmlns:gml="g">${Array.from({ length: n }, (_, i) => `<m:hasMember>${airspace(i)}</m:hasMember>`).join('')}</m:AIXMBasicMessage>`;
      const { features, leftOut } = readAixmAirspaces(parseXml(xml, 64));
      assert.deepEqual(
        features.map((f) => f.properties.designator),
        Array.from({ length: n }, (_, i) => `EBR${i}`).filter((_, i) => i !== bad),
      );
      assert.equal(leftOut?.count, 1);
      assert.match(leftOut!.reasons[0]!, new RegExp(`^Airspace\\[${bad}\\]`));
    }),
    { numRuns: 100 },
  );
});

test('many malformed features: all counted, the first reasons named, the rest summed up', () => {
  const features = Array.from({ length: 10 }, (_, i) => (i % 2 ? null : VALID.waypoints!(i)));
  const read = readFeatureCollection({ type: 'FeatureCollection', features }, WAYPOINT_RULES);
  assert.equal(read.features.length, 5);
  assert.equal(read.leftOut?.count, 5);
  assert.equal(read.leftOut?.reasons.length, 3);
  assert.match(
    leftOutText(read.leftOut!, 'point', 'points'),
    /^5 points could not be read and are left out \(features\[1\] is not an object; .*; …\)\.$/,
  );
});
