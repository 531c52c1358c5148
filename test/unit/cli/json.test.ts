/**
 * `--format json` always gives one valid JSON document on stdout: on success, on a bad command
 * line, when the navigation data or the hub fail (before or during the run), and when nothing was
 * found to check; the failure is its `error`. Large outputs are written piece by piece.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { JsonReportWriter } from '../../../server/src/cli/output';
import type { RouteDiagnostic } from '../../../server/src/route';
import { startLocalServer, type LocalServer } from '../hub/localServer';
import { buildOnce, CLI_JS } from '../../protocol/support/build';

let dir: string;
let failing: LocalServer;

before(async () => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-json-'));
  writeFileSync(path.join(dir, 'a.route'), 'N0450F350 DVR UL9 DCT KONAN\n');
  writeFileSync(path.join(dir, 'b.route'), 'N0450F350 DVR UL9 KONAN\n');
  failing = await startLocalServer((_req, res) =>
    res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance'),
  );
});
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await failing.close();
});

function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) delete childEnv[k];
  if (!('HUB_USER_KEY' in env)) delete childEnv.HUB_USER_KEY;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI_JS, ...args],
      { cwd: dir, env: childEnv, timeout: 60_000 },
      (err, stdout, stderr) => {
        done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

interface Report {
  version: string;
  files: { file: string; diagnostics: { code: string }[] }[];
  unreadable: { file: string; message: string }[];
  summary: { files: number; error: number };
  error: { kind: string; message: string } | null;
  /** A service that failed midway (issue 11.14): the run went on with local checks. */
  failures?: string[];
  notExpanded?: number;
}

function parse(stdout: string): Report {
  assert.notEqual(stdout.trim(), '', 'stdout holds a document');
  return JSON.parse(stdout) as Report;
}

test('a successful run: the document with error null', async () => {
  const run = await cli(['check', '--format', 'json', 'a.route', 'b.route']);
  assert.equal(run.code, 1);
  const report = parse(run.stdout);
  assert.deepEqual(
    report.files.map((f) => [f.file, f.diagnostics.map((d) => d.code)]),
    [
      ['a.route', ['R205']],
      ['b.route', []],
    ],
  );
  assert.equal(report.error, null);
  assert.deepEqual(report.summary, { files: 2, error: 1, warning: 0, information: 0, hint: 0 });
});

test('a bad command line still gives a document, with the usage error', async () => {
  for (const args of [
    ['check', '--format', 'json'],
    ['check', '--format=json', '--bogus', 'a.route'],
    ['lint', '--format', 'json', 'a.route'],
  ]) {
    const run = await cli(args);
    assert.equal(run.code, 2, args.join(' '));
    const report = parse(run.stdout);
    assert.equal(report.error?.kind, 'usage', args.join(' '));
    assert.deepEqual(report.files, []);
    assert.match(run.stderr, /^icao-route: /, 'the line for people is still on stderr');
  }
});

test('navigation data that cannot be read: a document with the error', async () => {
  const run = await cli(['check', '--format', 'json', '--navdata', path.join(dir, 'no-such-folder'), 'a.route']);
  assert.equal(run.code, 2);
  const report = parse(run.stdout);
  assert.equal(report.error?.kind, 'failure');
  assert.match(report.error!.message, /no-such-folder|navigation data/);
});

test('hub failures, before the first file and during the run: a document with the error', async () => {
  const noKey = await cli(['check', '--format', 'json', '--hub', failing.url, 'a.route']);
  assert.equal(noKey.code, 2);
  assert.match(parse(noKey.stdout).error!.message, /HUB_USER_KEY/);

  const down = await cli(['check', '--format', 'json', '--hub', failing.url, 'a.route', 'b.route'], {
    HUB_USER_KEY: 'k-4711-abcdef',
  });
  assert.equal(down.code, 2);
  const report = parse(down.stdout);
  // A service that fails during the run does not discard what was checked (issue 11.14): both
  // files are in the document, the failure is named, and the blocks it left are counted.
  assert.equal(report.error, null);
  assert.match(report.failures![0]!, /HTTP 503/);
  assert.deepEqual(
    report.files.map((f) => f.file.split('/').pop()),
    ['a.route', 'b.route'],
  );
  assert.ok(report.notExpanded! >= 2);
});

test('nothing to check: a document saying so', async () => {
  const run = await cli(['check', '--format', 'json', path.join(dir, 'no-such.route')]);
  assert.equal(run.code, 2);
  assert.deepEqual(
    parse(run.stdout).unreadable.map((u) => u.message),
    ['no such file or folder'],
  );
  const empty = mkdtempSync(path.join(dir, 'empty-'));
  const none = await cli(['check', '--format', 'json', empty]);
  assert.equal(none.code, 2);
  assert.match(parse(none.stdout).error!.message, /no \.route files found/);
});

test('a large report is written in small pieces that together are one document', async () => {
  const finding: RouteDiagnostic = {
    code: 'R101',
    severity: 'error',
    message: 'x'.repeat(200),
    range: { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } },
  };
  const findings = Array.from({ length: 200_000 }, () => finding);
  const pieces: string[] = [];
  let largest = 0;
  const writer = new JsonReportWriter((line) => {
    largest = Math.max(largest, line.length);
    pieces.push(line);
  }, '0.0.0');
  await writer.begin();
  await writer.file({ file: 'big.route', findings, blocks: [{ kind: 'route' }] });
  await writer.file({ file: 'small.route', findings: [], blocks: [] });
  await writer.end({
    unreadable: [],
    files: 2,
    counts: { error: 200_000, warning: 0, information: 0, hint: 0 },
    error: { kind: 'failure', message: 'hub: down' },
  });
  assert.ok(largest < 1024, `no piece is large (largest ${largest})`);
  const report = JSON.parse(pieces.join('\n')) as Report;
  assert.equal(report.files[0]!.diagnostics.length, 200_000);
  assert.equal(report.files[1]!.file, 'small.route');
  assert.equal(report.error?.message, 'hub: down');
});
