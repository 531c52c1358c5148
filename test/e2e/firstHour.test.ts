/**
 * The editor's first hour (issue 26), with the hub simulator as the source and the excerpt of the
 * navigation data beside it, as `npm run demo` has them: broken.route's airway mistakes found on
 * the hub's points, Ctrl+. on a comment line offering nothing, completion of aerodromes and of
 * the first points of a new route.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { assertDiagnostics, BROKEN_ROUTE_LOCAL } from './harness/checks';
import { workbenchSuite } from './harness/suite';

const { step, context } = workbenchSuite('first-hour', {
  settings: { 'icaoRoute.diagnostics.flightConflicts': false },
});

const BOTH = "Found on the hub's points and by the navigation data.";

step(
  "broken.route with the hub as the source: KONAM off UL9 and the L6 mistake, found on the hub's points",
  async (wb) => {
    await wb.openAlone('broken.route');
    await assertDiagnostics(wb, 'broken.route', [
      ...BROKEN_ROUTE_LOCAL,
      {
        line: 16,
        from: 21,
        to: 28,
        severity: 'warning',
        code: 'H002',
        message: 'The hub left 95N020W out of its expansion',
      },
      {
        line: 28,
        from: 19,
        to: 24,
        severity: 'warning',
        code: 'H002',
        message: 'The hub left KNOAN out of its expansion',
      },
      { line: 32, from: 19, to: 24, severity: 'warning', code: 'X002', message: 'UL9 does not pass KONAM' },
      { line: 35, from: 15, to: 17, severity: 'warning', code: 'X002', message: 'L6 does not pass DET' },
      { line: 35, from: 18, to: 21, severity: 'warning', code: 'X002', message: 'L6 does not pass DVR' },
    ]);
    await wb.until(() => wb.statusItem(/Route: hub/), 'the hub as the source', 40_000);
    const problems = (await wb.problems()).filter((p) => p.code === 'X002');
    assert.equal(problems.length, 3);
    // Each says who found it. The simulator answers with the points of the project's engine: its
    // points lead to KONAM and DVR, so both sources find all three.
    for (const p of problems) assert.ok(p.message.endsWith(BOTH), p.message);
  },
);

step('Ctrl+. on a comment line offers nothing; on a finding, its own fixes only', async (wb) => {
  await wb.openAlone('broken.route');
  assert.deepEqual(await wb.quickFixes(1, 'Mistakes'), []);
  const fixes = await wb.quickFixes(4, 'KONAN');
  assert.deepEqual(fixes, ['Insert DCT between DVR and KONAN']);
});

step(
  'completion: aerodromes after origin:, and the first points near the departure after the speed/level group',
  async (wb) => {
    writeFileSync(
      path.join(context()!.workspace, 'new-route.route'),
      '# A new route, typed from scratch.\norigin: EGLL\ndestination: EDDF\nN0450F350 \n\norigin: \nN0450F350 DVR\n',
    );
    // Quick Open lists a new file once the file watcher has seen it, which a loaded machine delays.
    await wb.until(() => wb.openAlone('new-route.route').then(() => true), 'new-route.route in Quick Open', 120_000);
    const aerodromes = await wb.suggestions(6, 9);
    await wb.page.keyboard.press('Escape');
    assert.ok(aerodromes.length >= 5, JSON.stringify(aerodromes));
    for (const item of aerodromes) assert.match(item.label, /^[A-Z]{4}$/, JSON.stringify(item));
    assert.ok(
      aerodromes.some((i) => /aerodrome/.test(i.text)),
      JSON.stringify(aerodromes.slice(0, 3)),
    );

    const first = await wb.suggestions(4, 11);
    await wb.page.keyboard.press('Escape');
    assert.ok(first.length >= 3, JSON.stringify(first));
    // Points where the airways start near Heathrow, none of VS Code's words from other files.
    assert.ok(
      first.some((i) => /^(DVR|OCK|BIG|DET|LAM|BPK|CPT)$/.test(i.label)),
      JSON.stringify(first),
    );
    assert.ok(!first.some((i) => /^(across|Amsterdam|Mistakes)$/i.test(i.label)), JSON.stringify(first));
    await wb.screenshot('first-points');
  },
);

step(
  'a misspelt point with the hub as the source: the warning names the point of the navigation data and Ctrl+. writes it',
  async (wb) => {
    await wb.openAlone('broken.route');
    const original = await wb.lineText(28);
    await wb.until(
      async () =>
        (await wb.problems()).find((p) => p.code === 'H002' && /KNOAN.*navigation data has KONAN/.test(p.message)) ??
        undefined,
      'H002 on KNOAN naming KONAN',
      60_000,
    );
    const fixes = await wb.quickFixes(28, 'KNOAN');
    assert.deepEqual(fixes, ['Replace KNOAN by KONAN (near the route)']);
    await wb.applyQuickFix('Replace KNOAN by KONAN (near the route)');
    await wb.until(
      async () => (await wb.lineText(28)) === original.replace('KNOAN', 'KONAN') || undefined,
      'KONAN written on line 28',
    );
    await wb.until(
      async () => !(await wb.problems()).some((p) => p.line === 28) || undefined,
      'no finding left on line 28',
      60_000,
    );
    await wb.screenshot('misspelt-point-fixed');
    await wb.runCommand('File: Revert File');
  },
);
