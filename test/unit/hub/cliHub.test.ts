/** `check --hub`: the checker adds the hub's findings; service failures exit 2 with one line. */
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HubSimulator } from '../../hub-sim/server';
import { startSim } from './simHelpers';
import { requireRouteExpansion } from '../../shared/routeExpansion';
import { buildOnce, CLI_JS } from '../../protocol/support/build';

const ROOT = resolve(__dirname, '../../..');
const AMBIGUOUS = resolve(ROOT, 'samples/ambiguous-first-fix.route');
const EUROPE = resolve(ROOT, 'samples/europe.route');
const BROKEN = resolve(ROOT, 'samples/broken.route');

let sim: HubSimulator;
before(async () => {
  // The shipped bundle: a run through tsx transpiled the whole server for each of these checks.
  buildOnce();
  sim = await startSim();
});
after(() => sim.close());

function check(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HUB_USER_KEY: undefined,
    HTTP_PROXY: undefined,
    HTTPS_PROXY: undefined,
    http_proxy: undefined,
    https_proxy: undefined,
    ...env,
  };
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI_JS, 'check', ...args],
      { cwd: ROOT, env: childEnv, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

test('the hub findings join the local ones: the ambiguous first fix is reported on its line', async () => {
  requireRouteExpansion(sim);
  const run = await check(['--hub', sim.url, AMBIGUOUS], { HUB_USER_KEY: 'demo' });
  const h003 = run.stdout.split('\n').filter((l) => / H003 /.test(l));
  // The hub stays literal: the route from EGHI gets H003 though Southampton is clearly nearest.
  assert.equal(h003.length, 2, run.stdout + run.stderr);
  assert.match(h003[0]!, /ambiguous-first-fix\.route:8:11 H003 warning: .*SAM.*referenceFix/);
  assert.match(h003[1]!, /ambiguous-first-fix\.route:32:11 H003 warning: .*SAM.*referenceFix/);
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
  assert.ok(sim.requests.list().some((r) => r.endpoint === 'routeExpansion' && /user_key=REDACTED/.test(r.url)));
});

test('--format json carries the hub expansion of each block', async () => {
  requireRouteExpansion(sim);
  const run = await check(['--hub', sim.url, '--format', 'json', EUROPE], { HUB_USER_KEY: 'demo' });
  const report = JSON.parse(run.stdout) as {
    files: { blocks: { expansion?: { source: string; points: unknown[] } }[] }[];
  };
  const blocks = report.files[0]!.blocks;
  assert.ok(blocks.length > 0);
  for (const b of blocks) {
    assert.equal(b.expansion?.source, 'hub');
    assert.ok(b.expansion.points.length > 0);
  }
});

test('without HUB_USER_KEY: exit 2 and one line saying where the key goes', async () => {
  const run = await check(['--hub', sim.url, EUROPE], {});
  assert.equal(run.code, 2);
  assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
  assert.match(run.stderr, /HUB_USER_KEY/);
});

test('a service failure: exit 2, one clear line with the support id, no stack trace', async (t) => {
  requireRouteExpansion(sim);
  sim.faults.add({ kind: 'serverError', method: 'POST' });
  t.after(() => sim.faults.clear());
  const run = await check(['--hub', sim.url, EUROPE], { HUB_USER_KEY: 'demo' });
  assert.equal(run.code, 2);
  const lines = run.stderr.trim().split('\n');
  // The failure, then the summary, which counts the blocks left unexpanded.
  assert.equal(lines.length, 2, run.stderr);
  assert.match(lines[0]!, /^icao-route: hub: .*HTTP 500, support id [0-9a-f-]{36}/);
  assert.match(lines[1]!, /^1 file\(s\) checked: .*; \d+ route block\(s\) not expanded \(local checks only\)$/);
  assert.ok(!/\n\s+at /.test(run.stderr));
});

test('a usage limit midway: the local findings and the JSON stay, the blocks left unexpanded are marked', async (t) => {
  requireRouteExpansion(sim);
  sim.settings.usageLimit = { requests: 3, windowSeconds: 600 };
  t.after(() => {
    delete sim.settings.usageLimit;
  });
  const run = await check(['--hub', sim.url, '--format', 'json', BROKEN], { HUB_USER_KEY: 'demo' });
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr.split('\n')[0]!, /^icao-route: hub: .*usage limit/i);
  const report = JSON.parse(run.stdout) as {
    files: {
      diagnostics: { code: string }[];
      blocks: { routeText: string; expansion?: { source: string; points?: unknown[]; notExpanded?: string } }[];
    }[];
    failures: string[];
    notExpanded: number;
  };
  const file = report.files[0]!;
  assert.ok(
    file.diagnostics.some((d) => /^R\d{3}$/.test(d.code)),
    'the local findings are all there',
  );
  const routes = file.blocks.filter((b) => b.expansion);
  const expanded = routes.filter((b) => b.expansion!.points);
  const marked = routes.filter((b) => b.expansion!.notExpanded);
  assert.ok(expanded.length >= 1 && expanded.length <= 3, `${expanded.length} expanded`);
  assert.ok(marked.length >= 1);
  assert.equal(expanded.length + marked.length, routes.length);
  assert.equal(report.notExpanded, marked.length);
  assert.match(marked[0]!.expansion!.notExpanded!, /usage limit/i);
  assert.equal(report.failures.length, 1);
});

