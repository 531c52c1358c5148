/**
 * SIDs and STARs in a real VS Code, offline, on navigation data with X-Plane's procedures
 * (test/fixtures/procedures: the 2013.10 excerpt with CIFP/EGLL.dat and CIFP/EDDF.dat):
 * europe.route's first route flies DVR6J and ROLIS1A, the hover describes the SID, the map draws
 * the SID's fixes in the procedure style, and a SID that does not end at the next point is
 * flagged with the quick fix that puts the one that does.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { workbenchSuite } from './harness/suite';
import type { Workbench } from './harness/workbench';

const PROCEDURES = path.resolve(__dirname, '..', 'fixtures', 'procedures');
const { step } = workbenchSuite('procedures', {
  hub: false,
  settings: { 'icaoRoute.navdata.folder': PROCEDURES },
});

/** europe.route's first route (line 7): `N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A`. */
const ROUTE_LINE = 7;

interface Drawn {
  points: number;
  legs: number;
  procedureLegs: string[];
}

const drawn = (wb: Workbench): Promise<Drawn> =>
  wb
    .webview()
    .locator('#map')
    .evaluate(() => (window as unknown as { icaoRouteMap: { counts(): Drawn } }).icaoRouteMap.counts());

step('a route with a SID and a STAR: no finding, and the hover describes the SID from the CIFP file', async (wb) => {
  await wb.openAlone('europe.route');
  await wb.until(() => wb.statusItem(/Route: navdata$/), 'the status "Route: navdata"', 60_000);
  const hover = await wb.until(
    async () => {
      const text = await wb.hover(ROUTE_LINE, 'DVR6J');
      return /SID of EGLL/.test(text) ? text : undefined;
    },
    'the SID described in the hover of DVR6J',
    60_000,
  );
  assert.match(hover, /CIFP\/EGLL\.dat \(cycle 2013\.10\)/);
  assert.match(hover, /Runways: 27L, 27R/);
  assert.match(hover, /climb on course 273° to at or above 600 ft/);
  assert.match(hover, /to DET — at or above 6,000 ft, at or below 250 kt/);
  const problems = await wb.problems();
  assert.deepEqual(
    problems.filter((p) => /^P\d{3}$/.test(p.code ?? '')),
    [],
    'DVR6J ends at DVR and ROLIS1A begins at ROLIS',
  );
});

step("the map draws the SID's fixes and the STAR's in the procedure style", async (wb) => {
  await wb.goTo(ROUTE_LINE, 12);
  await wb.runCommand('ICAO Route: Show Route Map');
  await wb.page.locator('.part.editor .tab', { hasText: 'Route map' }).waitFor({ state: 'visible' });
  const map = await wb.until(
    async () => {
      const counts = await drawn(wb).catch(() => undefined);
      return counts && counts.procedureLegs.includes('DVR6J') ? counts : undefined;
    },
    'the legs of DVR6J drawn as a procedure',
    60_000,
  );
  // EGLL–EPM–DET–DVR: three legs of the SID; ROLIS–TABUM–NIBME–EDDF: three of the STAR.
  assert.deepEqual(
    [...map.procedureLegs].sort(),
    ['DVR6J', 'DVR6J', 'DVR6J', 'ROLIS1A', 'ROLIS1A', 'ROLIS1A'],
    'in the layer, in no particular order',
  );
  const epm = await wb
    .webview()
    .locator('#map')
    .evaluate(() =>
      (window as unknown as { icaoRouteMap: { point(name: string): unknown } }).icaoRouteMap.point('EPM'),
    );
  assert.ok(epm, 'EPM, a fix of the SID, is a point of the route on the map');
  await wb.screenshotAs('procedures-map.png');
  await wb.runCommand('View: Close All Editors');
});

step('a SID that does not end at the next point is flagged, and its quick fix puts the one that does', async (wb) => {
  await wb.openAlone('europe.route');
  const original = await wb.lineText(ROUTE_LINE);
  assert.match(original, /^N0450F350 DVR6J DVR /);
  await wb.replaceAt(ROUTE_LINE, 11, 5, 'CPT3F');
  const p002 = await wb.until(
    async () => (await wb.problems()).find((p) => p.code === 'P002'),
    'P002 on CPT3F in the Problems panel',
    60_000,
  );
  assert.match(p002.message, /CPT3F ends at CPT or KENET or KIDLI, not at DVR/);
  assert.match(p002.message, /EGLL's SIDs that end at DVR: DVR6J/);
  await wb.closePanel();
  const fixes = await wb.quickFixes(ROUTE_LINE, 'CPT3F');
  assert.ok(fixes.includes('Replace CPT3F by DVR6J'), JSON.stringify(fixes));
  await wb.screenshot('wrong-sid-quick-fix');
  await wb.applyQuickFix('Replace CPT3F by DVR6J');
  await wb.until(async () => (await wb.lineText(ROUTE_LINE)) === original || undefined, 'DVR6J back in the route');
  await wb.until(
    async () => !(await wb.problems()).some((p) => p.code === 'P002') || undefined,
    'the P002 gone',
    60_000,
  );
  await wb.closePanel();
  await wb.runCommand('File: Revert File');
});
