/**
 * scripts/run-node-tests.mjs deals the files into groups written to a temporary folder
 * (`icao-route-test-groups-*`). Stopped while the tests run, by Ctrl+C (the whole terminal group
 * gets SIGINT) or by SIGTERM to it alone (as scripts/run-step.mjs stops a step of `npm test`), it
 * stops the test process and removes that folder, and says it was stopped by its exit code.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';

const ROOT = path.join(__dirname, '../../..');
const RUNNER = path.join(ROOT, 'scripts', 'run-node-tests.mjs');

/** Whether `pid` runs (a zombie, ended but not yet reaped by whichever process adopted it, does not). */
const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // Gone since (where there is a /proc), or no /proc to tell.
    return !existsSync('/proc/self');
  }
};

async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs the runner over two files, one of which waits long, in a temporary folder of its own;
 * `stop` signals it once that test runs. Its exit and what is left in that folder.
 */
async function stoppedRun(stop: (runner: number) => void): Promise<{
  code: number | null;
  signal: NodeJS.Signals | null;
  groupFolders: string[];
  waitingTestAlive: boolean;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'icao-route-runner-'));
  const files = path.join(dir, 'files');
  const temp = path.join(dir, 'tmp');
  mkdirSync(files);
  mkdirSync(temp);
  const started = path.join(dir, 'started');
  writeFileSync(path.join(files, 'a.test.ts'), `import test from 'node:test';\ntest('quick', () => {});\n`);
  writeFileSync(
    path.join(files, 'b.test.ts'),
    `import test from 'node:test';\nimport { writeFileSync } from 'node:fs';\n` +
      `test('waits', async () => {\n  writeFileSync(${JSON.stringify(started)}, String(process.pid));\n` +
      `  await new Promise((resolve) => setTimeout(resolve, 60_000));\n});\n`,
  );
  let waiting = 0;
  // Run as from a shell: without this test's NODE_TEST_CONTEXT, which makes a `node --test` a
  // child of this test runner, reporting to it.
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temp, ICAO_ROUTE_TEST_GROUPS: '2' };
  delete env.NODE_TEST_CONTEXT;
  // Its own process group, as a terminal's: Ctrl+C signals the whole group.
  const runner = spawn(process.execPath, [RUNNER, files], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
    detached: true,
  });
  try {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      runner.on('exit', (code, signal) => resolve({ code, signal })),
    );
    await until(() => existsSync(started) && readFileSync(started, 'utf8') !== '', 'the waiting test');
    waiting = Number(readFileSync(started, 'utf8'));
    const groups = () => readdirSync(temp).filter((name) => name.startsWith('icao-route-test-groups-'));
    // The folder this test watches is the one the runner writes its groups to.
    assert.equal(groups().length, 1, `the group folder in ${temp}`);
    stop(runner.pid!);
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the runner did not stop')), 30_000);
      }),
    ]).finally(() => clearTimeout(timer));
    // The test process ends with the runner (it is not left to run the rest of the files).
    await until(() => !isAlive(waiting), 'the waiting test to end', 10_000).catch(() => undefined);
    return { ...exit, groupFolders: groups(), waitingTestAlive: isAlive(waiting) };
  } finally {
    if (runner.exitCode === null && runner.signalCode === null) process.kill(-runner.pid!, 'SIGKILL');
    if (waiting && isAlive(waiting)) process.kill(waiting, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

test('SIGTERM to the runner alone: the test process stops, the group folder is removed, exit 143', async () => {
  const run = await stoppedRun((pid) => process.kill(pid, 'SIGTERM'));
  assert.deepEqual(run.groupFolders, []);
  assert.equal(run.waitingTestAlive, false, 'the running test file was stopped');
  assert.deepEqual([run.code, run.signal], [143, null]);
});

test('Ctrl+C (SIGINT to the whole group): the group folder is removed, exit 130', async () => {
  const run = await stoppedRun((pid) => process.kill(-pid, 'SIGINT'));
  assert.deepEqual(run.groupFolders, []);
  assert.equal(run.waitingTestAlive, false, 'the running test file was stopped');
  assert.deepEqual([run.code, run.signal], [130, null]);
});

test('a file that ends its process early (process.exit(0)) fails the run, named, though the files after it did not run', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'icao-route-runner-'));
  try {
    const files = path.join(dir, 'files');
    mkdirSync(files);
    writeFileSync(
      path.join(files, 'a.test.ts'),
      `import test from 'node:test';\ntest('exits', () => process.exit(0));\n`,
    );
    writeFileSync(path.join(files, 'b.test.ts'), `import test from 'node:test';\ntest('passes', () => {});\n`);
    const env: NodeJS.ProcessEnv = { ...process.env, ICAO_ROUTE_TEST_GROUPS: '1' };
    delete env.NODE_TEST_CONTEXT;
    const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const runner = spawn(process.execPath, [RUNNER, files], { cwd: ROOT, env });
      let output = '';
      runner.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      runner.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      runner.on('close', (code) => resolve({ code, output }));
    });
    assert.notEqual(run.code, 0, run.output);
    assert.match(run.output, /ended while .*a\.test\.ts ran: the files after it in its group did not run/, run.output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
