/**
 * Starts what the e2e suite runs against: the same set-up as `npm run demo` (package, hub
 * simulator, sample workspace, code-server with the .vsix installed), then Debian's Chromium on
 * the workbench. One per test file; `close()` stops all of it.
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
  const { startVsCodeSession, CHROMIUM_ARGS } = await import('../../../scripts/e2e/session.mjs');
  // An interrupted run (Ctrl+C, a CI time limit) still stops code-server and the simulator.
  const { exitOnSignals } = await import('../../../scripts/e2e/proc.mjs');
  exitOnSignals();
  const stateDir = path.join(RESULTS, `${name}-state`);
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(path.join(RESULTS, name), { recursive: true, force: true });
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'icao-route-e2e-'));
  const session = await startVsCodeSession({ stateDir, workspace, hub, hubArgs, settings });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    await session.stop();
    rmSync(workspace, { recursive: true, force: true });
  };
  try {
    browser = await chromium.launch({ executablePath: session.chromium ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    page.setDefaultTimeout(30_000);
    // tsx (esbuild keepNames) wraps named functions in `__name(...)`; the page needs it too.
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    const workbench = new Workbench(page, path.join(RESULTS, name));
    await page.goto(session.folderUrl);
    await workbench.waitForWorkbench();
    return { workbench, workspace, hubUrl: session.hubUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}
