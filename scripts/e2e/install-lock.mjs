// One install at a time per cache: a demo and a test run started together must not install into
// the same folders. The lock is a folder `.lock` holding `owner.json`, put in place with one
// rename (so it never exists without its owner), refreshed every 15 s by its holder. A lock whose
// holder is gone (killed, Ctrl+C, a reboot, its pid reused by another process) or that has not
// been refreshed for two minutes is taken over, so an interrupted run never leaves the next one stuck.
// A holder killed outright (SIGKILL, the OOM killer) cannot stop the installs it started, which run
// in process groups of their own: it records them in the lock, and whoever takes over stops them.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export const LOCK_REFRESH_MS = 15_000;
export const LOCK_STALE_MS = 2 * 60_000;

/** The start time of process `pid` in clock ticks since boot (Linux), to tell a reused pid apart. */
export function processStartTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, start time 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The owner of a lock folder, or undefined when it cannot be read (an older lock holds a bare `pid` file). */
export function readLockOwner(lock) {
  try {
    return JSON.parse(readFileSync(join(lock, 'owner.json'), 'utf8'));
  } catch {
    try {
      const pid = Number(readFileSync(join(lock, 'pid'), 'utf8').trim());
      return pid > 0 ? { pid, host: hostname() } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Why the lock folder `lock` no longer protects anything, or undefined while its holder still works. */
export function staleLockReason(lock, owner, now = Date.now()) {
  let refreshed;
  try {
    refreshed = statSync(lock).mtimeMs;
  } catch {
    return undefined; // gone meanwhile: the next attempt takes it
  }
  if (now - refreshed > LOCK_STALE_MS) return `not refreshed for ${Math.round((now - refreshed) / 1000)} s`;
  if (!owner) return now - refreshed > 10_000 ? 'no owner recorded' : undefined;
  if (owner.host !== hostname()) return undefined;
  if (!alive(owner.pid)) return `process ${owner.pid} has ended`;
  const started = processStartTime(owner.pid);
  if (owner.started && started && owner.started !== started)
    return `process ${owner.pid} has ended (its pid is reused)`;
  return undefined;
}

/** Records the process group `pid` (an install started while holding the lock of `cache`). */
export function recordLockedProcess(cache, pid) {
  const file = join(cache, '.lock', 'processes.json');
  let recorded = [];
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* the first one */
  }
  recorded.push({ pid, started: processStartTime(pid) });
  writeFileSync(file, JSON.stringify(recorded));
}

/** Stops the process groups a dead holder recorded in `lock` that still run (same pid, same start time). */
function stopLeftOverProcesses(lock, say) {
  let recorded = [];
  try {
    recorded = JSON.parse(readFileSync(join(lock, 'processes.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { pid, started } of recorded) {
    if (!pid || !started || processStartTime(pid) !== started) continue;
    say(`stopping process group ${pid}, an install the interrupted run left running`);
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* ended meanwhile */
    }
  }
}

/**
 * Runs `body` holding the lock of `cache`. `say` reports waiting and take-overs; waiting ends with
 * an error after `waitMs`.
 */
export async function withInstallLock(cache, body, { say = () => {}, waitMs = 45 * 60_000, pollMs = 2000 } = {}) {
  const lock = join(cache, '.lock');
  const me = { pid: process.pid, host: hostname(), started: processStartTime(process.pid), token: randomUUID() };
  const deadline = Date.now() + waitMs;
  let waiting = false;
  removeAbandonedLockFolders(cache);
  for (;;) {
    if (tryAcquire(cache, lock, me)) break;
    const owner = readLockOwner(lock);
    const stale = staleLockReason(lock, owner);
    if (stale) {
      say(`taking over the install lock of an interrupted run (${stale})`);
      if (owner?.host === hostname()) stopLeftOverProcesses(lock, say);
      breakLock(cache, lock, owner, me);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${cache} stays locked by process ${owner?.pid ?? '?'}; if no install is running, remove ${lock}`,
      );
    }
    if (!waiting && owner) say(`waiting for process ${owner.pid}, which is installing into ${cache}`);
    waiting ||= Boolean(owner);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const refresh = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lock, now, now);
    } catch {
      /* taken over after all: the holder's work is checked by the markers, not the lock */
    }
  }, LOCK_REFRESH_MS);
  refresh.unref();
  try {
    return await body();
  } finally {
    clearInterval(refresh);
    if (readLockOwner(lock)?.token === me.token) rmSync(lock, { recursive: true, force: true });
  }
}

function tryAcquire(cache, lock, me) {
  const staging = join(cache, `.lock-${me.token}`);
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'owner.json'), JSON.stringify(me));
  try {
    // rename() onto an existing non-empty folder fails: whoever renames first holds the lock.
    renameSync(staging, lock);
    return true;
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (err.code === 'EEXIST' || err.code === 'ENOTEMPTY' || err.code === 'ENOTDIR') return false;
    throw err;
  }
}

/** Moves the stale lock aside; when another waiter was quicker and it is now theirs, puts it back. */
function breakLock(cache, lock, owner, me) {
  const aside = join(cache, `.lock-stale-${me.token}`);
  try {
    renameSync(lock, aside);
  } catch {
    return; // gone already
  }
  const moved = readLockOwner(aside);
  if (owner?.token && moved?.token !== owner.token) {
    try {
      renameSync(aside, lock);
      return;
    } catch {
      /* the lock is taken again already: theirs was fresh, and they will notice the markers */
    }
  }
  rmSync(aside, { recursive: true, force: true });
}

/** Staging and set-aside lock folders of runs killed in between (older than a minute). */
function removeAbandonedLockFolders(cache) {
  if (!existsSync(cache)) return;
  for (const name of readdirSync(cache)) {
    if (!name.startsWith('.lock-')) continue;
    const path = join(cache, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > 60_000) rmSync(path, { recursive: true, force: true });
    } catch {
      /* removed by another run */
    }
  }
}
