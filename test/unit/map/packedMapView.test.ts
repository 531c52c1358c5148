/**
 * The snapshot posted to the webview carries its geometry packed: the same coordinates, in the
 * same order, with OpenLayers' ring ends; NOTAMs left out of the corridor travel without theirs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LonLat, PackedShape } from '../../../common/protocol/mapMessages';
import { packMapView } from '../../../common/protocol/packedMapView';
import { europeView } from '../../webview/support/fixtures';

/** The nested polygons a packed shape stands for (what the webview's flat geometry holds). */
function unpack(coordinates: Float64Array, shape: PackedShape): LonLat[][][] {
  let from = shape.start;
  return shape.ends.map((ends) =>
    ends.map((end) => {
      const ring: LonLat[] = [];
      for (let i = from; i < shape.start + end; i += 2) ring.push([coordinates[i]!, coordinates[i + 1]!]);
      from = shape.start + end;
      return ring;
    }),
  );
}

test('every airspace, FIR and leg comes back from its packed shape unchanged', () => {
  const view = europeView();
  const packed = packMapView(view);
  const coordinates = packed.packedCoordinates!;
  assert.ok(coordinates instanceof Float64Array);
  view.airspaces.forEach((a, i) => {
    assert.deepEqual(packed.airspaces[i]!.polygons, []);
    assert.deepEqual(unpack(coordinates, packed.airspaces[i]!.shape!), a.polygons);
  });
  view.firs.forEach((f, i) => assert.deepEqual(unpack(coordinates, packed.firs[i]!.shape!), f.polygons));
  view.legs.forEach((l, i) => {
    assert.deepEqual(packed.legs[i]!.paths, []);
    assert.deepEqual(unpack(coordinates, packed.legs[i]!.shape!), [l.paths]);
  });
  assert.equal(
    coordinates.length,
    [...view.airspaces, ...view.firs].reduce((n, a) => n + a.polygons.flat(2).length * 2, 0) +
      view.legs.reduce((n, l) => n + l.paths.flat().length * 2, 0) +
      packed.notams.reduce((n, x) => n + (x.shape ? Math.max(0, ...x.shape.ends.flat()) : 0), 0),
  );
  // The host's view is left as it was.
  assert.ok(view.airspaces[0]!.polygons.length > 0);
});

test('a NOTAM in the corridor packs its circle ring first, then its polygons; one outside packs nothing', () => {
  const view = europeView();
  const packed = packMapView(view);
  const coordinates = packed.packedCoordinates!;
  let inside = 0;
  view.notams.forEach((n, i) => {
    const p = packed.notams[i]!;
    if (!n.inCorridor) {
      assert.equal(p.shape, undefined);
      assert.deepEqual(p.circle?.ring ?? [], []);
      assert.equal(p.circle?.radiusNm, n.circle?.radiusNm);
      return;
    }
    inside++;
    const drawn = [...(n.circle?.ring.length ? [[n.circle.ring]] : []), ...(n.polygons ?? [])];
    assert.deepEqual(unpack(coordinates, p.shape!), drawn);
    assert.deepEqual(p.circle?.center, n.circle?.center);
  });
  assert.ok(inside > 0 && inside < view.notams.length, 'the fixture has NOTAMs on both sides of the corridor');
});
