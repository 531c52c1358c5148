/**
 * The built checker (`node dist/cli.js check …`) on temporary files: output formats, exit codes,
 * unreadable files and bad arguments.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { buildOnce, CLI_JS, ROOT } from '../../protocol/support/build';

let dir: string;

before(() => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-cli-'));
});

after(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string | Buffer): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI_JS, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('a clean file prints nothing on stdout and exits 0', () => {
  write('clean.route', 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR6J DVR UL9 KONAN L607 RUDUS\n');
  const run = cli('check', 'clean.route');
  assert.equal(run.stdout, '');
  assert.equal(run.code, 0);
  assert.match(run.stderr, /1 file\(s\) checked: 0 error\(s\), 0 warning\(s\)/);
});

test('findings print as file:line:col code severity: message with 1-based positions', () => {
  write('broken.route', '# two mistakes\nN0450F350 DVR KONAN UL607 AMASI\n\nN0450F350 DVR UL9 DCT KONAN\n');
  const run = cli('check', 'broken.route');
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /^broken\.route:2:15 R206 warning: .*DCT/);
  assert.match(lines[1]!, /^broken\.route:4:19 R205 error: .*UL9/);
  assert.equal(run.code, 1, 'an error was found');
});

test('warnings alone exit 0', () => {
  write('warning.route', 'N0450F350 DVR KONAN UL607 AMASI\n');
  const run = cli('check', 'warning.route');
  assert.match(run.stdout, /R206 warning/);
  assert.equal(run.code, 0);
});

test('--format json gives diagnostics with 0-based ranges, 1-based line/column, and route facts', () => {
  write('json.route', 'origin: EGLL\ndestination: EDDF\nN0450F350 DVR UL9 DCT KONAN\n');
  for (const args of [['--format', 'json'], ['--format=json']]) {
    const run = cli('check', ...args, 'json.route');
    assert.equal(run.code, 1);
    const report = JSON.parse(run.stdout);
    assert.equal(report.files.length, 1);
    const [file] = report.files;
    assert.equal(file.file, 'json.route');
    assert.deepEqual(
      file.diagnostics.map((d: { code: string; severity: string; line: number; column: number; range: unknown }) => [
        d.code,
        d.severity,
        d.line,
        d.column,
        d.range,
      ]),
      [['R205', 'error', 3, 19, { start: { line: 2, character: 18 }, end: { line: 2, character: 21 } }]],
    );
    assert.deepEqual(
      file.blocks.map((b: { kind: string; origin: string; destination: string; routeText: string }) => [
        b.kind,
        b.origin,
        b.destination,
        b.routeText,
      ]),
      [['route', 'EGLL', 'EDDF', 'N0450F350 DVR UL9 DCT KONAN']],
    );
    assert.deepEqual(report.summary, { files: 1, error: 1, warning: 0, information: 0, hint: 0 });
    assert.deepEqual(report.unreadable, []);
  }
});

test('folders are searched for .route files; the samples check as expected', () => {
  const samples = path.join(ROOT, 'samples');
  const run = cli('check', samples);
  assert.equal(run.code, 1, 'broken.route has errors');
  const files = new Set(
    run.stdout
      .trim()
      .split('\n')
      .map((l) => path.basename(l.split(':')[0]!)), // split gives one part at least
  );
  assert.deepEqual([...files], ['broken.route']);
  assert.match(run.stderr, /\d+ file\(s\) checked/);
});

test('an unreadable or missing file is one clear line and exit 2, the others are still checked', () => {
  write('good.route', 'N0450F350 DVR UL9 KONAN\n');
  const run = cli('check', 'missing.route', 'good.route');
  assert.equal(run.code, 2);
  assert.match(run.stderr, /^missing\.route: cannot read: no such file or folder$/m);
  assert.ok(!/\n\s+at /.test(run.stderr), 'no stack trace');
  if (process.getuid?.() !== 0) {
    const locked = write('locked.route', 'N0450F350 DVR UL9 KONAN\n');
    chmodSync(locked, 0o000);
    const denied = cli('check', 'locked.route');
    assert.equal(denied.code, 2);
    assert.match(denied.stderr, /locked\.route: cannot read: permission denied/);
  }
});

test('binary files, CRLF and a byte-order mark are read like the editor reads them', () => {
  write('binary.route', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 0xff]));
  const binary = cli('check', 'binary.route');
  assert.match(binary.stdout, /^binary\.route:1:5 R001 error: .*plain text/m);
  assert.equal(binary.code, 1);
  write('crlf.route', '\uFEFForigin: EGLL\r\nN0450F350 DVR KONAN\r\n');
  const crlf = cli('check', 'crlf.route');
  assert.match(crlf.stdout, /^crlf\.route:2:15 R206 warning: /);
});

test('bad command lines exit 2 with a hint', () => {
  for (const args of [
    [],
    ['lint', 'x.route'],
    ['check'],
    ['check', '--format', 'xml', 'x.route'],
    ['check', '--bogus', 'x.route'],
    ['check', '--format'],
    ['check', '--departure', 'tomorrow', 'x.route'],
    ['check', '--departure', '2026-11-24 09:30', 'x.route'],
    ['check', '--reference', ' ', 'x.route'],
  ]) {
    const run = cli(...args);
    assert.equal(run.code, 2, args.join(' '));
    assert.match(run.stderr, /^icao-route: .+\ntry: node dist\/cli\.js --help\n$/, args.join(' '));
  }
  const help = cli('--help');
  assert.equal(help.code, 0);
  assert.match(help.stdout, /1-based line and column/);
  assert.match(help.stdout, /--format <text\|json>/);
  assert.match(help.stdout, /--reference <base-url>/);
  assert.match(help.stdout, /--departure <time>/);
});

test('--reference reads its appId/appKey from the environment only: without them, one line and exit 2', () => {
  write('fpl.route', '(FPL-XQZ123-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-EGLL1200\n-N0450F350 DET\n-EDDF0105\n-0)\n');
  const env = { ...process.env };
  delete env.REFERENCE_APP_ID;
  delete env.REFERENCE_APP_KEY;
  const run = spawnSync(process.execPath, [CLI_JS, 'check', '--reference', 'http://127.0.0.1:9', 'fpl.route'], {
    cwd: dir,
    encoding: 'utf8',
    env,
  });
  assert.equal(run.status, 2);
  assert.match(
    run.stderr,
    /^icao-route: --reference needs the environment variables REFERENCE_APP_ID and REFERENCE_APP_KEY/,
  );
});
