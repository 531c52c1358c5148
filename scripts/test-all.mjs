// `npm test`: every test of the project, in the order a failure is cheapest to find:
// build, type-check and lint, unit and protocol tests, the map page in Chromium, grammar tests,
// then the end-to-end suite in a real VS Code and the desktop suite. Prints one closing line
// `N passed, N failed` over all suites.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const steps = [
  // The later steps reuse these bundles: the test files that need dist/ do not build it again.
  { name: 'build', cmd: ['npm', 'run', 'build'], then: { ICAO_ROUTE_SKIP_BUILD: '1' } },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'lint (eslint and prettier --check)', cmd: ['npm', 'run', 'lint'] },
  { name: 'unit and protocol tests', cmd: ['npm', 'run', 'test:unit'], counts: true },
  // The route map page in headless Chromium (built by the first step). A new machine has no
  // Chromium yet: the browser is installed first (Debian's package; the VS Code environment
  // comes later, for the end-to-end suite).
  {
    name: 'browser for the map page tests',
    cmd: ['node', 'scripts/e2e-env.mjs', '--browser-only'],
    when: 'test/webview',
  },
  {
    name: 'webview browser tests',
    cmd: ['node', 'scripts/run-node-tests.mjs', 'test/webview'],
    when: 'test/webview',
    counts: true,
    // Without the browser every test would fail for the one reason the step above gave.
    needs: 'browser for the map page tests',
  },
  { name: 'grammar tests', cmd: ['npm', 'run', 'test:grammar'], when: 'test/grammar', marks: true },
  // Installs the VS Code test environment first when it is missing (scripts/e2e-env.mjs); when
  // that cannot work, the step fails with the one command that fixes it.
  { name: 'end-to-end suite', cmd: ['npm', 'run', 'test:e2e'], when: 'test/e2e', counts: true },
  // The desktop suite runs the same assertions through the VS Code API; here it runs in the
  // cached code-server, and fails saying why when there is no VS Code to run in.
  {
    name: 'desktop suite',
    cmd: ['npm', 'run', 'test:vscode'],
    when: 'test/vscode',
    marks: true,
    env: { VSCODE_TEST_REQUIRED: '1' },
  },
];

/**
 * CPU seconds used so far by the finished child processes of this one and theirs (Linux: the
 * cutime and cstime of /proc/self/stat, in ticks of 1/100 s); undefined elsewhere. Unlike the
 * wall time, this hardly changes with the load of a shared machine.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** Runs one step, its output shown as it comes (CI sees progress) and kept for counting. */
function run(cmd, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...earlierSteps, ...env },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.on('error', (error) => resolve({ status: 1, out: String(error) }));
    child.on('close', (status) => resolve({ status, out: Buffer.concat(chunks).toString('utf8') }));
  });
}

let passed = 0;
let failed = 0;
const failures = [];
/** Environment that steps passed on to the later ones (`then`). */
const earlierSteps = {};
/** Seconds per step, printed at the end: where the time of a run goes. */
const durations = [];
for (const step of steps) {
  if (step.when && !existsSync(step.when)) continue;
  if (step.needs && failures.includes(step.needs)) {
    console.log(`\n=== ${step.name}: not run (${step.needs} failed, see above)`);
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  const { status, out } = await run(step.cmd, step.env);
  const cpu = cpuBefore === undefined ? undefined : childrenCpuSeconds() - cpuBefore;
  durations.push([step.name, (performance.now() - started) / 1000, cpu]);
  if (status === 0) Object.assign(earlierSteps, step.then);
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
console.log('\nseconds per step (wall, CPU):');
for (const [name, seconds, cpu] of durations)
  console.log(`  ${seconds.toFixed(1).padStart(7)} ${cpu === undefined ? '' : cpu.toFixed(1).padStart(7)}  ${name}`);
const total = (i) =>
  durations
    .reduce((sum, d) => sum + (d[i] ?? 0), 0)
    .toFixed(1)
    .padStart(7);
console.log(`  ${total(1)} ${total(2)}  total`);
if (failures.length) console.log(`\nfailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
