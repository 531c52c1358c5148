// Small process helpers shared by the e2e environment, the demo and the e2e suite: run a command
// with a time limit and a log, start a long-lived server in its own process group, and stop it
// with its children (no orphans).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** Every process group started here and still running: stopped on exit and on Ctrl+C. */
const live = new Set();

function track(child) {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

// Last resort when the process ends without stopping them (an uncaught error, process.exit).
process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

/** Stops every process group started here (SIGTERM, then SIGKILL after the grace time). */
export async function stopAll(graceMs = 3000) {
  await Promise.all([...live].map((child) => stopGroup(child, graceMs)));
}

/**
 * On SIGINT / SIGTERM: say so, stop every process group started here, and exit. `before` runs
 * first (the demo prints a line); a second signal exits at once.
 */
export function exitOnSignals(before) {
  let stopping = false;
  const handler = async (signal) => {
    if (stopping) process.exit(1);
    stopping = true;
    try {
      await before?.(signal);
    } finally {
      await stopAll();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/**
 * Runs a command to completion, appending its output to `logFile` (when given), and rejects with a
 * clear message on a non-zero exit or when `timeoutMs` passes (the whole process group is killed).
 * `onSpawn` gets the child (the leader of its own process group) once it is started.
 */
export function run(cmd, args, { cwd, env, timeoutMs = 10 * 60_000, logFile, label, onSpawn } = {}) {
  const name = label ?? [cmd, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
    log?.write(`\n$ ${[cmd, ...args].join(' ')}\n`);
    const child = track(spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
    if (child.pid) onSpawn?.(child);
    let tail = '';
    const keep = (chunk) => {
      log?.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      reject(new Error(`${name}: no result after ${Math.round(timeoutMs / 1000)} s, stopped.\n${tail}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      log?.end();
      reject(new Error(`${name}: cannot start (${err.message})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      log?.end();
      if (code === 0) resolve(tail);
      else reject(new Error(`${name}: exit ${code ?? signal}${logFile ? ` (log: ${logFile})` : ''}\n${tail}`));
    });
  });
}

/** Starts a long-lived process in its own process group so that `stop` reaches its children too. */
export function startDetached(cmd, args, { cwd, env, logFile } = {}) {
  const child = track(spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
  if (logFile) {
    // Two sources: neither may end the file while the other still writes; it closes with the child.
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('close', () => log.end());
  }
  return child;
}

export function killGroup(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** SIGTERM to the group, then SIGKILL when it has not gone within `graceMs`. */
export async function stopGroup(child, graceMs = 3000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs, 'timeout'));
  if ((await Promise.race([exited, timer])) === 'timeout') {
    killGroup(child, 'SIGKILL');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 1000))]);
  }
}

/** Polls `probe` until it returns a truthy value or `timeoutMs` passes (then throws `what`). */
export async function waitFor(probe, { timeoutMs = 30_000, intervalMs = 200, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last.message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
