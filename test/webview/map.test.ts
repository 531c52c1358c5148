/**
 * The route map page in headless Chromium: the built dist/media/map.js inside the extension's own
 * HTML and CSP, fed the messages the host would post. Screenshots: test-results/webview/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inflateSync } from 'node:zlib';
import type { LonLat, MapLeg, MapToHostMessage } from '../../common/protocol/mapMessages';
import { packMapView } from '../../common/protocol/packedMapView';
import { europeView, STACK_SPOT, XSS_TEXT } from './support/fixtures';
import { mapPageSuite } from './support/mapPage';

const withPage = mapPageSuite();

const reveals = (posted: MapToHostMessage[]) => posted.filter((m) => m.type === 'reveal');

/** The point halfway along a leg's first path. */
function middleOf(leg: MapLeg): LonLat {
  const [path] = leg.paths;
  const middle = path?.[Math.floor(path.length / 2)];
  assert.ok(middle, `the leg via ${leg.via} has a path`);
  return middle;
}

test('the page says ready, then draws every layer of the view with the right counts', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    assert.deepEqual((await map.posted())[0], { type: 'ready' });
    const view = europeView();
    await map.show({ type: 'snapshot', view });
    const counts = await map.counts();
    // BADPT has no position: 6 points drawn, 5 legs between them.
    assert.equal(counts.points, 6);
    assert.equal(counts.legs, 5);
    assert.equal(counts.firs, 3);
    assert.equal(counts.airspaces, 4);
    // The NOTAM outside the corridor is listed as such, not drawn.
    assert.equal(counts.notams, 3);
    assert.equal(counts.microlights, 1);
    assert.deepEqual(counts.visible, {
      route: true,
      firs: true,
      airspaces: true,
      notams: true,
      microlights: false,
      traffic: false,
    });
    assert.equal(await map.page.locator('#map-title').textContent(), 'EGLL → EDDF');
    assert.match((await map.page.locator('#map-unresolved').textContent()) ?? '', /BADPT \(unresolved\)/);
    assert.match(
      (await map.page.locator('#map-notam-list h2').textContent()) ?? '',
      /NOTAMs \(3, 1 outside the corridor\)/,
    );
    assert.equal(await map.page.locator('#map-notam-list li').count(), 3);
    // No profile or crossings in this view: nothing under the map, which takes the page's height.
    assert.equal(await map.page.locator('#bottom').isHidden(), true);
    const box = (await map.page.locator('#map').boundingBox())!;
    assert.equal(box.height, map.page.viewportSize()!.height);
    // Fit to route: both aerodromes are inside the map.
    for (const i of [0, 6]) {
      const p = view.points[i];
      assert.ok(p?.position, `point ${i} has a position`);
      const [x, y] = await map.pixelOf(p.position);
      assert.ok(x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height, `${p.name} is in view`);
    }
    // The scale is in nautical miles.
    assert.match((await map.page.locator('.ol-scale-line-inner').textContent()) ?? '', /nm|NM/i);
    await map.screenshot('light');
  });
});

