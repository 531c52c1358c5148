/**
 * Memory stays proportional to the text, with a small factor, whatever its shape. Each shape is
 * 2 MB, checked by the built checker in a child process whose heap is capped at 64 MB: a parser
 * that keeps an object per character or per word (one field object per '-' of an FPL message,
 * an element per token, a segment object per line) runs out of heap and the child aborts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { buildOnce, CLI_JS } from '../../protocol/support/build';
import { defined } from '../../shared/defined';

const SIZE = 2 * 1048576;
const HEAP_MB = 64;
let dir: string;

before(() => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'icao-route-memory-'));
});

after(() => {
  rmSync(dir, { recursive: true, force: true });
});

function repeat(unit: string): string {
  return unit.repeat(Math.ceil(SIZE / unit.length));
}

const FPL_HEAD = '(FPL-DLH4AB-IS-A320/M-SDFGIRWY/LB1-EGLL1200-';

const SHAPES: Record<string, string> = {
  'an FPL message of dashes': `(FPL-${'-'.repeat(SIZE)})`,
  'an FPL message of dashes, one a line': `(FPL\n${repeat('-\n')})`,
  'route text of one-letter words': `N0450F350 ${repeat('A ')}`,
  'route text of one word a line': `N0450F350\n${repeat('a\n')}`,
  'field 15 of one-letter words': `${FPL_HEAD}N0450F350 ${repeat('A ')}-EDDF0100-0)`,
  'field 18 of empty indicators': `${FPL_HEAD}N0450F350 DVR-EDDF0100-${repeat('AB/ ')})`,
};

for (const [shape, text] of Object.entries(SHAPES)) {
  test(`2 MB of ${shape} is checked within a ${HEAP_MB} MB heap, with capped findings`, () => {
    const file = path.join(dir, 'shape.route');
    writeFileSync(file, text);
    const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, CLI_JS, 'check', file], {
      encoding: 'utf8',
      maxBuffer: 64 * 1048576,
    });
    assert.doesNotMatch(run.stderr, /heap|FATAL|RangeError/i, run.stderr.slice(0, 500));
    assert.equal(run.status, 1, `exit ${run.status}: ${run.stderr.slice(0, 500)}`);
    const findings = run.stdout.split('\n').filter((line) => line.startsWith(file));
    // The flood cap: 200 findings a block and one R010 summary at most.
    assert.ok(findings.length <= 201, `${findings.length} findings`);
  });
}

test('an FPL message of dashes: one finding for all the extra fields, on their range', () => {
  const file = path.join(dir, 'dashes.route');
  writeFileSync(file, `(FPL-${'-'.repeat(1000)})`);
  const run = spawnSync(process.execPath, [CLI_JS, 'check', file], { encoding: 'utf8' });
  const extra = run.stdout.split('\n').filter((l) => /R310/.test(l) && /extra fields/.test(l));
  assert.equal(extra.length, 1, run.stdout);
  assert.match(extra[0]!, /:1:15 R310 warning: 992 unexpected extra fields after field 19/);
});

test('4 MB of tiny route blocks, some with a finding, give a complete JSON document within a 48 MB heap', () => {
  // 300,000 blocks: a checker that holds every parsed block, or every block's report, until the
  // file is done runs out of heap long before the end and prints nothing on stdout.
  const unit = `${'N0450F350 DCT\n\n'.repeat(7)}N0450F350 DVR KONAN\n\n`;
  const blocks = Math.ceil((4 * 1048576) / unit.length) * 8;
  const file = path.join(dir, 'blocks.route');
  writeFileSync(file, unit.repeat(blocks / 8));
  const run = spawnSync(process.execPath, ['--max-old-space-size=48', CLI_JS, 'check', '--format', 'json', file], {
    encoding: 'utf8',
    maxBuffer: 256 * 1048576,
  });
  assert.doesNotMatch(run.stderr, /heap|FATAL|RangeError/i, run.stderr.slice(0, 500));
  const report = JSON.parse(run.stdout) as {
    files: { diagnostics: { code: string; line: number }[]; blocks: { routeText: string }[] }[];
    summary: { warning: number };
    error: unknown;
  };
  assert.equal(report.error, null);
  const only = defined(report.files[0], "the file's report");
  assert.equal(only.blocks.length, blocks);
  assert.equal(only.blocks[7]?.routeText, 'N0450F350 DVR KONAN');
  // R206 (write DCT between DVR and KONAN) on every eighth block, in document order.
  assert.equal(only.diagnostics.length, blocks / 8);
  assert.equal(report.summary.warning, blocks / 8);
  assert.ok(only.diagnostics.every((d, i) => d.code === 'R206' && d.line === 16 * i + 15));
});
