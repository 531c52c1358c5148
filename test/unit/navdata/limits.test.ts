/**
 * Hostile navigation data folders: gzip bombs, oversized files, FIFOs and files that are not
 * navigation data at all. Each must end in one NavDataError that names the file and says why,
 * within a bounded memory, without freezing the event loop while it reads.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { loadNavDatabase, NavDataError, type LoadNavDatabaseOptions } from '../../../server/src/navdata/loader';
import { DocumentExpansions } from '../../../server/src/session/documentExpansions';
import type { ExpansionStatus } from '../../../server/src/session/status';
import { NavdataSource } from '../../../server/src/session/sources';
import { ParsedDocuments } from '../../../server/src/lsp/parsedDocuments';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ROOT } from './paths';

const COPYRIGHT = 'Version - data cycle 2013.10, test rows.  Copyright (c) 2013, Robin A. Peel. GNU GPL v2 or later.';
const FIX_HEADER = `I\n600 ${COPYRIGHT}\n\n`;
const NAV = `I\n810 ${COPYRIGHT}\n3  51.16250000  001.35916700   315 11495 130   -3.0 DVR  DOVER VOR-DME\n99\n`;

function tempFolder(files: Record<string, string | Buffer> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'navdata-limits-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/**
 * A gzip file of `members` concatenated gzip members, each one MB of the same fix row: about one
 * KB on disk per MB it inflates to (gunzip reads every member), so a bomb costs nothing to make.
 */
function writeBomb(file: string, inflatedMb: number): void {
  const row = ' 51.130833  002.000000 KONAN\n';
  const megabyte = Buffer.from(row.repeat(Math.ceil((1 << 20) / row.length)));
  const head = zlib.gzipSync(Buffer.concat([Buffer.from(FIX_HEADER), megabyte]), { level: 9 });
  const member = zlib.gzipSync(megabyte, { level: 9 });
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, head);
  for (let i = 1; i < inflatedMb; i++) fs.writeSync(fd, member);
  fs.closeSync(fd);
}

const rejectsWith = (pattern: RegExp) => (error: Error) => {
  assert.ok(error instanceof NavDataError, `a NavDataError, got ${error.name}: ${error.message}`);
  assert.match(error.message, pattern);
  return true;
};

test('a gzip bomb stops at the size limit, with a message naming the file and the limit', async () => {
  const dir = tempFolder({ 'nav.dat': NAV });
  writeBomb(path.join(dir, 'fix.dat.gz'), 40);
  assert.ok(fs.statSync(path.join(dir, 'fix.dat.gz')).size < 200_000, 'the bomb itself is small');
  const options: LoadNavDatabaseOptions = { maxBytes: { fix: 8 << 20 } };
  await assert.rejects(loadNavDatabase(dir, options), rejectsWith(/fix\.dat\.gz.*more than 8 MB.*limit/));
});

