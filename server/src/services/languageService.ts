/**
 * The language service: every editor feature as one call `(document, params, token)`, token
 * last, as yaml-language-server's and vscode-markdown-languageservice's `getLanguageService`.
 * What a feature needs from outside the document (expansion results, the airline list, the
 * navigation data, the findings of every source, and the remote lookups a hover or a completion
 * asks for: the live flight, an operator's flight numbers, the routes others filed) comes in
 * through `LanguageServiceContext`, which the session fills; the language server only hands it
 * the document and the params, one call per request. Pure: no LSP connection, no I/O of its own.
 */
import {
  MarkupContent,
  MarkupKind,
  type CodeAction,
  type CodeLens,
  type CompletionList,
  type Diagnostic,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type InlayHint,
  type Position,
  type Range,
  type SemanticTokens,
  type SemanticTokensDelta,
} from 'vscode-languageserver-types';
import type { CancellationToken, ExpansionResult, RouteBlock, RouteDiagnostic, RouteDocument } from '../route/model';
import type { AirlineDirectory } from '../remote/airlineDirectory';
import type { FiledRouteGroup } from '../remote/filedRoutes';
import {
  callSignBlockAt,
  liveFlightHover,
  liveFlightPendingHover,
  type LiveFlightAnswer,
  type LiveFlightQuery,
} from '../remote/liveFlight';
import { stillCurrent } from './codeActions';
import { resolveRouteMapCodeLens, routeMapCodeLenses } from './codeLens';
import { insertEetAction } from './eetAction';
import { filedRouteAction, filedRoutePlace } from './filedRouteChoices';
import { filedRouteItems, filedRouteTarget } from './filedRouteCompletion';
import { flightNumberItems, flightNumberTarget, type OperatorFlight } from './flightNumberCompletion';
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
  /** The document of a lens's number, while it is open. */
  documentUri(id: number): string | undefined;
  /**
   * The live flight behind the call sign of an FPL block (hub #2, #4, the reference's flight
   * status), asked now and cached, with the time it is judged at; its answer undefined when it
   * does not come within the hover's wait; undefined when no service can say.
   */
  liveFlight(
    block: RouteBlock,
  ): Promise<{ query: LiveFlightQuery; answer: LiveFlightAnswer | undefined; nowMs: number }> | undefined;
  /** An operator's flight numbers (hub #1), once per operator; undefined without a hub. */
  operatorFlights(airline: string): Promise<readonly OperatorFlight[]> | undefined;
  /** The routes others filed for a city pair (hub #5, #3), asked now and cached. */
  filedRoutes(
    origin: string,
    destination: string,
  ): Promise<{ groups: FiledRouteGroup[]; detailRestricted?: string; leftOut?: { summary: string } }>;
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
  /** What the position holds; on an FPL's call sign, with the live flight (asked then). */
  hover(
    document: ParsedDocument,
    params: { position: Position },
    token: CancellationToken,
  ): Hover | null | Promise<Hover | null>;
  documentSymbols(document: ParsedDocument, params: object, token: CancellationToken): DocumentSymbol[];
  foldingRanges(document: ParsedDocument, params: object, token: CancellationToken): FoldingRange[];
  codeLenses(document: ParsedDocument, params: object, token: CancellationToken): CodeLens[];
  /** The command of a lens on screen (the editor resolves only those). */
  resolveCodeLens(lens: CodeLens): CodeLens;
  /**
   * The quick fixes of the findings at the cursor; where none is being fixed, also "Use a route
   * filed by others" and "Insert EET/" (their commands ask the hub when run, not here).
   */
  codeActions(
    document: ParsedDocument,
    params: { range: Range; context: { diagnostics: Diagnostic[]; only?: string[] } },
    token: CancellationToken,
  ): CodeAction[];
  /**
   * What fits at the position; on an empty route line with origin and destination, the routes
   * others filed, and after an operator's designator in field 7, its flight numbers (both asked then).
   */
  completion(
    document: ParsedDocument,
    params: { position: Position },
    token: CancellationToken,
  ): CompletionList | Promise<CompletionList>;
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

    hover: (current, { position }, token) => {
      const base = hover(
        current.document,
        position,
        token,
        { sourceName: context.sourceName(), resultFor: resultFor(current) },
        context.airlines(),
        context.navdata(),
        context.flightReferenceMs(),
      );
      // Field 7 of an FPL message: the live flight, asked now (cached, shared with the diagnostics'),
      // or, when it does not come within the hover's wait, that it is still being looked up.
      const block = callSignBlockAt(current.document, position);
      const live = block && context.liveFlight(block);
      if (!block || !live) return base;
      return live.then(
        ({ query, answer, nowMs }): Hover => {
          const text = answer ? liveFlightHover(answer, nowMs) : liveFlightPendingHover(query);
          const before = base && MarkupContent.is(base.contents) ? `${base.contents.value}\n\n---\n\n` : '';
          const range = block.fpl!.fields.find((f) => f.number === 7)!.range;
          return { contents: { kind: MarkupKind.Markdown, value: `${before}${text}` }, range };
        },
        () => base, // the 'flights' status says why, once
      );
    },

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

    resolveCodeLens: (lens) => {
      const uri = typeof lens.data === 'number' ? context.documentUri(lens.data) : undefined;
      return uri === undefined ? lens : resolveRouteMapCodeLens(lens, uri);
    },

    codeActions: (current, params, token) => {
      const actions = findingActions(current, params, token);
      // Offered where no finding is being fixed, so Ctrl+. on a finding keeps its own quick fixes only.
      const only = params.context.only;
      const wanted = !only || only.some((kind) => 'refactor.rewrite'.startsWith(kind));
      if (!wanted || params.context.diagnostics.length > 0) return actions;
      const place = filedRoutePlace(current.document, current.lineTexts, params.range.start);
      const eet = insertEetAction(current.document, current.uri, params.range.start);
      return [
        ...actions,
        ...(place ? [filedRouteAction(place, current.uri, params.range.start)] : []),
        ...(eet ? [eet] : []),
      ];
    },

    completion: (current, params, token) => {
      const { position } = params;
      // An empty route line of a block with origin and destination: the routes others filed,
      // fetched (and cached) by the session only now that completion is asked here.
      const target = filedRouteTarget(current.document, current.lineTexts, position);
      if (target)
        return context.filedRoutes(target.origin, target.destination).then(
          (answer) => ({
            isIncomplete: false,
            items: filedRouteItems(
              answer.groups,
              position,
              [answer.detailRestricted, answer.leftOut && `Routes filed by others, ${answer.leftOut.summary}.`]
                .filter(Boolean)
                .join('\n\n') || undefined,
            ),
          }),
          () => ({ isIncomplete: false, items: [] }), // the 'flights' status says why, once
        );
      const local = localCompletion(current, params, token);
      // Field 7 after the operator's designator: that operator's flight numbers, fetched once per operator.
      const flight = flightNumberTarget(current.document, position);
      const flights = flight && context.operatorFlights(flight.airline);
      if (!flight || !flights) return local;
      return flights.then(
        (found) => {
          const numbers = flightNumberItems(found, flight);
          return { isIncomplete: local.isIncomplete || numbers.incomplete, items: [...local.items, ...numbers.items] };
        },
        () => local,
      );
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

  /** The quick fixes and actions of the findings at the cursor. */
  function findingActions(
    current: ParsedDocument,
    { range, context: { diagnostics: received } }: Parameters<RouteLanguageService['codeActions']>[1],
    token: CancellationToken,
  ): CodeAction[] {
    // Clients that send no diagnostics in the context still get fixes for ours in the range;
    // what a client sends is taken as the current version has it (stale ones get no fix).
    const here = received.filter((d) => rangesIntersect(d.range, range));
    const diagnostics =
      received.length === 0
        ? service.diagnostics(current, { findings: context.findings(current) }, token)
        : stillCurrent(here, currentDiagnosticsNear(current.document, context.findings(current), here));
    return actionsAtCursor(current.uri, current.document, current.lines, range, diagnostics, token);
  }

  /** What the document itself and the loaded data offer at the position (never waits). */
  function localCompletion(
    current: ParsedDocument,
    { position }: { position: Position },
    token: CancellationToken,
  ): CompletionList {
    const items = completions(
      current.document,
      current.lines,
      position,
      { db: context.navdata(), airlines: context.airlines(), procedures: context.procedures },
      token,
    );
    // Lists are cut to their nearest items: ask again as the word grows.
    return { isIncomplete: true, items };
  }

  return service;
}
