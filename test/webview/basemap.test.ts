/**
 * The basemap in the page: the build's pre-projected files (dist/media/basemap), 50m at first and
 * 10m once zoomed in, and one clear message when the 10m file cannot be read.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { europeView } from './support/fixtures';
import { mapPageSuite, type MapCounts } from './support/mapPage';

const withPage = mapPageSuite();

type CountsWindow = { icaoRouteMap: { counts(): MapCounts } };

test('the page draws the 50m basemap, then loads the 10m file once when zoomed in', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    const asked: string[] = [];
    map.page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const first = await map.counts();
    assert.equal(first.basemapResolution, '50m');
    // One land MultiPolygon and one MultiLineString of borders.
    assert.equal(first.basemapFeatures, 2);
    // The europe view is fitted to the route, at zoom 6 or more.
    await map.show({ type: 'snapshot', view: europeView() });
    await map.page.waitForFunction(
      () => (window as unknown as CountsWindow).icaoRouteMap.counts().basemapResolution === '10m',
    );
    assert.equal((await map.counts()).basemapFeatures, 2);
    assert.deepEqual(
      asked.filter((p) => p.includes('basemap')),
      ['/media/basemap/basemap-10m.bin'],
    );
    assert.equal(await map.page.locator('#map-status').isHidden(), true);
  });
});

test('a 10m file that is not a basemap file is one clear message; the 50m basemap stays', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    // What an older build's file would look like: TopoJSON, not the binary basemap.
    await map.page.route('**/basemap-10m.bin', (route) =>
      route.fulfill({ status: 200, contentType: 'application/octet-stream', body: '{"type":"Topology"}'.padEnd(32) }),
    );
    await map.show({ type: 'snapshot', view: europeView() });
    await map.page.locator('#map-status').getByText('detailed coastlines could not be loaded').waitFor();
    assert.equal(
      await map.page.locator('#map-status').textContent(),
      'detailed coastlines could not be loaded: Error: not a basemap file (or not a little-endian machine)',
    );
    const counts = await map.counts();
    assert.equal(counts.basemapResolution, '50m');
    assert.equal(counts.basemapFeatures, 2);
  });
});
