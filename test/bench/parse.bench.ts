/**
 * Parse throughput of the route parser (elements/s) and its cost relative to a plain
 * `text.split(/\s+/)` of the same text, measured in one run (target: under 4x the split, as issue 10 states).
 *
 * The parser is measured as it ships: bundled by esbuild like dist/server.js and dist/cli.js
 * (run through tsx, every call across modules goes through an export getter). Split and parse
 * are measured in one fresh node process, so the bench runner's own heap does not weigh on
 * either; times are process CPU time, as this machine is shared.
 *
 * The ratio is the median of per-round ratios, split and check rounds interleaved (in turn first):
 * a round of each close together sees the same load, and neither is timed in the rounds where the
 * other's garbage is collected. The split's rounds are bimodal (a round with a scavenge of its
 * 70,000 live strings, or one without), so the best split round against the best check round
 * compared the split's luckiest round with the check's usual one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from './run';
import { bundleMeasureScript } from './support/measureScript';

export const name = 'route parser';

/** Runs in the child: a generated 2,000-route file, split vs parse, printed as JSON. */
const MEASURE = `
import { IncrementalRouteParser, parseRouteDocument } from './server/src/route';
import { generateRouteFile } from './test/unit/route/generate';

const text = generateRouteFile(2000, 42);
// The same routes, 55% of them with a typical mistake (as the issue 27 review measured).
const mixedText = generateRouteFile(2000, 42, 0.55);

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

/** CPU time of one call of fn, averaged over one round of reps. */
function roundMs(reps: number, fn: () => void): number {
  const start = process.cpuUsage();
  for (let i = 0; i < reps; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / reps;
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

let words = 0;
let elements = 0;
let findings = 0;
const split = (): void => { words = text.split(/\\s+/).length; };
const check = (): void => {
  findings = 0;
  for (const b of parseRouteDocument(text).blocks) findings += b.diagnostics.length;
};
const full = (): void => {
  elements = 0;
  for (const b of parseRouteDocument(text).blocks) elements += b.elements.length + b.routeText.length * 0;
};
for (let i = 0; i < 6; i++) { split(); check(); }
/**
 * Rounds of \`reference\` and \`measured\` in pairs, each first in turn (so that neither always
 * meets the other's garbage): the CPU ms of each round, and each pair's ratio measured / reference.
 */
function pairedRounds(reps: number, reference: () => void, measured: () => void) {
  const referenceRounds: number[] = [];
  const measuredRounds: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < 15; r++) {
    let a = 0;
    let b = 0;
    if (r % 2 === 0) {
      a = roundMs(reps, reference);
      b = roundMs(reps, measured);
    } else {
      b = roundMs(reps, measured);
      a = roundMs(reps, reference);
    }
    referenceRounds.push(a);
    measuredRounds.push(b);
    ratios.push(b / a);
  }
  return { referenceRounds, measuredRounds, ratios };
}

// Split and check rounds in pairs; the ratio is the median of the pairs' ratios.
const checkPairs = pairedRounds(5, split, check);
const splitRounds = checkPairs.referenceRounds;
const checkRounds = checkPairs.measuredRounds;
const ratios = checkPairs.ratios;
const splitMs = median(splitRounds);
const checkMs = median(checkRounds);
const ratio = median(ratios);
/** The best split round, for the ratio of the full build (itself a best of rounds). */
const splitBestMs = Math.min(...splitRounds);
const checkBestMs = Math.min(...checkRounds);
let mixedFindings = 0;
const checkMixed = (): void => {
  mixedFindings = 0;
  for (const b of parseRouteDocument(mixedText).blocks) mixedFindings += b.diagnostics.length;
};
// Clean and mixed check rounds in pairs, as split and check above.
for (let i = 0; i < 3; i++) checkMixed();
const mixedRatios = pairedRounds(5, check, checkMixed).ratios;
const mixedRatio = median(mixedRatios);
// Warmed up as the check is (six calls) before its rounds: with two, the rounds timed the
// optimising compiler's threads on the element views' code too (process CPU time counts them).
for (let i = 0; i < 6; i++) full();
const fullMs = cpuMs(5, 3, full);
// What semantic tokens and symbols read of every element: its kind and its range (made on first read).
let spannedLines = 0;
const fullRead = (): void => {
  spannedLines = 0;
  for (const b of parseRouteDocument(text).blocks)
    for (const e of b.elements) if (e.kind !== 'unknown') spannedLines += e.range.end.line - e.range.start.line;
};
for (let i = 0; i < 6; i++) fullRead();
const fullReadMs = cpuMs(5, 3, fullRead);
// The full build against the split as the check is measured: rounds in pairs, each first in turn,
// the median of the pairs' ratios. The best full round against the best split round (above) put
// the full build at 5.2-6.4x in runs where reading every element's kind and range as well (strictly
// more work, measured after it) came to 4.0-4.8x: a best-of-rounds figure keeps the luck of the
// rounds it compares.
const fullRatios = pairedRounds(3, split, full).ratios;
const fullRatio = median(fullRatios);
// One route edited in place, and one line inserted at the top (every block moves).
const incremental = new IncrementalRouteParser();
incremental.parse(text);
const lines = text.split('\\n');
const middle = lines.findIndex((l, i) => i > lines.length / 2 && /^[NKM]0/.test(l));
let flip = 0;
const editMs = cpuMs(8, 5, () => {
  lines[middle] = flip++ % 2 ? lines[middle].replace(/ DCT KONAN$/, '') : lines[middle] + ' DCT KONAN';
  incremental.parse(lines.join('\\n'));
});
let top = 0;
const moveMs = cpuMs(8, 5, () => {
  incremental.parse('\\n'.repeat(++top % 2) + text);
});
console.log(JSON.stringify({ bytes: text.length, words, elements, findings, mixedFindings, mixedRatio, splitMs, checkMs, ratio, splitBestMs, checkBestMs, fullMs, fullRatio, fullReadMs, editMs, moveMs }));
`;

