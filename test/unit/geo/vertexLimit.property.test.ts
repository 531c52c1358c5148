/**
 * Property: the vertex cap's simplification of a ring, which does simplify-js's first pass on the
 * [lon, lat] pairs themselves (so that a ring of a million vertices is never copied whole as
 * {x, y} objects), gives exactly what simplify-js gives for those points.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import simplify from 'simplify-js';
import { simplifiedPairs } from '../../../server/src/geo/vertexLimit';
import type { LonLat } from '../../../common/protocol/mapMessages';

/** The library on its own terms: every vertex an {x, y} object, its radial pass included. */
function byTheLibrary(ring: LonLat[], tolerance: number): LonLat[] {
  return simplify(
    ring.map(([x, y]) => ({ x, y })),
    tolerance,
  ).map((p): LonLat => [p.x, p.y]);
}

// Coordinates on a coarse grid as well as anywhere: repeated and equally spaced points are where
// the radial pass's "farther than the tolerance" and its always-kept last point matter.
const coordinate = fc.oneof(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.integer({ min: -20, max: 20 }).map((i) => i / 10_000),
);
const ring = fc.array(fc.tuple(coordinate, coordinate), { minLength: 0, maxLength: 300 }) as fc.Arbitrary<LonLat[]>;
const tolerance = fc.oneof(
  fc.constantFrom(0.0001, 0.0002, 0.0016, 0.1, 10),
  fc.double({ min: 0, max: 50, noNaN: true }),
);

test('simplifiedPairs gives what simplify-js gives for the same points and tolerance', () => {
  fc.assert(
    fc.property(ring, tolerance, (points, tol) => {
      assert.deepEqual(simplifiedPairs(points, tol), byTheLibrary(points, tol));
    }),
    { numRuns: 2_000 },
  );
});

test('a wavy ring of 100,000 vertices, closed, comes out as the library gives it', () => {
  const n = 100_000;
  const points: LonLat[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = 2 + 0.00001 * Math.sin(i);
    points.push([5 + r * Math.cos(a), 50 + r * Math.sin(a)]);
  }
  points.push(points[0]!);
  for (const tol of [0.0001, 0.0008, 0.0064]) {
    const ours = simplifiedPairs(points, tol);
    assert.deepEqual(ours, byTheLibrary(points, tol));
    assert.ok(ours.length < points.length / 5, `${ours.length} points at ${tol}°`);
  }
});
