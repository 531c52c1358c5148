/**
 * Folding: each block that spans more than one line, and each run of two or more comment lines
 * (the comment headers above routes).
 */
import type { FoldingRange } from 'vscode-languageserver-types';
import { splitLines } from '../route/blocks';
import type { CancellationToken, RouteDocument } from '../route/model';

export function foldingRanges(document: RouteDocument, text: string, token: CancellationToken): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  for (const block of document.blocks) {
    if (block.range.end.line > block.range.start.line) {
      ranges.push({ startLine: block.range.start.line, endLine: block.range.end.line, kind: 'region' });
    }
  }
  if (token.isCancellationRequested) return [];
  ranges.push(...commentRuns(text));
  return ranges.sort((a, b) => a.startLine - b.startLine);
}

/** A comment line: blanks, then `#` (a line starts the text or follows a line feed). */
const COMMENT_LINE = /(?:^|(?<=\n))[^\S\n\r]*#/g;

/**
 * Runs of two or more comment lines. Without carriage returns the lines are found by a native
 * scan for `#` at a line start, counting line feeds in between, instead of splitting a 50 MB
 * text into a million strings on every request.
 */
function commentRuns(text: string): FoldingRange[] {
  if (text.indexOf('\r') >= 0) return commentRunsOfLines(splitLines(text));
  const runs: FoldingRange[] = [];
  let runStart = -1;
  let previous = -2;
  let line = 0;
  let counted = 0;
  for (const match of text.matchAll(COMMENT_LINE)) {
    for (let nl = text.indexOf('\n', counted); nl >= 0 && nl < match.index; nl = text.indexOf('\n', nl + 1)) line++;
    counted = match.index;
    if (line !== previous + 1) {
      if (previous > runStart && runStart >= 0) runs.push({ startLine: runStart, endLine: previous, kind: 'comment' });
      runStart = line;
    }
    previous = line;
  }
  if (runStart >= 0 && previous > runStart) runs.push({ startLine: runStart, endLine: previous, kind: 'comment' });
  return runs;
}

function commentRunsOfLines(lines: string[]): FoldingRange[] {
  const runs: FoldingRange[] = [];
  let runStart = -1;
  let line = 0;
  const close = (lastLine: number) => {
    if (runStart >= 0 && lastLine > runStart) runs.push({ startLine: runStart, endLine: lastLine, kind: 'comment' });
    runStart = -1;
  };
  for (const lineText of lines) {
    if (/^\s*#/.test(lineText)) {
      if (runStart < 0) runStart = line;
    } else {
      close(line - 1);
    }
    line++;
  }
  close(line - 1);
  return runs;
}
