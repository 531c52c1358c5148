/**
 * Insert EET/ on the Paris–Rome message of samples/fpl-message.route in a real VS Code (issue 40's
 * quality bar), against the FIR table the demo had when the issue was written: the simulator's
 * built-in outlines without Roma (LIRR), given to it as a boundaries file (`--firs`). The command
 * once wrote `EET/LFEE0018 LFMM0018 LSAS0032 LFMM0034 LSAS0036 LIMM0040`: a FIR for 0 minutes, a
 * route bouncing along a boundary, and nothing said of the last 127 NM, which lie in no FIR the
 * table knows. Now the EET/ written names each FIR once, in the order entered, none for under a
 * minute, and the message after the edit says where the route is in no known FIR. Undone at the
 * end, so the sample is left as it was.
 *
 * Lines and columns are one-based, as VS Code shows them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';
import { BUILTIN_FIRS } from '../hub-sim/firs-builtin';
import { workbenchSuite } from './harness/suite';

/** The simulator's FIR table without LIRR, as a GeoJSON file of the shape `--firs` reads (`id`, MultiPolygon). */
function firsWithoutRoma(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'icao-route-e2e-firs-'));
  after(() => rmSync(folder, { recursive: true, force: true }));
  const file = path.join(folder, 'firs-without-lirr.geojson');
  const features = BUILTIN_FIRS.filter((f) => f.code !== 'LIRR').map((f) => ({
    type: 'Feature',
    properties: { id: f.code, oceanic: f.oceanic ? '1' : '0' },
    geometry: { type: 'MultiPolygon', coordinates: [[[...f.outline, f.outline[0]]]] },
  }));
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  return file;
}

const { step } = workbenchSuite('eet-paris-rome', { hubArgs: ['--firs', firsWithoutRoma()] });

/** Field 18 of the second message (AFR1404, LFPG–LIRF) of samples/fpl-message.route. */
const FIELD18_LINE = 17;
const FIELD18 = '-PBN/A1B1D1O1S1 REG/FGTAM EET/LSAS0030 LIMM0041)';

step(
  'Insert EET/ on Paris–Rome: each FIR once, in order, none for 0 minutes, and the stretch in no known FIR said',
  async (wb) => {
    await wb.openAlone('fpl-message.route');
    assert.equal(await wb.lineText(FIELD18_LINE), FIELD18);
    await wb.goTo(FIELD18_LINE, 2);
    await wb.runCommand('ICAO Route: Insert EET/ for the FIR Boundaries');
    const written = await wb.until(
      async () => {
        const text = await wb.lineText(FIELD18_LINE);
        return text !== FIELD18 ? text : undefined;
      },
      'EET/ written into field 18',
      120_000,
    );
    const eet = /^-PBN\/A1B1D1O1S1 REG\/FGTAM EET\/((?:[A-Z]{4}\d{4} ?)+)\)$/.exec(written);
    assert.ok(eet, written);
    const items = eet[1]!.trim().split(' ');
    // Marseille, Switzerland, Milan: the order the route enters them. Not LFEE (flown through in
    // under a minute), not LFMM or LSAS twice (the route follows their shared boundary), and no
    // LIRR: this table has no outline of Roma.
    assert.deepEqual(
      items.map((i) => i.slice(0, 4)),
      ['LFMM', 'LSAS', 'LIMM'],
      written,
    );
    const minutes = items.map((i) => Number(i.slice(4, 6)) * 60 + Number(i.slice(6, 8)));
    assert.ok(minutes[0]! > 0, `no FIR at 0 minutes: ${written}`);
    for (let k = 1; k < minutes.length; k++)
      assert.ok(minutes[k]! > minutes[k - 1]!, `each FIR at least a minute after the one before: ${written}`);

    const said = await wb.notification(/EET\/LFMM\d{4} LSAS\d{4} LIMM\d{4}: times from take-off in still air/);
    assert.match(said, /LFEE \(\d+–\d+ NM\) is flown through in under 1 minute and not named/);
    assert.match(said, /LSAS \(\d+–\d+ NM\) is taken as LFMM: the route follows their shared boundary/);
    // The end of the route, in no FIR of this table: said, with where and how far, not passed over.
    assert.match(
      said,
      /no known FIR from \d+ NM after RUXOL to LIRF \(\d+–\d+ NM, 12\d NM\): no boundary there is known, so EET\/ names none/,
    );
    await wb.screenshotAs('eet-paris-rome.png');

    // One undoable edit: the sample as it shipped.
    await wb.dismiss();
    await wb.goTo(FIELD18_LINE, 2);
    await wb.undoUntil(FIELD18_LINE, FIELD18);
  },
);
