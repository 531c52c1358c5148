/**
 * Builds dist/ once for the tests that run the real bundles (protocol tests, CLI tests, the
 * server bench). Test files run in parallel processes, so a lock folder makes the others wait
 * for the one that builds instead of rewriting the bundles under a running server.
 * scripts/run-node-tests.mjs gives each run an id (ICAO_ROUTE_TEST_RUN): the first file of a run
 * that needs the bundles builds them, the later ones find the run's mark and reuse them.
 * ICAO_ROUTE_SKIP_BUILD=1 skips it when the caller has just built.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
export const SERVER_JS = path.join(ROOT, 'dist', 'server.js');
export const CLI_JS = path.join(ROOT, 'dist', 'cli.js');

const LOCK = path.join(ROOT, 'dist', '.test-build.lock');
/** Holds the id of the test run that built dist/ last. */
const BUILT_BY = path.join(ROOT, 'dist', '.test-build.run');
let built = false;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function buildOnce(): void {
  if (built || process.env.ICAO_ROUTE_SKIP_BUILD === '1') return;
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // Someone else is building: wait for them, then reuse their bundles.
      let age = 0;
      try {
        age = Date.now() - statSync(LOCK).mtimeMs;
      } catch {
        continue;
      }
      if (age > 120_000) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      sleep(200);
      try {
        statSync(LOCK);
      } catch {
        built = true;
        return;
      }
    }
  }
  try {
    const run = process.env.ICAO_ROUTE_TEST_RUN;
    if (!run || builtBy() !== run) {
      execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
      if (run) writeFileSync(BUILT_BY, run);
    }
    built = true;
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function builtBy(): string | undefined {
  try {
    return readFileSync(BUILT_BY, 'utf8');
  } catch {
    return undefined;
  }
}
