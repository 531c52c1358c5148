/**
 * Semantic tokens: the colours of a route for every LSP editor (Neovim, Helix, Emacs…), which
 * have no TextMate grammar. VS Code keeps its grammar (syntaxes/), so the VS Code client asks the
 * server not to offer these. Pure: the parsed document and its text come in.
 *
 * Tokens are returned as the LSP's relative integer encoding, in document order, one line each.
 */
import type { SemanticTokensEdit, SemanticTokensLegend } from 'vscode-languageserver-types';
import type { CancellationToken, Range, RouteBlock, RouteDocument, RouteElement } from '../route/model';
import { BlockCache } from './blockCache';
import { forEachHashLine } from './commentLines';
import type { DocumentLines } from '../route/ranges';

/** Standard token types, so every editor theme has a colour for them. */
export const TOKEN_TYPES = [
  'comment',
  'keyword',
  'number',
  'type',
  'variable',
  'namespace',
  'function',
  'property',
  'string',
  'enumMember',
] as const;
type TokenType = (typeof TOKEN_TYPES)[number];
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [] };

/** Beyond this many tokens a file is too large to colour usefully: the rest stays plain. */
export const MAX_TOKENS = 200_000;

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

/** A block's tokens: line (from the block's first line), start, length and type, four numbers each, in order. */
export type BlockTokens = number[];

/** Block tokens kept across requests (see BlockCache); one per document. */
export type TokenCache = BlockCache<BlockTokens>;

export function createTokenCache(): TokenCache {
  return new BlockCache<BlockTokens>();
}

const COMMENT = TOKEN_TYPES.indexOf('comment');

/**
 * `text` is the document's text or its lines (an edited document's own lines: no 5 MB string
 * built for the colours). `cache`, when given, keeps each block's tokens from one request to the
 * next: only blocks whose lines changed are read again.
 */
export function semanticTokens(
  document: RouteDocument,
  text: string | DocumentLines,
  token: CancellationToken,
  cache?: TokenCache,
): number[] {
  const comments = typeof text === 'string' ? commentTokens(text, token) : commentTokensOfLines(text, token);
  if (!comments) return [];
  // The blocks' tokens until the limit (checked per block, as the comments are per line).
  let count = comments.length / 4;
  const placed: { line: number; tokens: BlockTokens }[] = [];
  cache?.begin();
  for (const block of document.blocks) {
    if (count >= MAX_TOKENS) break;
    if (token.isCancellationRequested) return [];
    const tokens = cache ? cache.get(block, blockTokens) : blockTokens(block);
    placed.push({ line: block.range.start.line, tokens });
    count += tokens.length / 4;
  }
  cache?.end(placed.length);
  return encode(comments, placed);
}

/** One token per line from its first `#` to its end, up to MAX_TOKENS; undefined when cancelled. */
function commentTokens(text: string, token: CancellationToken): number[] | undefined {
  const out: number[] = [];
  // `#` appears in no route element, directive or FPL field: it always starts a comment.
  forEachHashLine(text, (line, lineStart, hash, lineEnd) => {
    if (out.length < MAX_TOKENS * 4) out.push(line, hash - lineStart, lineEnd - hash, COMMENT);
  });
  return token.isCancellationRequested ? undefined : out;
}

/** The same as commentTokens, line by line. */
function commentTokensOfLines(lines: DocumentLines, token: CancellationToken): number[] | undefined {
  const out: number[] = [];
  for (let line = 0; line < lines.lineCount && out.length < MAX_TOKENS * 4; line++) {
    const text = lines.lineText(line);
    const hash = text.indexOf('#');
    if (hash >= 0) out.push(line, hash, text.length - hash, COMMENT);
  }
  return token.isCancellationRequested ? undefined : out;
}

/** The block's tokens, relative to its first line, in order. */
function blockTokens(block: RouteBlock): BlockTokens {
  const base = block.range.start.line;
  const tokens: { line: number; start: number; length: number; type: number }[] = [];
  const add = (range: Range, type: TokenType) => {
    if (range.start.line !== range.end.line || range.end.character <= range.start.character) return;
    tokens.push({
      line: range.start.line - base,
      start: range.start.character,
      length: range.end.character - range.start.character,
      type: TOKEN_TYPES.indexOf(type),
    });
  };
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
  // Stable: tokens at the same place keep the order they were found in.
  tokens.sort((a, b) => a.line - b.line || a.start - b.start);
  const out: BlockTokens = [];
  for (const t of tokens) out.push(t.line, t.start, t.length, t.type);
  return out;
}

/**
 * The comments and the blocks' tokens merged in document order (a comment first where both
 * start at the same place) and encoded as LSP's relative integers; overlaps are dropped.
 */
function encode(comments: number[], placed: { line: number; tokens: BlockTokens }[]): number[] {
  const data: number[] = [];
  let line = 0;
  let start = 0;
  let end = -1;
  let endLine = -1;
  const emit = (tLine: number, tStart: number, length: number, type: number) => {
    // Overlaps (a comment after a field on one line cannot overlap, but be safe) are dropped.
    if (tLine === endLine && tStart < end) return;
    data.push(tLine - line, tLine === line ? tStart - start : tStart, length, type, 0);
    line = tLine;
    start = tStart;
    endLine = tLine;
    end = tStart + length;
  };
  // Both lists hold whole groups of four (line, start, length, type), so with `i < length` (and
  // `c < length`) the group's four reads are in range.
  let c = 0;
  for (const { line: base, tokens } of placed) {
    for (let i = 0; i < tokens.length; i += 4) {
      const tLine = base + tokens[i]!;
      const tStart = tokens[i + 1]!;
      while (c < comments.length && (comments[c]! < tLine || (comments[c] === tLine && comments[c + 1]! <= tStart))) {
        emit(comments[c]!, comments[c + 1]!, comments[c + 2]!, comments[c + 3]!);
        c += 4;
      }
      emit(tLine, tStart, tokens[i + 2]!, tokens[i + 3]!);
    }
  }
  for (; c < comments.length; c += 4) emit(comments[c]!, comments[c + 1]!, comments[c + 2]!, comments[c + 3]!);
  return data;
}

/**
 * The edits that turn the tokens sent before into the new ones (LSP's semantic tokens delta):
 * one edit covering what lies between their common start and their common end, none when they
 * are the same. An edit changes a few tokens, so the answer is a few numbers instead of the
 * whole file's (a million on a 5 MB file).
 */
export function semanticTokensEdits(previous: readonly number[], next: readonly number[]): SemanticTokensEdit[] {
  const shorter = Math.min(previous.length, next.length);
  let start = 0;
  while (start < shorter && previous[start] === next[start]) start++;
  let end = 0;
  while (end < shorter - start && previous[previous.length - 1 - end] === next[next.length - 1 - end]) end++;
  if (start === previous.length && start === next.length) return [];
  return [{ start, deleteCount: previous.length - start - end, data: next.slice(start, next.length - end) }];
}
