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
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  EXPANSION_STATUS_NOTIFICATION,
  SERVER_INFO_REQUEST,
  SET_HUB_KEY_NOTIFICATION,
  SET_REFERENCE_CREDENTIALS_NOTIFICATION,
  STATUS_NOTIFICATION,
  type ExpansionStatusParams,
  type ServerInfo,
  type SetHubKeyParams,
  type SetReferenceCredentialsParams,
  type StatusParams,
} from '../protocol/lspMessages';
import { codeActions } from '../services/codeActions';
import { documentDiagnostics } from '../services/diagnostics';
import { foldingRanges } from '../services/folding';
import { hover, type ExpansionLookup } from '../services/hover';
import { routeLegs } from '../services/routeLegs';
import { SEMANTIC_TOKENS_LEGEND } from '../services/semanticTokens';
import { documentSymbols } from '../services/symbols';
import { AirlineReference } from './airlineReference';
import { HubCredentials } from './credentials';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import { DocumentExpansions } from './expansion/service';
import { describeError, guard } from './guard';
import { ParsedDocuments } from './parsedDocuments';
import { COMPLETION_TRIGGERS, registerRouteFeatures } from './routeFeatures';
import { DEFAULT_SETTINGS, isObject, mergeSettings, readSettings, type ServerSettings } from './settings';

export const SERVER_NAME = 'icao-route-language-server';

export interface LanguageServerOptions {
  /** After a service failure, open documents are expanded again after this delay. */
  expansionRetryMs?: number;
  /** After a failure of the airline reference, the list is asked for again at most this often. */
  referenceRetryMs?: number;
}

