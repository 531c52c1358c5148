/**
 * The language server's wiring: LSP in, services out. Nothing here knows the route grammar; it
 * keeps documents, settings and timers, and translates between the protocol and the services.
 */
import {
  DidChangeConfigurationNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver/node';
import {
  EXPANSION_STATUS,
  SERVER_INFO,
  SET_HUB_KEY,
  SET_REFERENCE_CREDENTIALS,
  SOURCE_STATUS,
  STATUS,
  type ExpansionStatusParams,
  type ServerInfo,
  type SetReferenceCredentialsParams,
  type StatusParams,
} from '../protocol/lspMessages';
import { onNotification, onRequest, sendNotification } from '../protocol/messages';
import { openReferenceCredentials } from '../protocol/sealedSecrets';
import { codeActions, withOwnData } from '../services/codeActions';
import { flightConflictActions } from '../services/flightConflicts';
import { resolveRouteMapCodeLens, routeMapCodeLenses } from '../services/codeLens';
import { documentDiagnostics } from '../services/diagnostics';
import { foldingRanges } from '../services/folding';
import { hover, type ExpansionLookup } from '../services/hover';
import { routeLegs } from '../services/routeLegs';
import type { RouteDiagnostic } from '../route/model';
import { SEMANTIC_TOKENS_LEGEND } from '../services/semanticTokens';
import { documentSymbols, MAX_SYMBOLS } from '../services/symbols';
import { AirlineReference } from './airlineReference';
import { HubCredentials, serverSealKey } from './credentials';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import { DocumentNumbers } from './documentNumbers';
import { RouteSession } from '../session/routeSession';
import { describeError, guard } from './guard';
import { FlightConflicts } from './flightConflicts';
import { registerMapRequests } from './mapRequests';
import { registerExportRequests } from './exportRequests';
import { MapAreas } from '../map/areas';
import { ParsedDocuments } from './parsedDocuments';
import { RouteTextDocument } from './routeTextDocument';
import { COMPLETION_TRIGGERS, registerRouteFeatures } from './routeFeatures';
import { DEFAULT_SETTINGS, isObject, mergeSettings, readSettings, type ServerSettings } from './settings';

export const SERVER_NAME = 'icao-route-language-server';

export interface LanguageServerOptions {
  /** After a service failure, open documents are expanded again after this delay. */
  expansionRetryMs?: number;
  /** After a failure of the airline reference, the list is asked for again at most this often. */
  referenceRetryMs?: number;
}

/**
 * The airline reference's appId/appKey from the server's environment (editors other than VS
 * Code, CI); the VS Code client passes them from SecretStorage (SET_REFERENCE_CREDENTIALS).
 */
function referenceCredentials(): { appId: string; appKey: string } | null {
  const appId = process.env.REFERENCE_APP_ID?.trim();
  const appKey = process.env.REFERENCE_APP_KEY?.trim();
  return appId && appKey ? { appId, appKey } : null;
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
  const credentials = new HubCredentials();
  let initialSettings: Partial<ServerSettings> = {};
  let settings: ServerSettings = DEFAULT_SETTINGS;
  let canPullConfiguration = false;
  let canRegisterConfiguration = false;
  let initialized = false;
  /** The VS Code client shows icaoRoute/status lines; other editors read window/logMessage. */
  let clientShowsStatus = false;
  /** The client's storage folder for the airline cache (initializationOptions.referenceCacheFolder). */
  let referenceCacheFolder: string | undefined;
  let canRefreshInlayHints = false;
  /** The client's foldingRange.rangeLimit: folding ranges past it are not sent. */
  let foldingRangeLimit = Number.POSITIVE_INFINITY;
  /** Credentials from the client; until it sends any, the server's own environment. */
  let clientReferenceCredentials: SetReferenceCredentialsParams | undefined;

  const status = (level: StatusParams['level'], message: string) => {
    void sendNotification(connection, STATUS, { level, message }).catch(() => {});
  };
  const logError = (message: string) => {
    connection.console.error(message);
    status('error', message.split('\n')[0]);
  };

  const live = { isCancellationRequested: false };
  const session = new RouteSession(
    {
      status: (name, params) => {
        // The output line first: a client that reacts to the status finds the line already there.
        const failing = params.state === 'offline' || params.state === 'degraded';
        status(failing ? 'warning' : 'info', params.message);
        if (!clientShowsStatus) {
          if (failing) connection.console.warn(params.message);
          else connection.console.info(params.message);
        }
        if (name === 'expansion') {
          const expansion = {
            state: params.state,
            source: params.source,
            message: params.message,
          } as ExpansionStatusParams;
          void sendNotification(connection, EXPANSION_STATUS, expansion).catch(() => {});
        }
        void sendNotification(connection, SOURCE_STATUS, { name, ...params }).catch(() => {});
      },
      log: (message) => status('info', message),
    },
    {
      retryMs: options.expansionRetryMs,
      keyHint: () =>
        clientShowsStatus ? 'ICAO Route: Set Hub Key' : 'the HUB_USER_KEY environment variable of the server',
      referenceHint: () =>
        clientShowsStatus
          ? 'ICAO Route: Set Airline Reference Credentials'
          : 'the REFERENCE_APP_ID and REFERENCE_APP_KEY environment variables of the server',
    },
  );
  session.onShouldRerun(() => {
    for (const textDocument of documents.all()) publishDiagnostics(textDocument.uri);
  });
  // New expansion results of the version on screen: the local findings with them.
  session.onDidChangeResults(({ document: current, findings }) => {
    if (documents.get(current.uri)?.version !== current.version) return;
    try {
      const diagnostics = documentDiagnostics(current.document, live, [
        ...findings,
        ...airlines.findings(current.document, live),
        ...conflictsOf(current.uri),
      ]);
      void connection.sendDiagnostics({ uri: current.uri, version: current.version, diagnostics }).catch(() => {});
      map.resultsChanged(current.uri, current.version);
      conflicts.refresh(current.uri);
      if (settings.inlayLegDistances && canRefreshInlayHints)
        void connection.languages.inlayHint.refresh().catch(() => {});
    } catch (error) {
      logError(`diagnostics of ${current.uri} failed: ${describeError(error)}`);
    }
  });

  // The airline list, filled from the session's reference client; its state is the session's 'reference' status.
  const airlines = new AirlineReference(
    session,
    {
      rerun: () => {
        for (const textDocument of documents.all()) publishDiagnostics(textDocument.uri);
      },
    },
    {
      retryMs: options.referenceRetryMs,
      secrets: () => [
        clientReferenceCredentials?.appId,
        clientReferenceCredentials?.appKey,
        process.env.REFERENCE_APP_ID,
        process.env.REFERENCE_APP_KEY,
      ],
    },
  );

  /**
   * Local findings (with the expansion findings already known) at once; then the expansion of
   * the blocks that changed, published again (onDidChangeResults) when it brings something new.
   */
  function publishDiagnostics(uri: string): void {
    const textDocument = documents.get(uri);
    if (!textDocument) return;
    try {
      const current = parsed.get(textDocument);
      const diagnostics = documentDiagnostics(current.document, live, [
        ...session.update(current),
        ...airlines.findings(current.document, live),
        ...conflicts.findings(current),
      ]);
      void connection.sendDiagnostics({ uri, version: current.version, diagnostics }).catch(() => {});
      // A new version is a new route for the map even when no expansion result changes (no
      // source, or every block already expanded): once per debounced edit, not per keystroke.
      map.resultsChanged(uri, current.version);
      conflicts.refresh(uri);
    } catch (error) {
      logError(`diagnostics of ${uri} failed: ${describeError(error)}`);
    }
  }

  /** The conflict diagnostics known for the version on screen. */
  function conflictsOf(uri: string): RouteDiagnostic[] {
    const current = parsedFor(uri);
    return current ? conflicts.findings(current) : [];
  }

  /** The conflicts changed (nothing else did): the same diagnostics with the new conflicts. */
  function republishConflicts(uri: string): void {
    const textDocument = documents.get(uri);
    if (!textDocument) return;
    try {
      const current = parsed.get(textDocument);
      const diagnostics = documentDiagnostics(current.document, live, [
        ...session.knownFindings(current),
        ...airlines.findings(current.document, live),
        ...conflicts.findings(current),
      ]);
      void connection.sendDiagnostics({ uri, version: current.version, diagnostics }).catch(() => {});
    } catch (error) {
      logError(`diagnostics of ${uri} failed: ${describeError(error)}`);
    }
  }

  /** The areas around each route, for the map and the conflict diagnostics. */
  const areas = new MapAreas({
    hub: () => ({
      client: session.hubClient,
      userKey: credentials.userKey ?? (process.env.HUB_USER_KEY?.trim() || null),
    }),
    airspaceFiles: () => settings.map.airspaceFiles,
  });
  const referenceMs = () => settings.departureMs ?? Date.now();
  const conflicts = new FlightConflicts(areas, {
    parsedFor: (uri) => parsedFor(uri),
    expansionFor: (block, current) => session.expansionOf(block, () => current.lines),
    enabled: () => settings.flightConflicts,
    map: () => settings.map,
    referenceMs,
    timedByNow: () => settings.departureMs === undefined,
    republish: republishConflicts,
    log: (message) => connection.console.warn(message),
  });

  const scheduler = new DiagnosticsScheduler(() => settings.debounceMs, publishDiagnostics);

  /** The hub key from the client, else the server's own HUB_USER_KEY (editors other than VS Code). */
  function configureExpansion(): void {
    if (!initialized) return;
    const userKey = credentials.userKey ?? (process.env.HUB_USER_KEY?.trim() || null);
    // Credentials from the client (SecretStorage); until it sends any, the server's own environment.
    const fromClient =
      clientReferenceCredentials?.appId && clientReferenceCredentials.appKey
        ? { appId: clientReferenceCredentials.appId, appKey: clientReferenceCredentials.appKey }
        : null;
    // The airline cache: icaoRoute.reference.cacheFolder when set, else the client's storage folder.
    const reference = {
      ...settings.reference,
      cacheFolder: settings.reference.cacheFolder || referenceCacheFolder || undefined,
    };
    session.configure(
      { hub: settings.hub, reference, navdataFolder: settings.navdataFolder },
      { hubUserKey: userKey, reference: fromClient ?? referenceCredentials() },
    );
    airlines.configure(settings.referenceHttpErrors);
  }

  connection.onInitialize((params): InitializeResult => {
    initialSettings = readSettings(params.initializationOptions);
    clientShowsStatus =
      isObject(params.initializationOptions) && params.initializationOptions.statusNotifications === true;
    const cacheFolder = isObject(params.initializationOptions)
      ? params.initializationOptions.referenceCacheFolder
      : undefined;
    referenceCacheFolder = typeof cacheFolder === 'string' && cacheFolder ? cacheFolder : undefined;
    canRefreshInlayHints = params.capabilities?.workspace?.inlayHint?.refreshSupport === true;
    // VS Code shows the first 5000 regions and says so; the rest need not be built nor sent.
    const rangeLimit = params.capabilities?.textDocument?.foldingRange?.rangeLimit;
    foldingRangeLimit =
      typeof rangeLimit === 'number' && rangeLimit > 0 ? Math.floor(rangeLimit) : Number.POSITIVE_INFINITY;
    const hasGrammar = isObject(params.initializationOptions) && params.initializationOptions.textMateGrammar === true;
    settings = mergeSettings(DEFAULT_SETTINGS, initialSettings);
    canPullConfiguration = params.capabilities?.workspace?.configuration === true;
    canRegisterConfiguration = params.capabilities?.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        documentSymbolProvider: { label: 'ICAO Route' },
        foldingRangeProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        codeLensProvider: { resolveProvider: true },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
        inlayHintProvider: true,
        // Colours for editors without the TextMate grammar; VS Code keeps its grammar.
        ...(hasGrammar ? {} : { semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: { delta: true } } }),
      },
      serverInfo: { name: SERVER_NAME, version },
    };
  });

  connection.onInitialized(async () => {
    if (canRegisterConfiguration) {
      await connection.client
        .register(DidChangeConfigurationNotification.type, { section: 'icaoRoute' })
        .catch(() => {});
    }
    if (canPullConfiguration) await refreshSettings(undefined);
    const started = `ICAO Route language server ${version} started (pid ${process.pid}, diagnostics debounce ${settings.debounceMs} ms)`;
    status('info', started);
    // Editors other than VS Code do not read icaoRoute/status: the start line is a log line too.
    if (!clientShowsStatus) connection.console.info(started);
    initialized = true;
    configureExpansion();
  });

  async function refreshSettings(pushed: unknown): Promise<void> {
    let layer = readSettings(pushed);
    if (canPullConfiguration) {
      try {
        const [section, http] = await connection.workspace.getConfiguration([
          { section: 'icaoRoute' },
          { section: 'http' },
        ]);
        layer = readSettings(section, isObject(http) ? { proxy: http.proxy, proxyStrictSSL: http.proxyStrictSSL } : {});
      } catch (error) {
        connection.console.warn(`could not read the icaoRoute settings: ${describeError(error)}`);
      }
    }
    settings = mergeSettings(DEFAULT_SETTINGS, initialSettings, layer);
  }

  connection.onDidChangeConfiguration((params) => {
    const inlayBefore = settings.inlayLegDistances;
    void refreshSettings(params.settings)
      .then(configureExpansion)
      .then(() => {
        // The level margin, the departure time or the switch may have changed.
        for (const textDocument of documents.all()) conflicts.refresh(textDocument.uri);
        if (settings.inlayLegDistances !== inlayBefore && canRefreshInlayHints)
          void connection.languages.inlayHint.refresh().catch(() => {});
      })
      .catch((error) => logError(`settings update failed: ${describeError(error)}`));
  });

  onNotification(connection, SET_HUB_KEY, (params) => {
    credentials.set(params ?? { userKey: null, source: 'none' });
    status('info', credentials.toString());
    configureExpansion();
  });

  onNotification(connection, SET_REFERENCE_CREDENTIALS, (params) => {
    clientReferenceCredentials = openReferenceCredentials(
      params ?? { appId: null, appKey: null, source: 'none' },
      serverSealKey(),
    );
    configureExpansion();
    const fromClient = clientReferenceCredentials.appId && clientReferenceCredentials.appKey;
    status(
      'info',
      fromClient
        ? `airline reference credentials set (from ${clientReferenceCredentials.source})`
        : referenceCredentials()
          ? 'airline reference credentials set (from environment)'
          : 'no airline reference credentials',
    );
  });

  onRequest(connection, SERVER_INFO, (): ServerInfo => {
    const memory = process.memoryUsage();
    return {
      version,
      pid: process.pid,
      documents: documents.all().length,
      hubKey: credentials.userKey ? 'set' : 'unset',
      settings: { debounceMs: settings.debounceMs, navdataFolder: settings.navdataFolder },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
      expansion: session.expansionStatus,
      sources: session.statuses.all(),
    };
  });

  documents.onDidChangeContent((event) => scheduler.schedule(event.document.uri));
  documents.onDidClose((event) => {
    scheduler.forget(event.document.uri);
    session.forget(event.document.uri);
    conflicts.forget(event.document.uri);
    parsed.delete(event.document.uri);
    cappedOutlines.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] }).catch(() => {});
  });

  const lensDocuments = new DocumentNumbers();
  /** Documents whose capped outline was said in the log (once each). */
  const cappedOutlines = new Set<string>();

  const parsedFor = (uri: string) => {
    const textDocument = documents.get(uri);
    return textDocument ? parsed.get(textDocument) : undefined;
  };

  connection.onHover(
    guard('hover', logError, null, (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      if (!current) return null;
      const status = session.expansionStatus;
      const lookup: ExpansionLookup = {
        sourceName: status.source === 'hub' ? 'the hub' : 'navdata',
        resultFor: (block) => session.expansionOf(block, () => current.lines),
      };
      return hover(current.document, params.position, token, lookup, airlines.directory());
    }),
  );

  connection.onDocumentSymbol(
    guard('document symbols', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      if (!current) return [];
      const symbols = documentSymbols(
        current.document,
        token,
        MAX_SYMBOLS,
        (block) => {
          const result = session.expansionOf(block, () => current.lines);
          return result && result.points.length > 1 ? routeLegs(result).totalNm : undefined;
        },
        current.caches.symbols,
      );
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
    guard('folding ranges', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      return current ? foldingRanges(current.document, current.lineTexts, token, foldingRangeLimit) : [];
    }),
  );

  connection.onCodeLens(
    guard('code lenses', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      return current ? routeMapCodeLenses(current.document, lensDocuments.idOf(params.textDocument.uri), token) : [];
    }),
  );

  // The command of a lens on screen (the editor resolves only those).
  connection.onCodeLensResolve((lens) => {
    try {
      const uri = typeof lens.data === 'number' ? lensDocuments.uriOf(lens.data) : undefined;
      return uri === undefined ? lens : resolveRouteMapCodeLens(lens, uri);
    } catch (error) {
      logError(`code lens failed: ${describeError(error)}`);
      return lens;
    }
  });

  connection.onCodeAction(
    guard('code actions', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      if (!current) return [];
      const own = () =>
        documentDiagnostics(current.document, token, [
          ...session.knownFindings(current),
          ...airlines.findings(current.document, token),
          ...conflicts.findings(current),
        ]);
      // Clients that send no diagnostics in the context still get fixes for ours in the range;
      // clients that drop `data` get it back from ours.
      const received = params.context.diagnostics;
      const diagnostics =
        received.length === 0
          ? own()
          : received.some((d) => d.data === undefined)
            ? withOwnData(received, own())
            : received;
      return [
        ...codeActions(params.textDocument.uri, current.document, current.lines, params.range, diagnostics, token),
        ...flightConflictActions(params.textDocument.uri, diagnostics),
      ];
    }),
  );

  const map = registerMapRequests(
    connection,
    {
      parsedFor,
      expansionFor: (block, current) => session.expansionOf(block, () => current.lines),
      map: () => settings.map,
      referenceMs,
      log: logError,
    },
    areas,
  );

  registerExportRequests(connection, {
    parsedFor,
    expansionOf: (block, lines) => session.expansionOf(block, lines),
    expandAll: (current) => session.expandAll(current),
    log: logError,
  });

  registerRouteFeatures(connection, {
    parsedFor,
    resultFor: (current, block) => session.expansionOf(block, () => current.lines),
    sourceName: () => (session.expansionStatus.source === 'hub' ? 'the hub' : 'navdata'),
    database: () => session.loadedNavdata(),
    airlines: () => airlines.directory(),
    inlayHintsEnabled: () => settings.inlayLegDistances,
    logError,
  });

  connection.onShutdown(async () => {
    scheduler.dispose();
    conflicts.dispose();
    await map.dispose();
    airlines.dispose();
    await session.dispose();
  });

  documents.listen(connection);
  connection.listen();
}
