/**
 * The outline, folding and colours as they were computed before the per-block caches (one
 * pass over the whole document per request): the oracle that the cached features must equal.
 */
import { SymbolKind, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver-types';
import { splitLines } from '../../../server/src/route';
import {
  pointOf,
  type CancellationToken,
  type PointElement,
  type Range,
  type RouteBlock,
  type RouteDocument,
  type RouteElement,
} from '../../../server/src/route/model';
import { LineIndex, rangeInside } from '../../../server/src/route/ranges';
import { formatNm } from '../../../server/src/services/routeLegs';
import { pointKindName, MAX_SYMBOLS } from '../../../server/src/services/symbols';
import { MAX_TOKENS, TOKEN_TYPES } from '../../../server/src/services/semanticTokens';

type TokenType = (typeof TOKEN_TYPES)[number];

function elementType(element: RouteElement): TokenType | undefined {
  switch (element.kind) {
    case 'speedLevel':
    case 'cruiseClimb':
    case 'stay':
      return 'number';
    case 'direct':
    case 'flightRules':
    case 'truncation':
    case 'trafficType':
    case 'ifps':
      return 'keyword';
    case 'airway':
    case 'track':
      return 'type';
    case 'sid':
    case 'star':
      return 'function';
    case 'point':
    case 'bearingDistance':
    case 'pointChange':
      return 'variable';
    case 'latLon':
      return 'number';
    case 'aerodrome':
      return 'namespace';
    case 'unknown':
      return undefined;
  }
}

interface Token {
  line: number;
  start: number;
  length: number;
  type: number;
}

export function previousSemanticTokens(document: RouteDocument, text: string, token: CancellationToken): number[] {
  const lines = new LineIndex(text);
  const tokens: Token[] = [];
  const add = (range: Range, type: TokenType) => {
    if (range.start.line !== range.end.line || range.end.character <= range.start.character) return;
    tokens.push({
      line: range.start.line,
      start: range.start.character,
      length: range.end.character - range.start.character,
      type: TOKEN_TYPES.indexOf(type),
    });
  };
  for (let line = 0; line < lines.lineCount && tokens.length < MAX_TOKENS; line++) {
    if (line % 5000 === 0 && token.isCancellationRequested) return [];
    // `#` appears in no route element, directive or FPL field: it always starts a comment.
    const text = lines.lineText(line);
    const hash = text.indexOf('#');
    if (hash >= 0) add({ start: { line, character: hash }, end: { line, character: text.length } }, 'comment');
  }
  for (const block of document.blocks) {
    if (tokens.length >= MAX_TOKENS) break;
    if (token.isCancellationRequested) return [];
    for (const directive of block.directives) {
      add(directive.keyRange, 'property');
      add(directive.valueRange, 'string');
    }
    for (const field of block.fpl?.fields ?? []) {
      if (field.number === 7) add(field.range, 'enumMember');
      else if (field.number !== 15 && field.number !== 18) add(field.range, 'string');
    }
    for (const item of block.fpl?.otherInformation ?? []) {
      const indicatorEnd = {
        line: item.range.start.line,
        character: item.range.start.character + item.indicator.length,
      };
      add({ start: item.range.start, end: indicatorEnd }, 'property');
    }
    for (const element of block.elements) {
      const type = elementType(element);
      if (type) add(element.range, type);
    }
  }
  tokens.sort((a, b) => a.line - b.line || a.start - b.start);
  const data: number[] = [];
  let line = 0;
  let start = 0;
  let end = -1;
  let endLine = -1;
  for (const t of tokens) {
    // Overlaps (a comment after a field on one line cannot overlap, but be safe) are dropped.
    if (t.line === endLine && t.start < end) continue;
    data.push(t.line - line, t.line === line ? t.start - start : t.start, t.length, t.type, 0);
    line = t.line;
    start = t.start;
    endLine = t.line;
    end = t.start + t.length;
  }
  return data;
}

/**
 * The outline without caches: every block with its points when they all fit in `maxSymbols`;
 * else the blocks alone, the first `maxSymbols - 1` of them and a last symbol for the rest.
 */
export function previousDocumentSymbols(
  document: RouteDocument,
  token: CancellationToken,
  maxSymbols = MAX_SYMBOLS,
  routeDistanceNm?: (block: RouteBlock) => number | undefined,
): DocumentSymbol[] {
  if (token.isCancellationRequested) return [];
  const blocks = document.blocks;
  const all = blocks.map((block) => blockSymbol(block, Number.POSITIVE_INFINITY));
  const total = all.reduce((n, s) => n + 1 + (s.children?.length ?? 0), 0);
  const max = Math.max(1, maxSymbols);
  const listed =
    total <= max ? all : all.map((s) => ({ ...s, children: [] })).slice(0, blocks.length <= max ? max : max - 1);
  listed.forEach((symbol, i) => {
    const block = blocks[i]; // the symbols listed are those of the first blocks, in order
    const distance = block && routeDistanceNm?.(block);
    if (distance !== undefined) symbol.detail = `${symbol.detail}, ${formatNm(distance)}`;
  });
  const rest = blocks.slice(listed.length);
  const [firstOfRest] = rest;
  const lastOfRest = rest.at(-1);
  if (firstOfRest && lastOfRest) {
    listed.push({
      name: `… ${rest.length} more blocks not listed`,
      detail: `the outline lists the first ${max - 1} blocks of a very large file`,
      kind: SymbolKind.Namespace,
      range: { start: firstOfRest.range.start, end: lastOfRest.range.end },
      selectionRange: firstOfRest.range,
      children: [],
    });
  }
  return listed;
}

function blockSymbol(block: RouteBlock, maxChildren: number): DocumentSymbol {
  const children: DocumentSymbol[] = [];
  for (const element of block.elements) {
    if (children.length >= maxChildren) break;
    const point = pointOf(element);
    if (!point) continue;
    children.push({
      name: point.text || '(point)',
      detail: pointKindName(point),
      kind: pointSymbolKind(point),
      // A point change shows the whole `LN/N0284A045`; the name stays the point.
      range: element.range,
      selectionRange: rangeInside(point.range, element.range) ? point.range : element.range,
    });
  }
  const selection = block.routeRange && rangeInside(block.routeRange, block.range) ? block.routeRange : block.range;
  return {
    name: block.name.trim() || (block.kind === 'fpl' ? 'FPL message' : 'route'),
    detail: block.kind === 'fpl' ? 'FPL message' : blockDetail(block),
    kind: block.kind === 'fpl' ? SymbolKind.Object : SymbolKind.Namespace,
    range: block.range,
    selectionRange: selection,
    children,
  };
}

function blockDetail(block: RouteBlock): string {
  const points = block.elements.filter((e) => pointOf(e)).length;
  return `route, ${points} point${points === 1 ? '' : 's'}`;
}
function pointSymbolKind(point: PointElement): SymbolKind {
  switch (point.kind) {
    case 'point':
      return SymbolKind.Constant;
    case 'latLon':
    case 'bearingDistance':
      return SymbolKind.Number;
    case 'aerodrome':
      return SymbolKind.Module;
  }
}

export function previousFoldingRanges(document: RouteDocument, text: string, token: CancellationToken): FoldingRange[] {
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
