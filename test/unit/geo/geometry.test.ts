/**
 * Route geometry: geodesic legs against known distances, across the antimeridian and over the
 * pole; cross-track distances; crossings of polygons, including a leg through a polygon's corner.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AreaIndex, RouteCorridor } from '../../../server/src/flight/corridor';
import { distanceNm } from '../../../server/src/geo/geodesy';
import { denseLeg, distanceToLeg, splitAtAntimeridian } from '../../../server/src/geo/geometry';
import type { LonLat } from '../../../common/protocol/mapMessages';

const EGLL = { lat: 51.4775, lon: -0.461389 };
const KJFK = { lat: 40.639722, lon: -73.778889 };

test('a leg measures the geodesic: London Heathrow to New York JFK is 2,999 NM, initial track 288°', () => {
  const leg = denseLeg(EGLL, KJFK);
  assert.ok(Math.abs(leg.distanceNm - 2999) < 3, `${leg.distanceNm}`);
  assert.ok(Math.abs(leg.trackDeg - 288.3) < 0.5, `${leg.trackDeg}`);
  // Densified: no two vertices further apart than the step, and the last vertex is the destination.
  assert.ok(leg.vertices.length > 150);
  for (let i = 1; i < leg.along.length; i++) assert.ok(leg.along[i]! - leg.along[i - 1]! <= 20 + 1e-9);
  const [lon, lat] = leg.vertices[leg.vertices.length - 1]!;
  assert.ok(Math.abs(lat - KJFK.lat) < 1e-9 && Math.abs(lon - KJFK.lon) < 1e-9);
  // The great circle bulges north of both ends (the rhumb line would not).
  assert.ok(Math.max(...leg.vertices.map((v) => v[1])) > 52);
});

test('a leg across the antimeridian is split into parts that end and start on ±180', () => {
  // Tokyo Narita to Anchorage, eastbound across 180°.
  const leg = denseLeg({ lat: 35.765, lon: 140.386 }, { lat: 61.174, lon: -149.996 });
  assert.ok(
    leg.vertices.some(([lon]) => lon > 180),
    'unrolled longitudes go past 180',
  );
  const parts = splitAtAntimeridian(leg.vertices);
  assert.equal(parts.length, 2);
  const [west, east] = parts as [LonLat[], LonLat[]];
  assert.equal(west[west.length - 1]![0], 180);
  assert.equal(east[0]![0], -180);
  assert.equal(west[west.length - 1]![1], east[0]![1], 'same latitude on both sides');
  for (const part of parts) for (const [lon] of part) assert.ok(lon >= -180 && lon <= 180);
  // Nothing is drawn across the whole world: consecutive vertices stay close.
  for (const part of parts)
    for (let i = 1; i < part.length; i++) assert.ok(Math.abs(part[i]![0] - part[i - 1]![0]) < 10);
});

test('a westbound leg across the antimeridian splits the other way', () => {
  const parts = splitAtAntimeridian(denseLeg({ lat: -37.008, lon: 174.792 }, { lat: -17.755, lon: -177.443 }).vertices);
  // Auckland to Nadi crosses eastbound; the reverse crosses westbound.
  const back = splitAtAntimeridian(denseLeg({ lat: -17.755, lon: -177.443 }, { lat: -37.008, lon: 174.792 }).vertices);
  assert.equal(parts.length, 2);
  assert.equal(back.length, 2);
  assert.equal(back[0]![back[0]!.length - 1]![0], -180);
  assert.equal(back[1]![0]![0], 180);
});

test('a leg over the pole goes up to the pole and down the other side, with every longitude in range', () => {
  const leg = denseLeg({ lat: 80, lon: 10 }, { lat: 80, lon: -170 });
  assert.ok(Math.abs(leg.distanceNm - 1204) < 5, `${leg.distanceNm}`);
  assert.ok(Math.max(...leg.vertices.map((v) => v[1])) > 89.8);
  const parts = splitAtAntimeridian(leg.vertices);
  assert.equal(parts.length, 2, 'one part up to the pole, one down from it');
  const top = parts[0]![parts[0]!.length - 1]!,
    bottom = parts[1]![0]!;
  assert.ok(Math.abs(top[0] - 10) < 1e-9 && top[1] === 90, `${top}`);
  assert.ok(Math.abs(bottom[0] + 170) < 1e-9 && bottom[1] === 90, `${bottom}`);
  for (const part of parts)
    for (const [lon, lat] of part) {
      assert.ok(lon >= -180 && lon <= 180, `lon ${lon}`);
      assert.ok(lat >= 80 - 1e-9 && lat <= 90);
    }
});

test('cross-track distance: a point 1° of latitude off an eastbound equatorial leg is 60 NM away, and beyond the ends it is the distance to the end', () => {
  const leg = denseLeg({ lat: 0, lon: 0 }, { lat: 0, lon: 10 });
  const beside = distanceToLeg({ lat: 1, lon: 5 }, leg);
  assert.ok(
    Math.abs(beside.distanceNm - distanceNm({ lat: 1, lon: 5 }, { lat: 0, lon: 5 })) < 0.3,
    `${beside.distanceNm}`,
  );
  assert.ok(Math.abs(beside.alongNm - leg.distanceNm / 2) < 2);
  const before = distanceToLeg({ lat: 0, lon: -2 }, leg);
  assert.ok(Math.abs(before.distanceNm - distanceNm({ lat: 0, lon: -2 }, { lat: 0, lon: 0 })) < 1e-6);
  assert.equal(before.alongNm, 0);
  const after = distanceToLeg({ lat: 0.5, lon: 11 }, leg);
  assert.ok(Math.abs(after.distanceNm - distanceNm({ lat: 0.5, lon: 11 }, { lat: 0, lon: 10 })) < 1e-6);
});

test('cross-track distance on a mid-latitude leg matches the geodesic distance to the nearest point of the leg', () => {
  const leg = denseLeg(EGLL, { lat: 50.0379, lon: 8.5622 });
  const point = { lat: 51.2, lon: 4 };
  // The least distance to the leg's vertices, densified to 0.25 NM, is within 0.5 % of the cross-track distance.
  const fine = denseLeg(EGLL, { lat: 50.0379, lon: 8.5622 }, 0.25);
  const exact = Math.min(...fine.vertices.map(([lon, lat]) => distanceNm(point, { lat, lon })));
  const d = distanceToLeg(point, leg);
  assert.ok(Math.abs(d.distanceNm - exact) < exact * 0.005, `${d.distanceNm} vs ${exact}`);
});

const square = (w: number, s: number, e: number, n: number): LonLat[][][] => [
  [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
];

test('crossings give the entry and exit distance along the route', () => {
  const route = new RouteCorridor([
    { lat: 0, lon: 0 },
    { lat: 0, lon: 10 },
  ]);
  const [c, ...rest] = route.crossings(square(2, -1, 4, 1));
  assert.equal(rest.length, 0);
  const toEntry = distanceNm({ lat: 0, lon: 0 }, { lat: 0, lon: 2 });
  const toExit = distanceNm({ lat: 0, lon: 0 }, { lat: 0, lon: 4 });
  assert.ok(Math.abs(c!.entryNm - toEntry) < 0.5 && Math.abs(c!.exitNm - toExit) < 0.5, JSON.stringify(c));
  // A route that starts inside enters at 0; a polygon with a hole is left and entered again.
  assert.equal(route.crossings(square(-1, -1, 1, 1))[0]!.entryNm, 0);
  const holed: LonLat[][][] = [[square(1, -1, 9, 1)[0]![0]!, square(4, -0.5, 6, 0.5)[0]![0]!]];
  assert.equal(route.crossings(holed).length, 2);
  assert.deepEqual(route.crossings(square(2, 1.5, 4, 3)), []);
});

test("a leg through a polygon's corner: through the inside it is one crossing, grazing the corner it is none", () => {
  const route = new RouteCorridor([
    { lat: 0, lon: 0 },
    { lat: 2, lon: 2 },
  ]);
  const vertices = route.legs[0]!.vertices;
  // A diamond whose bottom corner lies exactly on a vertex of the dense route, with its inside ahead of the route.
  const [cx, cy] = vertices[Math.floor(vertices.length / 2)]!;
  const ahead: LonLat[][][] = [
    [
      [
        [cx, cy],
        [cx + 0.5, cy + 0.2],
        [cx + 0.6, cy + 0.6],
        [cx + 0.2, cy + 0.5],
        [cx, cy],
      ],
    ],
  ];
  const crossings = route.crossings(ahead);
  assert.equal(crossings.length, 1, JSON.stringify(crossings));
  assert.ok(crossings[0]!.exitNm > crossings[0]!.entryNm);
  // A triangle that only touches the route at its corner (its inside is off to one side).
  const beside: LonLat[][][] = [
    [
      [
        [cx, cy],
        [cx + 1, cy - 0.2],
        [cx + 1, cy - 1],
        [cx, cy],
      ],
    ],
  ];
  assert.deepEqual(route.crossings(beside), []);
  const measured = route.measure({ polygons: beside }, 30);
  assert.ok(measured && measured.distanceNm < 0.01, 'it touches the route');
});

test('crossings work across the antimeridian for polygons written either way', () => {
  const route = new RouteCorridor([
    { lat: 10, lon: 170 },
    { lat: 10, lon: -170 },
  ]);
  assert.equal(route.crossings(square(178, 9, 182, 11)).length, 1, 'a polygon written past 180');
  assert.equal(route.crossings(square(-179, 9, -175, 11)).length, 1, 'a polygon on the far side');
  assert.equal(route.crossings(square(175, 9, 179, 11)).length, 1, 'a polygon on the near side');
  const index = new AreaIndex([
    { polygons: square(-179, 9, -175, 11) },
    { polygons: square(0, 0, 1, 1) },
    { polygons: square(178, 9, 182, 11) },
  ]);
  assert.deepEqual(index.search(route.queryBoxes(30)), [0, 2]);
});

test('measure: a circle is measured from its centre; farther than the corridor it is left out', () => {
  const route = new RouteCorridor([
    { lat: 50, lon: 0 },
    { lat: 50, lon: 5 },
  ]);
  const near = route.measure({ polygons: [], circle: { center: { lat: 50.5, lon: 2.5 }, radiusNm: 10 } }, 30);
  // The great circle bulges north of the 50th parallel: the nearest point of the route is its middle.
  const middle = route.legs[0]!.vertices[Math.floor(route.legs[0]!.vertices.length / 2)]!;
  const expected = distanceNm({ lat: 50.5, lon: 2.5 }, { lon: middle[0], lat: middle[1] }) - 10;
  assert.ok(near && Math.abs(near.distanceNm - expected) < 0.5, `${JSON.stringify(near)} vs ${expected}`);
  assert.equal(route.measure({ polygons: [], circle: { center: { lat: 52, lon: 2.5 }, radiusNm: 10 } }, 30), undefined);
});
