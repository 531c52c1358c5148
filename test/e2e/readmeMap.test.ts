/**
 * The README's pictures of the map, as a new user gets them from `npm run demo`: the simulator's
 * likely-real answers (LIKELY_REAL_HUB_ARGS), europe.route, the map opened beside the editor in a
 * 1600×1000 window, in the light and the dark theme (issue 25). The map keeps at least half the
 * height of its panel, with the profile and the crossing table under it.
 * `test-results/e2e/readme-map-light.png` and `readme-map-dark.png` become docs/images/map.png and
 * map-dark.png.
 */
import assert from 'node:assert/strict';
import { workbenchSuite } from './harness/suite';
import type { Workbench } from './harness/workbench';

const { step } = workbenchSuite('readme-map', {
  hubArgs: ['--likely-real'],
  // Light first; the dark one is VS Code's preferred dark theme, by its toggle command.
  settings: {
    'workbench.colorTheme': 'Default Light Modern',
    'workbench.preferredLightColorTheme': 'Default Light Modern',
    'workbench.preferredDarkColorTheme': 'Default Dark Modern',
  },
});

/** The window the issue was tried in. */
const WINDOW = { width: 1600, height: 1000 };
/** Line 7 of samples/europe.route: London–Frankfurt. */
const ROUTE_LINE = 7;

async function mapHalfOfPanel(wb: Workbench): Promise<void> {
  await wb.webview().locator('#map-crossings').waitFor({ state: 'visible', timeout: 60_000 });
  await wb.webview().locator('#map-profile svg polyline.flight').waitFor({ state: 'attached', timeout: 60_000 });
  const [mapBox, panelBox] = await Promise.all([
    wb.webview().locator('#map').boundingBox(),
    wb.webview().locator('#app').boundingBox(),
  ]);
  assert.ok(mapBox && panelBox, 'the map and its panel are laid out');
  assert.ok(
    mapBox.height >= panelBox.height / 2,
    `the map is ${mapBox.height} px of the panel's ${panelBox.height} px`,
  );
  assert.ok(panelBox.height > 600, `the panel beside the editor is ${panelBox.height} px high`);
}

/** Waits until the map page wears the theme (VS Code's body class: vscode-light, vscode-dark). */
async function pageInTheme(wb: Workbench, bodyClass: string): Promise<void> {
  await wb.until(
    async () => (await wb.webview().locator('body').getAttribute('class'))?.split(/\s+/).includes(bodyClass),
    `the map page with ${bodyClass}`,
    30_000,
  );
}

step('at 1600×1000 the map beside europe.route has at least half its panel’s height (light)', async (wb) => {
  // The size is this file's own: set here rather than in the shared harness.
  await wb.page.setViewportSize(WINDOW);
  await wb.openAlone('europe.route');
  await wb.goTo(ROUTE_LINE, 1);
  await wb.runCommand('ICAO Route: Show Route Map');
  await wb.page.locator('.part.editor .tab', { hasText: 'Route map' }).waitFor({ state: 'visible' });
  await wb.webview().locator('#map-title').waitFor({ state: 'visible', timeout: 60_000 });
  await pageInTheme(wb, 'vscode-light');
  await mapHalfOfPanel(wb);
  // The profile shows the top of climb and of descent of London–Frankfurt.
  const marks = await wb.webview().locator('#map-profile .marks text').allTextContents();
  assert.deepEqual(
    marks.map((m) => m.split(' ')[0]),
    ['TOC', 'TOD'],
  );
  await wb.restMouse();
  await wb.screenshotAs('readme-map-light.png');
});

step('the same in the dark theme', async (wb) => {
  await wb.runCommand('Preferences: Toggle between Light/Dark Themes');
  await pageInTheme(wb, 'vscode-dark');
  await mapHalfOfPanel(wb);
  await wb.restMouse();
  await wb.screenshotAs('readme-map-dark.png');
});
