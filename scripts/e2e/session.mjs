// One set-up shared by `npm run demo` and `npm run test:e2e`: package the extension, start the hub
// simulator, prepare a workspace of sample routes, configure a fresh VS Code profile against the
// simulator, install the .vsix into code-server and start it on 127.0.0.1. Returns handles and a
// `stop()` that ends every process it started (process groups, so no orphans). The desktop suite
// (test/vscode) starts its code-server with the same `startCodeServer`.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { ensureE2eEnvironment } from './env.mjs';
import { run, startDetached, stopGroup, waitFor } from './proc.mjs';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const VSIX = join(REPO, 'dist', 'icao-route.vsix');
export const SAMPLES = join(REPO, 'samples');
export const NAVDATA_FIXTURE = join(REPO, 'test', 'fixtures', 'navdata');
/** The hub simulator's built-in key with every group (see test/hub-sim). */
export const DEMO_KEY = 'demo';

const say = (message) => console.log(`[vscode] ${message}`);

export async function packageExtension({ logFile } = {}) {
  say('building and packaging the extension (npm run package)');
  await run('npm', ['run', 'package', '--', '--allow-missing-repository'], {
    cwd: REPO,
    timeoutMs: 5 * 60_000,
    logFile,
    label: 'npm run package',
  });
  if (!existsSync(VSIX)) throw new Error(`npm run package did not produce ${VSIX}`);
  return VSIX;
}

/**
 * Starts `npm run hub-sim -- --port 0 [args]` and reads the base address from its first line;
 * `args` picks answer variants (e.g. `--likely-real`, `--notams v2-geojson`; test/hub-sim README).
 */
export async function startHubSimulator({ logFile, args = [] } = {}) {
  const main = join(REPO, 'test', 'hub-sim', 'main.ts');
  if (!existsSync(main)) {
    say('hub simulator not present (test/hub-sim/main.ts): the extension runs without a hub');
    return undefined;
  }
  const child = startDetached(process.execPath, ['--import', 'tsx', main, '--port', '0', ...args], {
    cwd: REPO,
    env: process.env,
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('hub simulator printed no address within 30 s')), 30_000);
    let errText = '';
    child.stderr.on('data', (c) => (errText = (errText + c).slice(-2000)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      const match = /https?:\/\/[^\s]+/.exec(line);
      if (match) resolvePromise(match[0].replace(/\/$/, ''));
      else reject(new Error(`hub simulator's first line has no address: ${line}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hub simulator exited (${code}) before printing its address\n${errText}`));
    });
  }).catch(async (err) => {
    await stopGroup(child);
    throw err;
  });
  if (logFile) {
    lines.on('line', (line) => writeFileSync(logFile, `${line}\n`, { flag: 'a' }));
    child.stderr.on('data', (c) => writeFileSync(logFile, c, { flag: 'a' }));
  }
  say(`hub simulator at ${url}`);
  return { url, child, stop: () => stopGroup(child) };
}

/** Copies samples/*.route into `folder` (created when missing, sample files overwritten, no .vscode/). */
export function prepareWorkspace(folder) {
  if (!existsSync(SAMPLES)) throw new Error(`no sample routes: ${SAMPLES} is missing`);
  mkdirSync(folder, { recursive: true });
  // Workspace settings of an earlier desktop demo would override the profile's (stale hub address).
  rmSync(join(folder, '.vscode'), { recursive: true, force: true });
  const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.route'));
  for (const file of files) copyFileSync(join(SAMPLES, file), join(folder, file));
  return files.sort();
}

function contributedSettingKeys() {
  const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const configs = [manifest.contributes?.configuration ?? []].flat();
  return configs.flatMap((c) => Object.keys(c.properties ?? {}));
}

/**
 * The simulator variants most likely real (test/hub-sim README, "Variants"), with the settings a
 * user of the real service would need for them (none: they are the product's default paths).
 */
export const LIKELY_REAL_HUB_ARGS = ['--likely-real'];
export const LIKELY_REAL_SETTINGS = {};

/** The extension's settings for a workspace served by the simulator at `hubUrl`. */
export function extensionSettings(hubUrl) {
  const settings = { 'icaoRoute.navdata.folder': NAVDATA_FIXTURE };
  if (hubUrl) {
    // Every contributed base address (hub, reference service) points at the simulator, which serves both.
    const keys = new Set(['icaoRoute.hub.baseUrl', ...contributedSettingKeys().filter((k) => /baseUrl$/i.test(k))]);
    // The reference family lives under /reference on the simulator (README of test/hub-sim).
    for (const key of keys) settings[key] = key.startsWith('icaoRoute.reference.') ? `${hubUrl}/reference` : hubUrl;
  }
  return settings;
}

/** Workbench settings that keep Restricted Mode, welcome pages and AI side panels out of the way. */
export const WORKBENCH_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'extensions.autoCheckUpdates': false,
  // "off", not false: VS Code migrates false to "off" as the window starts, writing the profile's
  // settings files while the workbench reads them; two such writes to one file at once end in
  // "Unable to write into remote user settings because the file has unsaved changes" and a dirty
  // settings.json editor that the next "Close All Editors" stops at. `profileSettingsRewritten`
  // names the next such value.
  'extensions.autoUpdate': 'off',
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'git.enabled': false,
  'files.autoSave': 'off',
  'remote.autoForwardPorts': false,
};