test('layer switches and the corridor control change what is shown and tell the host', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    const view = europeView();
    await map.show({ type: 'snapshot', view });
    await map.page.locator('#layer-airspaces').uncheck();
    await map.page.locator('#layer-microlights').check();
    let counts = await map.counts();
    assert.equal(counts.visible.airspaces, false);
    assert.equal(counts.visible.microlights, true);
    const filters = (await map.posted()).filter((m) => m.type === 'filters');
    assert.equal(filters.length, 2);
    assert.deepEqual(filters[1], {
      type: 'filters',
      filters: {
        layers: { route: true, firs: true, airspaces: false, notams: true, microlights: true, traffic: false },
        corridorNm: 30,
        aerodromeCorridorNm: 50,
        levels: { mode: 'planned' },
        timeMarginMin: 30,
      },
      changed: [],
    });
    assert.deepEqual((await map.state())?.filters?.layers.airspaces, false, 'layers kept in the webview state');
    // A layer switch chooses no judging filter: after a reload the settings still judge.
    assert.deepEqual((await map.state())?.filtersChosen, []);

    await map.page.locator('#corridor-nm').fill('10');
    await map.page.locator('#corridor-nm').dispatchEvent('change');
    const last = (await map.posted()).at(-1);
    assert.equal(last?.type, 'filters');
    assert.equal(last?.type === 'filters' && last.filters.corridorNm, 10);
    assert.deepEqual(last?.type === 'filters' && last.changed, ['corridorNm', 'aerodromeCorridorNm']);
    assert.deepEqual((await map.state())?.filtersChosen, ['corridorNm', 'aerodromeCorridorNm']);
    assert.match((await map.page.locator('#map-status').textContent()) ?? '', /Recomputing/);

    // The host recomputes: a narrower corridor leaves two NOTAMs out.
    const narrower = europeView({
      filters: { ...view.filters, corridorNm: 10 },
      notams: view.notams.map((n) => (n.id === 'n1' || n.id === 'n2' ? { ...n, inCorridor: false } : n)),
    });
    await map.show({ type: 'snapshot', view: narrower });
    counts = await map.counts();
    assert.equal(counts.notams, 1);
    assert.equal(counts.visible.airspaces, false, 'the user’s layer switches survive a new snapshot');
    assert.equal(await map.page.locator('#corridor-nm').inputValue(), '10');
    assert.equal(await map.page.locator('#map-status').isHidden(), true);
    await map.screenshot('filtered');
  });
});

test('a click on a waypoint or a leg selects its element, keeping the focus on the map; "Show in editor" asks for the editor; stacked airspaces by floor', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    const view = europeView();
    await map.show({ type: 'snapshot', view });
    const dvr = view.points.find((p) => p.name === 'DVR')!;
    await map.page.mouse.click(...(await map.pixelOf(dvr.position!)));
    await map.page.waitForFunction(() =>
      (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'reveal'),
    );
    // A click: the element is selected, the focus stays where the user clicked (the map may fill
    // the window, which VS Code would shrink to a sliver if the editor took the focus).
    assert.deepEqual(reveals(await map.posted()), [
      { type: 'reveal', uri: view.uri, version: view.version, range: dvr.range, focus: false },
    ]);
    assert.match((await map.page.locator('#map-details').textContent()) ?? '', /DVR \(vor\).*DVR: vor/s);
    // Asked for in so many words, the editor takes the focus.
    await map.page.locator('#map-details #map-show-in-editor').click();
    assert.deepEqual(reveals(await map.posted())[1], {
      type: 'reveal',
      uri: view.uri,
      version: view.version,
      range: dvr.range,
      focus: true,
    });
    // The reveal moves the cursor and the host may send a new snapshot of the same route (a newer
    // version): the details the user asked for stay.
    await map.show({ type: 'snapshot', view: { ...view, version: view.version + 1 } });
    assert.match((await map.page.locator('#map-details').textContent()) ?? '', /DVR \(vor\).*DVR: vor/s);

    // The middle of the UL607 leg (KONAN → AMASI).
    const leg = view.legs.find((l) => l.via === 'UL607')!;
    await map.page.mouse.click(...(await map.pixelOf(middleOf(leg))));
    await map.page.waitForFunction(
      () =>
        (window as unknown as { __posted: { type: string }[] }).__posted.filter((m) => m.type === 'reveal').length ===
        3,
    );
    assert.deepEqual(reveals(await map.posted())[2], {
      type: 'reveal',
      uri: view.uri,
      version: view.version + 1,
      range: leg.range,
      focus: false,
    });
    assert.match((await map.page.locator('#map-details').textContent()) ?? '', /KONAN → AMASI via UL607/);

    await map.page.mouse.click(...(await map.pixelOf(STACK_SPOT)));
    // A single click is told from a double click after a short delay: wait for the list.
    await map.page.locator('#map-details ol.stack > li').first().waitFor();
    const items = await map.page.locator('#map-details ol.stack > li').allTextContents();
    assert.equal(items.length, 2);
    assert.match(items[0] ?? '', /^LONDON TMA TMA class A, 2500 ft–FL245/);
    assert.match(items[1] ?? '', /^DOVER CTA CTA class D, FL055–FL195H24/);
    assert.equal(reveals(await map.posted()).length, 3, 'an airspace click reveals nothing');
    await map.screenshot('stacked-airspaces');
  });
});

