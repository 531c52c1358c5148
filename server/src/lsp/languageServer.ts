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
  STATUS_NOTIFICATION,
  type ExpansionStatusParams,
  type ServerInfo,
  type SetHubKeyParams,
  type StatusParams,
} from '../protocol/lspMessages';
import { codeActions } from '../services/codeActions';
import { routeMapCodeLenses } from '../services/codeLens';
import { documentDiagnostics } from '../services/diagnostics';
import { foldingRanges } from '../services/folding';
import { hover, type ExpansionLookup } from '../services/hover';
import { documentSymbols } from '../services/symbols';
import { HubCredentials } from './credentials';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import { DocumentExpansions } from './expansion/service';
import { describeError, guard } from './guard';
import { ParsedDocuments } from './parsedDocuments';
import { DEFAULT_SETTINGS, isObject, mergeSettings, readSettings, type ServerSettings } from './settings';

export const SERVER_NAME = 'icao-route-language-server';

export interface LanguageServerOptions {
  /** After a service failure, open documents are expanded again after this delay. */
  expansionRetryMs?: number;
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
    { retryMs: options.expansionRetryMs },
  );

  /**
   * Local findings (with the expansion findings already known) at once; then the expansion of
   * the blocks that changed, published again when it brings something new for this version.
   */
  function publishDiagnostics(uri: string): void {
    const textDocument = documents.get(uri);
    if (!textDocument) return;
    try {
      const current = parsed.get(textDocument);
      const diagnostics = documentDiagnostics(current.document, live, expansions.known(current));
      void connection.sendDiagnostics({ uri, version: current.version, diagnostics }).catch(() => {});
      void expansions.run(current).then(
        (findings) => {
          if (!findings || documents.get(uri)?.version !== current.version) return;
          void connection.sendDiagnostics({ uri, version: current.version, diagnostics: documentDiagnostics(current.document, live, findings) }).catch(() => {});
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
  }

  connection.onInitialize((params): InitializeResult => {
    initialSettings = readSettings(params.initializationOptions);
    clientShowsStatus = isObject(params.initializationOptions) && params.initializationOptions.statusNotifications === true;
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
        codeLensProvider: { resolveProvider: false },
      },
      serverInfo: { name: SERVER_NAME, version },
    };
  });

  connection.onInitialized(async () => {
    if (canRegisterConfiguration) {
      await connection.client.register(DidChangeConfigurationNotification.type, { section: 'icaoRoute' }).catch(() => {});
    }
    if (canPullConfiguration) await refreshSettings(undefined);
    status('info', `ICAO Route language server ${version} started (pid ${process.pid}, diagnostics debounce ${settings.debounceMs} ms)`);
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
    void refreshSettings(params.settings)
      .then(configureExpansion)
      .catch((error) => logError(`settings update failed: ${describeError(error)}`));
  });

  connection.onNotification(SET_HUB_KEY_NOTIFICATION, (params: SetHubKeyParams) => {
    credentials.set(params ?? { userKey: null, source: 'none' });
    status('info', credentials.toString());
    configureExpansion();
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
      return hover(current.document, params.position, token, lookup);
    }),
  );

  connection.onDocumentSymbol(
    guard('document symbols', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      return current ? documentSymbols(current.document, token) : [];
    }),
  );

  connection.onFoldingRanges(
    guard('folding ranges', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      return current ? foldingRanges(current.document, current.text, token) : [];
    }),
  );

  connection.onCodeLens(
    guard('code lenses', logError, [], (params, token) => {
      const current = parsedFor(params.textDocument.uri);
      return current ? routeMapCodeLenses(params.textDocument.uri, current.document, token) : [];
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
          : documentDiagnostics(current.document, token, expansions.known(current));
      return codeActions(params.textDocument.uri, current.document, current.lines, params.range, diagnostics, token);
    }),
  );

  connection.onShutdown(async () => {
    scheduler.dispose();
    await expansions.dispose();
  });

  documents.listen(connection);
  connection.listen();
}
