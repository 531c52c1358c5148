/**
 * EET/ of an FPL message in a real VS Code (hub simulator, demo key): in samples/fpl-message.route
 * an EET/ that names a FIR the route does not cross (LSAS, far south of Heathrow–Frankfurt) gets a
 * warning that gives the computed EET/, with the quick fix "Insert EET/ for the FIR boundaries";
 * the command of that name, run from the palette with the cursor in the message, writes EET/ for
 * the FIRs the map's crossings find, in one undoable edit, and the warning clears. Undone at the
 * end, so the next suite finds the sample as it was.
 *
 * Lines and columns are one-based, as VS Code shows them.
 */
import assert from 'node:assert/strict';
import { workbenchSuite } from './harness/suite';
import type { Problem, Workbench } from './harness/workbench';

const { step } = workbenchSuite('eet');

/** Field 18 of the first message of samples/fpl-message.route. */
const FIELD18_LINE = 9;
const FIELD18 = '-PBN/A1B1C1D1 REG/DAIZB EET/EBBU0015 EDGG0038 RMK/TCAS)';
const EET_VALUE = FIELD18.indexOf('EBBU0015') + 1;
const WRONG = FIELD18.replace('EBBU0015', 'LSAS0010');

/** What the command writes: each FIR entered after take-off, in order, before RMK/. */
const WRITTEN = /^-PBN\/A1B1C1D1 REG\/DAIZB EET\/EBBU\d{4} EDGG\d{4} RMK\/TCAS\)$/;

async function eetFindings(wb: Workbench): Promise<Problem[]> {
  return (await wb.problems()).filter(
    (p) => p.file === 'fpl-message.route' && p.line === FIELD18_LINE && /^F00[34]$/.test(p.code),
  );
}

step('an EET/ FIR the route does not cross: a warning that gives the computed EET/, and its quick fix', async (wb) => {
  await wb.openAlone('fpl-message.route');
  await wb.replaceAt(FIELD18_LINE, EET_VALUE, 'EBBU0015'.length, 'LSAS0010');
  assert.equal(await wb.lineText(FIELD18_LINE), WRONG);
  const found = await wb.until(
    async () => {
      const f = await eetFindings(wb);
      return f.some((p) => p.code === 'F003') ? f : undefined;
    },
    'the F003 warning on LSAS0010 in the Problems panel',
    120_000,
  );
  const f003 = found.find((p) => p.code === 'F003')!;
  assert.equal(f003.severity, 'warning');
  assert.equal(f003.column, EET_VALUE, f003.message);
  // The simulator's FIR detail gives LSAS's box (gml:boundedBy); the route does not touch it either.
  assert.match(
    f003.message,
    /^EET\/LSAS0010: the route does not cross LSAS by the hub's box around LSAS \(its outline is not known\);/,
  );
  assert.match(f003.message, /the wind is not known/);
  // The computed EET/, then in brackets what it could not name (issue 40: where the route is in
  // no known FIR: the simulator's hand-drawn outlines leave a sliver between London and Brussels).
  assert.match(f003.message, /: EET\/EBBU\d{4} EDGG\d{4}(?: \(no known FIR from [^;]+\))?$/, 'the computed EET/');
  await wb.closePanel();
  const fixes = await wb.quickFixes(FIELD18_LINE, 'LSAS0010');
  assert.ok(fixes.includes('Insert EET/ for the FIR boundaries'), JSON.stringify(fixes));
  await wb.screenshot('eet-quick-fix');
  await wb.dismiss();
});

step('"Insert EET/ for the FIR boundaries" writes EET/ in one undoable edit, and the warning clears', async (wb) => {
  await wb.goTo(FIELD18_LINE, 2);
  await wb.runCommand('ICAO Route: Insert EET/ for the FIR Boundaries');
  const written = await wb.until(
    async () => {
      const text = await wb.lineText(FIELD18_LINE);
      return WRITTEN.test(text) ? text : undefined;
    },
    'EET/ written into field 18',
    60_000,
  );
  assert.match(await wb.notification(/EET\/EBBU\d{4} EDGG\d{4}: times from take-off in still air/), /boundaries: /);
  await wb.until(async () => (await eetFindings(wb)).length === 0, 'no EET/ finding once it is written', 60_000);
  await wb.screenshotAs('eet-inserted.png');
  await wb.closePanel();
  // One edit: one undo brings back what the user had written.
  await wb.goTo(FIELD18_LINE, 2);
  await wb.page.keyboard.press('Control+Z');
  await wb.until(async () => (await wb.lineText(FIELD18_LINE)) === WRONG, `one undo back to ${WRONG} (was ${written})`);
  await wb.undoUntil(FIELD18_LINE, FIELD18);
  await wb.until(
    async () => (await eetFindings(wb)).length === 0,
    'the sample as it was, without EET/ findings',
    60_000,
  );
  await wb.closePanel();
});