test('the bomb is refused within a bounded memory: a child with a 48 MB heap survives a 300 MB bomb', () => {
  const dir = tempFolder({ 'nav.dat': NAV });
  writeBomb(path.join(dir, 'fix.dat.gz'), 300);
  const script = `
    const { loadNavDatabase } = require(${JSON.stringify(path.join(ROOT, 'server/src/navdata/loader'))});
    let peak = 0;
    const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
    loadNavDatabase(${JSON.stringify(dir)}, { maxBytes: { fix: 16 << 20 } }).then(
      () => { console.log(JSON.stringify({ loaded: true })); clearInterval(timer); },
      (error) => { clearInterval(timer); console.log(JSON.stringify({ message: error.message, peakRssMb: Math.round(peak / 1e6) })); },
    );`;
  // tsx's CommonJS hook alone: the script only require()s, and `--import tsx` also starts the
  // ESM loader's worker thread (0.3 s of CPU, 0.8 s of wall time here).
  const child = spawnSync(process.execPath, ['--max-old-space-size=48', '--require', 'tsx/cjs', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(child.status, 0, `the child died: ${child.stderr.slice(-600)}`);
  const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as { message?: string; peakRssMb?: number };
  assert.match(result.message ?? '', /fix\.dat\.gz.*more than 16 MB/);
  assert.ok(result.peakRssMb! < 250, `peak RSS ${result.peakRssMb} MB`);
});

test('a plain file over the limit is refused by its size, before it is read', async () => {
  const small = tempFolder({
    'nav.dat': NAV,
    'fix.dat': FIX_HEADER + ' 51.130833  002.000000 KONAN\n'.repeat(100_000),
  });
  await assert.rejects(
    loadNavDatabase(small, { maxBytes: { fix: 1 << 20 } }),
    rejectsWith(/fix\.dat is 2\.\d MB.*limit.*1 MB/),
  );
  // A sparse file of 1 GB takes no disk; the default limit refuses it by its size alone.
  const huge = tempFolder({ 'nav.dat': NAV });
  const fd = fs.openSync(path.join(huge, 'fix.dat'), 'w');
  fs.ftruncateSync(fd, 1 << 30);
  fs.closeSync(fd);
  await assert.rejects(loadNavDatabase(huge), rejectsWith(/fix\.dat is 1\.0 GB.*limit/));
});

test(
  'a FIFO named fix.dat is refused at once: navigation data must be regular files',
  { skip: process.platform === 'win32' && 'no FIFOs' },
  async () => {
    const dir = tempFolder({ 'nav.dat': NAV });
    const made = spawnSync('mkfifo', [path.join(dir, 'fix.dat')]);
    if (made.status !== 0) return assert.fail(`mkfifo failed: ${made.stderr}`);
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('still loading after 5 s: the FIFO was opened')), 5000);
    });
    try {
      await assert.rejects(
        Promise.race([loadNavDatabase(dir), hung]),
        rejectsWith(/fix\.dat is not a regular file \(a FIFO\)/),
      );
    } finally {
      clearTimeout(timer);
      // Nobody ever writes to the FIFO; an opener left blocked in the thread pool would keep the test alive.
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

test('the event loop keeps turning while a large file loads (hovers answer)', async () => {
  const rows = Array.from(
    { length: 400_000 },
    (_, i) => ` ${(10 + (i % 7000) / 100).toFixed(6)}  ${(i % 170).toFixed(6)} F${String(i % 50000).padStart(4, '0')}`,
  );
  const dir = tempFolder({
    'nav.dat': NAV,
    'fix.dat.gz': zlib.gzipSync(FIX_HEADER + rows.join('\n') + '\n99\n', { level: 1 }),
  });
  // Measured in the process's CPU time, not the wall clock's: on a shared machine the scheduler can
  // hold the whole process off the CPU for a second (1.3 s of a 4.6 s load at load 9 on 2 cores),
  // which is no stall of the loader's making; a load that does not yield spends its CPU in one turn.
  const cpuMs = (since?: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  let last = process.cpuUsage();
  let longestTurn = 0;
  let ticking = true;
  const tick = () => {
    longestTurn = Math.max(longestTurn, cpuMs(last));
    last = process.cpuUsage();
    if (ticking) setImmediate(tick);
  };
  const started = process.cpuUsage();
  setImmediate(tick);
  const db = await loadNavDatabase(dir);
  const total = cpuMs(started);
  // One more turn: the stall that ended with the load is measured by the tick after it.
  await new Promise((resolve) => setImmediate(resolve));
  ticking = false;
  assert.ok(db.report.fixes > 40_000);
  // A ratio, not a time: the longest turn is a small part of the whole load.
  assert.ok(
    longestTurn < total * 0.25,
    `longest turn ${longestTurn.toFixed(0)} ms of CPU of a load of ${total.toFixed(0)} ms of CPU`,
  );
});

test('files that are not navigation data are refused, each with what was wrong', async () => {
  const fixRows = ' 51.130833  002.000000 KONAN\n 51.162500  001.359167 DVRXX\n99\n';
  const cases: [string, Record<string, string | Buffer>, RegExp][] = [
    [
      'unknown version',
      { 'fix.dat': `I\n9999 ${COPYRIGHT}\n${fixRows}`, 'nav.dat': NAV },
      /fix\.dat.*version 9999.*600/,
    ],
    [
      'current header on old rows',
      { 'fix.dat': `I\n1101 ${COPYRIGHT}\n${fixRows}`, 'nav.dat': NAV },
      /fix\.dat.*no row.*fix 1101.*2 malformed.*line 3/,
    ],
    [
      '1100 header on awy 640 rows',
      {
        'fix.dat': FIX_HEADER + fixRows,
        'awy.dat': `I\n1100 ${COPYRIGHT}\nDVR    51.162500  001.359167 KONAN  51.130833  002.000000 2 245 460 UL9\n99\n`,
      },
      /awy\.dat.*no row.*awy 1100/,
    ],
    ['empty fix.dat', { 'fix.dat': '', 'nav.dat': NAV }, /fix\.dat.*empty/],
    ['header only', { 'fix.dat': FIX_HEADER + '99\n', 'nav.dat': NAV }, /fix\.dat.*no data rows/],
    [
      'garbage fix.dat',
      { 'fix.dat': 'hello world\nthis is not navigation data\n', 'nav.dat': NAV },
      /fix\.dat.*no row/,
    ],
    [
      'random bytes as nav.dat',
      {
        'fix.dat': FIX_HEADER + fixRows,
        'nav.dat': Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256)),
      },
      /nav\.dat.*no row/,
    ],
  ];
  for (const [what, files, pattern] of cases) {
    await assert.rejects(loadNavDatabase(tempFolder(files)), rejectsWith(pattern), what);
  }
});

