/**
 * The editor's first hour (issue 26) on the full navigation data (../shared/navdata), offline:
 * a route from EGLL starting at DVR (two places bear the name) expands, Dover taken as the one
 * clearly nearest the departure, said as information.
 */
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { assertDiagnostics } from './harness/checks';
import { workbenchSuite } from './harness/suite';

const FULL_NAVDATA = path.resolve(__dirname, '../../../shared/navdata');

const { step, context } = workbenchSuite('first-hour-full-data', {
  hub: false,
  settings: { 'icaoRoute.navdata.folder': FULL_NAVDATA, 'icaoRoute.diagnostics.flightConflicts': false },
});

step('a route from EGLL starting at DVR expands with the full data and shows the information hint', async (wb) => {
  assert.ok(existsSync(path.join(FULL_NAVDATA, 'fix.dat.gz')), `the full navigation data at ${FULL_NAVDATA}`);
  writeFileSync(
    path.join(context()!.workspace, 'dover.route'),
    '# London to Frankfurt: DVR names Dover and a fix in Papua New Guinea.\norigin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 KONAN UL607 KOK\n',
  );
  await wb.openAlone('dover.route');
  await wb.until(() => wb.statusItem(/Route: navdata$/), 'the status "Route: navdata"', 90_000);
  await assertDiagnostics(wb, 'dover.route', [
    {
      line: 4,
      from: 11,
      to: 14,
      severity: 'info',
      code: 'X011',
      message: 'the one nearest the departure EGLL is taken',
    },
  ]);
  const dvr = await wb.hover(4, 'DVR');
  assert.match(dvr, /DOVER/);
  assert.match(dvr, /X011|nearest the departure/);
  // The route goes on from Dover: the next points are resolved too.
  assert.match(await wb.hover(4, 'KOK'), /Resolved: VOR at 51°0\d\.\d'N 002°3\d\.\d'E/);
  // The referenceFix quick fixes are still offered, Dover's first.
  const fixes = (await wb.quickFixes(4, 'DVR')).filter((t) => /\(referenceFix\)$/.test(t));
  assert.equal(fixes.length, 2, JSON.stringify(fixes));
  assert.match(fixes[0]!, /DOVER/);
});
