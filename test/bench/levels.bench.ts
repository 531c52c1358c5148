/**
 * The level checks of offline expansion on 2,000 routes (the sample set's, which fly levels of
 * both parities and above and below their airways' bands): the airway level bands and one-way
 * segments (X012, X013) and the cruising levels by magnetic track (X014, World Magnetic Model).
 * They run in the expansion of the edited block after each edit, so they are held to the edit
 * targets already stated: one route re-expanded with every check within the 30 ms of an edit
 * (server.bench.ts, large.bench.ts), and a route's expansion within the 1 ms of navdata.bench.ts;
 * the cost of X014 is shown as the ratio with the check off, measured in the same run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { expandRoute } from '../../server/src/expansion/offlineExpansion';
import { loadNavDatabase } from '../../server/src/navdata/loader';
import { parseRouteDocument } from '../../server/src/route';
import type { RouteBlock } from '../../server/src/route/model';
import type { BenchFigure } from './run';
import { ROUTES } from './sampleRoutes';

export const name = 'level checks of offline expansion (X012, X013, X014) on 2,000 routes';

const COUNT = 2000;
const SHARED = path.resolve(__dirname, '../../../shared/navdata');
const EXCERPT = path.resolve(__dirname, '../fixtures/navdata');

function routeBlocks(): RouteBlock[] {
  const blocks: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const [origin, destination, route] = ROUTES[i % ROUTES.length]!;
    blocks.push(`# route ${i + 1}\norigin: ${origin}\ndestination: ${destination}\n${route}`);
  }
  return parseRouteDocument(blocks.join('\n\n')).blocks.filter((b) => b.elements.length > 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function run(): Promise<BenchFigure[]> {
  const full = fs.existsSync(path.join(SHARED, 'fix.dat.gz'));
  const db = await loadNavDatabase(full ? SHARED : EXCERPT);
  const blocks = routeBlocks();
  const live = { isCancellationRequested: false };
  const expandAll = (semicircular: 'icao' | 'off') => {
    let findings = 0;
    const start = performance.now();
    for (const block of blocks)
      findings += expandRoute(block, db, live, { firstFix: 'nearestDeparture', semicircular }).findings.filter((f) =>
        /^X01[234]$/.test(f.code),
      ).length;
    return { ms: performance.now() - start, findings };
  };
  expandAll('icao');
  expandAll('off');
  // Alternated, so both see the same machine load.
  const withChecks: number[] = [];
  const without: number[] = [];
  let findings = 0;
  for (let round = 0; round < 5; round++) {
    const on = expandAll('icao');
    findings = on.findings;
    withChecks.push(on.ms);
    without.push(expandAll('off').ms);
  }
  const allMs = median(withChecks);
  const perRoute = allMs / blocks.length;

  // One route edited: its block parsed again and expanded with every check, as after a keystroke.
  const edits: number[] = [];
  const [origin, destination, route] = ROUTES[2]!;
  for (let i = 0; i < 205; i++) {
    const level = i % 2 ? 'F370' : 'F360';
    const text = `origin: ${origin}\ndestination: ${destination}\n${route.replace('F350', level)}`;
    const start = performance.now();
    expandRoute(parseRouteDocument(text).blocks[0]!, db, live, { firstFix: 'nearestDeparture' });
    if (i >= 5) edits.push(performance.now() - start);
  }
  const editMs = median(edits);
  const ratio = allMs / median(without);
  return [
    {
      label: `routes (${full ? 'full navigation data' : 'navigation data excerpt'})`,
      value: blocks.length,
      unit: 'routes',
    },
    { label: 'level findings among them (X012, X013, X014)', value: findings, unit: 'findings' },
    { label: '2,000 routes expanded with the level checks (median of 5)', value: allMs, unit: 'ms' },
    {
      label: 'one route expanded with the level checks',
      value: perRoute,
      unit: 'ms',
      target: '< 1 ms',
      ok: perRoute < 1,
    },
    {
      label: 'one route edited: parsed and expanded again with the level checks (median of 200)',
      value: editMs,
      unit: 'ms',
      target: '< 30 ms',
      ok: editMs < 30,
    },
    { label: 'with X014 / with X014 off (same run)', value: ratio, unit: 'x' },
  ];
}
