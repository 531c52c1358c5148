/**
 * Folding: each block that spans more than one line, and each run of two or more comment lines
 * (the comment headers above routes).
 *
 * Editors cap what they show (VS Code: 5000 regions, `foldingRange.rangeLimit`, the first ones of
 * the document). Past that cap nothing is built or sent: the blocks are read and the lines scanned
 * only as far as the last range kept, so a request on a 5 MB file costs the cap, not the file.
 */
import type { FoldingRange } from 'vscode-languageserver-types';
import { splitLines } from '../route/blocks';
import type { CancellationToken, RouteDocument } from '../route/model';
import type { DocumentLines } from '../route/ranges';

/**
 * The folding ranges in order of their first lines, at most `limit` of them (the first ones).
 * `text` is the document's text or its lines.
 */
export function foldingRanges(
  document: RouteDocument,
  text: string | DocumentLines,
  token: CancellationToken,
  limit = Number.POSITIVE_INFINITY,
): FoldingRange[] {
  const max = Math.max(0, limit);
  if (max === 0) return [];
  const regions: FoldingRange[] = [];
  for (const block of document.blocks) {
    if (regions.length >= max) break;
    const { start, end } = block.range;
    if (end.line > start.line) regions.push({ startLine: start.line, endLine: end.line, kind: 'region' });
  }
  if (token.isCancellationRequested) return [];
  const lines = typeof text === 'string' ? linesOf(text) : text;
  // With the cap reached by the regions, a run that starts after the last one kept is not shown.
  const lastRegion = regions.at(-1);
  const lastLine = regions.length >= max && lastRegion ? lastRegion.startLine : lines.lineCount - 1;
  const merged = mergeByStart(regions, commentRuns(lines, lastLine, max));
  return merged.length > max ? merged.slice(0, max) : merged;
}

function linesOf(text: string): DocumentLines {
  const lines = splitLines(text);
  return { lineCount: lines.length, lineText: (line) => lines[line] ?? '' };
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
    for (let region = regions[r]; region && region.startLine <= run.startLine; region = regions[++r]) out.push(region);
    out.push(run);
  }
  for (const region of regions.slice(r)) out.push(region);
  return out;
}

/** Blanks (JavaScript's white space; a line holds no line end), then `#`. */
const COMMENT_LINE = /^\s*#/;

function isCommentLine(line: string): boolean {
  // Most lines hold no `#`: a native search decides those.
  return line.indexOf('#') >= 0 && COMMENT_LINE.test(line);
}

/** Runs of two or more comment lines that start at or before `lastLine`, at most `max`. */
function commentRuns(lines: DocumentLines, lastLine: number, max: number): FoldingRange[] {
  const runs: FoldingRange[] = [];
  const count = lines.lineCount;
  for (let line = 0; line <= lastLine && line < count && runs.length < max; line++) {
    if (!isCommentLine(lines.lineText(line))) continue;
    let end = line;
    while (end + 1 < count && isCommentLine(lines.lineText(end + 1))) end++;
    if (end > line) runs.push({ startLine: line, endLine: end, kind: 'comment' });
    line = end;
  }
  return runs;
}
