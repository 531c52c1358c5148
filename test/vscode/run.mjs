// `npm run test:vscode`: the desktop suite. Compiles test/vscode/suite/*.ts with esbuild into
// dist/test/vscode/, builds the extension, and runs the suite inside a desktop VS Code through
// @vscode/test-electron. It never downloads anything unless asked (VSCODE_TEST_DOWNLOAD=1):
// VS Code comes from VSCODE_EXECUTABLE or from an earlier download in .vscode-test/. Without
// either, the same suite runs in code-server when the e2e environment is already installed
// (VSCODE_TEST_CODE_SERVER=0 turns that off); with none of them it says so and exits 0 without
// running (or claiming to run) any test.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { download, runTests } from '@vscode/test-electron';
import { findCodeServer, runInCodeServer } from './codeServer.mjs';
import { missingE2eEnvironment } from '../../scripts/e2e/env.mjs';
import { printSummary, readSummary } from './summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const suiteSource = path.join(root, 'test', 'vscode', 'suite');
const suiteOut = path.join(root, 'dist', 'test', 'vscode');
const cachePath = path.join(root, '.vscode-test');
// The oldest VS Code the manifest accepts (engines.vscode ^1.91.0).
const MINIMUM_VERSION = [1, 91, 0];

/** `npm run build`, unless the caller has just built dist/ (`npm test`: ICAO_ROUTE_SKIP_BUILD=1). */
function buildUnlessBuilt() {
  if (process.env.ICAO_ROUTE_SKIP_BUILD === '1' && existsSync(path.join(root, 'dist', 'client.js'))) return;
  run('npm', ['run', 'build']);
}

async function main() {
  await compileSuite();
  const vscode = await findVSCode();
  if (!vscode) {
    const codeServer = process.env.VSCODE_TEST_CODE_SERVER === '0' ? undefined : findCodeServer();
    if (codeServer) {
      console.log(
        `desktop VS Code not available; running the suite in code-server ${codeServer.version} ` +
          '(VS Code in headless chromium, extension host in Node) from the e2e environment',
      );
      buildUnlessBuilt();
      return runInCodeServer({
        root,
        testsEntry: path.join(suiteOut, 'index.js'),
        workspace: path.join(root, 'samples'),
        codeServer,
      });
    }
    const advice =
      'set VSCODE_EXECUTABLE=/path/to/the/VS Code binary (see test/vscode/README.md), or VSCODE_TEST_DOWNLOAD=1 to download one';
    if (process.env.VSCODE_TEST_REQUIRED === '1') {
      // `npm test` runs every suite: none may pass by not running.
      console.log(
        `desktop suite FAILED: no VS Code to run in. The e2e environment's code-server is ${missingE2eEnvironment() ?? 'turned off (VSCODE_TEST_CODE_SERVER=0)'}. Or ${advice}.`,
      );
      return 1;
    }
    console.log(`desktop VS Code not available: ${advice}. Desktop suite skipped: no tests ran.`);
    return 0;
  }
  console.log(`desktop suite: VS Code from ${vscode.source}: ${vscode.executable}`);
  buildUnlessBuilt();
  // VS Code's output passes through; its summary line is kept to print the per-test lines.
  let output = '';
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      process.stdout.write(chunk);
      output += chunk.toString();
      done();
    },
  });
  let exitCode;
  try {
    exitCode = await runTests({
      vscodeExecutablePath: vscode.executable,
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(suiteOut, 'index.js'),
      // The samples folder as workspace; no other extension may interfere.
      launchArgs: [path.join(root, 'samples'), '--disable-extensions'],
      // No hub key from the shell: the suite expands routes offline (an undefined value is not passed on).
      extensionTestsEnv: { HUB_USER_KEY: undefined },
      stdout,
    });
  } catch (error) {
    console.error(`desktop suite failed: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  }
  const summary = readSummary(output);
  if (!summary) {
    console.error('desktop suite: no summary line from the extension host (did the suite start?)');
    return 1;
  }
  return printSummary(summary) && exitCode === 0 ? 0 : 1;
}

async function compileSuite() {
  rmSync(suiteOut, { recursive: true, force: true });
  const entryPoints = readdirSync(suiteSource)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => path.join(suiteSource, f));
  await esbuild.build({
    entryPoints,
    outdir: suiteOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  console.log(`desktop suite compiled: ${entryPoints.length} file(s) into ${path.relative(root, suiteOut)}`);
}

async function findVSCode() {
  const fromEnvironment = process.env.VSCODE_EXECUTABLE;
  if (fromEnvironment) {
    if (!existsSync(fromEnvironment)) throw new Error(`VSCODE_EXECUTABLE=${fromEnvironment} does not exist`);
    return { executable: fromEnvironment, source: 'VSCODE_EXECUTABLE' };
  }
  const cached = newestCachedVersion();
  if (cached) {
    // A version whose folder exists is taken from the cache without asking the network.
    return {
      executable: await download({ version: cached, platform: platformName(), cachePath }),
      source: `${path.relative(root, cachePath)}/`,
    };
  }
  if (process.env.VSCODE_TEST_DOWNLOAD === '1') {
    return { executable: await download({ cachePath, extensionDevelopmentPath: root }), source: 'a fresh download' };
  }
  return undefined;
}

/** The newest complete download in .vscode-test/ for this platform that the manifest accepts. */
function newestCachedVersion() {
  if (!existsSync(cachePath)) return undefined;
  const prefix = `vscode-${platformName()}-`;
  const versions = readdirSync(cachePath)
    .filter((name) => name.startsWith(prefix) && existsSync(path.join(cachePath, name, 'is-complete')))
    .map((name) => name.slice(prefix.length))
    .filter(
      (version) =>
        /^\d+\.\d+\.\d+$/.test(version) && compareVersions(version.split('.').map(Number), MINIMUM_VERSION) >= 0,
    )
    .sort((a, b) => compareVersions(b.split('.').map(Number), a.split('.').map(Number)));
  return versions[0];
}

function compareVersions(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** @vscode/test-electron's name for this machine's platform (its download folder names use it). */
function platformName() {
  if (process.platform === 'darwin') return process.arch === 'arm64' ? 'darwin-arm64' : 'darwin';
  if (process.platform === 'win32') return process.arch === 'arm64' ? 'win32-arm64-archive' : 'win32-x64-archive';
  return process.arch === 'arm64' ? 'linux-arm64' : process.arch === 'arm' ? 'linux-armhf' : 'linux-x64';
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`desktop suite could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
