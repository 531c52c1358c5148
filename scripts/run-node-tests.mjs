// Runs node's test runner over every *.test.ts below the given folders, or the given test files
// (TypeScript through tsx).
// Node 20 has no glob support in `--test`, so the files are listed here.
//
// End-to-end files (test/e2e) share the code-servers of one pool for the whole run
// (scripts/e2e/pool.mjs), served from this process, and run two at a time (E2E_CONCURRENCY):
// each drives a whole VS Code window on a server leased to it alone, with its own simulator,
// workspace and browser profile.
//
// The other files run in TEST_GROUPS processes, two at a time (TEST_CONCURRENCY): each process
// loads its share of the files one after the other, each file's tests in a suite named by its
// path (its hooks stay its own). Every file still uses its own temporary folders and free ports.
// A process per file loaded tsx and the modules under test anew for each of some 160 files: a
// third of the unit lane's CPU time. ICAO_ROUTE_TEST_GROUPS=0 runs each file in a process of its
// own again (to rule out one file's leftovers disturbing another). The group files' temporary
// folder is removed when the run ends, also when Ctrl+C or SIGTERM stops it (stopOnSignals).
import { mkdtempSync, readdirSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Test files run at once outside the e2e suite: the 2 cores of the reference machine. */
const TEST_CONCURRENCY = 2;
/** End-to-end files run at once (ICAO_ROUTE_E2E_CONCURRENCY=1: one at a time, e.g. to rule out contention). */
const E2E_CONCURRENCY = Number(process.env.ICAO_ROUTE_E2E_CONCURRENCY ?? 2);
/** Processes the files outside the e2e suite share (more than the cores, so that they even out). */
const TEST_GROUPS = Number(process.env.ICAO_ROUTE_TEST_GROUPS ?? 6);

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return dir.endsWith('.test.ts') ? [dir] : [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = process.argv.slice(2).flatMap(testFiles).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

const E2E = resolve('test', 'e2e') + sep;
const endToEnd = files.some((file) => resolve(file).startsWith(E2E));

// The files that need dist/ build it once per run (test/protocol/support/build.ts).
const env = { ...process.env, ICAO_ROUTE_TEST_RUN: `${process.pid}-${Date.now()}` };
let pool;
if (endToEnd) {
  const { CodeServerPool, servePool, POOL_ENVIRONMENT } = await import('./e2e/pool.mjs');
  const { exitOnSignals } = await import('./e2e/proc.mjs');
  const { DEMO_KEY } = await import('./e2e/session.mjs');
  // Ctrl+C stops the code-servers too (their process groups do not get the terminal's signal).
  exitOnSignals();
  pool = new CodeServerPool(resolve('test-results', 'e2e', 'code-servers'));
  env[POOL_ENVIRONMENT] = (await servePool(pool)).url;
  // Packaging and the start-up of the servers the first files ask for (the run starts with two
  // files with the simulator's key) and of one without the key overlap the start of the first
  // files; a single file starts only the server it asks for.
  if (files.length > 1) pool.warmUp([...Array(Math.min(E2E_CONCURRENCY, 2)).fill(DEMO_KEY), undefined]);
}

/**
 * `files` dealt into `groups` files that each load their share in turn (CommonJS for tsx's
 * require hook, as the test files are), in a new temporary folder.
 *
 * A file that ends the process (process.exit(0) in a test, or in code it runs) would end its
 * group there, the files after it unrun and the group counted as passed: the group's process
 * then exits 1, and says which file was running.
 */
const REFERENCE_CLOCK = fileURLToPath(new URL('../server/src/route/clock.ts', import.meta.url));

function groupFiles(files, groups) {
  const folder = mkdtempSync(join(tmpdir(), 'icao-route-test-groups-'));
  const shares = Array.from({ length: Math.min(groups, files.length) }, () => []);
  files.forEach((file, i) => shares[i % shares.length].push(file));
  const entries = shares.map((share, g) => {
    const entry = join(folder, `group-${g + 1}.test.cjs`);
    const lines = share.map((file) => {
      const name = JSON.stringify(file);
      return `describe(${name}, () => { before(() => start(${name})); require(${JSON.stringify(resolve(file))}); });`;
    });
    const head = [
      `const { after, before, describe } = require('node:test');`,
      `let running = 'the loading of its files';`,
      // Each file starts with no "today" for the parser, as in a process of its own: a RouteSession
      // made by a file before it sets the wall clock (route/clock.ts), and a DOF/ then ages.
      `const clock = require(${JSON.stringify(REFERENCE_CLOCK)});`,
      `const start = (name) => { running = name; clock.setReferenceClock(undefined); };`,
      `let finished = false;`,
      `process.on('exit', () => {`,
      `  if (finished) return;`,
      `  process.exitCode = 1;`,
      '  console.error(`this group of test files ended while ${running} ran: the files after it in its group did not run`);',
      `});`,
    ];
    // After every file's tests (a root hook runs after the suites).
    const tail = [`after(() => (finished = true));`, ''];
    writeFileSync(entry, [...head, ...lines, ...tail].join('\n'));
    return entry;
  });
  return { entries, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const concurrency = endToEnd ? E2E_CONCURRENCY : TEST_CONCURRENCY;
const grouped = !endToEnd && files.length > 1 && TEST_GROUPS > 0 ? groupFiles(files, TEST_GROUPS) : undefined;
// The unit and protocol files are CommonJS once tsx has compiled them: tsx's require hook alone
// loads them. `--import tsx` would also start node's module-hooks thread in every test process,
// about 0.1-0.3 s of CPU each over some 160 files.
const loader = endToEnd ? ['--import', 'tsx'] : ['--require', 'tsx/cjs'];
const run = grouped?.entries ?? files;
const child = spawn(process.execPath, [...loader, '--test', `--test-concurrency=${concurrency}`, ...run], {
  stdio: 'inherit',
  env,
});
const stoppedBy = grouped ? stopOnSignals(child, grouped.remove) : () => undefined;
const status = await new Promise((resolveStatus) => {
  child.on('error', () => resolveStatus(1));
  child.on('close', (code) => resolveStatus(code ?? 1));
});
await pool?.stop();
grouped?.remove();
const signal = stoppedBy();
process.exit(signal ? exitCodeOf(signal) : status);

/**
 * On SIGINT / SIGTERM while grouped files run: the signal goes on to the test process (Ctrl+C
 * reached it already; a SIGTERM sent to this process alone, as scripts/run-step.mjs stops a
 * step, did not), whose runner stops its files and exits; the group folder is removed after it,
 * above. A second signal stops it at once. Gives the signal that stopped the run, if one did.
 */
function stopOnSignals(testProcess, removeGroups) {
  let stoppedBy;
  const handler = (signal) => {
    if (stoppedBy) {
      testProcess.kill('SIGKILL');
      removeGroups();
      process.exit(exitCodeOf(signal));
    }
    stoppedBy = signal;
    testProcess.kill(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => stoppedBy;
}

/** The exit code of a process ended by `signal`, as a shell gives it. */
function exitCodeOf(signal) {
  return signal === 'SIGINT' ? 130 : 143;
}
