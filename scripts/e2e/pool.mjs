// The code-servers of one e2e run. Starting code-server (package the extension, install the .vsix,
// start the server) cost 12–17 s per test file; a run now packages once and keeps one code-server
// per extension-host environment (with the simulator's demo key in HUB_USER_KEY, or without a key:
// code-server gives every window's extension host its own environment, so one server cannot serve
// both; the page's `extensionEnvironment` reaches the extension host only with the smoke-test
// driver, which hides notifications). A test file leases a server for its whole run: before the
// lease the server's profile is reset (settings written anew, the extensions' global and workspace
// storage removed) once the previous file's extension host and language server are gone, so each
// file starts as on a fresh server. A busy server is never shared: a second file asking at the
// same time gets a server of its own.
//
// `npm run test:e2e` (scripts/run-node-tests.mjs) runs the pool in its own process and serves it
// to the test files over HTTP on 127.0.0.1 (ICAO_ROUTE_E2E_POOL), and starts both servers at once
// while the first test file starts (`warmUp`); a test file started without it
// (`node --import tsx --test test/e2e/<file>`) runs a pool of its own (launch.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { ensureE2eEnvironment } from './env.mjs';
import {
  packageExtension,
  profileSettingsRewritten,
  resetProfile,
  startCodeServer,
  VSIX,
  WORKBENCH_SETTINGS,
} from './session.mjs';

/** The environment variable that gives the test files the address of the run's pool. */
export const POOL_ENVIRONMENT = 'ICAO_ROUTE_E2E_POOL';

/** Seconds a closed window's extension host is kept for a reconnection (VS Code's default: 3 hours). */
const RECONNECTION_GRACE_SECONDS = 2;

/**
 * Built-in extensions that every window's extension host started (git and GitHub on '*', the
 * TypeScript and JSON language servers on the workbench's own JSON, emmet, npm…) and that no e2e
 * step uses: left out, they no longer cost each window their start-up.
 */
export const UNUSED_BUILTIN_EXTENSIONS = [
  'vscode.git',
  'vscode.git-base',
  'vscode.github',
  'vscode.github-authentication',
  'vscode.typescript-language-features',
  'vscode.json-language-features',
  'vscode.configuration-editing',
  'vscode.extension-editing',
  'vscode.emmet',
  'vscode.npm',
  'vscode.merge-conflict',
  'vscode.debug-auto-launch',
];

/** How long a lease waits for the previous window's processes to end. */
const IDLE_LIMIT_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The processes of a window in code-server's process group (`pgid`): extension hosts and what
 * they started (the language server). Linux only, as the e2e environment.
 */
export function windowProcesses(pgid) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the command name may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      if (/--type=extensionHost|--clientProcessId=|[/\\]dist[/\\]server\.js/.test(cmdline)) found.push(cmdline);
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

export class CodeServerPool {
  /** `root`: where each server keeps its profile and logs (`<root>/code-server-<n>/`). */
  constructor(root) {
    this.root = root;
    this.servers = [];
    this.leases = new Map();
    this.nextLease = 1;
  }

  /** The e2e environment and the .vsix, once per pool. */
  prepared() {
    this.preparing ??= (async () => {
      const env = await ensureE2eEnvironment({ browser: true });
      mkdirSync(this.root, { recursive: true });
      // `npm test` packages in a step of its own, before it builds dist/ for the other tests.
      if (process.env.ICAO_ROUTE_SKIP_PACKAGE !== '1' || !existsSync(VSIX))
        await packageExtension({ logFile: join(this.root, 'package.log') });
      return env;
    })();
    return this.preparing;
  }

  /**
   * Starts a server for each of `hubKeys` (undefined: no key) ahead of the first leases, side by
   * side: their start-up overlaps each other's and the first test files'.
   */
  warmUp(hubKeys) {
    for (const hubKey of hubKeys) this.startServer(hubKey).catch(() => undefined);
  }

