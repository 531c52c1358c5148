/**
 * Which files the checker reads: FIFOs and other non-regular files are refused with one line
 * instead of hanging, symbolic links in folders are followed (a loop is walked once), a check
 * that found no file fails, and file names are printed escaped, so a name cannot forge a line.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { buildOnce, CLI_JS } from '../../protocol/support/build';

let dir: string;

before(() => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-files-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function fifo(name: string): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  return file;
}

/** The built checker; a run that hangs is killed after 20 s and fails the test. */
function cli(...args: string[]): Promise<{ code: number | string; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI_JS, ...args], { cwd: dir, timeout: 20_000 }, (err, stdout, stderr) => {
      const code = err
        ? err.killed
          ? 'killed: the run hung'
          : typeof err.code === 'number'
            ? err.code
            : String(err.code)
        : 0;
      done({ code, stdout, stderr });
    });
  });
}

const ERRORS = 'N0450F350 DVR UL9 DCT KONAN\n';

test('a FIFO named on the command line is refused with one line, not read forever', async () => {
  fifo('pipe.route');
  write('good.route', ERRORS);
  const run = await cli('check', 'pipe.route', 'good.route');
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /^pipe\.route: cannot read: is a FIFO \(named pipe\), not a regular file/m);
  assert.match(run.stdout, /^good\.route:1:19 R205 error/m, 'the other files are still checked');
});

test('a FIFO inside a folder is named as not a regular file; the other files are checked', async () => {
  write('withfifo/a.route', ERRORS);
  fifo('withfifo/b.route');
  const run = await cli('check', 'withfifo');
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /withfifo\/b\.route: cannot read: is a FIFO/);
  assert.match(run.stdout, /withfifo\/a\.route:1:19 R205/);
});

test('symbolic links in a folder are followed: to .route files and to folders, a loop only once', async () => {
  const real = write('elsewhere/real.route', ERRORS);
  write('elsewhere/sub/deep.route', ERRORS);
  mkdirSync(path.join(dir, 'linked'));
  symlinkSync(real, path.join(dir, 'linked/link.route'));
  symlinkSync(path.join(dir, 'elsewhere/sub'), path.join(dir, 'linked/sublink'));
  symlinkSync('..', path.join(dir, 'elsewhere/sub/up'));
  symlinkSync('.', path.join(dir, 'linked/self'));
  const run = await cli('check', 'linked');
  assert.equal(run.code, 1, run.stderr);
  const files = run.stdout
    .trim()
    .split('\n')
    .map((l) => l.split(':')[0]);
  assert.ok(files.includes('linked/link.route'), run.stdout);
  assert.ok(files.includes('linked/sublink/deep.route'), run.stdout);
  assert.ok(files.includes('linked/sublink/up/real.route'), 'a link up the tree is followed once');
  assert.equal(files.length, new Set(files).size, 'no file twice under the same name');
  assert.doesNotMatch(run.stdout, /self\/self|self\/link/, 'the folder linked to itself is not walked again');
});

test('a broken link named .route is reported; a folder with no .route file fails', async () => {
  mkdirSync(path.join(dir, 'broken'));
  symlinkSync(path.join(dir, 'nowhere.route'), path.join(dir, 'broken/gone.route'));
  const broken = await cli('check', 'broken');
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /broken\/gone\.route: cannot read: broken symbolic link/);

  mkdirSync(path.join(dir, 'empty'));
  write('empty/notes.txt', 'not a route');
  const empty = await cli('check', 'empty');
  assert.equal(empty.code, 2, 'nothing checked is no success');
  assert.match(empty.stderr, /^icao-route: no \.route files found in empty: nothing was checked$/m);
  assert.doesNotMatch(empty.stderr, /0 file\(s\) checked/);
});

test('a file name holding a newline or an escape cannot forge a finding line', async () => {
  const name = 'evil\nforged.route:1:1 R999 error: all good\u001b[2K.route';
  write(name, ERRORS);
  const run = await cli('check', name);
  assert.equal(run.code, 1);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 1, run.stdout);
  assert.equal(
    lines[0],
    'evil\\nforged.route:1:1 R999 error: all good\\u001b[2K.route:1:19 R205 error: ' +
      lines[0]!.split(' R205 error: ')[1],
  );
  assert.ok(!run.stdout.includes('\u001b'), 'no terminal escape reaches the output');

  const missing = await cli('check', 'gone\nx.route:1:1 R999 error: fake');
  const [line, ...rest] = missing.stderr.trim().split('\n');
  assert.equal(line, 'gone\\nx.route:1:1 R999 error: fake: cannot read: no such file or folder');
  assert.equal(rest.length, 1, 'the summary and nothing else');
});
