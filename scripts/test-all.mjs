// `npm test`: every test of the project, in the order a failure is cheapest to find:
// build and type-check, unit and protocol tests, grammar tests, then the end-to-end suite in a
// real VS Code and the desktop suite. Prints one closing line `N passed, N failed` over all suites.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'unit and protocol tests', cmd: ['npm', 'run', 'test:unit'], counts: true },
  { name: 'grammar tests', cmd: ['npm', 'run', 'test:grammar'], when: 'test/grammar', marks: true },
  { name: 'end-to-end suite', cmd: ['npm', 'run', 'test:e2e'], when: 'test/e2e', counts: true },
  // The desktop suite runs the same assertions through the VS Code API; here it runs in the
  // cached code-server (it says plainly when no VS Code is available, and counts nothing then).
  { name: 'desktop suite', cmd: ['npm', 'run', 'test:vscode'], when: 'test/vscode', marks: true },
];

let passed = 0;
let failed = 0;
const failures = [];
for (const step of steps) {
  if (step.when && !existsSync(step.when)) continue;
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(r.stdout ?? '');
  const out = r.stdout ?? '';
  if (step.counts) {
    // node's test runner closes with "# pass N" / "# fail N" (tap) or "ℹ pass N" (spec).
    passed += Number(/^(?:#|ℹ) pass (\d+)/m.exec(out)?.[1] ?? 0);
    failed += Number(/^(?:#|ℹ) fail (\d+)/m.exec(out)?.[1] ?? 0);
  } else if (step.marks) {
    // One ✓/✖ line per test file (grammar) or per test (desktop suite); a file the grammar tool
    // cannot parse prints only "ERROR …".
    passed += (out.match(/^✓ /gm) ?? []).length;
    failed += (out.match(/^(?:✖|ERROR) /gm) ?? []).length;
  }
  if (r.status !== 0) {
    failures.push(step.name);
    if (!step.counts && !step.marks) failed += 1;
  }
}
if (failures.length) console.log(`\nfailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
