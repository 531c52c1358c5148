/**
 * The editor features' LSP handlers: each takes the parse of the document's current version and
 * hands it, the params and the token to the language service (services/languageService.ts),
 * through `guard` (a cancelled request answers RequestCancelled; an exception is logged and
 * answered with the empty result).
 */
import type { CancellationToken } from 'vscode-languageserver/node';
import { MAX_SYMBOLS } from '../services/symbols';
import { describeError, guard } from './guard';
import type { ParsedDocument } from '../services/parsedDocument';
import type { ServerState } from './serverState';

/** Completion is asked for on these characters as well as on words. */
export const COMPLETION_TRIGGERS = [' ', ':'];

export function registerFeatures(state: ServerState): void {
  const { connection, service } = state;
  const log = state.logError;

  /** A handler of a document request: the document's current parse, else the empty answer. */
  function onDocument<P extends { textDocument: { uri: string } }, R>(
    name: string,
    empty: R,
    answer: (current: ParsedDocument, params: P, token: CancellationToken) => R,
  ) {
    return guard(name, log, empty, (params: P, token) => {
      const current = state.parsedFor(params.textDocument.uri);
      return current ? answer(current, params, token) : empty;
    });
  }

  connection.onHover(onDocument('hover', null, (current, params, token) => service.hover(current, params, token)));

  /** Documents whose capped outline was said in the log (once each). */
  const cappedOutlines = new Set<string>();
  state.documents.onDidClose((event) => cappedOutlines.delete(event.document.uri));
  connection.onDocumentSymbol(
    onDocument('document symbols', [], (current, params, token) => {
      const symbols = service.documentSymbols(current, params, token);
      const blocks = current.document.blocks.length;
      if (symbols.length < blocks && !cappedOutlines.has(current.uri)) {
        cappedOutlines.add(current.uri);
        connection.console.info(
          `outline of ${current.uri}: ${blocks} blocks, more than the ${MAX_SYMBOLS} symbols an outline holds; ` +
            `the first ${symbols.length - 1} are listed, without their points`,
        );
      }
      return symbols;
    }),
  );

  connection.onFoldingRanges(
    onDocument('folding ranges', [], (current, params, token) => service.foldingRanges(current, params, token)),
  );

  connection.onCodeLens(
    onDocument('code lenses', [], (current, params, token) => service.codeLenses(current, params, token)),
  );

  connection.onCodeLensResolve((lens) => {
    try {
      return service.resolveCodeLens(lens);
    } catch (error) {
      log(`code lens failed: ${describeError(error)}`);
      return lens;
    }
  });

  connection.onCodeAction(
    onDocument('code actions', [], (current, params, token) => service.codeActions(current, params, token)),
  );

  connection.onCompletion(
    onDocument('completion', { isIncomplete: false, items: [] }, (current, params, token) =>
      service.completion(current, params, token),
    ),
  );

  connection.languages.inlayHint.on(
    onDocument('inlay hints', [], (current, params, token) => service.inlayHints(current, params, token)),
  );

  connection.languages.semanticTokens.on(
    onDocument('semantic tokens', { data: [] as number[] }, (current, params, token) =>
      service.semanticTokens(current, params, token),
    ),
  );
  connection.languages.semanticTokens.onDelta(
    onDocument('semantic tokens', { data: [] as number[] }, (current, params, token) =>
      service.semanticTokensDelta(current, params, token),
    ),
  );
}
