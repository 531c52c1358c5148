/**
 * The extension without a hub: no key, so routes are expanded offline from the navdata folder
 * (test/fixtures/navdata, cycle 2013.10). The local engine finds more than the hub simulator
 * (airways that do not pass a point) and lists the candidates of an ambiguous first fix, so the
 * referenceFix quick fix can be applied.
 */
import assert from 'node:assert/strict';
import { assertDiagnostics, BROKEN_ROUTE_LOCAL } from './harness/checks';
import { workbenchSuite } from './harness/suite';

const { step } = workbenchSuite('offline', { hub: false });

step('the status bar says routes are expanded from navdata', async (wb) => {
  await wb.openAlone('europe.route');
  const status = await wb.until(() => wb.statusItem(/Route: navdata$/), 'the status "Route: navdata"', 60_000);
  assert.ok(status.label.length > 0);
  const output = await wb.until(async () => {
    const text = await wb.outputChannel('ICAO Route');
    return /language server/i.test(text) ? text : undefined;
  }, 'the ICAO Route output channel');
  assert.doesNotMatch(output, /hub key set/, 'no key is given in this suite');
  await wb.closePanel();
});

step('broken.route: the navdata expansion adds unknown points and airways that miss a point', async (wb) => {
  await wb.openAlone('broken.route');
  await wb.until(async () => {
    const c = await wb.problemCounts();
    return c.errors === 7 && c.warnings === 10;
  }, '7 errors and 10 warnings in the status bar', 60_000);
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
    { line: 8, from: 11, to: 14, severity: 'warning', code: 'X005', message: 'SAM names 4 places' },
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
  await wb.until(async () => (await wb.problemCounts()).warnings === 0, 'no warning left');
  assert.match(await wb.hover(9, 'SAM'), /SOUTHAMPTON/);
});
