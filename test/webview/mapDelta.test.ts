/**
 * An edit's update sent by difference (viewDelta: only the route and the new or changed areas,
 * the rest by id) draws on the page exactly what the same view sent whole draws: the same
 * features on every route and area layer, at the same coordinates, with the same data.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LonLat, MapView } from '../../common/protocol/mapMessages';
import { packMapView } from '../../common/protocol/packedMapView';
import { viewDelta } from '../../client/src/map/viewDelta';
import { flightView } from './support/fixtures';
import { mapPageSuite, type MapPage } from './support/mapPage';

const withPage = mapPageSuite();

const features = (map: MapPage) =>
  map.page.evaluate(() =>
    (window as unknown as { icaoRouteMap: { features(): Record<string, string[]> } }).icaoRouteMap.features(),
  );

const moved = (polygons: LonLat[][][]) => polygons.map((p) => p.map((r) => r.map(([x, y]) => [x + 0.05, y] as LonLat)));

test('an edit sent by difference draws the same features as the same view sent whole', async () => {
  const full = flightView();
  // What the page has: FRANKFURT CTR not yet there, the second NOTAM still out of the corridor.
  const first: MapView = {
    ...full,
    airspaces: full.airspaces.filter((a) => a.id !== 'a3'),
    notams: full.notams.map((n, i) => (i === 1 ? { ...n, inCorridor: false } : n)),
  };
  // The next version, as parsed from the server's answer: an airspace added, one moved, one
  // renamed, a NOTAM in the corridor now, the route drawn again.
  const next: MapView = structuredClone({
    ...full,
    version: full.version + 1,
    airspaces: full.airspaces.map((a, i) =>
      i === 0 ? { ...a, polygons: moved(a.polygons) } : i === 1 ? { ...a, name: `${a.name} (NEW)` } : a,
    ),
  });
  const delta = viewDelta(first, next)!;
  const sent = delta.view.airspaces.map((a) => [a.id, Boolean(a.shape)]);
  assert.deepEqual(sent, [
    [full.airspaces[0]!.id, true],
    [full.airspaces[1]!.id, false],
    ['a3', true],
  ]);
  assert.deepEqual(
    delta.view.notams.map((n) => n.id),
    [full.notams[1]!.id],
  );
  let byDifference: Record<string, string[]> = {};
  await withPage({ theme: 'light', size: { width: 1300, height: 900 } }, async (map) => {
    await map.show({ type: 'snapshot', view: packMapView(first) });
    await map.show({ type: 'snapshot', ...delta });
    byDifference = await features(map);
  });
  await withPage({ theme: 'light', size: { width: 1300, height: 900 } }, async (map) => {
    await map.show({ type: 'snapshot', view: packMapView(next) });
    const whole = await features(map);
    assert.ok(whole.airspaces!.length >= 4 && whole.notams!.length >= 2 && whole.legs!.length > 0);
    assert.deepEqual(byDifference, whole);
  });
});
