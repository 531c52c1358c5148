/**
 * DOF/ is judged against the same "today" whatever the checker loads (issue 37 §3): a date in the
 * past (R326) and one more than 120 hours ahead (R334) get the same findings from the plain
 * check and with --navdata.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { buildOnce, CLI_JS } from '../../protocol/support/build';
import { EXCERPT } from '../navdata/paths';

let dir: string;

before(() => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-dof-'));
});

after(() => rmSync(dir, { recursive: true, force: true }));

const message = (dof: string): string =>
  `(FPL-SWR12-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-LSZH1200\n-N0450F350 GERSA UN851 DJL\n-LFPG0045 LFPO\n-PBN/A1B1C1D1 DOF/${dof})\n`;

function dofFindings(...args: string[]): string[] {
  const run = spawnSync(process.execPath, [CLI_JS, 'check', '--format', 'json', ...args, 'dof.route'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] };
  return (
    report.files
      .flatMap((f) => f.diagnostics)
      .filter((d) => d.code === 'R326' || d.code === 'R334')
      // The clock's part of the message is left out: the two runs may straddle a minute (or an hour).
      .map(
        (d) =>
          `${d.code} ${d.message
            .replace(/\d+ days? before today \(.*\)/, 'N days before today')
            .replace(/\d+ hours after now \([^)]*\)/, 'N hours after now')}`,
      )
  );
}

test('a past DOF/ and one too far ahead: the same findings with and without navigation data', () => {
  for (const [dof, code] of [
    ['200101', 'R326'],
    ['991231', 'R334'],
  ] as const) {
    writeFileSync(path.join(dir, 'dof.route'), message(dof));
    const plain = dofFindings();
    assert.equal(plain.length, 1, `DOF/${dof}: ${JSON.stringify(plain)}`);
    assert.ok(plain[0]!.startsWith(code), plain[0]);
    assert.deepEqual(dofFindings('--navdata', EXCERPT), plain, `DOF/${dof}`);
  }
});
