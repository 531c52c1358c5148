/**
 * The editor features' LSP handlers: each takes the parse of the document's current version and
 * hands it, the params and the token to the language service (services/languageService.ts),
 * through `guard` (a cancelled request answers RequestCancelled; an exception is logged and
 * answered with the empty result).
 */
import { MarkupContent, MarkupKind, type CancellationToken, type Hover } from 'vscode-languageserver/node';
import { resolveRouteMapCodeLens } from '../services/codeLens';
import { filedRouteAction, filedRoutePlace } from '../services/filedRouteChoices';
import { insertEetAction } from '../services/eetAction';
import { filedRouteItems, filedRouteTarget } from '../services/filedRouteCompletion';
import { flightNumberItems, flightNumberTarget } from '../services/flightNumberCompletion';
import { callSignBlockAt, liveFlightHover, liveFlightPendingHover } from '../remote/liveFlight';
import { MAX_SYMBOLS } from '../services/symbols';
import { describeError, guard } from './guard';
import type { ParsedDocument } from '../services/parsedDocument';
import type { ServerState } from './serverState';
import { DocumentNumbers } from './documentNumbers';

/** The hover on field 7 waits this long for the live flight, then says it is still being looked up. */
export const LIVE_FLIGHT_HOVER_WAIT_MS = 1_000;

/** Completion is asked for on these characters as well as on words. */
export const COMPLETION_TRIGGERS = [' ', ':'];

export function registerFeatures(state: ServerState, lensDocuments: DocumentNumbers): void {
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

  connection.onHover(
    onDocument('hover', null, (current, params, token) => {
      const base = service.hover(current, params, token);
      // Field 7 of an FPL message: the live flight, asked now (cached, shared with the diagnostics').
      const block = callSignBlockAt(current.document, params.position);
      const session = state.session;
      const query = block && session.liveFlights.queryOf(block);
      if (!block || !query || (!session.hubClient && !session.referenceClient)) return base;
      return session.liveFlights.lookupWithin(query, LIVE_FLIGHT_HOVER_WAIT_MS).then(
        (answer): Hover => {
          const live = answer ? liveFlightHover(answer, session.liveFlights.now()) : liveFlightPendingHover(query);
          const before = base && MarkupContent.is(base.contents) ? `${base.contents.value}\n\n---\n\n` : '';
          const range = block.fpl!.fields.find((f) => f.number === 7)!.range;
          return { contents: { kind: MarkupKind.Markdown, value: `${before}${live}` }, range };
        },
        () => base, // the 'flights' status says why, once
      );
    }),
  );

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

  // The command of a lens on screen (the editor resolves only those).
  connection.onCodeLensResolve((lens) => {
    try {
      const uri = typeof lens.data === 'number' ? lensDocuments.uriOf(lens.data) : undefined;
      return uri === undefined ? lens : resolveRouteMapCodeLens(lens, uri);
    } catch (error) {
      log(`code lens failed: ${describeError(error)}`);
      return lens;
    }
  });

  connection.onCodeAction(
    onDocument('code actions', [], (current, params, token) => {
      const actions = service.codeActions(current, params, token);
      // "Use a route filed by others": the command asks the hub when run, not here. Offered where
      // no finding is being fixed, so Ctrl+. on a finding keeps its own quick fixes only.
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
    }),
  );

  connection.onCompletion(
    onDocument('completion', { isIncomplete: false, items: [] }, (current, params, token) => {
      // An empty route line of a block with origin and destination: the routes others filed,
      // fetched (and cached) by the session only now that completion is asked here.
      const target = filedRouteTarget(current.document, current.lineTexts, params.position);
      if (!target) {
        const local = service.completion(current, params, token);
        // Field 7 after the operator's designator: that operator's flight numbers, fetched once per operator.
        const flight = state.session.hubClient ? flightNumberTarget(current.document, params.position) : undefined;
        if (!flight) return local;
        return state.session.liveFlights.flightsOf(flight.airline).then(
          (flights) => {
            const numbers = flightNumberItems(flights, flight);
            return {
              isIncomplete: local.isIncomplete || numbers.incomplete,
              items: [...local.items, ...numbers.items],
            };
          },
          () => local,
        );
      }
      return state.session.filedRoutes.lookup(target.origin, target.destination).then(
        (answer) => ({
          isIncomplete: false,
          items: filedRouteItems(answer.groups, params.position, answer.detailRestricted),
        }),
        () => ({ isIncomplete: false, items: [] }), // the 'flights' status says why, once
      );
    }),
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
