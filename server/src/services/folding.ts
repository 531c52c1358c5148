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

function commentRuns(text: string): FoldingRange[] {
  const runs: FoldingRange[] = [];
  let runStart = -1;
  let line = 0;
  const close = (lastLine: number) => {
    if (runStart >= 0 && lastLine > runStart) runs.push({ startLine: runStart, endLine: lastLine, kind: 'comment' });
    runStart = -1;
  };
  for (const lineText of splitLines(text)) {
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