/**
 * The settings as user settings, and the extension's own again as the machine's (`Machine/`):
 * code-server's extension host is remote, so machine-scoped settings such as the services' base
 * addresses are read from there only (a workspace or the browser's user settings cannot send the
 * keys elsewhere). The workbench's own settings stay out of the machine file: a setting written in
 * both files is written back to both by any change VS Code makes to it (a migration, a theme
 * toggle), two writes racing per window instead of one.
 */
function profileSettingsFiles(settings) {
  const machine = Object.fromEntries(Object.entries(settings).filter(([key]) => key.startsWith('icaoRoute.')));
  return { User: settings, Machine: machine };
}

function writeUserSettings(userDataDir, settings) {
  for (const [folder, values] of Object.entries(profileSettingsFiles(settings))) {
    mkdirSync(join(userDataDir, folder), { recursive: true });
    writeFileSync(join(userDataDir, folder, 'settings.json'), `${JSON.stringify(values, null, 2)}\n`);
  }
}

/**
 * A profile as a fresh one, for the next window of a running code-server: the user and machine
 * settings written anew, and what windows left in the profile removed (the extensions' global and
 * workspace storage, such as the reference cache, and the local history). Only while no window is
 * open: a running extension host would see its settings change.
 */
export function resetProfile(userDataDir, settings) {
  for (const folder of ['User', 'Machine']) rmSync(join(userDataDir, folder), { recursive: true, force: true });
  writeUserSettings(userDataDir, settings);
}

/**
 * The harness's own workbench settings (`WORKBENCH_SETTINGS`) that the window changed in the
 * profile's files, as `User/settings.json: extensions.autoUpdate false → "off"`. No step changes
 * them, so a change is VS Code migrating a value it no longer accepts, as the window starts: a
 * write that races the workbench's own reads and writes of the file. Empty when none changed.
 */
export function profileSettingsRewritten(userDataDir, settings) {
  const changes = [];
  for (const [folder, values] of Object.entries(profileSettingsFiles(settings))) {
    const file = join(userDataDir, folder, 'settings.json');
    let now;
    try {
      now = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      changes.push(`${folder}/settings.json unreadable: ${error.message}`);
      continue;
    }
    for (const key of Object.keys(WORKBENCH_SETTINGS)) {
      if (!(key in values)) continue;
      const [was, is] = [JSON.stringify(values[key]), JSON.stringify(now[key])];
      if (was !== is) changes.push(`${folder}/settings.json: ${key} ${was} → ${is ?? 'removed'}`);
    }
  }
  return changes;
}

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

// Chromium's options for every page the tests drive, with the browser itself (env.mjs).
export { CHROMIUM_ARGS } from './env.mjs';

/**
 * Starts code-server of the e2e environment `env` (from `ensureE2eEnvironment`) on 127.0.0.1
 * (`port`, else a free one) with a fresh profile of its own in `stateDir`: `settings` as user
 * settings, `vsix` installed first when given, `args` added to its command line. The extension host
 * gets `HUB_USER_KEY=hubKey`, or no HUB_USER_KEY at all. Resolves once code-server answers; its
 * process group is stopped by `stop()` (and on exit, see proc.mjs).
 */
