/**
 * Cruising levels by magnetic track (issue 24, item 2), as a user meets them: a westbound route
 * at an odd level gets the warning on its speed/level group, the hover of a point gives the
 * leg's magnetic and true track, the quick fix changes the level to an even one and the warning
 * goes. Offline, on the navigation data excerpt (test/fixtures/navdata, cycle 2013.10).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { workbenchSuite } from './harness/suite';

const { step, context } = workbenchSuite('levels', { hub: false });

const FILE = 'westbound.route';
const ROUTE_LINE = 4;
const ROUTE = 'N0450F370 KOK UL607 KONAN';

step('a westbound route at F370: the warning says the leg, its magnetic track and the rule', async (wb) => {
  writeFileSync(
    path.join(context()!.workspace, FILE),
    `# Koksijde to KONAN on UL607: westbound, flown at an odd level.\norigin: EBBR\ndestination: EGLL\n${ROUTE}\n`,
  );
  // Quick Open lists a new file once the file watcher has seen it, which a loaded machine delays.
  await wb.until(() => wb.openAlone(FILE).then(() => true), `${FILE} in Quick Open`, 120_000);
  assert.equal(await wb.lineText(ROUTE_LINE), ROUTE);
  const finding = await wb.until(
    async () => (await wb.problems()).find((p) => p.file === FILE && p.code === 'X014'),
    'X014 in the Problems panel',
    90_000,
  );
  assert.equal(finding.severity, 'warning');
  assert.equal(finding.line, ROUTE_LINE);
  assert.equal(finding.column, 1, 'on the speed/level group');
  assert.match(finding.message, /^FL370 is an eastbound level \(odd thousands of feet\)/);
  assert.match(finding.message, /KOK–KONAN, is westbound: magnetic track \d{3}°/);
  assert.match(finding.message, /Rule: icaoRoute\.levels\.semicircular 'icao'/);
  assert.match(finding.message, /F360 or F380/);
  await wb.screenshot('westbound-f370-warning');
  await wb.closePanel();
});

step("the hover of a point gives its leg's magnetic and true track", async (wb) => {
  const hover = await wb.until(
    async () => {
      const text = await wb.hover(ROUTE_LINE, 'KONAN');
      return /Leg from KOK/.test(text) ? text : undefined;
    },
    'the leg in the hover of KONAN',
    60_000,
  );
  assert.match(hover, /Leg from KOK: [\d.]+ NM, magnetic track 2\d\d°, true track 2\d\d° \(geodesic; variation/);
  await wb.screenshot('magnetic-track-hover');
});

step('the quick fix changes F370 to F360 and the warning goes', async (wb) => {
  const fixes = await wb.quickFixes(ROUTE_LINE, 'N0450F370');
  assert.ok(fixes.includes('Change F370 to F360'), JSON.stringify(fixes));
  assert.ok(fixes.includes('Change F370 to F380'), JSON.stringify(fixes));
  await wb.screenshot('level-quick-fixes');
  await wb.applyQuickFix('Change F370 to F360');
  await wb.until(
    async () => (await wb.lineText(ROUTE_LINE)) === 'N0450F360 KOK UL607 KONAN' || undefined,
    'F360 written',
  );
  await wb.until(
    async () => !(await wb.problems()).some((p) => p.file === FILE && p.code === 'X014') || undefined,
    'no X014 left',
    90_000,
  );
  await wb.closePanel();
  await wb.screenshot('level-fixed');
  await wb.runCommand('File: Revert File');
});