export function startLanguageServer(connection: Connection, version: string, options: LanguageServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const parsed = new ParsedDocuments();
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
  /** Credentials from the client; until it sends any, the server's own environment. */
  let clientReferenceCredentials: SetReferenceCredentialsParams | undefined;

  const status = (level: StatusParams['level'], message: string) => {
    void connection.sendNotification(STATUS_NOTIFICATION, { level, message } satisfies StatusParams).catch(() => {});
  };
  const logError = (message: string) => {
    connection.console.error(message);
    status('error', message.split('\n')[0]);
  };

  const live = { isCancellationRequested: false };
  const expansions = new DocumentExpansions(
    {
      status: (params: ExpansionStatusParams) => {
        // The output line first: a client that reacts to the status finds the line already there.
        const failing = params.state === 'offline' || params.state === 'degraded';
        status(failing ? 'warning' : 'info', params.message);
        if (!clientShowsStatus) {
          if (failing) connection.console.warn(params.message);
          else connection.console.info(params.message);
        }
        void connection.sendNotification(EXPANSION_STATUS_NOTIFICATION, params).catch(() => {});
      },
      rerun: () => {
        for (const textDocument of documents.all()) publishDiagnostics(textDocument.uri);
      },
      log: (message) => status('info', message),
    },
    { retryMs: options.expansionRetryMs, keyHint: () => (clientShowsStatus ? 'ICAO Route: Set Hub Key' : 'the HUB_USER_KEY environment variable of the server') },
  );

  const airlines = new AirlineReference(
    {
      status: (level, message) => {
        status(level, message);
        if (!clientShowsStatus) (level === 'warning' ? connection.console.warn(message) : connection.console.info(message));
      },
      rerun: () => {
        for (const textDocument of documents.all()) publishDiagnostics(textDocument.uri);
      },
    },
    {
      retryMs: options.referenceRetryMs,
      credentialsHint: () => (clientShowsStatus ? 'ICAO Route: Set Airline Reference Credentials' : 'the REFERENCE_APP_ID and REFERENCE_APP_KEY environment variables of the server'),
    },
  );

  /** Findings beyond the parser's: route expansion's and the airline reference's. */
  const extraFindings = (current: ReturnType<ParsedDocuments['get']>) => [...expansions.known(current), ...airlines.findings(current.document, live)];

  /**
   * Local findings (with the expansion findings already known) at once; then the expansion of
   * the blocks that changed, published again when it brings something new for this version.
   */
  function publishDiagnostics(uri: string): void {
    const textDocument = documents.get(uri);
    if (!textDocument) return;
    try {
      const current = parsed.get(textDocument);
      const diagnostics = documentDiagnostics(current.document, live, extraFindings(current));
      void connection.sendDiagnostics({ uri, version: current.version, diagnostics }).catch(() => {});
      void expansions.run(current).then(
        (findings) => {
          if (!findings || documents.get(uri)?.version !== current.version) return;
          void connection.sendDiagnostics({ uri, version: current.version, diagnostics: documentDiagnostics(current.document, live, [...findings, ...airlines.findings(current.document, live)]) }).catch(() => {});
          if (settings.inlayLegDistances && canRefreshInlayHints) void connection.languages.inlayHint.refresh().catch(() => {});
        },
        (error: unknown) => logError(`expansion of ${uri} failed: ${describeError(error)}`),
      );
    } catch (error) {
      logError(`diagnostics of ${uri} failed: ${describeError(error)}`);
    }
  }

  const scheduler = new DiagnosticsScheduler(() => settings.debounceMs, publishDiagnostics);

  /** The hub key from the client, else the server's own HUB_USER_KEY (editors other than VS Code). */
  function configureExpansion(): void {
    if (!initialized) return;
    const userKey = credentials.userKey ?? (process.env.HUB_USER_KEY?.trim() || null);
    expansions.configure({ userKey, hub: settings.hub, navdataFolder: settings.navdataFolder });
    airlines.configure(settings.reference, referenceCacheFolder, settings.referenceHttpErrors);
    const fromEnvironment: SetReferenceCredentialsParams = {
      appId: process.env.REFERENCE_APP_ID?.trim() || null,
      appKey: process.env.REFERENCE_APP_KEY?.trim() || null,
      source: 'environment',
    };
    airlines.setCredentials(clientReferenceCredentials?.appId ? clientReferenceCredentials : fromEnvironment);
  }

  connection.onInitialize((params): InitializeResult => {
    initialSettings = readSettings(params.initializationOptions);
    clientShowsStatus = isObject(params.initializationOptions) && params.initializationOptions.statusNotifications === true;
    const cacheFolder = isObject(params.initializationOptions) ? params.initializationOptions.referenceCacheFolder : undefined;
    referenceCacheFolder = typeof cacheFolder === 'string' && cacheFolder ? cacheFolder : undefined;
    canRefreshInlayHints = params.capabilities?.workspace?.inlayHint?.refreshSupport === true;
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
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
        inlayHintProvider: true,
        // Colours for editors without the TextMate grammar; VS Code keeps its grammar.
        ...(hasGrammar ? {} : { semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true } }),
      },
      serverInfo: { name: SERVER_NAME, version },
    };
  });

  connection.onInitialized(async () => {
    if (canRegisterConfiguration) {
      await connection.client.register(DidChangeConfigurationNotification.type, { section: 'icaoRoute' }).catch(() => {});
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
        const [section, http] = await connection.workspace.getConfiguration([{ section: 'icaoRoute' }, { section: 'http' }]);
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
        if (settings.inlayLegDistances !== inlayBefore && canRefreshInlayHints) void connection.languages.inlayHint.refresh().catch(() => {});
      })
      .catch((error) => logError(`settings update failed: ${describeError(error)}`));
  });

  connection.onNotification(SET_HUB_KEY_NOTIFICATION, (params: SetHubKeyParams) => {
    credentials.set(params ?? { userKey: null, source: 'none' });
    status('info', credentials.toString());
    configureExpansion();
  });

  connection.onNotification(SET_REFERENCE_CREDENTIALS_NOTIFICATION, (params: SetReferenceCredentialsParams) => {
    clientReferenceCredentials = params ?? { appId: null, appKey: null, source: 'none' };
    configureExpansion();
    status('info', airlines.toString());
  });

  connection.onRequest(SERVER_INFO_REQUEST, (): ServerInfo => {
    const memory = process.memoryUsage();
    return {
      version,
      pid: process.pid,
      documents: documents.all().length,
      hubKey: credentials.userKey ? 'set' : 'unset',
      settings: { debounceMs: settings.debounceMs, navdataFolder: settings.navdataFolder },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
      expansion: expansions.status,
    };
  });

  documents.onDidChangeContent((event) => scheduler.schedule(event.document.uri));
  documents.onDidClose((event) => {
    scheduler.forget(event.document.uri);
    expansions.forget(event.document.uri);
    parsed.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] }).catch(() => {});
  });

  const parsedFor = (uri: string) => {
    const textDocument = documents.get(uri);
    return textDocument ? parsed.get(textDocument) : undefined;
  };

  connection.onHover(
    guard('hover', logError, null, (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      if (!current) return null;
      const status = expansions.status;
      const lookup: ExpansionLookup = {
        sourceName: status.source === 'hub' ? 'the hub' : 'navdata',
        resultFor: (block) => expansions.resultFor(block, () => current.lines),
      };
      return hover(current.document, params.position, token, lookup, airlines.directory());
    }),
  );

  connection.onDocumentSymbol(
    guard('document symbols', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      if (!current) return [];
      return documentSymbols(current.document, token, undefined, (block) => {
        const result = expansions.resultFor(block, () => current.lines);
        return result && result.points.length > 1 ? routeLegs(result).totalNm : undefined;
      });
    }),
  );

  connection.onFoldingRanges(
    guard('folding ranges', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      return current ? foldingRanges(current.document, current.text, token) : [];
    }),
  );

  connection.onCodeAction(
    guard('code actions', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      if (!current) return [];
      // Clients that send no diagnostics in the context still get fixes for ours in the range.
      const diagnostics =
        params.context.diagnostics.length > 0
          ? params.context.diagnostics
          : documentDiagnostics(current.document, token, extraFindings(current));
      return codeActions(params.textDocument.uri, current.document, current.lines, params.range, diagnostics, token);
    }),
  );

  registerRouteFeatures(connection, {
    parsedFor,
    resultFor: (current, block) => expansions.resultFor(block, () => current.lines),
    sourceName: () => (expansions.status.source === 'hub' ? 'the hub' : 'navdata'),
    database: () => expansions.database(),
    airlines: () => airlines.directory(),
    inlayHintsEnabled: () => settings.inlayLegDistances,
    logError,
  });

  connection.onShutdown(async () => {
    scheduler.dispose();
    await expansions.dispose();
    await airlines.dispose();
  });

  documents.listen(connection);
  connection.listen();
}
