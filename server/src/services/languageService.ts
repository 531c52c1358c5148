/**
 * The language service: every editor feature as one call `(document, params, token)`, token
 * last, as yaml-language-server's and vscode-markdown-languageservice's `getLanguageService`.
 * What a feature needs from outside the document (expansion results, the airline list, the
 * navigation data, the findings of every source) comes in through `LanguageServiceContext`,
 * which the session fills; the language server only hands it the document and the params.
 * Pure: no LSP connection, no I/O.
 */
import type {
  CodeAction,
  CodeLens,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Position,
  Range,
  SemanticTokens,
  SemanticTokensDelta,
} from 'vscode-languageserver-types';
import type { CancellationToken, ExpansionResult, RouteBlock, RouteDiagnostic, RouteDocument } from '../route/model';
import type { AirlineDirectory } from '../remote/airlineDirectory';
import { stillCurrent } from './codeActions';
import { routeMapCodeLenses } from './codeLens';
import { completions, type CompletionData } from './completion';
import { documentDiagnostics, toLspDiagnostic } from './documentDiagnostics';
import { expansionTable } from './expansionTable';
import { actionsAtCursor } from './actionsAtCursor';
import { foldingRanges } from './folding';
import { hover } from './hover';
import { inlayHints } from './inlayHints';
import { blockAt } from '../route/locate';
import { rangesIntersect } from '../route/ranges';
import { routeLegs } from './routeLegs';
import { semanticTokens, semanticTokensEdits } from './semanticTokens';
import { documentSymbols, MAX_SYMBOLS } from './symbols';
import type { ParsedDocument } from './parsedDocument';

export interface LanguageServiceContext {
  /** The block's expansion when known (never waits for one). */
  expansionOf(block: RouteBlock, document: ParsedDocument): ExpansionResult | undefined;
  /** 'the hub' or 'navdata': who expanded the routes, for hovers and the expansion table. */
  sourceName(): string;
  airlines(): AirlineDirectory | undefined;
  /** The navigation data if loaded (completion never waits for it). */
  navdata(): CompletionData['db'];
  /** An aerodrome's procedures if read (completion never waits; asking starts reading them). */
  procedures?: CompletionData['procedures'];
  /** Every source's findings known for the version (expansion, airline, conflicts). */
  findings(document: ParsedDocument): RouteDiagnostic[];
  /** The number the code lenses of the document carry, to find it again on resolve. */
  documentId(uri: string): number;
  inlayHintsEnabled(): boolean;
  /** What plain route text without a date is timed from: `icaoRoute.flight.departureTime`, else now (ms). */
  flightReferenceMs(): number;
  /** The client's foldingRange.rangeLimit. */
  foldingRangeLimit(): number;
}

export interface RouteLanguageService {
  /** The LSP diagnostics of a version: its own findings with the other sources' (`findings`), sorted and capped. */
  diagnostics(
    document: Pick<ParsedDocument, 'document'>,
    params: { findings: readonly RouteDiagnostic[] },
    token: CancellationToken,
  ): Diagnostic[];
  hover(document: ParsedDocument, params: { position: Position }, token: CancellationToken): Hover | null;
  documentSymbols(document: ParsedDocument, params: object, token: CancellationToken): DocumentSymbol[];
  foldingRanges(document: ParsedDocument, params: object, token: CancellationToken): FoldingRange[];
  codeLenses(document: ParsedDocument, params: object, token: CancellationToken): CodeLens[];
  codeActions(
    document: ParsedDocument,
    params: { range: Range; context: { diagnostics: Diagnostic[] } },
    token: CancellationToken,
  ): CodeAction[];
  completion(document: ParsedDocument, params: { position: Position }, token: CancellationToken): CompletionList;
  inlayHints(document: ParsedDocument, params: { range: Range }, token: CancellationToken): InlayHint[];
  semanticTokens(document: ParsedDocument, params: object, token: CancellationToken): SemanticTokens;
  semanticTokensDelta(
    document: ParsedDocument,
    params: { previousResultId: string },
    token: CancellationToken,
  ): SemanticTokens | SemanticTokensDelta;
  expansionTable(document: ParsedDocument, params: { title: string }, token: CancellationToken): string;
}