test('more malformed rows than readable ones refuse the file; a few are named in the report', async () => {
  const bad = ' 95.000000  002.000000 BADLA\n';
  const mostlyBad = tempFolder({
    'nav.dat': NAV,
    'fix.dat': FIX_HEADER + ' 51.130833  002.000000 KONAN\n' + bad.repeat(3) + '99\n',
  });
  await assert.rejects(loadNavDatabase(mostlyBad), rejectsWith(/fix\.dat.*3 of 4 rows are malformed.*line 5/));
  const fewBad = tempFolder({
    'nav.dat': NAV,
    'fix.dat': FIX_HEADER + ' 51.130833  002.000000 KONAN\n 51.2 002.1 ABCDE\n 51.3 002.2 FGHIJ\n' + bad + '99\n',
  });
  const source = new NavdataSource(fewBad);
  await source.prepare();
  assert.match(source.okMessage, /3 fixes, 1 navaids/);
  assert.match(source.okMessage, /1 malformed row not used \(fix\.dat line 7\)/);
});

test('the expansion status of a folder of bad data is a failure naming the file, never "ok (0 fixes…)"', async () => {
  const statuses: ExpansionStatus[] = [];
  const expansions = new DocumentExpansions({ status: (s) => statuses.push(s), rerun: () => {} });
  expansions.configure({ userKey: null, hub: {}, navdataFolder: tempFolder({ 'fix.dat': '', 'nav.dat': NAV }) });
  const parsed = new ParsedDocuments().get(
    TextDocument.create('file:///a.route', 'icao-route', 1, 'N0450F350 DVR DCT KONAN\n'),
  );
  assert.equal(await expansions.run(parsed), undefined);
  const last = statuses.at(-1)!;
  assert.equal(last.state, 'degraded');
  assert.match(last.message, /fix\.dat.*empty/);
  assert.ok(!statuses.some((s) => s.state === 'ok'));
  await expansions.dispose();
});
