/**
 * Folding: each block that spans more than one line, and each run of two or more comment lines
 * (the comment headers above routes).
 */
import type { FoldingRange } from 'vscode-languageserver-types';
import type { CancellationToken, RouteDocument } from '../route/model';
import { forEachHashLine, isCommentLine } from './commentLines';

export function foldingRanges(document: RouteDocument, text: string, token: CancellationToken): FoldingRange[] {
  const regions: FoldingRange[] = [];
  for (const block of document.blocks) {
    const { start, end } = block.range;
    if (end.line > start.line) regions.push({ startLine: start.line, endLine: end.line, kind: 'region' });
  }
  if (token.isCancellationRequested) return [];
  return mergeByStart(regions, commentRuns(text));
}

/**
 * Both lists in order of their first lines (blocks come in document order and never overlap;
 * runs are found in order): merged, a region before a run on the same line, as a stable sort of
 * regions then runs would give, without sorting 80,000 ranges.
 */
function mergeByStart(regions: FoldingRange[], runs: FoldingRange[]): FoldingRange[] {
  if (runs.length === 0) return regions;
  const out: FoldingRange[] = [];
  let r = 0;
  for (const run of runs) {
    while (r < regions.length && regions[r].startLine <= run.startLine) out.push(regions[r++]);
    out.push(run);
  }
  while (r < regions.length) out.push(regions[r++]);
  return out;
}

/**
 * Runs of two or more comment lines, found by a native scan for `#` (commentLines.ts) instead of
 * splitting a 50 MB text into a million strings or running a regular expression at every
 * character on every request.
 */
function commentRuns(text: string): FoldingRange[] {
  const runs: FoldingRange[] = [];
  let runStart = -1;
  let previous = -2;
  forEachHashLine(text, (line, lineStart, hash) => {
    if (!isCommentLine(text, lineStart, hash)) return;
    if (line !== previous + 1) {
      if (previous > runStart && runStart >= 0) runs.push({ startLine: runStart, endLine: previous, kind: 'comment' });
      runStart = line;
    }
    previous = line;
  });
  if (runStart >= 0 && previous > runStart) runs.push({ startLine: runStart, endLine: previous, kind: 'comment' });
  return runs;
}
