/**
 * The language server: LSP in, session and language service out. It keeps the open documents
 * (with their parses) and the settings, and translates; nothing here knows the route grammar
 * nor merges findings. The handlers are split by concern: lifecycle.ts (initialize, settings,
 * shutdown), publishing.ts (diagnostics, the one place they are sent), features.ts (hover,
 * completion, …) and customMessages.ts (icaoRoute/… messages).
 */
import { TextDocuments, type Connection } from 'vscode-languageserver/node';
import { createLanguageService } from '../services/languageService';
import { RouteSession } from '../session/routeSession';
import { registerCustomMessages, sessionEvents } from './customMessages';
import { DocumentNumbers } from './documentNumbers';
import { registerFeatures } from './features';
import { registerLifecycle } from './lifecycle';
import { ParsedDocuments } from './parsedDocuments';
import { registerPublishing } from './publishing';
import { RouteTextDocument } from './routeTextDocument';
import { ServerState } from './serverState';

export { SERVER_NAME } from './lifecycle';

/** The hover on field 7 waits this long for the live flight, then says it is still being looked up. */
export const LIVE_FLIGHT_HOVER_WAIT_MS = 1_000;

export interface LanguageServerOptions {
  /** After a service failure, open documents are expanded again after this delay. */
  expansionRetryMs?: number;
  /** After a failure of the airline reference, the list is asked for again at most this often. */
  referenceRetryMs?: number;
}

export function startLanguageServer(
  connection: Connection,
  version: string,
  options: LanguageServerOptions = {},
): void {
  const parsed = new ParsedDocuments();
  // The changes reach the parser too, so an edit re-reads only what it touched; the text itself
  // is brought up to date only when a feature reads it (routeTextDocument.ts).
  const documents = new TextDocuments<RouteTextDocument>({
    create: RouteTextDocument.create,
    update: (document, changes, version) => {
      parsed.recordChanges(document.uri, document.version, changes, version);
      return RouteTextDocument.update(document, changes, version);
    },
  });
  const state = new ServerState(connection, version, documents, parsed);
  const session = new RouteSession(sessionEvents(state), {
    ...(options.expansionRetryMs !== undefined && { retryMs: options.expansionRetryMs }),
    ...(options.referenceRetryMs !== undefined && { referenceRetryMs: options.referenceRetryMs }),
    keyHint: () =>
      state.client.showsStatus ? 'ICAO Route: Set Hub Key' : 'the HUB_USER_KEY environment variable of the server',
    referenceHint: () =>
      state.client.showsStatus
        ? 'ICAO Route: Set Airline Reference Credentials'
        : 'the REFERENCE_APP_ID and REFERENCE_APP_KEY environment variables of the server',
  });
  state.session = session;
  const lensDocuments = new DocumentNumbers();
  state.service = createLanguageService({
    expansionOf: (block, current) => session.expansionOf(block, () => current.lines),
    sourceName: () => (session.expansionStatus.source === 'hub' ? 'the hub' : 'navdata'),
    airlines: () => session.airlines.directory(),
    navdata: () => session.loadedNavdata(),
    procedures: (icao) => session.loadedProcedures(icao),
    findings: (current) => session.documents.findingsOf(current),
    documentId: (uri) => lensDocuments.idOf(uri),
    documentUri: (id) => lensDocuments.uriOf(id),
    liveFlight: (block) => {
      const query = session.liveFlights.queryOf(block);
      if (!query || (!session.hubClient && !session.referenceClient)) return undefined;
      return session.liveFlights
        .lookupWithin(query, LIVE_FLIGHT_HOVER_WAIT_MS)
        .then((answer) => ({ query, answer, nowMs: session.liveFlights.now() }));
    },
    operatorFlights: (airline) => (session.hubClient ? session.liveFlights.flightsOf(airline) : undefined),
    filedRoutes: (origin, destination) => session.filedRoutes.lookup(origin, destination),
    inlayHintsEnabled: () => state.settings.inlayLegDistances,
    flightReferenceMs: () => state.settings.departureMs ?? Date.now(),
    foldingRangeLimit: () => state.client.foldingRangeLimit,
  });

  const publishing = registerPublishing(state);
  registerFeatures(state);
  registerCustomMessages(state);
  registerLifecycle(state, async () => {
    publishing.dispose();
    await session.dispose();
  });

  documents.listen(connection);
  connection.listen();
}