/**
 * Our diagnostics of the document's current version that may match `near`: the document's own,
 * those of the blocks `near` starts in, and the other sources' findings that meet `near`. Not the
 * whole document's: a code action request comes at every move of the cursor.
 */
function currentDiagnosticsNear(
  document: RouteDocument,
  sources: readonly RouteDiagnostic[],
  near: readonly Diagnostic[],
): Diagnostic[] {
  if (near.length === 0) return [];
  const findings: RouteDiagnostic[] = [...document.diagnostics];
  const blocks = new Set<RouteBlock>();
  for (const diagnostic of near) {
    const block = blockAt(document, diagnostic.range.start);
    if (!block || blocks.has(block)) continue;
    blocks.add(block);
    findings.push(...block.diagnostics);
  }
  for (const finding of sources) if (near.some((d) => rangesIntersect(d.range, finding.range))) findings.push(finding);
  return findings.map(toLspDiagnostic);
}

export function createLanguageService(context: LanguageServiceContext): RouteLanguageService {
  const resultFor = (document: ParsedDocument) => (block: RouteBlock) => context.expansionOf(block, document);
  // Each tokens answer gets an id; a delta request names the one it has and gets the edits from it.
  let lastResultId = 0;
  const tokensOf = (current: ParsedDocument, token: CancellationToken): SemanticTokens => {
    const data = semanticTokens(current.document, current.lineTexts, token, current.caches.tokens);
    if (token.isCancellationRequested) return { data: [] };
    const resultId = String(++lastResultId);
    current.caches.sentTokens = { resultId, data };
    return { resultId, data };
  };
  const service: RouteLanguageService = {
    diagnostics: (current, { findings }, token) => documentDiagnostics(current.document, token, findings),

    hover: (current, { position }, token) =>
      hover(
        current.document,
        position,
        token,
        { sourceName: context.sourceName(), resultFor: resultFor(current) },
        context.airlines(),
        context.navdata(),
        context.flightReferenceMs(),
      ),

    documentSymbols: (current, _params, token) =>
      documentSymbols(
        current.document,
        token,
        MAX_SYMBOLS,
        (block) => {
          const result = context.expansionOf(block, current);
          return result && result.points.length > 1 ? routeLegs(result).totalNm : undefined;
        },
        current.caches.symbols,
      ),

    foldingRanges: (current, _params, token) =>
      foldingRanges(current.document, current.lineTexts, token, context.foldingRangeLimit()),

    codeLenses: (current, _params, token) =>
      routeMapCodeLenses(current.document, context.documentId(current.uri), token),

    codeActions: (current, { range, context: { diagnostics: received } }, token) => {
      // Clients that send no diagnostics in the context still get fixes for ours in the range;
      // what a client sends is taken as the current version has it (stale ones get no fix).
      const here = received.filter((d) => rangesIntersect(d.range, range));
      const diagnostics =
        received.length === 0
          ? service.diagnostics(current, { findings: context.findings(current) }, token)
          : stillCurrent(here, currentDiagnosticsNear(current.document, context.findings(current), here));
      return actionsAtCursor(current.uri, current.document, current.lines, range, diagnostics, token);
    },

    completion: (current, { position }, token) => {
      const items = completions(
        current.document,
        current.lines,
        position,
        { db: context.navdata(), airlines: context.airlines(), procedures: context.procedures },
        token,
      );
      // Lists are cut to their nearest items: ask again as the word grows.
      return { isIncomplete: true, items };
    },

    inlayHints: (current, { range }, token) =>
      context.inlayHintsEnabled() ? inlayHints(current.document, range, resultFor(current), token) : [],

    semanticTokens: (current, _params, token) => tokensOf(current, token),

    semanticTokensDelta: (current, { previousResultId }, token) => {
      const previous = current.caches.sentTokens;
      const next = tokensOf(current, token);
      if (!previous || previous.resultId !== previousResultId || next.resultId === undefined) return next;
      return { resultId: next.resultId, edits: semanticTokensEdits(previous.data, next.data) };
    },

    expansionTable: (current, { title }, token) =>
      expansionTable(current.document, resultFor(current), token, context.sourceName(), title),
  };
  return service;
}
