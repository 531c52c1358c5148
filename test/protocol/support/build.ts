/**
 * Builds dist/ once for the tests that run the real bundles (protocol tests, CLI tests, the
 * server bench). Test files run in parallel processes, so a lock folder makes the others wait
 * for the one that builds instead of rewriting the bundles under a running server.
 * ICAO_ROUTE_SKIP_BUILD=1 skips it when the caller has just built.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
export const SERVER_JS = path.join(ROOT, 'dist', 'server.js');
export const CLI_JS = path.join(ROOT, 'dist', 'cli.js');

const LOCK = path.join(ROOT, 'dist', '.test-build.lock');
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
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
    built = true;
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
