/**
 * The language server as an editor feels it: the real built server over stdio, a 2,000-route
 * document open, one route edited at a time; time from didChange to the publishDiagnostics of
 * that version (debounce 0), and the server's memory with the document open.
 */
import { performance } from 'node:perf_hooks';
import { ServerUnderTest } from '../protocol/support/server';
import type { BenchFigure } from './run';
import { ROUTES } from './sampleRoutes';
import { defined } from '../shared/defined';

export const name = 'language server (2,000-route document over stdio)';

const COUNT = 2000;
const EDITS = 40;

function buildDocument(): { text: string; editLine: number } {
  const blocks: string[] = [];
  let line = 0;
  let editLine = -1;
  for (let i = 0; i < COUNT; i++) {
    const [origin, destination, route] = ROUTES[i % ROUTES.length]!; // i modulo the length: in range
    const block = `# route ${i + 1}\norigin: ${origin}\ndestination: ${destination}\n${route}`;
    if (i === COUNT / 2) editLine = line + 3;
    blocks.push(block);
    line += block.split('\n').length + 1;
  }
  return { text: blocks.join('\n\n'), editLine };
}

function percentile(sorted: number[], p: number): number {
  return defined(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))], 'a measurement');
}

export async function run(): Promise<BenchFigure[]> {
  const server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 } } },
  });
  try {
    const idle = await server.serverInfo();
    const { text, editLine } = buildDocument();
    const uri = 'file:///bench/2000-routes.route';

    const openStart = performance.now();
    await server.open(uri, text);
    const openMs = performance.now() - openStart;

    // Warm up, then alternate the speed of one route (N0450 ↔ N0460) and time each round trip.
    const times: number[] = [];
    for (let i = 0; i < EDITS + 5; i++) {
      const speed = i % 2 === 0 ? 'N0460' : 'N0450';
      const start = performance.now();
      await server.change(uri, [
        { range: { start: { line: editLine, character: 0 }, end: { line: editLine, character: 5 } }, text: speed },
      ]);
      if (i >= 5) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 0.5);

    // A full-text change of the same size, as clients without incremental sync send it.
    const fullStart = performance.now();
    await server.change(uri, [{ text: text.replace('N0450F350 DVR6J', 'N0460F350 DVR6J') }]);
    const fullMs = performance.now() - fullStart;

    const open = await server.serverInfo();
    const mb = (bytes: number) => bytes / 1048576;
    return [
      { label: 'document size', value: text.length / 1024, unit: 'KiB' },
      { label: 'open: didOpen → publishDiagnostics (full parse)', value: openMs, unit: 'ms' },
      {
        label: `one route edited: didChange → publishDiagnostics (median of ${EDITS})`,
        value: median,
        unit: 'ms',
        target: '< 30 ms',
        ok: median < 30,
      },
      { label: 'one route edited: p95', value: percentile(times, 0.95), unit: 'ms' },
      { label: 'whole text sent: didChange → publishDiagnostics', value: fullMs, unit: 'ms' },
      { label: 'server RSS, idle', value: mb(idle.memory.rssBytes), unit: 'MB' },
      { label: 'server RSS, document open', value: mb(open.memory.rssBytes), unit: 'MB' },
      { label: 'server heap used, document open', value: mb(open.memory.heapUsedBytes), unit: 'MB' },
    ];
  } finally {
    await server.stop();
  }
}