interface Measured {
  bytes: number;
  words: number;
  elements: number;
  findings: number;
  /** Findings in the file with mistakes, and its check time relative to the clean file's (median of paired rounds). */
  mixedFindings: number;
  mixedRatio: number;
  splitMs: number;
  checkMs: number;
  /** Median of the per-round ratios check / split. */
  ratio: number;
  splitBestMs: number;
  checkBestMs: number;
  fullMs: number;
  /** Median of the per-round ratios full build / split (rounds in pairs, as the check's). */
  fullRatio: number;
  /** The full build with every element's kind and range read. */
  fullReadMs: number;
  editMs: number;
  moveMs: number;
}

function measure(): Measured {
  const dir = mkdtempSync(join(tmpdir(), 'route-bench-'));
  try {
    const outfile = bundleMeasureScript(MEASURE, dir);
    const child = spawnSync(process.execPath, [outfile], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`measuring failed: ${child.stderr}`);
    return JSON.parse(child.stdout) as Measured;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchFigure[]> {
  const m = measure();
  if (m.findings !== 0) throw new Error(`the generated file should be clean, found ${m.findings} findings`);
  const ratio = m.ratio;
  return [
    { label: `file: 2,000 routes, ${m.words} words`, value: Math.round(m.bytes / 1024), unit: 'KiB' },
    { label: 'split(/\\s+/) CPU time (median round)', value: m.splitMs, unit: 'ms' },
    { label: 'parse + every local check (diagnostics), median round', value: m.checkMs, unit: 'ms' },
    { label: 'parse throughput, diagnostics', value: Math.round(m.elements / (m.checkMs / 1000)), unit: 'elements/s' },
    {
      label: 'parse + checks relative to split (median of rounds)',
      value: ratio,
      unit: 'x',
      target: '< 4x split',
      ok: ratio < 4,
    },
    // No target: the best check round against the best split round, as this bench measured
    // before the paired rounds (comparable with earlier figures).
    {
      label: 'best parse + checks round relative to the best split round',
      value: m.checkBestMs / m.splitBestMs,
      unit: 'x',
    },
    { label: 'the same routes, 55% with a mistake: findings', value: m.mixedFindings, unit: '' },
    {
      label: 'parse + checks with those mistakes relative to clean (median of rounds)',
      value: m.mixedRatio,
      unit: 'x',
      target: '< 1.5x clean',
      ok: m.mixedRatio < 1.5,
    },
    { label: 'parse + checks + all elements built (hover, symbols)', value: m.fullMs, unit: 'ms' },
    {
      label: 'that relative to split (median of rounds, as the check)',
      value: m.fullRatio,
      unit: 'x',
      target: '< 5x split',
      ok: m.fullRatio < 5,
    },
    // The best full round against the best split round, as this bench measured before the paired
    // rounds (comparable with earlier figures; see the measuring child): the element model stays
    // where the kept tokens put it, about 2.4x (issue 41.2), while the parse gets no slower.
    {
      label: 'that relative to the best split round',
      value: m.fullMs / m.splitBestMs,
      unit: 'x',
      target: '< 2.6x',
      ok: m.fullMs / m.splitBestMs < 2.6,
    },
    // No target: the ranges are views made when read, and this is what reading them all costs.
    {
      label: 'that with every element kind and range read (semantic tokens), relative to the best split round',
      value: m.fullReadMs / m.splitBestMs,
      unit: 'x',
    },
    { label: 'incremental re-parse, one route edited', value: m.editMs, unit: 'ms' },
    { label: 'incremental re-parse, every block moved one line', value: m.moveMs, unit: 'ms' },
  ];
}
