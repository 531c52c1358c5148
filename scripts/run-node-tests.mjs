// Runs node's test runner over every *.test.ts below the given folders, or the given test files
// (TypeScript through tsx).
// Node 20 has no glob support in `--test`, so the files are listed here.
//
// End-to-end files (test/e2e) share the code-servers of one pool for the whole run
// (scripts/e2e/pool.mjs), served from this process, and run two at a time (E2E_CONCURRENCY):
// each drives a whole VS Code window on a server leased to it alone, with its own simulator,
// workspace and browser profile; most of a file's time is waiting on the browser and the
// extension host, which the other file's work fills. The other files run two at a time
// (TEST_CONCURRENCY), each in its own process with its own temporary folders and free ports.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { spawn } from 'node:child_process';

/** Test files run at once outside the e2e suite: the 2 cores of the reference machine. */
const TEST_CONCURRENCY = 2;
/** End-to-end files run at once (ICAO_ROUTE_E2E_CONCURRENCY=1: one at a time, e.g. to rule out contention). */
const E2E_CONCURRENCY = Number(process.env.ICAO_ROUTE_E2E_CONCURRENCY ?? 2);

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

const concurrency = endToEnd ? E2E_CONCURRENCY : TEST_CONCURRENCY;
// The unit and protocol files are CommonJS once tsx has compiled them: tsx's require hook alone
// loads them. `--import tsx` would also start node's module-hooks thread in every test process,
// about 0.1-0.3 s of CPU each over some 160 files.
const loader = endToEnd ? ['--import', 'tsx'] : ['--require', 'tsx/cjs'];
const child = spawn(process.execPath, [...loader, '--test', `--test-concurrency=${concurrency}`, ...files], {
  stdio: 'inherit',
  env,
});
const status = await new Promise((resolveStatus) => {
  child.on('error', () => resolveStatus(1));
  child.on('close', (code) => resolveStatus(code ?? 1));
});
await pool?.stop();
process.exit(status);
