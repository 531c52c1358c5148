// `npm test`: every test of the project, closing with one line `N passed, N failed` over all
// suites. The steps run in two lanes side by side, each step once the steps it comes `after` have
// ended: the checks and the unit, map page and grammar tests (mostly CPU), and the end-to-end and
// desktop suites (mostly waiting on a browser and VS Code). On 2 cores the waiting of one lane is
// the other's CPU time. A step's output is kept and printed whole when it ends, so that the steps
// running together do not interleave; a line says when each starts.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGE = 'package the extension (.vsix for the end-to-end suite)';
const steps = [
  // The end-to-end suite installs this .vsix; packaging writes the production bundles into dist/,
  // so it runs before the build (which writes them again for the tests) and the pool does not
  // package again (ICAO_ROUTE_SKIP_PACKAGE).
  {
    name: PACKAGE,
    cmd: ['npm', 'run', 'package', '--', '--allow-missing-repository'],
    when: 'test/e2e',
    then: { ICAO_ROUTE_SKIP_PACKAGE: '1' },
  },
  // The later steps reuse these bundles: the test files that need dist/ do not build it again,
  // and nothing writes dist/ while they run.
  { name: 'build', cmd: ['npm', 'run', 'build'], after: [PACKAGE], then: { ICAO_ROUTE_SKIP_BUILD: '1' } },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'lint (eslint and prettier --check)', cmd: ['npm', 'run', 'lint'], after: ['typecheck'] },
  {
    name: 'unit and protocol tests',
    cmd: ['npm', 'run', 'test:unit'],
    after: ['build', 'lint (eslint and prettier --check)'],
    counts: true,
  },
  // The route map page in headless Chromium (built by the build step). A new machine has no
  // Chromium yet: the browser is installed first (Debian's package; the VS Code environment
  // comes with the end-to-end suite).
  {
    name: 'browser for the map page tests',
    cmd: ['node', 'scripts/e2e-env.mjs', '--browser-only'],
    when: 'test/webview',
    after: ['unit and protocol tests'],
  },
  {
    name: 'webview browser tests',
    cmd: ['node', 'scripts/run-node-tests.mjs', 'test/webview'],
    when: 'test/webview',
    after: ['build', 'browser for the map page tests'],
    counts: true,
    // Without the browser every test would fail for the one reason the step above gave.
    needs: 'browser for the map page tests',
  },
  {
    name: 'grammar tests',
    cmd: ['npm', 'run', 'test:grammar'],
    when: 'test/grammar',
    after: ['webview browser tests'],
    marks: true,
  },
  // Installs the VS Code test environment first when it is missing (scripts/e2e-env.mjs); when
  // that cannot work, the step fails with the one command that fixes it.
  {
    name: 'end-to-end suite',
    cmd: ['npm', 'run', 'test:e2e'],
    when: 'test/e2e',
    after: [PACKAGE],
    needs: PACKAGE,
    counts: true,
  },
  // The desktop suite runs the same assertions through the VS Code API; here it runs in the
  // cached code-server (after the end-to-end suite: they would compete for the same cores), and
  // fails saying why when there is no VS Code to run in.
  {
    name: 'desktop suite',
    cmd: ['npm', 'run', 'test:vscode'],
    when: 'test/vscode',
    after: ['build', 'end-to-end suite'],
    marks: true,
    env: { VSCODE_TEST_REQUIRED: '1' },
  },
  // Hover latency while the server reads hostile flight answers (issue 35: within 4 s on 2 cores)
  // is a bound on wall time: it runs when both lanes have ended, with the machine to itself, not
  // beside a browser and VS Code.
  {
    name: 'responsiveness under hostile flight answers',
    cmd: ['npm', 'run', 'test:responsiveness'],
    when: 'test/responsiveness',
    after: ['build', 'grammar tests', 'desktop suite'],
    counts: true,
  },
];

const STEP_RUNNER = new URL('./run-step.mjs', import.meta.url).pathname;

