// Runs the compiled desktop suite inside code-server (VS Code in a browser, its extension host in
// Node on this machine) when the end-to-end environment is already installed: code-server, Node
// 24 and chromium from `node scripts/e2e-env.mjs`. Nothing is installed here; code-server is
// started by the launcher of the e2e suite and the demo (scripts/e2e/session.mjs). The suite's
// results reach only the browser console, so they are read from the summary line that
// suite/index.ts logs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CODE_SERVER_VERSION, installedE2eEnvironment } from '../../scripts/e2e/env.mjs';
import { exitOnSignals } from '../../scripts/e2e/proc.mjs';
import { UNUSED_BUILTIN_EXTENSIONS } from '../../scripts/e2e/pool.mjs';
import { CHROMIUM_ARGS, startCodeServer, WORKBENCH_SETTINGS } from '../../scripts/e2e/session.mjs';
import { printSummary, readSummary, SUMMARY_MARKER } from './summary.mjs';

/** A bound on a hang, not a wait: a passing run takes well under a minute. */
const RUN_LIMIT_MS = 5 * 60_000;

/** The installed e2e environment (with its code-server version), or undefined when any part is missing. */
export function findCodeServer() {
  const env = installedE2eEnvironment();
  return env && { ...env, version: CODE_SERVER_VERSION };
}

/** Returns the process exit code: 0 when every test passed. */
export async function runInCodeServer({ root, testsEntry, workspace, codeServer: env }) {
  const { chromium } = await import('playwright-core');
  // Ctrl+C stops code-server's process group too (it does not get the terminal's signal).
  exitOnSignals();
  const scratch = mkdtempSync(path.join(tmpdir(), 'icao-route-desktop-'));
  let server;
  let browser;
  let passed = false;
  try {
    server = await startCodeServer({
      env,
      stateDir: scratch,
      workspace,
      settings: WORKBENCH_SETTINGS,
      // Lets the page's `payload` load a development extension and its tests, as in desktop VS Code.
      args: ['--vscode-option', 'enable-smoke-test-driver'],
      // As the e2e suite's servers: without the built-in extensions no test uses, and with Node's
      // compiled code of the last run.
      skipBuiltinExtensions: UNUSED_BUILTIN_EXTENSIONS,
      compileCache: path.join(root, 'test-results', 'vscode', 'node-compile-cache'),
    });
    const authority = new URL(server.url).host;
    browser = await chromium.launch({ executablePath: env.chromium, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    const summary = new Promise((resolve, reject) => {
      const logFile = path.join(scratch, 'code-server.log');
      const timer = setTimeout(
        () =>
          reject(new Error(`no result from the suite within ${RUN_LIMIT_MS / 1000} s (code-server log: ${logFile})`)),
        RUN_LIMIT_MS,
      );
      page.on('console', (message) => {
        const text = message.text();
        if (!text.includes(SUMMARY_MARKER)) return;
        clearTimeout(timer);
        try {
          resolve(readSummary(text));
        } catch {
          reject(new Error(`unreadable summary line: ${text.slice(0, 300)}`));
        }
      });
    });
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', `vscode-remote://${authority}${root}`],
      ['extensionTestsPath', `vscode-remote://${authority}${testsEntry}`],
    ]);
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    passed = printSummary(await summary);
    return passed ? 0 : 1;
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    if (passed) rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    else console.log(`code-server profile and log kept in ${scratch}`);
  }
}
