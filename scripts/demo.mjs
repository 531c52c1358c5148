// `npm run demo [-- --port N] [-- --code-server]`: the extension in a real VS Code against the
// hub simulator, on a workspace of sample routes. Uses the user's own `code` when it is on PATH
// (as an extension development host, so the user's installation stays untouched), else code-server
// in the browser (installed into a cache on first use). Ctrl+C stops everything it started.
import { spawnSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { cacheRoot } from './e2e/env.mjs';
import { exitOnSignals } from './e2e/proc.mjs';
import {
  REPO,
  DEMO_KEY,
  startVsCodeSession,
  packageExtension,
  startHubSimulator,
  prepareWorkspace,
  extensionSettings,
  LIKELY_REAL_HUB_ARGS,
  LIKELY_REAL_SETTINGS,
} from './e2e/session.mjs';

/** The simulator's airline reference takes these (test/hub-sim/README.md); the user types them once. */
const AIRLINE_CREDENTIALS =
  '  airline reference: appId "demo", appKey "demo" (run "ICAO Route: Set Airline Reference Credentials")';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const askedPort = option('--port') ? Number(option('--port')) : undefined;
const forceCodeServer = args.includes('--code-server');
const stateDir = join(cacheRoot(), 'demo');
const workspace = join(stateDir, 'workspace');

function desktopCode() {
  if (forceCodeServer) return undefined;
  const r = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' });
  const path = r.stdout.trim();
  // code-server's own `code` shim, if any, is not a desktop VS Code.
  return r.status === 0 && path && !path.includes('code-server') ? path : undefined;
}

/** Set by Ctrl+C (or SIGTERM), which stops everything itself (exitOnSignals below). */
let shuttingDown = false;

/** When code-server ends by itself, the rest of the session is stopped and the demo exits. */
function exitWithCodeServer(session) {
  session.codeServer.once('exit', async (code) => {
    if (shuttingDown) return;
    console.log(`\ncode-server exited (${code}): stopping everything the demo started…`);
    await session.stop();
    process.exit(1);
  });
}

async function withDesktopCode(code) {
  await packageExtension({ logFile: join(stateDir, 'session.log') });
  const sim = await startHubSimulator({ logFile: join(stateDir, 'hub-sim.log'), args: LIKELY_REAL_HUB_ARGS });
  let files;
  try {
    files = prepareWorkspace(workspace);
  } catch (err) {
    await sim?.stop();
    throw err;
  }
  // The services' base addresses are machine-scoped: a workspace cannot set them (it could send
  // the user's keys elsewhere). So the demo runs in a profile of its own whose user settings
  // point at the simulator; the user's own profile is left as it is.
  const userDataDir = join(stateDir, 'desktop-user-data');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(
    join(userDataDir, 'User', 'settings.json'),
    `${JSON.stringify({ ...extensionSettings(sim?.url), ...(sim ? LIKELY_REAL_SETTINGS : {}) }, null, 2)}\n`,
  );
  spawn(code, ['--new-window', '--user-data-dir', userDataDir, `--extensionDevelopmentPath=${REPO}`, workspace], {
    stdio: 'inherit',
    env: { ...process.env, HUB_USER_KEY: DEMO_KEY },
  }).on('error', (err) => console.error(`cannot start ${code}: ${err.message}`));
  console.log(`\nICAO Route demo in your VS Code (${code}), workspace ${workspace}`);
  console.log(`  samples: ${files.join(', ')}`);
  if (sim) console.log(`  hub simulator: ${sim.url} (key "${DEMO_KEY}" via HUB_USER_KEY)`);
  if (sim) console.log(AIRLINE_CREDENTIALS);
  console.log('Ctrl+C stops the simulator (close the VS Code window yourself).');
}

/** 8080 when it is free, else any free port (an explicit --port is taken as given). */
function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function withCodeServer() {
  const port = askedPort ?? ((await portFree(8080)) ? 8080 : undefined);
  const session = await startVsCodeSession({
    stateDir,
    workspace,
    port,
    browser: false,
    // The demo shows the extension against the service's shapes most likely real.
    hubArgs: LIKELY_REAL_HUB_ARGS,
    settings: LIKELY_REAL_SETTINGS,
  });
  console.log('\nICAO Route demo in VS Code (code-server), open in your browser:');
  console.log(`  ${session.folderUrl}`);
  console.log(`  samples: ${session.files.join(', ')} (workspace ${workspace})`);
  if (session.hubUrl) console.log(`  hub simulator: ${session.hubUrl} (key "${DEMO_KEY}" via HUB_USER_KEY)`);
  if (session.hubUrl) console.log(AIRLINE_CREDENTIALS);
  console.log(`  logs: ${stateDir}`);
  console.log('Ctrl+C stops everything.');
  exitWithCodeServer(session);
}

// From the first moment: Ctrl+C during the set-up stops what has been started so far, too.
exitOnSignals((signal) => {
  shuttingDown = true;
  console.log(`\n${signal === 'SIGINT' ? 'Ctrl+C' : signal}: stopping everything the demo started…`);
});

const code = desktopCode();
mkdirSync(stateDir, { recursive: true });
(code ? withDesktopCode(code) : withCodeServer()).catch((err) => {
  console.error(`\ndemo failed: ${err.message}`);
  process.exit(1);
});
