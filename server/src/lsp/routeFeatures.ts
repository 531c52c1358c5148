/**
 * The LSP handlers of what route expansion knows beyond diagnostics and hovers: completion (with
 * the airline reference in field 7), inlay hints of leg distances, and the expansion table of
 * "ICAO Route: Show Expansion". Wiring only: each handler hands the document, the data and the
 * token to a pure service.
 */
import type {
  CancellationToken,
  CompletionList,
  Connection,
  InlayHint,
  SemanticTokens,
  SemanticTokensDelta,
} from 'vscode-languageserver/node';
import {
  EXPANSION_TABLE,
  type ExpansionTableParams,
  type ExpansionTableResult,
} from '../../../common/protocol/lspMessages';
import { onRequest } from '../../../common/protocol/messages';
import type { ExpansionResult, RouteBlock } from '../route/model';
import type { NavDatabase } from '../navdata/loader';
import type { AirlineDirectory } from '../services/airline';
import { completions } from '../services/completion';
import { expansionTable } from '../services/expansionTable';
import { inlayHints } from '../services/inlayHints';
import { semanticTokens, semanticTokensEdits } from '../services/semanticTokens';
import type { ParsedDocument } from './parsedDocuments';
import { guard } from './guard';

export interface RouteFeatureSources {
  parsedFor(uri: string): ParsedDocument | undefined;
  resultFor(current: ParsedDocument, block: RouteBlock): ExpansionResult | undefined;
  sourceName(): string;
  database(): NavDatabase | undefined;
  airlines(): AirlineDirectory | undefined;
  inlayHintsEnabled(): boolean;
  logError(message: string): void;
}

/** Completion is asked for on these characters as well as on words. */
export const COMPLETION_TRIGGERS = [' ', ':'];

export function registerRouteFeatures(connection: Connection, sources: RouteFeatureSources): void {
  const empty: CompletionList = { isIncomplete: false, items: [] };
  connection.onCompletion(
    guard('completion', sources.logError, empty, (params, token): CompletionList => {
      const current = sources.parsedFor(params.textDocument.uri);
      if (!current) return empty;
      const items = completions(
        current.document,
        current.lines,
        params.position,
        { db: sources.database(), airlines: sources.airlines() },
        token,
      );
      // Lists are cut to their nearest items: ask again as the word grows.
      return { isIncomplete: true, items };
    }),
  );

  connection.languages.inlayHint.on(
    guard('inlay hints', sources.logError, [] as InlayHint[], (params, token) => {
      if (!sources.inlayHintsEnabled()) return [];
      const current = sources.parsedFor(params.textDocument.uri);
      return current
        ? inlayHints(current.document, params.range, (block) => sources.resultFor(current, block), token)
        : [];
    }),
  );

  // Each answer gets an id; a delta request names the one it has and gets the edits from it.
  let lastResultId = 0;
  const tokensOf = (current: ParsedDocument, token: CancellationToken): SemanticTokens => {
    const data = semanticTokens(current.document, current.lineTexts, token, current.caches.tokens);
    if (token.isCancellationRequested) return { data: [] };
    const resultId = String(++lastResultId);
    current.caches.sentTokens = { resultId, data };
    return { resultId, data };
  };
  connection.languages.semanticTokens.on(
    guard('semantic tokens', sources.logError, { data: [] as number[] }, (params, token): SemanticTokens => {
      const current = sources.parsedFor(params.textDocument.uri);
      return current ? tokensOf(current, token) : { data: [] };
    }),
  );
  connection.languages.semanticTokens.onDelta(
    guard(
      'semantic tokens',
      sources.logError,
      { data: [] as number[] },
      (params, token): SemanticTokens | SemanticTokensDelta => {
        const current = sources.parsedFor(params.textDocument.uri);
        if (!current) return { data: [] };
        const previous = current.caches.sentTokens;
        const next = tokensOf(current, token);
        if (!previous || previous.resultId !== params.previousResultId || next.resultId === undefined) return next;
        return { resultId: next.resultId, edits: semanticTokensEdits(previous.data, next.data) };
      },
    ),
  );

  onRequest(
    connection,
    EXPANSION_TABLE,
    guard(
      'expansion table',
      sources.logError,
      null,
      (params: ExpansionTableParams, token): ExpansionTableResult | null => {
        const current = sources.parsedFor(params.uri);
        if (!current) return null;
        const name = params.uri.split('/').pop() ?? params.uri;
        return {
          text: expansionTable(
            current.document,
            (block) => sources.resultFor(current, block),
            token,
            sources.sourceName(),
            `Route expansion of ${decodeURIComponent(name)}`,
          ),
        };
      },
    ),
  );
}
