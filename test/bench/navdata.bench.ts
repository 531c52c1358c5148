/**
 * Navigation data: load time and memory of the full data (../shared/navdata, or the excerpt the
 * project carries when it is absent), measured in a fresh child process so that nothing else
 * sits in its heap; and expansions per second of a long route (Dover to Bangkok, 110 points).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BenchFigure } from './run';
import { loadNavDatabase } from '../../server/src/navdata/loader';
import { expandRoute } from '../../server/src/expansion/offlineExpansion';
import { parseRouteDocument } from '../../server/src/route';
import { defined } from '../shared/defined';

export const name = 'navigation data and route expansion';

const ROOT = path.resolve(__dirname, '../..');
const SHARED = path.resolve(ROOT, '../shared/navdata');
const EXCERPT = path.join(ROOT, 'test/fixtures/navdata');
const LONG_ROUTE =
  'origin: EGLL\ndestination: VTBS\nN0480F350 DVR UL9 KONAN L607 RUDUS UL984 PW A87 KEKAL N644 DI A466 DPN R460 CEA L507 BKK';

interface ChildFigures {
  milliseconds: number;
  retainedMb: number;
  rssGrowthMb: number;
  points: number;
}

/** Runs in the child: load once, collect garbage, report. */
async function child(folder: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const db = await loadNavDatabase(folder);
  const milliseconds = performance.now() - started;
  gc?.();
  const after = process.memoryUsage();
  const retained = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);
  const figures: ChildFigures = {
    milliseconds,
    retainedMb: retained / 1e6,
    rssGrowthMb: (after.rss - before.rss) / 1e6,
    points: db.size,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

function measureLoadInChild(folder: string): ChildFigures {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, '--child', folder], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) throw new Error(`navdata load child failed: ${run.stderr}`);
  return JSON.parse(line) as ChildFigures;
}

export async function run(): Promise<BenchFigure[]> {
  const full = fs.existsSync(path.join(SHARED, 'fix.dat.gz'));
  const folder = full ? SHARED : EXCERPT;
  const which = full ? 'full data' : 'excerpt (no ../shared/navdata)';
  const loads = [measureLoadInChild(folder), measureLoadInChild(folder), measureLoadInChild(folder)];
  loads.sort((a, b) => a.milliseconds - b.milliseconds);
  const median = defined(loads[1], 'the middle load');

  const db = await loadNavDatabase(folder);
  const block = defined(parseRouteDocument(LONG_ROUTE).blocks[0], 'the long route');
  const points = expandRoute(block, db).points.length;
  for (let i = 0; i < 200; i++) expandRoute(block, db);
  const rounds = 3000;
  let started = performance.now();
  for (let i = 0; i < rounds; i++) expandRoute(block, db);
  const expandMs = (performance.now() - started) / rounds;
  started = performance.now();
  for (let i = 0; i < rounds; i++) parseRouteDocument(LONG_ROUTE);
  const parseMs = (performance.now() - started) / rounds;

  return [
    {
      label: `navdata load, ${which} (median of 3 fresh processes)`,
      value: Math.round(median.milliseconds),
      unit: 'ms',
      target: '< 2000 ms',
      ok: median.milliseconds < 2000,
    },
    {
      label: 'navdata memory retained after load (heap + buffers)',
      value: Math.round(median.retainedMb),
      unit: 'MB',
      target: '< 150 MB',
      ok: median.retainedMb < 150,
    },
    {
      label: 'navdata process RSS growth during load',
      value: Math.round(median.rssGrowthMb),
      unit: 'MB',
      target: '< 150 MB',
      ok: median.rssGrowthMb < 150,
    },
    { label: 'points in the database (fixes, navaids, aerodromes, airway ends)', value: median.points, unit: 'points' },
    { label: `expansion of a long route (${points} points)`, value: Math.round(1000 / expandMs), unit: 'per second' },
    { label: 'time per long-route expansion', value: expandMs, unit: 'ms', target: '< 1 ms', ok: expandMs < 1 },
    { label: 'expansion time / parse time of the same route (same run)', value: expandMs / parseMs, unit: 'x' },
  ];
}

if (require.main === module && process.argv[2] === '--child') {
  child(defined(process.argv[3], 'the navdata folder after --child')).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
