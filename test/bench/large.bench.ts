/**
 * A large document in the real server over stdio: 5 MB of routes (~40,000 blocks), one route
 * edited at a time, from didChange to the publishDiagnostics of that version (debounce 0): the
 * work must grow with the edit, not with the file, so the target is the same as for 2,000
 * routes. Also an edit that adds a line near the top (every block below moves), the outline and
 * folding round trips, and the server's memory holding the document.
 */
import { performance } from 'node:perf_hooks';
import { ServerUnderTest } from '../protocol/support/server';
import type { BenchFigure } from './run';
import { ROUTES } from './sampleRoutes';

export const name = 'large document (5 MB over stdio)';

const BYTES = 5 * 1024 * 1024;
const EDITS = 40;

function buildDocument(): { text: string; editLine: number; lines: number } {
  const blocks: string[] = [];
  let size = 0;
  let line = 0;
  let editLine = -1;
  for (let i = 0; size < BYTES; i++) {
    const [origin, destination, route] = ROUTES[i % ROUTES.length];
    const block = `# route ${i + 1}\norigin: ${origin}\ndestination: ${destination}\n${route}`;
    if (i === 20_000) editLine = line + 3;
    blocks.push(block);
    size += block.length + 2;
    line += block.split('\n').length + 1;
  }
  return { text: blocks.join('\n\n'), editLine, lines: line - 1 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

export async function run(): Promise<BenchFigure[]> {
  const server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 } } },
  });
  try {
    const idle = await server.serverInfo();
    const { text, editLine, lines } = buildDocument();
    const uri = 'file:///bench/large.route';
    const openStart = performance.now();
    await server.open(uri, text);
    const openMs = performance.now() - openStart;

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

    // A line added and removed again near the top: every block below moves.
    const moves: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      const at = { line: 1, character: 0 };
      if (i % 2 === 0) await server.change(uri, [{ range: { start: at, end: at }, text: '# note\n' }]);
      else await server.change(uri, [{ range: { start: at, end: { line: 2, character: 0 } }, text: '' }]);
      moves.push(performance.now() - start);
    }
    moves.sort((a, b) => a - b);

    let start = performance.now();
    await server.symbols(uri);
    const symbolsMs = performance.now() - start;
    start = performance.now();
    await server.folding(uri);
    const foldingMs = performance.now() - start;

    const open = await server.serverInfo();
    const mb = (bytes: number) => bytes / 1048576;
    return [
      { label: `document size (${lines} lines)`, value: text.length / 1024, unit: 'KiB' },
      { label: 'open: didOpen → publishDiagnostics', value: openMs, unit: 'ms' },
      {
        label: `one route edited: didChange → publishDiagnostics (median of ${EDITS})`,
        value: median,
        unit: 'ms',
        target: '< 30 ms',
        ok: median < 30,
      },
      { label: 'one route edited: p95', value: percentile(times, 0.95), unit: 'ms' },
      { label: 'one route edited: max', value: times[times.length - 1], unit: 'ms' },
      { label: 'line added near the top (all blocks move): median of 10', value: percentile(moves, 0.5), unit: 'ms' },
      { label: 'document symbols round trip', value: symbolsMs, unit: 'ms' },
      { label: 'folding ranges round trip', value: foldingMs, unit: 'ms' },
      { label: 'server RSS, idle', value: mb(idle.memory.rssBytes), unit: 'MB' },
      { label: 'server RSS, 5 MB document open', value: mb(open.memory.rssBytes), unit: 'MB' },
      { label: 'server heap used, 5 MB document open', value: mb(open.memory.heapUsedBytes), unit: 'MB' },
      {
        label: 'heap held per character of the document (no forced GC)',
        value: (open.memory.heapUsedBytes - idle.memory.heapUsedBytes) / text.length,
        unit: 'bytes',
      },
    ];
  } finally {
    await server.stop();
  }
}