/**
 * Runs one step with its output kept (stdout alone for counting, both streams in order for
 * printing). Resolves with its status and CPU seconds (from scripts/run-step.mjs; undefined
 * off Linux).
 */
function run(cmd, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [STEP_RUNNER, ...cmd], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, ...earlierSteps, ...env },
    });
    const stdout = [];
    const both = [];
    let cpu;
    child.stdout.on('data', (chunk) => {
      stdout.push(chunk);
      both.push(chunk);
    });
    child.stderr.on('data', (chunk) => both.push(chunk));
    child.on('message', (message) => (cpu = message?.cpu));
    child.on('error', (error) => resolve({ status: 1, out: String(error), shown: String(error) }));
    child.on('close', (status) =>
      resolve({
        status,
        cpu,
        out: Buffer.concat(stdout).toString('utf8'),
        shown: Buffer.concat(both).toString('utf8'),
      }),
    );
  });
}

let passed = 0;
let failed = 0;
const failures = [];
/** Environment that steps passed on to the later ones (`then`). */
const earlierSteps = {};
/** Per step: when it started (s after the run's start), its wall and CPU seconds. */
const timings = new Map();
const runStarted = performance.now();
const since = () => (performance.now() - runStarted) / 1000;

function count(step, status, out) {
  const failedBefore = failed;
  if (step.counts) {
    // node's test runner closes with "# pass N" / "# fail N" (tap) or "ℹ pass N" (spec).
    passed += Number(/^(?:#|ℹ) pass (\d+)/m.exec(out)?.[1] ?? 0);
    failed += Number(/^(?:#|ℹ) fail (\d+)/m.exec(out)?.[1] ?? 0);
  } else if (step.marks) {
    // One ✓/✖ line per test file (grammar) or per test (desktop suite); a file the grammar tool
    // cannot parse prints only "ERROR …".
    passed += (out.match(/^✓ /gm) ?? []).length;
    failed += (out.match(/^(?:✖|ERROR) /gm) ?? []).length;
  }
  if (status !== 0) {
    failures.push(step.name);
    // A step that failed without a failing test to count (a build error, a crashed runner)
    // still counts once, so the closing line never says 0 failed for a failed run.
    if (failed === failedBefore) failed += 1;
  }
}

async function runStep(step) {
  if (step.needs && failures.includes(step.needs)) {
    console.log(`\n=== ${step.name}: not run (${step.needs} failed, see above)`);
    return;
  }
  const start = since();
  console.log(`--- ${step.name}: started at ${start.toFixed(0)} s`);
  const { status, cpu, out, shown } = await run(step.cmd, step.env);
  const wall = since() - start;
  timings.set(step.name, { start, wall, cpu });
  if (status === 0) Object.assign(earlierSteps, step.then);
  process.stdout.write(`\n=== ${step.name}: ${step.cmd.join(' ')} (${wall.toFixed(1)} s)\n${shown}`);
  count(step, status, out);
}

// Each step starts once every step it comes `after` has ended (or does not run here).
const present = steps.filter((step) => !step.when || existsSync(step.when));
const ended = new Map();
for (const step of present) {
  const before = (step.after ?? []).map((name) => ended.get(name)).filter(Boolean);
  ended.set(
    step.name,
    Promise.all(before).then(() => runStep(step)),
  );
}
await Promise.all(ended.values());

console.log('\nseconds per step (start, wall, CPU):');
const column = (value) => (value === undefined ? '' : value.toFixed(1)).padStart(7);
let cpuTotal = 0;
for (const step of present) {
  const t = timings.get(step.name);
  if (!t) continue;
  cpuTotal += t.cpu ?? 0;
  console.log(`  ${column(t.start)} ${column(t.wall)} ${column(t.cpu)}  ${step.name}`);
}
console.log(`  ${column(undefined)} ${column(since())} ${column(cpuTotal)}  total (wall: the whole run)`);
if (failures.length) console.log(`\nfailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