  /** A new server for `hubKey`, not busy; a failed start leaves the pool. */
  startServer(hubKey) {
    const entry = { hubKey, busy: false, stateDir: join(this.root, `code-server-${this.servers.length + 1}`) };
    this.servers.push(entry);
    entry.ready = (async () => {
      const env = await this.prepared();
      entry.server = await startCodeServer({
        env,
        stateDir: entry.stateDir,
        workspace: emptyFolder(join(entry.stateDir, 'no-folder')),
        settings: WORKBENCH_SETTINGS,
        vsix: VSIX,
        hubKey,
        logFile: join(entry.stateDir, 'session.log'),
        args: ['--reconnection-grace-time', String(RECONNECTION_GRACE_SECONDS)],
        skipBuiltinExtensions: UNUSED_BUILTIN_EXTENSIONS,
        compileCache: join(this.root, 'node-compile-cache'),
      });
      return env;
    })();
    entry.ready.catch(() => this.servers.splice(this.servers.indexOf(entry), 1));
    return entry.ready;
  }

  /**
   * A server for one test file: free, of the environment `hubKey` asks for, its profile reset to
   * `settings`. Resolves to what the file opens its window on; `release(id)` gives it back.
   */
  async acquire({ hubKey, settings }) {
    let entry = this.servers.find((s) => !s.busy && s.hubKey === hubKey);
    if (!entry) {
      this.startServer(hubKey).catch(() => undefined);
      entry = this.servers.at(-1);
    }
    entry.busy = true;
    let env;
    try {
      env = await entry.ready;
      await this.untilIdle(entry);
      resetProfile(entry.server.userDataDir, settings);
    } catch (error) {
      entry.busy = false;
      throw error;
    }
    const id = String(this.nextLease++);
    this.leases.set(id, { entry, settings });
    return {
      id,
      url: entry.server.url,
      userDataDir: entry.server.userDataDir,
      stateDir: entry.stateDir,
      chromium: env.chromium,
    };
  }

  /**
   * Gives the server back. `rewritten`: the harness's settings that the window changed in the
   * profile (`profileSettingsRewritten`), for the test file to fail on.
   */
  release(id) {
    const lease = this.leases.get(id);
    this.leases.delete(id);
    if (!lease) return { rewritten: [] };
    lease.entry.busy = false;
    return { rewritten: profileSettingsRewritten(lease.entry.server.userDataDir, lease.settings) };
  }

  /** Waits until the last window's extension host and language server have ended. */
  async untilIdle(entry) {
    const deadline = Date.now() + IDLE_LIMIT_MS;
    for (;;) {
      const left = windowProcesses(entry.server.child.pid);
      if (left.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`the previous test file's window did not end within ${IDLE_LIMIT_MS / 1000} s: ${left[0]}`);
      await sleep(200);
    }
  }

  async stop() {
    await Promise.all(
      this.servers.map((entry) =>
        entry.ready.then(
          () => entry.server.stop(),
          () => undefined,
        ),
      ),
    );
    this.servers = [];
  }
}

function emptyFolder(folder) {
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  return folder;
}

/** Serves `pool` on 127.0.0.1 (POST /acquire, POST /release); resolves to its address. */
export function servePool(pool) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      try {
        const input = body ? JSON.parse(body) : {};
        let answer = {};
        if (req.method === 'POST' && req.url === '/acquire') answer = await pool.acquire(input);
        else if (req.method === 'POST' && req.url === '/release') answer = pool.release(input.id);
        else throw new Error(`unknown request ${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.stack ?? error));
      }
    });
  });
  // An acquire may install the e2e environment first: minutes, not a hang.
  server.requestTimeout = 0;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() });
    });
  });
}

function post(url, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`the e2e pool says: ${text}`)),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The pool served at `url` (POOL_ENVIRONMENT), with the interface of CodeServerPool. */
export function connectPool(url) {
  return {
    acquire: (options) => post(`${url}/acquire`, options),
    release: (id) => post(`${url}/release`, { id }),
  };
}
