/**
 * The extension's own messages (`icaoRoute/…`): the secrets from the client's SecretStorage,
 * the server info, the expansion table, the map's view and highlight, the route export. Each
 * translates to the session or the language service.
 */
import {
  EXPANSION_STATUS,
  EXPANSION_TABLE,
  SERVER_INFO,
  SET_HUB_KEY,
  SET_REFERENCE_CREDENTIALS,
  SOURCE_STATUS,
  type ExpansionStatusParams,
  type ExpansionTableParams,
  type ExpansionTableResult,
  type ServerInfo,
} from '../../../common/protocol/lspMessages';
import { onNotification, onRequest, sendNotification } from '../../../common/protocol/messages';
import { openReferenceCredentials } from '../../../common/protocol/sealedSecrets';
import type { SessionEvents } from '../session/routeSession';
import { serverSealKey } from './credentials';
import { registerExportRequests } from './exportRequests';
import { registerFiledRouteRequests } from './filedRouteRequests';
import { registerEetRequests } from './eetRequests';
import { guard } from './guard';
import { configureSession, environmentReferenceCredentials } from './lifecycle';
import { registerMapRequests } from './mapRequests';
import type { ServerState } from './serverState';

/** The session's events as messages: one status line and one icaoRoute/sourceStatus per change of a source. */
export function sessionEvents(state: ServerState): SessionEvents {
  const { connection } = state;
  return {
    status: (name, params) => {
      // The output line first: a client that reacts to the status finds the line already there.
      const failing = params.state === 'offline' || params.state === 'degraded';
      state.status(failing ? 'warning' : 'info', params.message);
      if (!state.client.showsStatus) {
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
    log: (message) => state.status('log', message),
  };
}

export function registerCustomMessages(state: ServerState): void {
  const { connection, session } = state;

  onNotification(connection, SET_HUB_KEY, (params) => {
    state.hubCredentials.set(params ?? { userKey: null, source: 'none' });
    state.hubKeyReceived = true;
    state.status('info', state.hubCredentials.toString());
    configureSession(state);
  });

  onNotification(connection, SET_REFERENCE_CREDENTIALS, (params) => {
    // Sealed by the VS Code client (the LSP trace prints this message): opened with the seal key of the environment.
    const credentials = openReferenceCredentials(
      params ?? { appId: null, appKey: null, source: 'none' },
      serverSealKey(),
    );
    state.referenceCredentials = credentials;
    configureSession(state);
    const fromClient = credentials.appId && credentials.appKey;
    state.status(
      'info',
      fromClient
        ? `airline reference credentials set (from ${credentials.source})`
        : environmentReferenceCredentials()
          ? 'airline reference credentials set (from environment)'
          : 'no airline reference credentials',
    );
  });

  onRequest(connection, SERVER_INFO, (): ServerInfo => {
    const memory = process.memoryUsage();
    return {
      version: state.version,
      pid: process.pid,
      documents: state.documents.all().length,
      hubKey: state.hubCredentials.userKey ? 'set' : 'unset',
      settings: { debounceMs: state.settings.debounceMs, navdataFolder: state.settings.navdataFolder },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
      expansion: session.expansionStatus,
      sources: session.statuses.all(),
    };
  });

  onRequest(
    connection,
    EXPANSION_TABLE,
    guard(
      'expansion table',
      state.logError,
      null,
      (params: ExpansionTableParams, token): ExpansionTableResult | null => {
        const current = state.parsedFor(params.uri);
        if (!current) return null;
        const name = params.uri.split('/').pop() ?? params.uri;
        const title = `Route expansion of ${decodeURIComponent(name)}`;
        return { text: state.service.expansionTable(current, { title }, token) };
      },
    ),
  );

  registerMapRequests(
    connection,
    {
      parsedFor: (uri) => state.parsedFor(uri),
      expansionFor: (block, current) => session.expansionOf(block, () => current.lines),
      map: () => state.settings.map,
      noExpansionSource: () => {
        const status = session.expansionStatus;
        return status.state === 'local' ? status.message : undefined;
      },
      referenceMs: () => state.settings.departureMs ?? Date.now(),
      timing: () => ({
        ...(state.settings.departureMs !== undefined ? { departureMs: state.settings.departureMs } : {}),
        climbDescent: state.settings.climbDescent,
      }),
      log: state.logError,
      aerodromeAt: (icao) => {
        const db = session.loadedNavdata();
        const index = db?.aerodrome(icao);
        return db && index !== undefined ? db.point(index) : undefined;
      },
    },
    session.flights,
    session.traffic,
  );

  registerFiledRouteRequests(connection, state);
  registerEetRequests(connection, state);

  registerExportRequests(connection, {
    parsedFor: (uri) => state.parsedFor(uri),
    expansionOf: (block, lines) => session.expansionOf(block, lines),
    expandAll: (current) => session.expandAll(current),
    referenceMs: () => state.settings.departureMs ?? Date.now(),
    climbDescent: () => state.settings.climbDescent,
    log: state.logError,
  });
}
