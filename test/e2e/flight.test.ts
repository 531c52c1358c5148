/**
 * What the map knows for this flight, in a real VS Code (hub simulator, demo key): europe.route's
 * London–Frankfurt at FL350 crosses the simulator's danger area FL245–FL360 (active round the
 * clock), so its airway L607 carries a warning saying so (a conflict, issue 25); its code actions reveal
 * the area on the map (the panel opens; the page's highlight of the area is the webview's part)
 * and open the activation NOTAM read-only; FL230, below the area's floor, clears it (FL370 would
 * not: the flight climbs through the area on its way there, issue 25's top of climb). The edit
 * is undone at the end, so the next step finds the sample as it was.
 *
 * Lines and columns are one-based, as VS Code shows them.
 */
import assert from 'node:assert/strict';
import { workbenchSuite } from './harness/suite';
import type { Problem, Workbench } from './harness/workbench';

const { step } = workbenchSuite('flight');

/** Line 7 of samples/europe.route. */
const ROUTE_LINE = 7;
const ROUTE_TEXT = 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A';
const L607 = ROUTE_TEXT.indexOf('L607') + 1;
const LEVEL = ROUTE_TEXT.indexOf('F350') + 1;

/** The simulator's upper danger area, as the conflict names it. */
const UPPER_DANGER =
  /^(?:at FL350|(?:climbing|descending) through FL\d{3}–FL\d{3}) over \w+–\w+ at \d\d:\d\dZ the route crosses active danger area (.+) \(FL245–FL360\); a conflict: (?:FL\d{3}–)?FL\d{3} is within FL245–FL360 and it is active(?: \S+)? when the flight is there\.$/;

/** The danger area's designator, as the first step finds it. */
let dangerArea = '';

async function conflictsOnRoute(wb: Workbench): Promise<Problem[]> {
  return (await wb.problems()).filter(
    (p) => p.file === 'europe.route' && p.line === ROUTE_LINE && (p.code === 'F001' || p.code === 'F002'),
  );
}

step('europe.route at FL350: a warning on L607 says the route crosses an active danger area', async (wb) => {
  await wb.openAlone('europe.route');
  const conflicts = await wb.until(
    async () => {
      const found = await conflictsOnRoute(wb);
      return found.some((p) => UPPER_DANGER.test(p.message)) ? found : undefined;
    },
    'the conflict with the upper danger area in the Problems panel',
    90_000,
  );
  const danger = conflicts.filter((p) => UPPER_DANGER.test(p.message));
  dangerArea = UPPER_DANGER.exec(danger[0]!.message)![1]!;
  for (const p of danger) {
    assert.equal(p.severity, 'warning', p.message);
    assert.equal(p.source, 'icao-route');
    assert.equal(p.column, L607, `on L607 (column ${L607}): ${p.message}`);
  }
  await wb.closePanel();
  const drawn = await wb.squiggles(ROUTE_LINE);
  assert.ok(
    drawn.some((s) => s.severity === 'warning' && s.startColumn === L607 && s.endColumn === L607 + 4),
    `a warning squiggle on L607 (columns ${L607}–${L607 + 4}): ${JSON.stringify(drawn)}`,
  );
  await wb.screenshotAs('flight-conflict.png');
});

step('its code actions: reveal the area on the map (selected, its details open) and open its NOTAM', async (wb) => {
  assert.ok(dangerArea, 'the danger area of the first step');
  const fixes = await wb.quickFixes(ROUTE_LINE, 'L607');
  const reveal = `Reveal ${dangerArea} on the map`;
  assert.ok(fixes.includes(reveal), `${reveal} among ${JSON.stringify(fixes)}`);
  const open = fixes.find((f) => f.startsWith('Open NOTAM ') && f.endsWith(` of ${dangerArea}`));
  assert.ok(open, `Open NOTAM … of ${dangerArea} among ${JSON.stringify(fixes)}`);
  const number = /^Open NOTAM (\S+)/.exec(open)![1]!;
  await wb.screenshot('conflict-code-actions');
  await wb.applyQuickFix(open);
  const notamTab = wb.page.locator('.part.editor .tab', { hasText: `${number.replace('/', '-')}.txt` });
  await notamTab.waitFor({ state: 'visible', timeout: 20_000 });
  await wb.until(async () => {
    // The editor renders spaces as no-break spaces.
    const shown = ((await wb.page.locator('.part.editor').innerText()) ?? '').replace(/\u00a0/g, ' ');
    return shown.includes(`NOTAM ${number}`) && shown.includes(`DANGER AREA ${dangerArea} ACTIVATED`);
  }, `NOTAM ${number} activating ${dangerArea} in its editor`);
  await wb.screenshot('notam-document');
  await wb.openAlone('europe.route');
  await wb.quickFixes(ROUTE_LINE, 'L607');
  await wb.applyQuickFix(reveal);
  await wb.page.locator('.part.editor .tab', { hasText: 'Route map' }).waitFor({ state: 'visible', timeout: 30_000 });
  // The page selects the area and opens its details (revealItem, posted once the snapshot is drawn).
  const selected = await wb.until(
    async () => {
      const item = await wb
        .webview()
        .locator('#map')
        .evaluate(() =>
          (window as unknown as { icaoRouteMap: { counts(): { selectedItem?: string } } }).icaoRouteMap.counts(),
        )
        .then((c) => c.selectedItem)
        .catch(() => undefined);
      const details =
        (await wb
          .webview()
          .locator('#map-details')
          .textContent()
          .catch(() => '')) ?? '';
      return item && details.includes(dangerArea!) ? item : undefined;
    },
    `${dangerArea} selected on the map with its details`,
    60_000,
  );
  assert.ok(selected);
  await wb.screenshot('danger-area-revealed');
});

step('FL230, below the danger area’s floor, clears the conflict; undone, it comes back', async (wb) => {
  await wb.openAlone('europe.route');
  await wb.replaceAt(ROUTE_LINE, LEVEL, 4, 'F230');
  assert.equal(await wb.lineText(ROUTE_LINE), ROUTE_TEXT.replace('F350', 'F230'));
  await wb.until(
    async () => {
      const found = await conflictsOnRoute(wb);
      // Recomputed, not dropped: the restricted area FL195–FL660 is still crossed at FL230.
      return found.some((p) => /^at FL230 over/.test(p.message)) && !found.some((p) => /FL245–FL360/.test(p.message));
    },
    'the conflicts at FL230, without the danger area FL245–FL360',
    90_000,
  );
  await wb.screenshot('fl230-cleared');
  await wb.closePanel();
  await wb.undoUntil(ROUTE_LINE, ROUTE_TEXT);
  await wb.until(
    async () => (await conflictsOnRoute(wb)).some((p) => UPPER_DANGER.test(p.message)),
    'the conflict back at FL350',
    90_000,
  );
  await wb.closePanel();
});
