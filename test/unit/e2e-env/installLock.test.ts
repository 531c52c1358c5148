/**
 * The install lock of the e2e environment: one install at a time, and a lock an interrupted run
 * left behind never keeps the next run waiting.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';

const load = () => import('../../../scripts/e2e/install-lock.mjs');

let dir: string;
let sleeper: ChildProcess;

before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-lock-'));
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
});

after(() => {
  sleeper.kill();
  rmSync(dir, { recursive: true, force: true });
});

function cacheWithLock(name: string, owner: object | undefined, file = 'owner.json'): string {
  const cache = path.join(dir, name);
  mkdirSync(path.join(cache, '.lock'), { recursive: true });
  if (owner)
    writeFileSync(
      path.join(cache, '.lock', file),
      file === 'pid' ? String((owner as { pid: number }).pid) : JSON.stringify(owner),
    );
  return cache;
}

/** The pid of a process that has ended. */
function endedPid(): number {
  const r = spawnSync(process.execPath, ['-p', 'process.pid'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

test('two installs into one cache never overlap, and the lock is gone afterwards', async () => {
  const { withInstallLock } = await load();
  const cache = path.join(dir, 'serial');
  mkdirSync(cache);
  const events: string[] = [];
  const install = (name: string) =>
    withInstallLock(
      cache,
      async () => {
        events.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push(`${name} end`);
      },
      { pollMs: 20 },
    );
  await Promise.all([install('a'), install('b')]);
  assert.deepEqual(
    events.map((e) => e.split(' ')[1]),
    ['start', 'end', 'start', 'end'],
  );
  assert.equal(existsSync(path.join(cache, '.lock')), false);
});

test('the lock is released when the install fails', async () => {
  const { withInstallLock } = await load();
  const cache = path.join(dir, 'failing');
  mkdirSync(cache);
  await assert.rejects(
    withInstallLock(cache, async () => {
      throw new Error('postinstall failed');
    }),
    /postinstall failed/,
  );
  assert.equal(existsSync(path.join(cache, '.lock')), false);
});

test('the lock of a run that was killed is taken over at once', async () => {
  const { withInstallLock } = await load();
  const said: string[] = [];
  const cache = cacheWithLock('killed', { pid: endedPid(), host: hostname(), token: 'old' });
  assert.equal(
    await withInstallLock(cache, async () => 'installed', { say: (m) => said.push(m), waitMs: 1000 }),
    'installed',
  );
  assert.match(said.join('\n'), /taking over the install lock of an interrupted run \(process \d+ has ended\)/);
});

test('an older lock that records only a pid is taken over when that process has ended', async () => {
  const { withInstallLock } = await load();
  const cache = cacheWithLock('old-format', { pid: endedPid() }, 'pid');
  assert.equal(await withInstallLock(cache, async () => 'installed', { waitMs: 1000 }), 'installed');
});

test('a lock whose pid now belongs to another process is taken over', async () => {
  const { withInstallLock } = await load();
  const cache = cacheWithLock('reused', { pid: sleeper.pid, host: hostname(), started: '1', token: 'old' });
  const said: string[] = [];
  assert.equal(
    await withInstallLock(cache, async () => 'installed', { say: (m) => said.push(m), waitMs: 1000 }),
    'installed',
  );
  assert.match(said.join('\n'), /pid is reused/);
});

test('a running install is waited for, and a wait that ends says who holds the lock', async () => {
  const { processStartTime, withInstallLock } = await load();
  const pid = sleeper.pid as number;
  const cache = cacheWithLock('busy', { pid, host: hostname(), started: processStartTime(pid), token: 'theirs' });
  const said: string[] = [];
  await assert.rejects(
    withInstallLock(cache, async () => 'installed', { say: (m) => said.push(m), waitMs: 300, pollMs: 50 }),
    new RegExp(`stays locked by process ${pid}`),
  );
  assert.match(said.join('\n'), new RegExp(`waiting for process ${pid}`));
  assert.equal(existsSync(path.join(cache, '.lock', 'owner.json')), true, 'their lock is left alone');
});

test('a lock not refreshed for longer than the stale time is taken over even when its pid lives', async () => {
  const { LOCK_STALE_MS, processStartTime, withInstallLock } = await load();
  const pid = sleeper.pid as number;
  const cache = cacheWithLock('hung', { pid, host: hostname(), started: processStartTime(pid), token: 'hung' });
  const old = new Date(Date.now() - LOCK_STALE_MS - 10_000);
  utimesSync(path.join(cache, '.lock'), old, old);
  const said: string[] = [];
  assert.equal(
    await withInstallLock(cache, async () => 'installed', { say: (m) => said.push(m), waitMs: 1000 }),
    'installed',
  );
  assert.match(said.join('\n'), /not refreshed for \d+ s/);
});
