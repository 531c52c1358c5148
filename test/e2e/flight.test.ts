/**
 * What the map knows for this flight, in a real VS Code (hub simulator, demo key, the plain routes
 * flown on a Thursday morning): europe.route's London–Frankfurt at FL350, as it ships, flies above
 * the simulator's temporary reserved area FL100–FL245 (active MON–THU 07:00–22:30 UTC, as real
 * TRAs are) and gets no conflict; written at FL230 it crosses the area while it is active, so its
 * airway L607 carries a warning saying so (a conflict, issue 25); its code actions reveal the area
 * on the map (the panel opens; the page's highlight of the area is the webview's part) and open
 * the activation NOTAM read-only; undone to FL350, the warning goes, so the next step finds the
 * sample as it was.
 *
 * Lines and columns are one-based, as VS Code shows them.
 */
import assert from 'node:assert/strict';
import { EUROPE_FIRST_ROUTE } from './harness/checks';
import { workbenchSuite } from './harness/suite';
import type { Problem, Workbench } from './harness/workbench';

const { step } = workbenchSuite('flight', {
  settings: { 'icaoRoute.flight.departureTime': '2026-11-26T10:00Z' },
});

/** Line 7 of samples/europe.route. */
const ROUTE_LINE = 7;
const ROUTE_TEXT = EUROPE_FIRST_ROUTE;
const L607 = ROUTE_TEXT.indexOf('L607') + 1;
const LEVEL = ROUTE_TEXT.indexOf('F350') + 1;

/** The simulator's reserved area along the route, as the conflict names it. */
const RESERVED_AREA =
  /^at FL230 over \w+–\w+ at \d\d:\d\dZ the route crosses active temporary reserved area (.+) \(FL100–FL245\); a conflict: FL230 is within FL100–FL245 and it is active 07:00–22:30Z when the flight is there\.$/;

/** The reserved area's designator, as the first step finds it. */
let reservedArea = '';

async function conflictsOnRoute(wb: Workbench): Promise<Problem[]> {
  return (await wb.problems()).filter(
    (p) => p.file === 'europe.route' && p.line === ROUTE_LINE && (p.code === 'F001' || p.code === 'F002'),
  );
}

step(
  'europe.route at FL350 flies above the reserved area: no conflict; at FL230 a warning on L607 says it crosses it',
  async (wb) => {
    await wb.openAlone('europe.route');
    // Expanded (its X012 kept on purpose) and judged: the conflicts come with the expansion.
    await wb.until(
      async () => (await wb.problems()).some((p) => p.file === 'europe.route' && p.code === 'X012') || undefined,
      'europe.route expanded',
      90_000,
    );
    await new Promise((r) => setTimeout(r, 5000));
    assert.deepEqual(
      (await conflictsOnRoute(wb)).map((p) => p.message),
      [],
    );
    await wb.replaceAt(ROUTE_LINE, LEVEL, 4, 'F230');
    assert.equal(await wb.lineText(ROUTE_LINE), ROUTE_TEXT.replace('F350', 'F230'));
    const conflicts = await wb.until(
      async () => {
        const found = await conflictsOnRoute(wb);
        return found.some((p) => RESERVED_AREA.test(p.message)) ? found : undefined;
      },
      'the conflict with the reserved area in the Problems panel',
      90_000,
    );
    const crossed = conflicts.filter((p) => RESERVED_AREA.test(p.message));
    reservedArea = RESERVED_AREA.exec(crossed[0]!.message)![1]!;
    for (const p of crossed) {
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
  },
);

step('its code actions: reveal the area on the map (selected, its details open) and open its NOTAM', async (wb) => {
  assert.ok(reservedArea, 'the reserved area of the first step');
  const fixes = await wb.quickFixes(ROUTE_LINE, 'L607');
  const reveal = `Reveal ${reservedArea} on the map`;
  assert.ok(fixes.includes(reveal), `${reveal} among ${JSON.stringify(fixes)}`);
  const open = fixes.find((f) => f.startsWith('Open NOTAM ') && f.endsWith(` of ${reservedArea}`));
  assert.ok(open, `Open NOTAM … of ${reservedArea} among ${JSON.stringify(fixes)}`);
  const number = /^Open NOTAM (\S+)/.exec(open)![1]!;
  await wb.screenshot('conflict-code-actions');
  await wb.applyQuickFix(open);
  // Its tab is named by the number and the issuing office (numbers are per office): C2985-26-EBBU.txt.
  const notamTab = wb.page.locator('.part.editor .tab', {
    hasText: new RegExp(`${number.replace('/', '-')}-[A-Z]{4}\\.txt`),
  });
  await notamTab.waitFor({ state: 'visible', timeout: 20_000 });
  await wb.until(async () => {
    // The editor renders spaces as no-break spaces.
    const shown = ((await wb.page.locator('.part.editor').innerText()) ?? '').replace(/\u00a0/g, ' ');
    return (
      new RegExp(`NOTAM ${number} \\([A-Z]{4}\\)`).test(shown) &&
      shown.includes(`TEMPORARY RESERVED AREA ${reservedArea} ACTIVATED`)
    );
  }, `NOTAM ${number} activating ${reservedArea} in its editor`);
  await wb.screenshot('notam-document');
  // Back to the route as edited (Close All Editors would stop at its unsaved edit): the NOTAM closed.
  await wb.runCommand('View: Close Editor');
  await notamTab.waitFor({ state: 'detached' });
  await wb.openFile('europe.route');
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
      return item && details.includes(reservedArea!) ? item : undefined;
    },
    `${reservedArea} selected on the map with its details`,
    60_000,
  );
  assert.ok(selected);
  await wb.screenshot('reserved-area-revealed');
});

step('undone to FL350, above the reserved area, the conflict goes', async (wb) => {
  await wb.openFile('europe.route');
  await wb.undoUntil(ROUTE_LINE, ROUTE_TEXT);
  await wb.until(
    async () => !(await conflictsOnRoute(wb)).some((p) => RESERVED_AREA.test(p.message)) || undefined,
    'no conflict at FL350',
    90_000,
  );
  await wb.screenshot('fl350-clear');
  await wb.closePanel();
});
