/**
 * A late flight in a real VS Code (issue 36; the hub simulator's `operations` variants, demo key):
 * BAW2028 left EGLL 28 minutes after its schedule while the hub leaves its estimate at the
 * schedule; the hover on field 7 shows the actual off-block beside them and the delay.
 *
 * The simulator's clock is fixed a few minutes into the current hour (its scenario flights are
 * placed around the hour, test/hub-sim/operations.ts), so the hour turning does not move them.
 * Lines and columns are one-based, as VS Code shows them.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { workbenchSuite } from './harness/suite';

const { step, context } = workbenchSuite('flight-operations', {
  hubArgs: ['--flights', 'operations', '--flightStatus', 'operations'],
  settings: { 'icaoRoute.diagnostics.flightConflicts': false },
});

const FILE = 'late-flight.route';
const two = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => `${two(new Date(ms).getUTCHours())}:${two(new Date(ms).getUTCMinutes())}Z`;

step('the hover on field 7 of a late flight shows its actual off-block and the delay', async (wb) => {
  const hubUrl = context()!.hubUrl!;
  const hour = Math.floor(Date.now() / 3600_000) * 3600_000;
  const res = await fetch(`${hubUrl}/__control/settings`, {
    method: 'POST',
    body: JSON.stringify({ fixedNow: new Date(hour + 5 * 60_000).toISOString() }),
  });
  assert.equal(res.status, 200, await res.text());
  const scheduled = hour - 45 * 60_000;
  const d = new Date(scheduled);
  const dof = `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
  writeFileSync(
    path.join(context()!.workspace, FILE),
    '# BAW2028 as filed: it left 28 minutes late.\n' +
      `(FPL-BAW2028-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL${clock(scheduled).replace(/[:Z]/g, '')}\n` +
      `-N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A\n-EDDF0105 EDDK\n-DOF/${dof})\n`,
  );
  await wb.until(() => wb.openAlone(FILE).then(() => true), `${FILE} in Quick Open`, 120_000);
  const text = await wb.until(
    async () => {
      const hover = await wb.hover(2, 'BAW2028');
      return /Live flight[\s\S]*Delay:/.test(hover) ? hover : undefined;
    },
    'the live flight with its delay in the hover of BAW2028',
    90_000,
  );
  assert.match(text, /Status: AIRBORNE \(hub\)/);
  // Scheduled, then the estimate left at the schedule, then the actual off-block 28 min later.
  const actual = clock(scheduled + 28 * 60_000);
  assert.match(
    text,
    new RegExp(
      `Off-block\\s+EGLL\\s+${clock(scheduled)}[^|\\n]*\\(hub\\)[\\s|]+${clock(scheduled)}[^|\\n]*\\(hub\\)[\\s|]+${actual}[^|\\n]*\\(hub\\)`,
    ),
    text,
  );
  assert.match(text, /Delay: 28 min late/);
  await wb.screenshotAs('late-flight-hover.png');
});
