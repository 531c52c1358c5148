import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseRouteDocument } from '../../../server/src/route';
import { RouteSession } from '../../../server/src/session/routeSession';
import { LineIndex } from '../../../server/src/route/ranges';
import { EXCERPT, ROOT, SAMPLES } from '../navdata/paths';
import { buildOnce, CLI_JS } from '../../protocol/support/build';
import { parsedDocument } from '../../../server/src/services/parsedDocument';
import { defined } from '../../shared/defined';

function offlineSession(folder: string): RouteSession {
  const session = new RouteSession({}, { retryMs: 0 });
  session.configure({ hub: {}, reference: {}, navdataFolder: folder }, { hubUserKey: null, reference: null });
  return session;
}

test('the session expands every block of a file offline: findings and the expanded points per block', async () => {
  const session = offlineSession(EXCERPT);
  const text = fs.readFileSync(path.join(SAMPLES, 'ambiguous-first-fix.route'), 'utf8');
  const document = parseRouteDocument(text);
  const report = await session.expandAll(parsedDocument('ambiguous-first-fix.route', 1, document, new LineIndex(text)));
  assert.ok(report);
  assert.deepEqual(
    report.findings.map((f: { code: string }) => f.code),
    // From EGHI, Southampton is clearly nearest and taken (X011); the last route has no origin (X005).
    ['X011', 'X005'],
  );
  assert.equal(report.source, 'navdata');
  const second = report.blocks.find((b) => b.block === document.blocks[1])!.result!;
  assert.deepEqual(
    second.points.map((p) => p.designator),
    ['EGHI', 'SAM', 'ORTAC', 'JSY', 'EGJJ'],
  );
  await session.dispose();
});

test('a folder without navigation data is the failure the checker reports', async () => {
  const session = offlineSession(path.join(ROOT, 'samples'));
  await assert.rejects(session.navdata(), /No navigation data in/);
  await session.dispose();
});

/**
 * The shipped bundle, as test/unit/cli: a run through tsx transpiled the whole server each time
 * (about 1.5 s of CPU a run, against 0.3 s for the bundle).
 */
function cli(...args: string[]) {
  buildOnce();
  return spawnSync(process.execPath, [CLI_JS, 'check', ...args], { cwd: ROOT, encoding: 'utf8' });
}

test('check --navdata on the command line: JSON with points, exit codes', () => {
  const json = cli('--navdata', EXCERPT, '--format', 'json', path.join(SAMPLES, 'europe.route'));
  assert.equal(json.status, 0, json.stderr);
  const report = JSON.parse(json.stdout) as {
    files: { diagnostics: unknown[]; blocks: { expansion: { points: { designator: string }[] } }[] }[];
  };
  // Only the level bands of L607 and T150, below the planned F350 (see docs/testing.md).
  assert.deepEqual(
    (defined(report.files[0]).diagnostics as { code: string; message: string }[]).map(
      (d) => `${d.code} ${d.message.split(' ')[0]}`,
    ),
    ['X012 L607', 'X012 T150'],
  );
  assert.equal(report.files[0]?.blocks[0]?.expansion.points.at(-1)?.designator, 'EDDF');
  const text = cli(`--navdata=${EXCERPT}`, path.join(SAMPLES, 'broken.route'));
  assert.match(text.stdout, /broken\.route:28:19 X001 warning: KNOAN is not in the navigation data/);
  const missing = cli('--navdata', path.join(ROOT, 'no-such-folder'), path.join(SAMPLES, 'europe.route'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /icao-route: Navigation data folder .*no-such-folder cannot be read/);
});

test("check --navdata: an FPL message's total EET far from the still-air time is information (F005), no hub needed", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-eet-'));
  const file = path.join(dir, 'fpl.route');
  const sample = fs.readFileSync(path.join(SAMPLES, 'fpl-message.route'), 'utf8');
  fs.writeFileSync(file, sample.replace('-EDDF0105', '-EDDF0300'));
  try {
    // One run for both files (each finding line starts with its file): the test is about the
    // lines, not the exit code, and a run costs 0.5 s of CPU.
    const asIs = path.join(SAMPLES, 'fpl-message.route');
    const run = cli('--navdata', EXCERPT, file, asIs);
    const linesOf = (f: string) => run.stdout.split('\n').filter((l) => l.startsWith(`${f}:`));
    assert.match(
      linesOf(file).join('\n'),
      /fpl\.route:8:6 F005 information: total EET 0300 \(3:00\) differs by \d+ % from the still-air time to EDDF, 0:54 .*the wind is not known/,
    );
    // The sample as it is: its total EETs agree with the still-air times (its lines are there).
    assert.ok(linesOf(asIs).length > 0, run.stdout + run.stderr);
    assert.doesNotMatch(linesOf(asIs).join('\n'), /F00[345]/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('cruising levels by magnetic track (X014): the checker with --navdata, the setting off, a change of setting in the session', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'levels-'));
  const file = path.join(dir, 'west.route');
  fs.writeFileSync(file, 'origin: EBBR\ndestination: EGLL\nN0450F370 KOK UL607 KONAN\n');
  const run = cli('--navdata', EXCERPT, file);
  assert.match(
    run.stdout,
    /west\.route:3:1 X014 warning: FL370 is an eastbound level .* KOK–KONAN, is westbound: magnetic track \d{3}° .*Rule: icaoRoute\.levels\.semicircular 'icao'.*F360 or F380\. Points in the navigation data/,
  );
  assert.doesNotMatch(cli('--navdata', EXCERPT, '--semicircular', 'off', file).stdout, /X014/);
  assert.equal(cli('--navdata', EXCERPT, '--semicircular', 'quadrantal', file).status, 2);

  // The editor's session: a change of icaoRoute.levels.semicircular expands the routes again.
  const session = new RouteSession({}, { retryMs: 0 });
  const configure = (semicircular: 'icao' | 'off') =>
    session.configure(
      { hub: {}, reference: {}, navdataFolder: EXCERPT, semicircular },
      { hubUserKey: null, reference: null },
    );
  const text = fs.readFileSync(file, 'utf8');
  const parsed = parsedDocument('west.route', 1, parseRouteDocument(text), new LineIndex(text));
  configure('icao');
  assert.deepEqual(
    (await session.expandAll(parsed))!.findings.map((f) => f.code),
    ['X014'],
  );
  configure('off');
  assert.deepEqual((await session.expandAll(parsed))!.findings, []);
  await session.dispose();
  fs.rmSync(dir, { recursive: true });
});
