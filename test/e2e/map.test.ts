/**
 * The route map in a real VS Code: opened from the command on europe.route (hub simulator, demo
 * key), it shows the route and its airspaces, its highlight follows the editor's cursor, and a
 * click on a waypoint lands on its element in the editor. (The README's pictures of the map come
 * from readmeMap.test.ts.)
 *
 * The page's `icaoRouteMap` (media/src/map.ts) reports what is drawn; lines and columns here are
 * one-based as VS Code shows them, the map's ranges zero-based as LSP writes them.
 */
import assert from 'node:assert/strict';
import { workbenchSuite } from './harness/suite';
import type { Workbench } from './harness/workbench';

const { step } = workbenchSuite('map');

/** Line 7 of samples/europe.route. */
const ROUTE_LINE = 7;
const ROUTE_TEXT = 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';
const column = (word: string) => ROUTE_TEXT.indexOf(` ${word} `) + 2;

interface Drawn {
  points: number;
  legs: number;
  airspaces: number;
  highlightedPointNames: string[];
  highlightedLegs: string[];
  basemapFeatures: number;
  basemapResolution: '50m' | '10m' | null;
}

function drawn(wb: Workbench): Promise<Drawn> {
  return wb
    .webview()
    .locator('#map')
    .evaluate(() => (window as unknown as { icaoRouteMap: { counts(): Drawn } }).icaoRouteMap.counts());
}

step('the map opens beside europe.route with the route and its airspaces', async (wb) => {
  await wb.openAlone('europe.route');
  await wb.goTo(ROUTE_LINE, column('DVR'));
  await wb.runCommand('ICAO Route: Show Route Map');
  await wb.page.locator('.part.editor .tab', { hasText: 'Route map' }).waitFor({ state: 'visible' });
  const title = wb.webview().locator('#map-title');
  await title.waitFor({ state: 'visible', timeout: 60_000 });
  const counts = await wb.until(
    async () => {
      const c = await drawn(wb);
      return c.points >= 5 && c.legs >= 4 && c.airspaces > 0 ? c : undefined;
    },
    'the route and its airspaces on the map',
    60_000,
  );
  assert.ok(counts.points >= 5, `points drawn: ${counts.points}`);
  assert.match((await title.textContent()) ?? '', /EGLL|DVR/);
  // The basemap file (dist/media/basemap/*.bin) as VS Code serves it to the webview: land and borders.
  const basemap = await wb.until(
    async () => ((await drawn(wb)).basemapFeatures === 2 ? drawn(wb) : undefined),
    'the basemap drawn',
    30_000,
  );
  assert.ok(basemap.basemapResolution === '50m' || basemap.basemapResolution === '10m');
  assert.equal(await wb.webview().locator('#map-status').isHidden(), true, 'no error in the panel');
  // The editor keeps the focus and the cursor: the map opened beside it.
  assert.equal((await wb.cursor()).line, ROUTE_LINE);
  // Beside the editor, with the profile and the crossing table under it, the map keeps at least
  // half the panel's height (issue 25: it was about 140 px).
  await wb.webview().locator('#map-crossings').waitFor({ state: 'visible', timeout: 60_000 });
  const [mapBox, panelBox] = await Promise.all([
    wb.webview().locator('#map').boundingBox(),
    wb.webview().locator('#app').boundingBox(),
  ]);
  assert.ok(mapBox && panelBox, 'the map and its panel are laid out');
  assert.ok(
    mapBox.height >= panelBox.height / 2,
    `the map is ${mapBox.height} px of the panel's ${panelBox.height} px`,
  );
  await wb.screenshotAs('map.png');
});

step('the highlight follows the cursor: a point, then an airway’s legs', async (wb) => {
  await wb.goTo(ROUTE_LINE, column('KONAN'));
  await wb.until(async () => {
    const c = await drawn(wb);
    return c.highlightedPointNames.length === 1 && c.highlightedPointNames[0] === 'KONAN';
  }, 'KONAN highlighted on the map');
  await wb.goTo(ROUTE_LINE, column('L607'));
  const counts = await wb.until(async () => {
    const c = await drawn(wb);
    return c.highlightedLegs.length > 0 ? c : undefined;
  }, 'the legs of L607 highlighted on the map');
  assert.ok(counts.highlightedLegs.length >= 1);
});

step('a click on a waypoint lands on its element in the editor', async (wb) => {
  await wb.goTo(1, 1);
  const dvr = await wb.until(
    () =>
      wb
        .webview()
        .locator('#map')
        .evaluate(() =>
          (
            window as unknown as {
              icaoRouteMap: {
                point(
                  name: string,
                ): { pixel: [number, number]; range: { start: { line: number; character: number } } } | null;
              };
            }
          ).icaoRouteMap.point('DVR'),
        ),
    'DVR drawn on the map',
  );
  await wb
    .webview()
    .locator('#map')
    .click({ position: { x: dvr.pixel[0], y: dvr.pixel[1] } });
  await wb.until(
    async () => (await wb.cursor()).line === dvr.range.start.line + 1,
    `the cursor on line ${dvr.range.start.line + 1}`,
  );
  const selection = await wb.page.locator('#status\\.editor\\.selection').innerText();
  assert.match(selection, /\(3 selected\)/, 'DVR is selected');
  assert.equal(dvr.range.start.line + 1, ROUTE_LINE);
  assert.match(await wb.webview().locator('#map-details').innerText(), /DVR/);
});
