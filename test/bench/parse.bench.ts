/**
 * Parse throughput of the route parser (elements/s) and its cost relative to a plain
 * `text.split(/\s+/)` of the same text, measured in one run (target: under 5x the split).
 *
 * The parser is measured as it ships: bundled by esbuild like dist/server.js and dist/cli.js.
 * (Run through tsx, every call across modules goes through an export getter, which says
 * something about tsx, not about the parser.) Times are process CPU time, best of several
 * rounds, so other work on this shared machine disturbs the ratio less.
 */
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from './run';
import { generateRouteFile } from '../unit/route/generate';

export const name = 'route parser';

type Api = typeof import('../../server/src/route');

function loadBundledParser(): Api {
  const dir = mkdtempSync(join(tmpdir(), 'route-bench-'));
  try {
    const outfile = join(dir, 'route.js');
    buildSync({
      entryPoints: [join(__dirname, '../../server/src/route/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile,
      logLevel: 'error',
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(outfile) as Api;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Best CPU time in ms of `rounds` rounds of `reps` calls, per call. */
function cpuMs(rounds: number, reps: number, fn: () => void): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < reps; i++) fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000 / reps);
  }
  return best;
}

export async function run(): Promise<BenchFigure[]> {
  const { parseRouteDocument } = loadBundledParser();
  const text = generateRouteFile(2000, 42);
  let words = 0;
  let elements = 0;
  const split = (): void => {
    words = text.split(/\s+/).length;
  };
  const check = (): void => {
    let n = 0;
    for (const b of parseRouteDocument(text).blocks) n += b.diagnostics.length;
    if (n !== 0) throw new Error(`the generated file should be clean, found ${n} findings`);
  };
  const full = (): void => {
    elements = 0;
    for (const b of parseRouteDocument(text).blocks) elements += b.elements.length;
  };
  for (let i = 0; i < 3; i++) {
    split();
    check();
    full();
  }
  const splitMs = cpuMs(8, 5, split);
  const checkMs = cpuMs(8, 5, check);
  const fullMs = cpuMs(8, 3, full);
  const ratio = checkMs / splitMs;
  return [
    { label: `file: 2,000 routes, ${words} words`, value: Math.round(text.length / 1024), unit: 'KiB' },
    { label: 'split(/\\s+/) CPU time', value: splitMs, unit: 'ms' },
    { label: 'parse + every local check (diagnostics) CPU time', value: checkMs, unit: 'ms' },
    { label: 'parse throughput, diagnostics', value: Math.round(elements / (checkMs / 1000)), unit: 'elements/s' },
    { label: 'parse + checks relative to split(/\\s+/)', value: ratio, unit: 'x', target: '< 5x split', ok: ratio < 5 },
    { label: 'parse + checks + all elements built (hover, symbols)', value: fullMs, unit: 'ms' },
    { label: 'that relative to split(/\\s+/)', value: fullMs / splitMs, unit: 'x' },
  ];
}
