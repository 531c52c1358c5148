/**
 * Flights in a real VS Code (issue 22; hub simulator, demo key): the routes others filed between
 * London and Frankfurt offered on an empty route line and through the code action "Use a route
 * filed by others", and the live flight behind an FPL message's call sign on hover.
 *
 * Lines and columns are one-based, as VS Code shows them.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { workbenchSuite } from './harness/suite';
import type { Workbench } from './harness/workbench';

const { step, context } = workbenchSuite('flights', {
  // The conflicts judged on the new route are the flight test's; here the route's own findings.
  settings: { 'icaoRoute.diagnostics.flightConflicts': false },
});

const FILE = 'filed.route';
/** The empty route line of the block under origin: EGLL / destination: EDDF. */
const ROUTE_LINE = 4;

async function problemsOf(wb: Workbench, code: string) {
  return (await wb.problems()).filter((p) => p.file === FILE && p.code === code);
}

step(
  'an empty route line under origin: EGLL / destination: EDDF: completion offers a filed route; accepting it fills the line and the diagnostics follow',
  async (wb) => {
    writeFileSync(
      path.join(context()!.workspace, FILE),
      '# London to Frankfurt, as others filed it.\norigin: EGLL\ndestination: EDDF\n\n',
    );
    // Quick Open lists a new file once the file watcher has seen it, which a loaded machine delays.
    await wb.until(() => wb.openAlone(FILE).then(() => true), `${FILE} in Quick Open`, 120_000);
    const missing = await wb.until(
      async () => {
        const found = await problemsOf(wb, 'R009');
        return found.length ? found : undefined;
      },
      'R009 (no route text) in the Problems panel',
      60_000,
    );
    assert.equal(missing[0]!.severity, 'warning');
    await wb.closePanel();

    const items = await wb.suggestions(ROUTE_LINE, 1);
    const filed = items.filter((i) => /filed by \d+ flights?/.test(i.text));
    assert.ok(filed.length > 0, `a filed route among ${JSON.stringify(items)}`);
    const first = items[0]!;
    assert.ok(/filed by \d+ flights?/.test(first.text), `the most filed route first: ${JSON.stringify(items)}`);
    assert.match(first.label, /^N\d{4}F\d{3} /, 'a whole route with its speed and level');
    await wb.screenshot('filed-route-completion');
    await wb.page.keyboard.press('Enter');
    await wb.until(async () => (await wb.lineText(ROUTE_LINE)).trim() === first.label, 'the line filled', 10_000);

    // The diagnostics follow the new text: the block has a route now, and its route's own findings
    // (the airway level findings the London–Frankfurt sample keeps, docs/testing.md) are on its line.
    const after = await wb.until(
      async () => {
        const problems = (await wb.problems()).filter((p) => p.file === FILE);
        return !problems.some((p) => p.code === 'R009') && problems.some((p) => p.line === ROUTE_LINE)
          ? problems
          : undefined;
      },
      'R009 gone and the route line checked in the Problems panel',
      60_000,
    );
    assert.ok(
      after.every((p) => p.severity !== 'error'),
      JSON.stringify(after.map((p) => `${p.code} ${p.message}`)),
    );
    await wb.closePanel();
    await wb.dismiss();
    // Saved, so that the next step can close every editor without a prompt.
    await wb.page.keyboard.press('Control+S');
  },
);

step('the code action "Use a route filed by others" replaces the route, and one undo restores it', async (wb) => {
  await wb.openAlone(FILE);
  const before = await wb.lineText(ROUTE_LINE);
  assert.match(before, /^N\d{4}F\d{3} /, 'the route of the first step');
  const level = before.split(' ')[0]!;
  const actions = await wb.quickFixes(ROUTE_LINE, level);
  const title = 'Use a route filed by others (EGLL → EDDF)';
  assert.ok(actions.includes(title), `${title} among ${JSON.stringify(actions)}`);
  await wb.applyQuickFix(title);

  // The quick pick: every route filed, with its count and its differences from the route written.
  const rows = wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  await rows.first().waitFor({ state: 'visible', timeout: 60_000 });
  // Each row's first label is the route (its detail, the differences, is a label of its own).
  const labels: string[] = [];
  for (let i = 0; i < (await rows.count()); i++)
    labels.push((await rows.nth(i).locator('.label-name').first().innerText()).replace(/\s+/g, ' ').trim());
  const other = labels.findIndex((label) => !label.startsWith(before.trim()));
  assert.ok(other >= 0, `a route other than the one written among ${JSON.stringify(labels)}`);
  const rowText = (await rows.nth(other).innerText()).replace(/\u00a0/g, ' ');
  assert.match(rowText, /filed by \d+ flights?/);
  assert.match(rowText, /[−+]\S+/, 'its differences from the route written');
  await wb.screenshot('filed-route-pick');
  await rows.nth(other).click();
  await wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  const replaced = await wb.until(
    async () => {
      const now = await wb.lineText(ROUTE_LINE);
      return now !== before ? now : undefined;
    },
    'the route replaced',
    10_000,
  );
  const chosen = labels[other]!.replace(/\s+/g, ' ');
  assert.ok(chosen.startsWith(replaced.trim()), `the route chosen (${chosen}) is the line's (${replaced})`);
  await wb.screenshot('filed-route-replaced');

  // One undo restores the route written before: the replacement is one edit.
  await wb.goTo(ROUTE_LINE, 1);
  await wb.page.keyboard.press('Control+Z');
  await wb.until(async () => (await wb.lineText(ROUTE_LINE)) === before, 'the route restored by one undo', 5000);
  await wb.page.keyboard.press('Control+S');
});

step("the hover on field 7 of an FPL message shows the live flight's status", async (wb) => {
  // Whatever the step before left unsaved, so that every editor closes without a prompt.
  await wb.runCommand('File: Save All');
  await wb.openAlone('fpl-message.route');
  // Line 4: (FPL-DLH4AB-IS; the simulator flies DLH4AB daily from EGLL at 12:00 as filed.
  const text = await wb.until(
    async () => {
      const hover = await wb.hover(4, 'DLH4AB');
      return /Live flight/.test(hover) ? hover : undefined;
    },
    'the live flight in the hover of DLH4AB',
    60_000,
  );
  assert.match(text, /Status: (SCHEDULED|FILED|AIRBORNE|COMPLETED|CANCELLED) \(hub\)/);
  assert.match(text, /Off-block\s+EGLL\s+12:00Z/);
  assert.match(text, /In-block\s+EDDF/);
  assert.match(text, /Delay: \d+ min/);
  await wb.screenshotAs('live-flight-hover.png');
});
