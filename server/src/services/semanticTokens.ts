/**
 * Semantic tokens: the colours of a route for every LSP editor (Neovim, Helix, Emacs…), which
 * have no TextMate grammar. VS Code keeps its grammar (syntaxes/), so the VS Code client asks the
 * server not to offer these. Pure: the parsed document and its text come in.
 *
 * Tokens are returned as the LSP's relative integer encoding, in document order, one line each.
 */
import type { SemanticTokensLegend } from 'vscode-languageserver-types';
import type { CancellationToken, Range, RouteDocument, RouteElement } from '../route/model';
import type { LineIndex } from './ranges';

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

interface Token {
  line: number;
  start: number;
  length: number;
  type: number;
}

export function semanticTokens(document: RouteDocument, lines: LineIndex, token: CancellationToken): number[] {
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
