/**
 * A large document in the real server over stdio: 5 MB of routes (~40,000 blocks), one route
 * edited at a time, from didChange to the publishDiagnostics of that version (debounce 0): the
 * work must grow with the edit, not with the file, so the target is the same as for 2,000
 * routes. Also edits that add a line at the top, in the middle and at the end (every block below
 * moves), the outline, folding (with VS Code's limit of 5000 ranges), semantic tokens and code
 * lens round trips (the first request, and again after an edit; one lens resolved), the same
 * edit in the file with Windows line ends, and the server's memory holding the document.
 */
import { performance } from 'node:perf_hooks';
import {
  CodeLensRequest,
  CodeLensResolveRequest,
  SemanticTokensDeltaRequest,
  SemanticTokensRequest,
  type SemanticTokens,
} from 'vscode-languageserver-protocol';
import { ServerUnderTest } from '../protocol/support/server';
import type { BenchFigure } from './run';
import { ROUTES } from './sampleRoutes';
import { defined } from '../shared/defined';

export const name = 'large document (5 MB over stdio)';

const BYTES = 5 * 1024 * 1024;
const EDITS = 40;

function buildDocument(): { text: string; editLine: number; lines: number; blockLines: number[] } {
  const blocks: string[] = [];
  const blockLines: number[] = [];
  let size = 0;
  let line = 0;
  let editLine = -1;
  for (let i = 0; size < BYTES; i++) {
    const [origin, destination, route] = ROUTES[i % ROUTES.length]!; // i modulo the length: in range
    const block = `# route ${i + 1}\norigin: ${origin}\ndestination: ${destination}\n${route}`;
    if (i === 20_000) editLine = line + 3;
    blocks.push(block);
    blockLines.push(line);
    size += block.length + 2;
    line += block.split('\n').length + 1;
  }
  return { text: blocks.join('\n\n'), editLine, lines: line - 1, blockLines };
}

function percentile(sorted: number[], p: number): number {
  return defined(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))], 'a measurement');
}