test('a packed snapshot (as the host posts it) draws the same features at the same places', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    const view = europeView();
    const packed = packMapView(view);
    assert.equal(packed.airspaces[0]?.polygons.length, 0, 'the nested coordinates are not sent');
    await map.show({ type: 'snapshot', view: packed });
    const counts = await map.counts();
    assert.deepEqual([counts.points, counts.legs, counts.firs, counts.airspaces, counts.notams], [6, 5, 3, 4, 3]);
    const leg = view.legs.find((l) => l.via === 'UL607')!;
    await map.page.mouse.click(...(await map.pixelOf(middleOf(leg))));
    await map.page.waitForFunction(() =>
      (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'reveal'),
    );
    assert.deepEqual(reveals(await map.posted()), [
      { type: 'reveal', uri: view.uri, version: view.version, range: leg.range, focus: false },
    ]);
    await map.page.mouse.click(...(await map.pixelOf(STACK_SPOT)));
    await map.page.locator('#map-details ol.stack > li').first().waitFor();
    const items = await map.page.locator('#map-details ol.stack > li').allTextContents();
    assert.equal(items.length, 2);
    assert.match(items[0] ?? '', /^LONDON TMA/);
    // The same view, nested: the corridor change of the same version keeps what is drawn.
    await map.show({ type: 'snapshot', view });
    assert.equal((await map.counts()).notams, 3);
  });
});

test('the highlight follows what the host says is under the cursor, for the current version only', async () => {
  await withPage({ theme: 'dark' }, async (map) => {
    const view = europeView();
    await map.show({ type: 'snapshot', view, highlight: { pointIds: ['p2'], legIds: [] } });
    assert.deepEqual((await map.counts()).highlightedPoints, ['p2']);
    await map.show({
      type: 'highlight',
      uri: view.uri,
      version: view.version,
      highlight: { pointIds: [], legIds: ['l1', 'l2'] },
    });
    let counts = await map.counts();
    assert.deepEqual(counts.highlightedPoints, []);
    assert.deepEqual(counts.highlightedLegs, ['l1', 'l2']);
    await map.screenshot('highlight-dark');
    await map.show({
      type: 'highlight',
      uri: view.uri,
      version: view.version - 1,
      highlight: { pointIds: ['p0'], legIds: [] },
    });
    counts = await map.counts();
    assert.deepEqual(counts.highlightedLegs, ['l1', 'l2'], 'a highlight of another version is ignored');
  });
});

test('service text is shown as text: a NOTAM with markup and </script> runs nothing', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    const view = europeView({ title: '<b>EGLL</b> → EDDF', notices: ['<img src=x onerror="window.__xss=3">'] });
    await map.show({ type: 'snapshot', view });
    await map.page.locator('#map-notam-list button', { hasText: 'A1234/26' }).click();
    assert.equal(await map.page.locator('#map-details .notam-text').textContent(), XSS_TEXT);
    assert.equal(await map.page.locator('#map-title').textContent(), '<b>EGLL</b> → EDDF');
    assert.equal(await map.page.locator('#map-notices li').textContent(), '<img src=x onerror="window.__xss=3">');
    assert.equal(await map.page.locator('img').count(), 0);
    assert.equal(await map.page.locator('script').count(), 1);
    assert.equal(await map.page.locator('b').count(), 0);
    assert.equal(await map.page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
    await map.screenshot('xss-inert');
  });
});

