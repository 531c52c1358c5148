// `node scripts/run-step.mjs <command> [args…]`: runs one step of `npm test` (scripts/test-all.mjs)
// and, once it has ended, sends its parent the CPU seconds the command and every process it waited
// for used (Linux: the cutime and cstime of /proc/self/stat, in ticks of 1/100 s). Steps run side
// by side, so the parent's own children total cannot tell them apart. Exits with the command's
// status; output passes through.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, { stdio: 'inherit' });
// The parent stops a step with SIGTERM (Ctrl+C reaches the whole terminal group anyway).
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('error', (error) => {
  console.error(`cannot start ${cmd}: ${error.message}`);
  process.exitCode = 1;
});
child.on('close', (code, signal) => {
  process.send?.({ cpu: childrenCpuSeconds() });
  process.exitCode = code ?? (signal ? 1 : 0);
  process.disconnect?.();
});
