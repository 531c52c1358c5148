/**
 * What a dispatcher must see at a glance on Heathrow to Frankfurt as the demo computes it (issue
 * 40 §3), in headless Chromium at the sizes of a laptop and a desktop, light and dark: the
 * notices folded into one line, so the filters and the crossings stay in view.
 * Screenshots: test-results/webview/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { packMapView } from '../../common/protocol/packedMapView';
import { londonFrankfurtView } from './support/londonFrankfurt';
import { mapPageSuite, type MapPage } from './support/mapPage';
import type { ThemeName } from './support/themes';

const withPage = mapPageSuite();

const SIZES = [
  { width: 1280, height: 800, theme: 'light' },
  { width: 1600, height: 1000, theme: 'dark' },
] as const satisfies readonly { width: number; height: number; theme: ThemeName }[];

async function inViewport(map: MapPage, selector: string): Promise<boolean> {
  const box = await map.page.locator(selector).first().boundingBox();
  const size = map.page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} (${size.theme}) the notices are one line with a count; the filters and the crossings stay in view`, async () => {
    await withPage({ theme: size.theme, size }, async (map) => {
      const view = londonFrankfurtView();
      assert.ok(view.notices.length >= 3, 'the recorded view has several notices');
      await map.show({ type: 'snapshot', view: packMapView(view) });
      const summary = map.page.locator('#map-notices > summary');
      assert.match((await summary.textContent()) ?? '', new RegExp(`^${view.notices.length} notices`));
      const line = await summary.evaluate((s) => parseFloat(getComputedStyle(s).lineHeight) || 16);
      assert.ok((await summary.boundingBox())!.height < line * 1.6, 'the notices take one line');
      for (const selector of ['#layer-route', '#layer-notams', '#corridor-nm', '#map-crossings tbody tr'])
        assert.ok(await inViewport(map, selector), `${selector} is in view`);
      await map.screenshot(`notices-folded-${size.width}x${size.height}-${size.theme}`);
      // Opened, every notice is there, each once.
      await summary.click();
      assert.deepEqual(await map.page.locator('#map-notices li').allTextContents(), view.notices);
      assert.equal(await map.page.locator('#map-notices li').first().isVisible(), true);
      assert.equal((await map.state())?.panels?.['map-notices'], true, 'kept open across reloads');
    });
  });
}