export async function run(): Promise<BenchFigure[]> {
  // VS Code's client declares a folding limit of 5000 ranges (vscode-languageclient's default).
  const server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 } } },
    capabilities: { textDocument: { foldingRange: { rangeLimit: 5000, lineFoldingOnly: true } } },
  });
  try {
    const idle = await server.serverInfo();
    const { text, editLine, lines, blockLines } = buildDocument();
    const uri = 'file:///bench/large.route';
    const openStart = performance.now();
    await server.open(uri, text);
    const openMs = performance.now() - openStart;
    /** The size of each kind of answer (JSON, KiB): over stdio its encoding is most of a round trip. */
    const answerKiB = new Map<string, number>();
    const timed = async (request: () => Promise<unknown>, name?: string): Promise<number> => {
      const start = performance.now();
      const answer = await request();
      const ms = performance.now() - start;
      if (name) answerKiB.set(name, JSON.stringify(answer).length / 1024);
      return ms;
    };
    const symbols = () => server.symbols(uri);
    const folding = () => server.folding(uri);
    const tokens = () => server.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    const lenses = () => server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
    // The first requests read every block (the outline and the colours need each block's model).
    const symbolsFirstMs = await timed(symbols);
    const tokensFirstMs = await timed(tokens);

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
    const symbolsMs = await timed(symbols);
    const tokensMs = await timed(tokens);
    // The colours again after one more route edit, as a delta from the last answer (an editor's way).
    const sent = (await tokens()) as SemanticTokens;
    await server.change(uri, [
      { range: { start: { line: editLine, character: 0 }, end: { line: editLine, character: 5 } }, text: 'N0470' },
    ]);
    const delta = () =>
      server.connection.sendRequest(SemanticTokensDeltaRequest.type, {
        textDocument: { uri },
        previousResultId: sent.resultId ?? '',
      });
    const tokensDeltaMs = await timed(delta, 'semantic tokens delta after a route edit').catch(() => Number.NaN);

    // A line added and removed again at the start of a block at the top, in the middle, at the
    // end: every block below it moves.
    const lineAdded = async (line: number): Promise<number> => {
      const moves: number[] = [];
      for (let i = 0; i < 10; i++) {
        const start = performance.now();
        const at = { line, character: 0 };
        if (i % 2 === 0) await server.change(uri, [{ range: { start: at, end: at }, text: '# note\n' }]);
        else await server.change(uri, [{ range: { start: at, end: { line: line + 1, character: 0 } }, text: '' }]);
        moves.push(performance.now() - start);
      }
      return percentile(
        moves.sort((a, b) => a - b),
        0.5,
      );
    };
    const lineOfBlock = (index: number) => defined(blockLines[index], `the line of block ${index}`);
    const topMs = await lineAdded(lineOfBlock(1));
    const middleMs = await lineAdded(lineOfBlock(blockLines.length >> 1));
    const endMs = await lineAdded(lineOfBlock(blockLines.length - 2));
    // Every block moved by the last line added at the top.
    await server.change(uri, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '\n' },
    ]);
    const symbolsMovedMs = await timed(symbols, 'document symbols');
    const foldingMs = await timed(folding, 'folding ranges');
    const tokensMovedMs = await timed(tokens, 'semantic tokens');
    const lensesMs = await timed(lenses, 'code lenses');
    // The editor resolves the lenses on screen: one of them.
    const [firstLens] = (await lenses()) ?? [];
    const resolveMs = firstLens
      ? await timed(() => server.connection.sendRequest(CodeLensResolveRequest.type, firstLens)).catch(() => Number.NaN)
      : Number.NaN;

    const open = await server.serverInfo();

    // The same file with Windows line ends (VS Code's default on Windows), one route edited.
    await server.close(uri);
    const windowsUri = 'file:///bench/large-crlf.route';
    await server.open(windowsUri, text.replace(/\n/g, '\r\n'));
    const windowsTimes: number[] = [];
    for (let i = 0; i < 25; i++) {
      const speed = i % 2 === 0 ? 'N0460' : 'N0450';
      const start = performance.now();
      await server.change(windowsUri, [
        { range: { start: { line: editLine, character: 0 }, end: { line: editLine, character: 5 } }, text: speed },
      ]);
      if (i >= 5) windowsTimes.push(performance.now() - start);
    }
    const windowsMs = percentile(
      windowsTimes.sort((a, b) => a - b),
      0.5,
    );
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
      {
        label: 'one route edited: p95',
        value: percentile(times, 0.95),
        unit: 'ms',
        target: '< 30 ms',
        ok: percentile(times, 0.95) < 30,
      },
      { label: 'one route edited: max', value: defined(times.at(-1), 'a measurement'), unit: 'ms' },
      { label: 'one route edited, CRLF line ends: median of 20', value: windowsMs, unit: 'ms' },
      { label: 'line added at the top (all blocks move): median of 10', value: topMs, unit: 'ms' },
      { label: 'line added in the middle: median of 10', value: middleMs, unit: 'ms' },
      { label: 'line added at the end: median of 10', value: endMs, unit: 'ms' },
      { label: 'document symbols round trip, first request', value: symbolsFirstMs, unit: 'ms' },
      { label: 'document symbols round trip, after a route edit', value: symbolsMs, unit: 'ms' },
      { label: 'document symbols round trip, after a line added at the top', value: symbolsMovedMs, unit: 'ms' },
      { label: 'folding ranges round trip, after a line added at the top', value: foldingMs, unit: 'ms' },
      { label: 'semantic tokens (full) round trip, first request', value: tokensFirstMs, unit: 'ms' },
      { label: 'semantic tokens (full) round trip, after a route edit', value: tokensMs, unit: 'ms' },
      { label: 'semantic tokens delta round trip, after a route edit', value: tokensDeltaMs, unit: 'ms' },
      { label: 'semantic tokens (full), after a line added at the top', value: tokensMovedMs, unit: 'ms' },
      { label: 'code lens round trip, after a line added at the top', value: lensesMs, unit: 'ms' },
      { label: 'code lens resolve round trip (one lens on screen)', value: resolveMs, unit: 'ms' },
      ...[...answerKiB].map(([name, kib]) => ({ label: `answer size: ${name} (JSON)`, value: kib, unit: 'KiB' })),
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
