/**
 * Edits at scale through the language server over stdio (issue 41.1): the same edit (a level
 * changed in a route in the middle of the file) on 100 KB and on 20 MB of routes, half of them
 * with a finding, from didChange to the publishDiagnostics of that version (debounce 0). The work
 * of an edit must not grow with the file: the 20 MB median within 1.5x the 100 KB one, measured
 * in the same server, and its p95 under 30 ms.
 *
 * And the first keystroke after an open, sent as soon as the open's diagnostics arrive (no
 * pause: the server has not built its editor of the file yet, which it does in a pause of typing),
 * against the median of the later ones, made after such a pause: within 2x at 20 MB (the median
 * of three opens). The keystrokes typed on after the first, with no pause, are printed too
 * (without target: they go the way of the first, route/blockEdit.ts). The server's own CPU for each
 * edit is printed beside the times (Linux: every thread's run time from /proc), as the wall time
 * of a round trip on a loaded machine is mostly waiting for a core.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { QUIET_MS } from '../../server/src/lsp/parsedDocuments';
import { ServerUnderTest } from '../protocol/support/server';
import type { BenchFigure } from './run';
import { routesWithFindings } from './sampleRoutes';
import { defined } from '../shared/defined';

export const name = 'edits at scale over stdio (didChange → publishDiagnostics)';

const EDITS = 100;
const WARM_UP = 5;
const OPENS = 3;
const SIZES = [
  ['100 KB', 100 * 1024],
  ['20 MB', 20 * 1024 * 1024],
] as const;

/** The CPU ms every thread of process `pid` has run (NaN where /proc has no schedstat). */
function cpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // A thread that ended meanwhile.
      }
    }
    return ns / 1e6;
  } catch {
    return Number.NaN;
  }
}

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const at = (values: number[], p: number): number =>
  defined(sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))], 'a measurement');

interface Opened {
  /** The first keystroke after the open's diagnostics, at once: wall ms. */
  first: number;
  /** The keystrokes typed on after it, each as the last one's diagnostics came: wall ms. */
  typedOn: number[];
  /** The keystrokes after a pause in which the server built its editor of the file: wall ms and CPU ms. */
  later: number[];
  laterCpu: number[];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a pause in typing (the server builds its editor of a document after `QUIET_MS`
 * without a change) and for the server to be idle after it: under 2 ms of CPU in 100 ms. Fails
 * after a minute: the later keystrokes would be measured during the build.
 */
async function pauseUntilIdle(pid: number): Promise<void> {
  await sleep(QUIET_MS + 100);
  for (let tries = 0; tries < 600; tries++) {
    const cpu = cpuMs(pid);
    await sleep(100);
    // NaN (no /proc): nothing to wait by.
    if (!(cpuMs(pid) - cpu >= 2)) return;
  }
  throw new Error('the server was still busy a minute after the pause in typing');
}

/**
 * Opens `text`, types the first keystroke at once and `edits` more on, each after the last one's
 * diagnostics; then, after a pause in which the server builds its editor, `edits` more.
 */
async function openAndEdit(server: ServerUnderTest, uri: string, text: string, edits: number): Promise<Opened> {
  const lines = text.split('\n');
  let line = lines.length >> 1;
  while (!defined(lines[line], 'a route line below the middle').startsWith('N0')) line++;
  await server.open(uri, text);
  const pid = server.process.pid!;
  let count = 0;
  const keystroke = async (): Promise<{ wall: number; cpu: number }> => {
    const range = { start: { line, character: 0 }, end: { line, character: 5 } };
    const start = performance.now();
    const cpu = cpuMs(pid);
    await server.change(uri, [{ range, text: count++ % 2 ? 'N0450' : 'N0460' }]);
    return { wall: performance.now() - start, cpu: cpuMs(pid) - cpu };
  };
  const first = (await keystroke()).wall;
  const typedOn: number[] = [];
  for (let i = 1; i <= edits; i++) {
    const { wall } = await keystroke();
    if (i > WARM_UP) typedOn.push(wall);
  }
  await pauseUntilIdle(pid);
  const later: number[] = [];
  const laterCpu: number[] = [];
  for (let i = 0; i <= edits; i++) {
    const { wall, cpu } = await keystroke();
    if (i > WARM_UP) {
      later.push(wall);
      laterCpu.push(cpu);
    }
  }
  await server.close(uri);
  return { first, typedOn, later, laterCpu };
}

export async function run(): Promise<BenchFigure[]> {
  const server = await ServerUnderTest.start({
    initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 } } },
  });
  try {
    const figures: BenchFigure[] = [];
    const medians = new Map<string, number>();
    let p95At20 = Number.NaN;
    let firstRatio = Number.NaN;
    for (const [label, bytes] of SIZES) {
      const text = routesWithFindings(bytes);
      const opens: Opened[] = [];
      for (let i = 0; i < (label === '20 MB' ? OPENS : 1); i++)
        opens.push(await openAndEdit(server, `file:///bench/${label.replace(' ', '')}-${i}.route`, text, EDITS));
      // The edits of every open together; the first keystroke of the open of the median ratio.
      const later = opens.flatMap((o) => o.later);
      const cpu = opens.flatMap((o) => o.laterCpu);
      const typedOn = opens.flatMap((o) => o.typedOn);
      const median = at(later, 0.5);
      medians.set(label, median);
      figures.push(
        {
          label: `typed on after the open at ${label}: median of ${typedOn.length}`,
          value: at(typedOn, 0.5),
          unit: 'ms',
        },
        { label: `one route edited at ${label}: median of ${later.length}`, value: median, unit: 'ms' },
        { label: `one route edited at ${label}: p95`, value: at(later, 0.95), unit: 'ms' },
        { label: `one route edited at ${label}: the server's CPU, median`, value: at(cpu, 0.5), unit: 'ms' },
      );
      if (label === '20 MB') {
        p95At20 = at(later, 0.95);
        const ratios = opens.map((o) => o.first / at(o.later, 0.5));
        const middle = defined(opens[ratios.indexOf(at(ratios, 0.5))], 'the middle open');
        firstRatio = at(ratios, 0.5);
        figures.push(
          {
            label: `first keystroke at ${label}, sent as the open's diagnostics came (of ${OPENS} opens)`,
            value: middle.first,
            unit: 'ms',
          },
          { label: `  typed on at once in that open: median`, value: at(middle.typedOn, 0.5), unit: 'ms' },
          { label: `  later keystrokes of that open: median`, value: at(middle.later, 0.5), unit: 'ms' },
        );
      }
    }
    const ratio = medians.get('20 MB')! / medians.get('100 KB')!;
    figures.push(
      { label: 'edit at 20 MB / edit at 100 KB (medians)', value: ratio, unit: 'x', target: '< 1.5x', ok: ratio < 1.5 },
      { label: 'edit at 20 MB: p95', value: p95At20, unit: 'ms', target: '< 30 ms', ok: p95At20 < 30 },
      {
        label: 'first keystroke after the open / later ones at 20 MB',
        value: firstRatio,
        unit: 'x',
        target: '< 2x',
        ok: firstRatio < 2,
      },
    );
    return figures;
  } finally {
    await server.stop();
  }
}
