/**
 * The checker's exit code when its output goes wrong: a reader that closes the pipe early
 * (`set -o pipefail; check … | head`) leaves the findings' code, and a full device is one line
 * and exit code 2, never a stack trace or 1 ("findings").
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { buildOnce, CLI_JS } from '../../protocol/support/build';

let dir: string;
let file: string;

before(() => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-cli-out-'));
  file = path.join(dir, 'many.route');
  // Far more findings than a pipe holds: the reader is gone long before the last is written.
  writeFileSync(file, Array.from({ length: 4000 }, () => 'N0450F350 DVR UL9 DCT KONAN\n').join('\n'));
});

after(() => rmSync(dir, { recursive: true, force: true }));

function exitOf(child: ReturnType<typeof spawn>): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

test('a reader that closes the pipe early leaves the exit code of the findings (1), without a stack trace', async () => {
  const child = spawn(process.execPath, [CLI_JS, 'check', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.once('data', () => child.stdout!.destroy());
  const { code, stderr } = await exitOf(child);
  assert.equal(code, 1, stderr);
  assert.doesNotMatch(stderr, /\n\s+at /);
  assert.match(stderr, /4000 error\(s\)/, 'the check went on to the end');
});

test('a full device: exit code 2 and one line, no stack trace', async () => {
  const full = openSync('/dev/full', 'w');
  try {
    const child = spawn(process.execPath, [CLI_JS, 'check', file], { stdio: ['ignore', full, 'pipe'] });
    const { code, stderr } = await exitOf(child);
    assert.equal(code, 2, stderr);
    assert.doesNotMatch(stderr, /\n\s+at /);
    assert.match(stderr, /^icao-route: cannot write the output: ENOSPC/m);
  } finally {
    closeSync(full);
  }
});
