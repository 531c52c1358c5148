/**
 * The extension without a hub: no key, so routes are expanded offline from the navdata folder
 * (test/fixtures/navdata, cycle 2013.10). The local engine finds more than the hub simulator
 * (airways that do not pass a point) and lists the candidates of an ambiguous first fix, so the
 * referenceFix quick fix can be applied.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { assertDiagnostics, BROKEN_ROUTE_LOCAL } from './harness/checks';
import { workbenchSuite } from './harness/suite';

const { step } = workbenchSuite('offline', { hub: false });

step('the status bar says routes are expanded from navdata', async (wb) => {
  await wb.openAlone('europe.route');
  const status = await wb.until(() => wb.statusItem(/Route: navdata$/), 'the status "Route: navdata"', 60_000);
  assert.ok(status.label.length > 0);
  const output = await wb.languageServerOutput();
  assert.doesNotMatch(output, /hub key set/, 'no key is given in this suite');
  await wb.closePanel();
});

step('broken.route: the navdata expansion adds unknown points and airways that miss a point', async (wb) => {
  await wb.openAlone('broken.route');
  await wb.until(
    async () => {
      const c = await wb.problemCounts();
      return c.errors === 7 && c.warnings === 10;
    },
    '7 errors and 10 warnings in the status bar',
    60_000,
  );
  await assertDiagnostics(wb, 'broken.route', [
    ...BROKEN_ROUTE_LOCAL,
    { line: 28, from: 19, to: 24, severity: 'warning', code: 'X001', message: 'KNOAN is not in the navigation data' },
    // Issue 10: X002 for an exit point the airway does not pass underlines the point.
    { line: 32, from: 19, to: 24, severity: 'warning', code: 'X002', message: 'UL9 does not pass KONAM' },
    { line: 35, from: 15, to: 17, severity: 'warning', code: 'X002', message: 'L6 does not pass DET' },
    { line: 35, from: 18, to: 21, severity: 'warning', code: 'X002', message: 'L6 does not pass DVR' },
  ]);
});

step('hovers show points resolved from navdata', async (wb) => {
  await wb.openFile('europe.route');
  const konan = await wb.hover(7, 'KONAN');
  assert.match(konan, /Route expansion \(nav(?:data|igation data)\)/);
  assert.match(konan, /Resolved: .*51°\d\d\.\d'N 002°\d\d\.\d'E/);
});

step('ambiguous first fix: the referenceFix quick fix picks Southampton and the warning goes away', async (wb) => {
  await wb.openAlone('ambiguous-first-fix.route');
  await assertDiagnostics(wb, 'ambiguous-first-fix.route', [
    { line: 8, from: 11, to: 14, severity: 'info', code: 'X011', message: 'SAM names 4 places' },
    { line: 32, from: 11, to: 14, severity: 'warning', code: 'X005', message: 'SAM names 4 places' },
  ]);
  const hover = await wb.hover(8, 'SAM');
  assert.match(hover, /SOUTHAMPTON/);
  assert.match(hover, /SAMOS/);
  const fixes = await wb.quickFixes(8, 'SAM');
  const southampton = fixes.find((t) => /SOUTHAMPTON/.test(t) && /\(referenceFix\)$/.test(t));
  assert.ok(southampton, `a referenceFix quick fix for Southampton among ${JSON.stringify(fixes)}`);
  assert.equal(fixes.filter((t) => /\(referenceFix\)$/.test(t)).length, 4, 'one quick fix per candidate');
  await wb.screenshot('reference-fix-menu');
  await wb.applyQuickFix(southampton);
  // The directive goes above the block's first directive, and the route is expanded again.
  await wb.until(async () => /^referenceFix: \S+$/.test(await wb.lineText(6)), 'a referenceFix line above origin:');
  assert.equal(await wb.lineText(7), 'origin: EGHI');
  // Written out, the choice is no longer the engine's: the information goes (the X005 of the last route stays).
  await wb.until(async () => (await wb.problemCounts()).infos === 0, 'no information left');
  assert.match(await wb.hover(9, 'SAM'), /SOUTHAMPTON/);
  // The steps after this one close every editor: leave the file as it was on disk.
  await wb.runCommand('File: Revert File');
});

step("completion: an airway's exit points in the direction of flight, with their distance", async (wb) => {
  await wb.openAlone('europe.route');
  const original = await wb.lineText(7);
  // `KONAN L607 RUDUS`: replace RUDUS by RU and ask for the points of L607 ahead of KONAN.
  await wb.replaceAt(7, 36, 5, 'RU');
  const items = await wb.suggestions(7, 38);
  assert.ok(
    items.some((i) => i.label === 'RUDUS'),
    JSON.stringify(items),
  );
  const rudus = items.find((i) => i.label === 'RUDUS')!;
  await wb.screenshot('exit-point-completion');
  // The detail line is shown for the focused item at least: type, then distance along L607.
  if (rudus.text !== 'RUDUS') assert.match(rudus.text, /NM along L607 from KONAN/);
  await wb.until(
    async () =>
      (await wb.page.locator('.suggest-widget.visible .monaco-list-row.focused .label-name').textContent())?.trim() ===
        'RUDUS' || undefined,
    'RUDUS focused',
  );
  await wb.page.keyboard.press('Enter');
  await wb.until(async () => (await wb.lineText(7)) === original || undefined, 'the line completed back to RUDUS');
  // Same text, but an edited editor: revert it so that the next step can close it.
  await wb.runCommand('File: Revert File');
});

step('the leg distance in a hover and in an inlay hint', async (wb, context) => {
  await wb.openAlone('europe.route');
  const hover = await wb.until(
    async () => {
      const text = await wb.hover(7, 'KONAN');
      return /Leg from DVR/.test(text) ? text : undefined;
    },
    'the leg in the hover of KONAN',
    60_000,
  );
  assert.match(
    hover,
    /Leg from DVR: 24\.3 NM, magnetic track \d{3}°, true track \d{3}° \(geodesic; variation \d+°[EW]?, World Magnetic Model WMM-/,
  );
  assert.match(hover, /Flown \d+(\.\d)? NM, to go \d+(\.\d)? NM of \d+ NM\./);
  // Inlay hints are off by default: switched on in the workspace settings, then off again.
  const folder = path.join(context.workspace, '.vscode');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'settings.json'), JSON.stringify({ 'icaoRoute.inlayHints.legDistances': true }));
  try {
    const line = await wb.until(
      async () => {
        const text = await wb.lineText(7);
        return /KONAN\s*24\.3 NM/.test(text) ? text : undefined;
      },
      'the inlay hint 24.3 NM after KONAN',
      30_000,
    );
    assert.match(line, /total \d+ NM/);
    await wb.screenshot('leg-distance-inlay-hints');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await wb.until(async () => !/24\.3 NM/.test(await wb.lineText(7)) || undefined, 'the inlay hints gone again', 30_000);
});

step('a misspelt point on an airway: the spelling quick fix replaces it and the warning goes', async (wb) => {
  await wb.openAlone('europe.route');
  const original = await wb.lineText(7);
  // Its only warnings: X012 on L607 and T150, flown at FL350 above their tops (docs/testing.md).
  await wb.until(
    async () => (await wb.problemCounts()).warnings === 2 || undefined,
    'europe.route with its two X012 warnings only',
    60_000,
  );
  // KONAN (after UL9) written KOANN.
  await wb.replaceAt(7, 25, 5, 'KOANN');
  await wb.until(
    async () => (await wb.problems()).some((p) => p.code === 'X001') || undefined,
    'X001 on KOANN',
    60_000,
  );
  const fixes = await wb.quickFixes(7, 'KOANN');
  assert.ok(fixes.includes('Replace KOANN by KONAN (on the airway)'), JSON.stringify(fixes));
  await wb.applyQuickFix('Replace KOANN by KONAN (on the airway)');
  await wb.until(async () => (await wb.lineText(7)) === original || undefined, 'KONAN written again');
  await wb.until(async () => (await wb.problemCounts()).warnings === 2 || undefined, 'only the two X012 left');
  await wb.runCommand('File: Revert File');
});