test('notices are drawn once; a null view shows the host’s message', async () => {
  await withPage({ theme: 'light' }, async (map) => {
    const notice = 'Airspaces and NOTAMs need a hub key: run ICAO Route: Set Hub Key.';
    const view = europeView({ firs: [], airspaces: [], notams: [], notices: [notice, notice] });
    await map.show({ type: 'snapshot', view });
    await map.show({ type: 'snapshot', view: { ...view, version: 4 } });
    assert.deepEqual(await map.page.locator('#map-notices li').allTextContents(), [notice]);
    assert.equal((await map.counts()).points, 6);
    await map.screenshot('no-key');
    await map.show({ type: 'snapshot', view: null, message: 'No route here: put the cursor in a route block.' });
    assert.equal(
      await map.page.locator('#map-status').textContent(),
      'No route here: put the cursor in a route block.',
    );
    assert.equal((await map.counts()).points, 0);
    assert.equal(await map.page.locator('#map-notices').isHidden(), true);
  });
});

test('the camera and layers saved in the webview state come back after a reload', async () => {
  const view = europeView();
  const state = {
    uri: view.uri,
    camera: { center: [1.36, 51.16] as [number, number], zoom: 9 },
    filters: { ...view.filters, layers: { ...view.filters.layers, firs: false } },
  };
  await withPage({ theme: 'light', state }, async (map) => {
    assert.equal(await map.page.locator('#layer-firs').isChecked(), false);
    await map.show({ type: 'snapshot', view });
    assert.equal(
      await map.page.evaluate(() => (window as unknown as { icaoRouteMap: { zoom(): number } }).icaoRouteMap.zoom()),
      9,
    );
    const counts = await map.counts();
    assert.equal(counts.visible.firs, false);
    // Dover is in the middle of the map, as saved, not fitted to the whole route.
    const box = (await map.page.locator('#map').boundingBox())!;
    const [x, y] = await map.pixelOf([1.36, 51.16]);
    assert.ok(Math.abs(x - (box.x + box.width / 2)) < 2 && Math.abs(y - (box.y + box.height / 2)) < 2);
  });
});

test('themes: the map takes the workbench colours in light, dark and high contrast', async () => {
  const backgrounds: Record<string, number[]> = {};
  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    await withPage({ theme }, async (map) => {
      await map.show({ type: 'snapshot', view: europeView() });
      await map.screenshot(`theme-${theme}`);
      // The sea (the North Sea, off Lowestoft) is painted in the editor background.
      const [x, y] = await map.pixelOf([2.7, 52.35]);
      backgrounds[theme] = onePixelRgb(await map.page.screenshot({ clip: { x, y, width: 1, height: 1 } }));
    });
  }
  assert.deepEqual(backgrounds.light, [255, 255, 255]);
  assert.deepEqual(backgrounds.dark, [31, 31, 31]);
  assert.deepEqual(backgrounds['high-contrast'], [0, 0, 0]);
});

/** The colour of a 1×1 PNG screenshot (any PNG row filter leaves a lone first pixel as is). */
function onePixelRgb(png: Buffer): number[] {
  let offset = 8;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') data.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const row = inflateSync(Buffer.concat(data));
  return [...row.subarray(1, 4)];
}

test('the export buttons ask the host for the file; the page writes nothing itself', async () => {
  await withPage({ theme: 'dark' }, async (map) => {
    await map.show({ type: 'snapshot', view: europeView() });
    await map.page.locator('#map-export-gpx').click();
    await map.page.locator('#map-export-geojson').click();
    const exports = (await map.posted()).filter((m) => m.type === 'export');
    assert.deepEqual(exports, [
      { type: 'export', format: 'gpx' },
      { type: 'export', format: 'geojson' },
    ]);
  });
});
