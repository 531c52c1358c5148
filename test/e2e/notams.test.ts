/**
 * A NOTAM's own geometry in a real VS Code: the hub simulator in its v2 GeoJSON NOTAM variant
 * (the set under /v2, GeoJSON only, each NOTAM a feature with its own polygon) lists a temporary
 * restricted area FL110–FL150, 0600–1600, from yesterday to tomorrow, published by NOTAM only
 * across the London–Frankfurt route of europe.route; the extension is set to the v2 NOTAM set
 * and flies plain routes at 10:00Z today. The sample, at FL350, flies above it; written at FL130
 * the Problems panel has its F002, and the map draws the NOTAM's polygon with its reason.
 */
import assert from 'node:assert/strict';
import { workbenchSuite } from './harness/suite';

/** 10:00Z of the simulator's day: the NOTAM is in force (its validity is counted from today). */
const TODAY_10Z = `${new Date().toISOString().slice(0, 10)}T10:00Z`;

const { step } = workbenchSuite('notams', {
  hubArgs: ['--notams', 'v2-geojson'],
  settings: { 'icaoRoute.hub.versions': { notams: 'v2' }, 'icaoRoute.flight.departureTime': TODAY_10Z },
});

const NOTAM_ONLY = /the route crosses the area of NOTAM (\S+) \(FL110–FL150\), in force: TEMPORARY RESTRICTED AREA/;
/** London–Frankfurt, line 7 of europe.route. */
const ROUTE_LINE = 7;

let notam = '';
let line = 0;
/** The route token the diagnostic sits on (the airway or DCT of the leg), and which of its kind on the line. */
let token = '';
let occurrence = 0;

step('europe.route at FL130: the Problems panel has the F002 of the area published by NOTAM only', async (wb) => {
  await wb.openAlone('europe.route');
  const shipped = await wb.lineText(ROUTE_LINE);
  await wb.replaceAt(ROUTE_LINE, shipped.indexOf('F350') + 1, 4, 'F130');
  const f002 = await wb.until(
    async () =>
      (await wb.problems()).find(
        (p) => p.file === 'europe.route' && p.line === ROUTE_LINE && p.code === 'F002' && NOTAM_ONLY.test(p.message),
      ),
    'the F002 of the temporary restricted area in the Problems panel',
    120_000,
  );
  assert.equal(f002.severity, 'warning', f002.message);
  notam = NOTAM_ONLY.exec(f002.message)![1]!;
  line = f002.line;
  const text = await wb.lineText(line);
  token = text.slice(f002.column - 1).split(' ')[0]!;
  occurrence = text.slice(0, f002.column - 1).split(token).length - 1;
  await wb.screenshotAs('notam-f002.png');
  await wb.closePanel();
});

step('its code action reveals the NOTAM on the map: its polygon drawn, its reason in the details', async (wb) => {
  assert.ok(notam, 'the NOTAM of the first step');
  // The route as the first step left it, at FL130 (Close All Editors would stop at its unsaved edit).
  await wb.openFile('europe.route');
  const fixes = await wb.quickFixes(line, token, occurrence);
  const reveal = `Reveal ${notam} on the map`;
  assert.ok(fixes.includes(reveal), `${reveal} among ${JSON.stringify(fixes)}`);
  await wb.applyQuickFix(reveal);
  await wb.page.locator('.part.editor .tab', { hasText: 'Route map' }).waitFor({ state: 'visible', timeout: 30_000 });
  const details = await wb.until(
    async () => {
      const counts = await wb
        .webview()
        .locator('#map')
        .evaluate(() =>
          (
            window as unknown as { icaoRouteMap: { counts(): { notams: number; selectedItem?: string } } }
          ).icaoRouteMap.counts(),
        )
        .catch(() => undefined);
      const text =
        (await wb
          .webview()
          .locator('#map-details')
          .textContent()
          .catch(() => '')) ?? '';
      return counts && counts.notams > 0 && counts.selectedItem && text.includes(notam) ? text : undefined;
    },
    `NOTAM ${notam} drawn and selected on the map with its details`,
    60_000,
  );
  assert.match(details, /TEMPORARY RESTRICTED AREA/);
  await wb.screenshotAs('notam-on-map.png');
  await wb.openFile('europe.route');
  await wb.runCommand('File: Revert File');
  await wb.until(async () => !(await wb.lineText(ROUTE_LINE)).includes('F130'), 'europe.route as it ships');
});
