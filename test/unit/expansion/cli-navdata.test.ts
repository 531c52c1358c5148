import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseRouteDocument } from '../../../server/src/route';
import { createNavdataEnricher } from '../../../server/src/expansion/cliNavdata';
import { EXCERPT, ROOT, SAMPLES } from '../navdata/paths';

test('the navdata enricher adds expansion findings and the expanded points per block', async () => {
  const enricher = await createNavdataEnricher(EXCERPT, (m) => new Error(m));
  const text = fs.readFileSync(path.join(SAMPLES, 'ambiguous-first-fix.route'), 'utf8');
  const document = parseRouteDocument(text);
  const report = { document, findings: [], blocks: document.blocks.map(() => ({}) as { expansion?: unknown }) };
  await enricher.enrich(report);
  assert.deepEqual(report.findings.map((f: { code: string }) => f.code), ['X005']);
  const second = report.blocks[1].expansion as { source: string; points: { designator: string }[] };
  assert.equal(second.source, 'navdata');
  assert.deepEqual(second.points.map((p) => p.designator), ['EGHI', 'SAM', 'ORTAC', 'JSY', 'EGJJ']);
});

test('a folder without navigation data is the failure made by the checker', async () => {
  await assert.rejects(createNavdataEnricher(path.join(ROOT, 'samples'), (m) => new Error(`failed: ${m}`)), /failed: No navigation data in/);
});

test('check --navdata on the command line: JSON with points, exit codes', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/cli.ts'), 'check', ...args], { cwd: ROOT, encoding: 'utf8' });
  const json = cli('--navdata', EXCERPT, '--format', 'json', path.join(SAMPLES, 'europe.route'));
  assert.equal(json.status, 0, json.stderr);
  const report = JSON.parse(json.stdout) as { files: { diagnostics: unknown[]; blocks: { expansion: { points: { designator: string }[] } }[] }[] };
  assert.deepEqual(report.files[0].diagnostics, []);
  assert.equal(report.files[0].blocks[0].expansion.points.at(-1)!.designator, 'EDDF');
  const text = cli(`--navdata=${EXCERPT}`, path.join(SAMPLES, 'broken.route'));
  assert.match(text.stdout, /broken\.route:28:19 X001 warning: KNOAN is not in the navigation data/);
  const missing = cli('--navdata', path.join(ROOT, 'no-such-folder'), path.join(SAMPLES, 'europe.route'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /icao-route: Navigation data folder .*no-such-folder cannot be read/);
});
