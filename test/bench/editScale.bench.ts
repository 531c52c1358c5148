/**
 * Edits at scale, in process: one route edited in the middle of a document of 100 KB, 5 MB and
 * 20 MB (half the routes with a finding), timed from the edit through the new document to its
 * LSP diagnostics. The work of an edit must not grow with the file: the target is the 20 MB
 * median within 1.5x the 100 KB one, measured in the same run.
 */
import { performance } from 'node:perf_hooks';
import { RouteDocumentEditor } from '../../server/src/route';
import { documentDiagnostics } from '../../server/src/services/diagnostics';
import type { BenchFigure } from './run';
import { ROUTES } from './sampleRoutes';

export const name = 'edits at scale (in process: edit, document, diagnostics)';

const live = { isCancellationRequested: false };
const EDITS = 200;
const SIZES = [
  ['100 KB', 100 * 1024],
  ['5 MB', 5 * 1024 * 1024],
  ['20 MB', 20 * 1024 * 1024],
] as const;

/** Routes of the sample set; every other one with a repeated airway (a finding). */
function buildText(bytes: number): string {
  const blocks: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const [origin, destination, route] = ROUTES[i % ROUTES.length];
    const block = `# route ${i + 1}\norigin: ${origin}\ndestination: ${destination}\n${i % 2 ? route : `${route} UL9 UL9`}`;
    blocks.push(block);
    size += block.length + 2;
  }
  return blocks.join('\n\n');
}

function medianEdit(text: string): { median: number; p95: number } {
  const editor = new RouteDocumentEditor(text);
  let line = editor.lineCount >> 1;
  while (!editor.lineText(line).startsWith('N0')) line++;
  const times: number[] = [];
  for (let i = 0; i < EDITS + 5; i++) {
    const start = performance.now();
    editor.edit({ start: { line, character: 0 }, end: { line, character: 5 } }, i % 2 ? 'N0460' : 'N0450');
    documentDiagnostics(editor.document(), live);
    if (i >= 5) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[EDITS >> 1], p95: times[Math.floor(EDITS * 0.95)] };
}

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const medians = new Map<string, number>();
  for (const [label, bytes] of SIZES) {
    const { median, p95 } = medianEdit(buildText(bytes));
    medians.set(label, median);
    figures.push({ label: `one route edited at ${label}: median of ${EDITS}`, value: median, unit: 'ms' });
    figures.push({ label: `one route edited at ${label}: p95`, value: p95, unit: 'ms' });
  }
  const ratio = medians.get('20 MB')! / medians.get('100 KB')!;
  figures.push({ label: 'edit at 20 MB / edit at 100 KB', value: ratio, unit: 'x', target: '< 1.5x', ok: ratio < 1.5 });
  return figures;
}
