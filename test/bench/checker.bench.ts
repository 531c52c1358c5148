/**
 * The command-line checker as it ships (dist/cli.js, built by `npm run bench`), each run a fresh
 * process as in CI: its start-up on a small file against bare Node starting an empty script (the
 * floor every Node program pays), and `--format json` against the text output of the same
 * 1 MB file with findings in about a third of its routes (issue 27). Times are each process's
 * own CPU time (user + system, reported at its exit by a preloaded probe that both sides load),
 * as this machine is shared; runs of the two sides interleaved, medians.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { generateRouteFile } from '../unit/route/generate';
import type { BenchFigure } from './run';

export const name = 'command-line checker (dist/cli.js, one process per run)';

const CLI_JS = path.resolve(__dirname, '../../dist/cli.js');
const START_RUNS = 11;
const FORMAT_RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

/** A ~1 MB file of routes and FPL messages, a mistake (DCT straight after an airway) in about a third. */
function mixedFile(): string {
  return generateRouteFile(4000, 7)
    .split('\n')
    .map((line, i) => (i % 3 === 0 ? line.replace(/ (UL9|L6|UN850) /, ' $1 DCT UL607 ') : line))
    .join('\n');
}

export async function run(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'icao-route-checker-bench-'));
  try {
    const probe = path.join(dir, 'cpu.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`CPU ${(u.user + u.system) / 1000}\\n`); });",
    );
    const empty = path.join(dir, 'empty.js');
    writeFileSync(empty, '');
    const small = path.join(dir, 'small.route');
    writeFileSync(small, 'origin: EGLL\ndestination: EDDF\nN0450F350 DET L6 DVR UL9 KONAN UL607 AMASI DCT EDDF\n');
    const mixed = path.join(dir, 'mixed.route');
    const text = mixedFile();
    writeFileSync(mixed, text);
    /** CPU ms of one process running `args`. */
    const cpuMs = (...args: string[]): number => {
      const child = spawnSync(process.execPath, ['--require', probe, ...args], {
        encoding: 'utf8',
        maxBuffer: 256 * 1048576,
      });
      const line = child.stderr.split('\n').find((l) => l.startsWith('CPU '));
      if (!line || (child.status !== 0 && child.status !== 1)) throw new Error(`${args.join(' ')}: ${child.stderr}`);
      return Number(line.slice(4));
    };
    const bare: number[] = [];
    const checker: number[] = [];
    for (let i = 0; i < START_RUNS; i++) {
      bare.push(cpuMs(empty));
      checker.push(cpuMs(CLI_JS, 'check', small));
    }
    const textMs: number[] = [];
    const jsonMs: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < FORMAT_RUNS; i++) {
      // In turn first, so that neither side always runs on the machine the other left.
      const text = () => cpuMs(CLI_JS, 'check', mixed);
      const json = () => cpuMs(CLI_JS, 'check', '--format', 'json', mixed);
      let t: number;
      let j: number;
      if (i % 2) [t, j] = [text(), json()];
      else [j, t] = [json(), text()];
      textMs.push(t);
      jsonMs.push(j);
      ratios.push(j / t);
    }
    const startRatio = median(checker) / median(bare);
    const formatRatio = median(ratios);
    return [
      {
        label: 'checker start-up, small file / bare node (CPU)',
        value: startRatio,
        unit: '×',
        target: '< 1.5×',
        ok: startRatio < 1.5,
      },
      { label: '  checker on a small file (CPU)', value: median(checker), unit: 'ms' },
      { label: '  bare node, empty script (CPU): the reference', value: median(bare), unit: 'ms' },
      {
        label: `--format json / text, ${(text.length / 1048576).toFixed(1)} MB with findings (CPU)`,
        value: formatRatio,
        unit: '×',
        target: '< 1.2×',
        ok: formatRatio < 1.2,
      },
      { label: '  text (CPU): the reference', value: median(textMs), unit: 'ms' },
      { label: '  json (CPU)', value: median(jsonMs), unit: 'ms' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
