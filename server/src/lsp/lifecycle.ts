/**
 * The server's life: `initialize` (what the client can do, the capabilities), `initialized`
 * (settings pulled, the session configured), settings changes and shutdown. The settings and
 * secrets reach the session through `configureSession` only.
 */
import {
  DidChangeConfigurationNotification,
  TextDocumentSyncKind,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { SEMANTIC_TOKENS_LEGEND } from '../services/semanticTokens';
import { describeError } from './guard';
import { COMPLETION_TRIGGERS } from './features';
import type { ServerState } from './serverState';
import { DEFAULT_SETTINGS, isObject, mergeSettings, readSettings } from './settings';

export const SERVER_NAME = 'icao-route-language-server';

/**
 * The airline reference's appId/appKey from the server's environment (editors other than VS
 * Code, CI); the VS Code client passes them from SecretStorage (SET_REFERENCE_CREDENTIALS).
 */
export function environmentReferenceCredentials(): { appId: string; appKey: string } | null {
  const appId = process.env.REFERENCE_APP_ID?.trim();
  const appKey = process.env.REFERENCE_APP_KEY?.trim();
  return appId && appKey ? { appId, appKey } : null;
}

/** The settings and secrets in the session: after `initialized`, each settings change and each new credential. */
export function configureSession(state: ServerState): void {
  if (!state.initialized) return;
  const { settings } = state;
  /** The hub key from the client, else the server's own HUB_USER_KEY (editors other than VS Code). */
  const userKey = state.hubCredentials.userKey ?? (process.env.HUB_USER_KEY?.trim() || null);
  // Credentials from the client (SecretStorage); until it sends any, the server's own environment.
  const fromClient =
    state.referenceCredentials?.appId && state.referenceCredentials.appKey
      ? { appId: state.referenceCredentials.appId, appKey: state.referenceCredentials.appKey }
      : null;
  // The airline cache: icaoRoute.reference.cacheFolder when set, else the client's storage folder.
  const cacheFolder = settings.reference.cacheFolder || state.client.referenceCacheFolder;
  const { cacheFolder: _setting, ...referenceSettings } = settings.reference;
  const reference = cacheFolder ? { ...referenceSettings, cacheFolder } : referenceSettings;
  state.session.configure(
    {
      hub: settings.hub,
      reference,
      navdataFolder: settings.navdataFolder,
      semicircular: settings.semicircular,
      referenceHttpErrors: settings.referenceHttpErrors,
      airspaceFiles: settings.map.airspaceFiles,
      firBoundariesFile: settings.map.firBoundariesFile ?? '',
      eobtToleranceMinutes: settings.eobtToleranceMinutes,
      conflicts: {
        enabled: settings.flightConflicts,
        corridorNm: settings.map.corridorNm,
        aerodromeCorridorNm: settings.map.aerodromeCorridorNm,
        timeMarginMin: settings.map.timeMarginMin,
        ...(settings.departureMs !== undefined && { departureMs: settings.departureMs }),
        climbDescent: settings.climbDescent,
      },
    },
    { hubUserKey: userKey, reference: fromClient ?? environmentReferenceCredentials() },
  );
  if (!state.client.hubKeyFollows || state.hubKeyReceived) state.markConfigured();
}

async function refreshSettings(state: ServerState, pushed: unknown): Promise<void> {
  let layer = readSettings(pushed);
  if (state.client.canPullConfiguration) {
    try {
      const [section, http] = await state.connection.workspace.getConfiguration([
        { section: 'icaoRoute' },
        { section: 'http' },
      ]);
      layer = readSettings(section, isObject(http) ? { proxy: http.proxy, proxyStrictSSL: http.proxyStrictSSL } : {});
    } catch (error) {
      state.connection.console.warn(`could not read the icaoRoute settings: ${describeError(error)}`);
    }
  }
  state.settings = mergeSettings(DEFAULT_SETTINGS, state.initialSettings, layer);
}

export function registerLifecycle(state: ServerState, dispose: () => Promise<void>): void {
  const { connection, client } = state;

  connection.onInitialize((params): InitializeResult => {
    const options = params.initializationOptions;
    state.initialSettings = readSettings(options);
    client.showsStatus = isObject(options) && options.statusNotifications === true;
    const cacheFolder = isObject(options) ? options.referenceCacheFolder : undefined;
    client.referenceCacheFolder = typeof cacheFolder === 'string' && cacheFolder ? cacheFolder : undefined;
    client.hubKeyFollows = isObject(options) && options.hubKeyFollows === true;
    client.canRefreshInlayHints = params.capabilities?.workspace?.inlayHint?.refreshSupport === true;
    // VS Code shows the first 5000 regions and says so; the rest need not be built nor sent.
    const rangeLimit = params.capabilities?.textDocument?.foldingRange?.rangeLimit;
    client.foldingRangeLimit =
      typeof rangeLimit === 'number' && rangeLimit > 0 ? Math.floor(rangeLimit) : Number.POSITIVE_INFINITY;
    const hasGrammar = isObject(options) && options.textMateGrammar === true;
    state.settings = mergeSettings(DEFAULT_SETTINGS, state.initialSettings);
    client.canPullConfiguration = params.capabilities?.workspace?.configuration === true;
    client.canRegisterConfiguration =
      params.capabilities?.workspace?.didChangeConfiguration?.dynamicRegistration === true;
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
      serverInfo: { name: SERVER_NAME, version: state.version },
    };
  });

  connection.onInitialized(async () => {
    if (client.canRegisterConfiguration) {
      await connection.client
        .register(DidChangeConfigurationNotification.type, { section: 'icaoRoute' })
        .catch(() => {});
    }
    if (client.canPullConfiguration) await refreshSettings(state, undefined);
    const started = `ICAO Route language server ${state.version} started (pid ${process.pid}, diagnostics debounce ${state.settings.debounceMs} ms)`;
    state.status('info', started);
    // Editors other than VS Code do not read icaoRoute/status: the start line is a log line too.
    if (!client.showsStatus) connection.console.info(started);
    state.initialized = true;
    configureSession(state);
  });

  connection.onDidChangeConfiguration((params) => {
    const inlayBefore = state.settings.inlayLegDistances;
    // The session judges the conflicts again when their settings (level margin, departure time, switch) changed.
    void refreshSettings(state, params.settings)
      .then(() => {
        configureSession(state);
        if (state.settings.inlayLegDistances !== inlayBefore && client.canRefreshInlayHints)
          void connection.languages.inlayHint.refresh().catch(() => {});
      })
      .catch((error) => state.logError(`settings update failed: ${describeError(error)}`));
  });

  connection.onShutdown(dispose);
}