test('--max-warnings: more warnings than allowed make exit code 1', async () => {
  requireRouteExpansion(sim);
  // Two runs, each for its exit code, side by side: neither changes the simulator.
  const [strict, lenient] = await Promise.all([
    check(['--hub', sim.url, '--max-warnings', '0', AMBIGUOUS], { HUB_USER_KEY: 'demo' }),
    check(['--hub', sim.url, '--max-warnings', '100', AMBIGUOUS], { HUB_USER_KEY: 'demo' }),
  ]);
  assert.equal(strict.code, 1, strict.stderr);
  assert.match(strict.stderr, /warning\(s\), more than --max-warnings 0/);
  assert.ok(lenient.code === 0, lenient.stderr);
});

test('a wrong key: exit 2, and the key appears nowhere in the output', async () => {
  const run = await check(['--hub', sim.url, EUROPE], { HUB_USER_KEY: 'not-the-key-4711' });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /did not accept the key/);
  assert.ok(!(run.stdout + run.stderr).includes('not-the-key-4711'));
});

test('plain http to a remote host is refused before any request', async () => {
  const run = await check(['--hub', 'http://hub.example.com', EUROPE], { HUB_USER_KEY: 'demo' });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /must use https/);
});

test("cruising levels by magnetic track (X014) on the hub's points: westbound at F370 flagged, --semicircular off not", async () => {
  requireRouteExpansion(sim);
  const dir = mkdtempSync(join(tmpdir(), 'levels-'));
  const file = join(dir, 'west.route');
  writeFileSync(file, 'origin: EBBR\ndestination: EGLL\nN0450F370 KOK UL607 KONAN\n');
  const [run, off] = await Promise.all([
    check(['--hub', sim.url, file], { HUB_USER_KEY: 'demo' }),
    check(['--hub', sim.url, '--semicircular', 'off', file], { HUB_USER_KEY: 'demo' }),
  ]);
  const x014 = run.stdout.split('\n').filter((l) => / X014 /.test(l));
  assert.equal(x014.length, 1, run.stdout + run.stderr);
  assert.match(
    x014[0]!,
    /west\.route:3:1 X014 warning: FL370 is an eastbound level .* KOK–KONAN, is westbound: magnetic track \d{3}° .*F360 or F380\. Points from the hub's expansion/,
  );
  assert.doesNotMatch(off.stdout, /X014/);
  rmSync(dir, { recursive: true });
});

test("DLE/ on the hub's points (X015): a point inside L607 passes, a point off the route is flagged", async () => {
  requireRouteExpansion(sim);
  const dir = mkdtempSync(join(tmpdir(), 'delays-'));
  const fpl = (dle: string) =>
    `(FPL-SWR12-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EBOS1200\n-N0250F150 KONAN L607 MAK\n-EBBR0045\n-PBN/A1B1C1D1 DOF/270305 ${dle})\n`;
  const on = join(dir, 'on.route');
  const off = join(dir, 'off.route');
  writeFileSync(on, fpl('DLE/KOK0020'));
  writeFileSync(off, fpl('DLE/XAMAN0020'));
  // One run for both files (each finding line starts with its file): the test is about the
  // lines, not the exit code, and a run with the hub costs a second of CPU.
  const run = await check(['--hub', sim.url, on, off], { HUB_USER_KEY: 'demo' });
  const linesOf = (file: string) => run.stdout.split('\n').filter((l) => l.startsWith(`${file}:`));
  assert.ok(linesOf(on).length > 0, run.stdout + run.stderr);
  assert.doesNotMatch(linesOf(on).join('\n'), /X015|R320/);
  const x015 = run.stdout.split('\n').filter((l) => / X015 /.test(l));
  assert.equal(x015.length, 1, run.stdout + run.stderr);
  assert.match(
    x015[0]!,
    /off\.route:6:30 X015 warning: DLE\/XAMAN0020: XAMAN is not a point of the expanded route .*in the hub's expansion/,
  );
  rmSync(dir, { recursive: true });
});