export async function startCodeServer({
  env,
  stateDir,
  workspace,
  settings,
  vsix,
  hubKey,
  port,
  args = [],
  logFile,
  skipBuiltinExtensions = [],
  compileCache,
}) {
  mkdirSync(stateDir, { recursive: true });
  const userDataDir = join(stateDir, 'user-data');
  rmSync(userDataDir, { recursive: true, force: true });
  writeUserSettings(userDataDir, settings);
  const nodeEnv = { ...process.env, PATH: `${dirname(env.node)}:${process.env.PATH}` };
  // The extension host inherits this: the client's fallback when SecretStorage has no key.
  if (hubKey) nodeEnv.HUB_USER_KEY = hubKey;
  else delete nodeEnv.HUB_USER_KEY;
  // VS Code's server leaves these built-in extensions out of its scan (its --disable-extension
  // reaches only a desktop window).
  if (skipBuiltinExtensions.length) nodeEnv.VSCODE_SKIP_BUILTIN_EXTENSIONS = skipBuiltinExtensions.join(',');
  else delete nodeEnv.VSCODE_SKIP_BUILTIN_EXTENSIONS;
  // Node keeps the code it compiled there (Node 22+): each window's extension host and language
  // server start from it instead of compiling VS Code's and the extension's bundles again.
  if (compileCache) nodeEnv.NODE_COMPILE_CACHE = compileCache;
  // An own config file, so that code-server leaves the user's ~/.config/code-server alone.
  writeFileSync(join(stateDir, 'code-server.yaml'), 'auth: none\n');
  const profile = [
    '--config',
    join(stateDir, 'code-server.yaml'),
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    join(stateDir, 'extensions'),
  ];
  if (vsix) {
    say(`installing ${relative(REPO, vsix)} into code-server`);
    await run(env.node, [env.codeServerEntry, ...profile, '--force', '--install-extension', vsix], {
      env: nodeEnv,
      timeoutMs: 2 * 60_000,
      logFile,
      label: 'code-server --install-extension',
    });
  }

  const listenPort = port ?? (await freePort());
  const codeServerLog = join(stateDir, 'code-server.log');
  const child = startDetached(
    env.node,
    [
      env.codeServerEntry,
      ...profile,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${listenPort}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      ...args,
      workspace,
    ],
    { env: nodeEnv, logFile: codeServerLog },
  );
  const stop = () => stopGroup(child, 5000);
  const url = `http://127.0.0.1:${listenPort}`;
  let exited;
  child.once('exit', (code, signal) => (exited = code ?? signal));
  try {
    await waitFor(
      async () => {
        if (exited !== undefined) throw new Error(`code-server exited (${exited}); see ${codeServerLog}`);
        const res = await fetch(`${url}/healthz`).catch(() => undefined);
        return res?.ok;
      },
      { timeoutMs: 60_000, what: `code-server to answer on ${url}` },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  say(`code-server at ${url}`);
  return { url, userDataDir, child, stop };
}

/**
 * The set-up of one e2e test file on a code-server of `pool` (scripts/e2e/pool.mjs): its own hub
 * simulator (`hub`, `hubArgs`) and workspace of sample files, and a server leased for the file,
 * whose profile has the workbench settings, the extension's against that simulator and
 * `settings`. `stop()` ends the simulator and gives the server back.
 */
export async function startPooledSession({ pool, stateDir, workspace, hub = true, hubArgs = [], settings = {} }) {
  mkdirSync(stateDir, { recursive: true });
  const sim = hub ? await startHubSimulator({ logFile: join(stateDir, 'hub-sim.log'), args: hubArgs }) : undefined;
  try {
    const files = prepareWorkspace(workspace);
    const lease = await pool.acquire({
      hubKey: sim ? DEMO_KEY : undefined,
      settings: { ...WORKBENCH_SETTINGS, ...extensionSettings(sim?.url), ...settings },
    });
    say(`code-server at ${lease.url} (profile and logs in ${relative(REPO, lease.stateDir)})`);
    return {
      url: lease.url,
      folderUrl: `${lease.url}/?folder=${encodeURIComponent(workspace)}`,
      workspace,
      files,
      userDataDir: lease.userDataDir,
      hubUrl: sim?.url,
      chromium: lease.chromium,
      // The browser's HTTP cache stays with the server: one file at a time uses it.
      browserCacheDir: join(lease.stateDir, 'chromium-cache'),
      // Throws, once all is stopped, when the window rewrote the harness's own settings.
      stop: async () => {
        const released = await pool.release(lease.id);
        await sim?.stop();
        const rewritten = released?.rewritten ?? [];
        if (rewritten.length)
          throw new Error(
            `VS Code rewrote settings the e2e profile writes (${rewritten.join('; ')}): a value it migrates ` +
              'as the window starts races its own writes of the file; write the new form in WORKBENCH_SETTINGS ' +
              '(scripts/e2e/session.mjs)',
          );
      },
    };
  } catch (err) {
    await sim?.stop();
    throw err;
  }
}

/**
 * The whole set-up. `stateDir` holds the profile (user data, extensions) and logs, the user data
 * emptied first; `workspace` the sample files.
 */
export async function startVsCodeSession({
  stateDir,
  workspace,
  port,
  browser = true,
  hub = true,
  hubArgs = [],
  logFile,
  settings = {},
} = {}) {
  const started = [];
  const stop = async () => {
    for (const handle of started.reverse()) await handle.stop().catch(() => {});
    started.length = 0;
  };
  try {
    const env = await ensureE2eEnvironment({ browser });
    mkdirSync(stateDir, { recursive: true });
    const log = logFile ?? join(stateDir, 'session.log');
    await packageExtension({ logFile: log });
    const sim = hub ? await startHubSimulator({ logFile: join(stateDir, 'hub-sim.log'), args: hubArgs }) : undefined;
    if (sim) started.push(sim);

    const files = prepareWorkspace(workspace);
    // Without the hub, no key either: the extension expands routes from the navdata folder.
    const codeServer = await startCodeServer({
      env,
      stateDir,
      workspace,
      port,
      logFile: log,
      vsix: VSIX,
      hubKey: sim ? DEMO_KEY : undefined,
      settings: { ...WORKBENCH_SETTINGS, ...extensionSettings(sim?.url), ...settings },
    });
    started.push(codeServer);

    return {
      url: codeServer.url,
      folderUrl: `${codeServer.url}/?folder=${encodeURIComponent(workspace)}`,
      workspace,
      files,
      userDataDir: codeServer.userDataDir,
      hubUrl: sim?.url,
      chromium: env.chromium,
      codeServer: codeServer.child,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
