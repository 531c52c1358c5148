/**
 * Starts what one e2e test file runs against: the same set-up as `npm run demo` (hub simulator,
 * sample workspace, code-server with the .vsix installed), then Debian's Chromium headless shell on the
 * workbench. The code-server is leased from the run's pool (scripts/e2e/pool.mjs: one per run,
 * its profile reset for each file), or from a pool of this file's own when it runs alone;
 * `close()` stops the browser and the simulator and gives the server back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { Workbench } from './workbench';

export const REPO = path.resolve(__dirname, '..', '..', '..');
export const RESULTS = path.join(REPO, 'test-results', 'e2e');

export interface E2eContext {
  workbench: Workbench;
  workspace: string;
  hubUrl?: string;
  close(): Promise<void>;
}

/**
 * `hub: false` starts no simulator and gives the extension no key: it then expands routes offline
 * from the navdata folder (test/fixtures/navdata).
 */
export async function launchWorkbench(
  name: string,
  { hub = true, hubArgs, settings }: { hub?: boolean; hubArgs?: string[]; settings?: Record<string, unknown> } = {},
): Promise<E2eContext> {
  // The .mjs set-up is shared with the demo; a dynamic import keeps this file CommonJS.
  const { startPooledSession, CHROMIUM_ARGS } = await import('../../../scripts/e2e/session.mjs');
  const { CodeServerPool, connectPool, POOL_ENVIRONMENT } = await import('../../../scripts/e2e/pool.mjs');
  // An interrupted run (Ctrl+C, a CI time limit) still stops code-server and the simulator.
  const { exitOnSignals } = await import('../../../scripts/e2e/proc.mjs');
  exitOnSignals();
  const stateDir = path.join(RESULTS, `${name}-state`);
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(path.join(RESULTS, name), { recursive: true, force: true });
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'icao-route-e2e-'));
  const runPool = process.env[POOL_ENVIRONMENT];
  const ownPool = runPool ? undefined : new CodeServerPool(stateDir);
  let session;
  try {
    session = await startPooledSession({
      pool: ownPool ?? connectPool(runPool!),
      stateDir,
      workspace,
      hub,
      ...(hubArgs === undefined ? {} : { hubArgs }),
      ...(settings === undefined ? {} : { settings }),
    });
  } catch (error) {
    await ownPool?.stop();
    rmSync(workspace, { recursive: true, force: true });
    throw error;
  }
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    try {
      await session.stop();
    } finally {
      await ownPool?.stop();
      rmSync(workspace, { recursive: true, force: true });
    }
  };
  try {
    // A new browser profile per file (SecretStorage, editor and window state), but the HTTP cache
    // of the server's previous files: the workbench's scripts (cacheable for a year) and the code
    // Chromium compiled from them come from the disk instead of code-server and V8 again.
    browser = await chromium.launch({
      // No Chromium of the environment's own: Playwright's.
      ...(session.chromium === undefined ? {} : { executablePath: session.chromium }),
      args: [...CHROMIUM_ARGS, `--disk-cache-dir=${session.browserCacheDir}`],
    });
    // A browser that prefers reduced motion (VS Code's `workbench.reduceMotion` is `auto`): the
    // workbench then opens and closes the quick input, which nearly every step uses, without its
    // 250 ms animation, and Chromium draws far fewer frames (software compositing costs each one).
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 }, reducedMotion: 'reduce' });
    page.setDefaultTimeout(30_000);
    // tsx (esbuild keepNames) wraps named functions in `__name(...)`; the page needs it too.
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    const workbench = new Workbench(page, path.join(RESULTS, name), session.userDataDir);
    // The workbench's first load (some 20 MB of scripts) takes over 30 s, the steps' default, when
    // the machine is busy with a second test run.
    await page.goto(session.folderUrl, { timeout: 120_000 });
    await workbench.waitForWorkbench();
    return { workbench, workspace, ...(session.hubUrl === undefined ? {} : { hubUrl: session.hubUrl }), close };
  } catch (error) {
    await close();
    throw error;
  }
}
