/**
 * The extension's own LSP messages, shared by the client and the server. Only method names,
 * payload types and plain descriptors binding the two live here (no vscode-jsonrpc message-type
 * objects), because the client and the server bundle different copies of vscode-jsonrpc and its
 * objects do not cross that line. Send and handle them through the helpers of ./messages
 * (`sendNotification(connection, STATUS, params)`): a wrong payload is then a compile error.
 */
import type { Position, Range } from '../position';
import { notification, request } from './messages';

/** Server → client: a line for the "ICAO Route" output channel. Never carries a secret. */
export const STATUS_NOTIFICATION = 'icaoRoute/status';
export interface StatusParams {
  /**
   * `log` is a record for the output log (each hub call sent: the usage limit is the user's
   * money), not a status: a failure stays one status line however many calls it took.
   */
  level: 'log' | 'info' | 'warning' | 'error';
  message: string;
}
export const STATUS = notification<StatusParams>(STATUS_NOTIFICATION);

/**
 * Client → server: the hub user_key from SecretStorage (or the extension host's HUB_USER_KEY),
 * or null when there is none. The only way the key reaches the server; neither side logs it.
 * The VS Code client sends it sealed (`sealed: true`, see ./sealedSecrets): the LSP trace prints
 * this message.
 */
export const SET_HUB_KEY_NOTIFICATION = 'icaoRoute/setHubKey';
export interface SetHubKeyParams {
  userKey: string | null;
  source: 'secretStorage' | 'environment' | 'none';
  /** The key is sealed under the seal key of the server's environment. */
  sealed?: boolean;
}
export const SET_HUB_KEY = notification<SetHubKeyParams>(SET_HUB_KEY_NOTIFICATION);

/** Client → server: facts about the running server for the output channel and the bench. */
export const SERVER_INFO_REQUEST = 'icaoRoute/serverInfo';
export interface ServerInfo {
  version: string;
  pid: number;
  documents: number;
  hubKey: 'set' | 'unset';
  settings: { debounceMs: number; navdataFolder: string };
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
  /** The current route expansion status (see EXPANSION_STATUS_NOTIFICATION). */
  expansion?: ExpansionStatusParams;
  /** Every source's state (see SOURCE_STATUS_NOTIFICATION). */
  sources?: Record<SourceName, Omit<SourceStatusParams, 'name'>>;
}
export const SERVER_INFO = request<void, ServerInfo>(SERVER_INFO_REQUEST);

/**
 * Server → client: the state of route expansion, sent only when it changes (a failing remote service
 * gives one of these, not one per request). The client shows it in a status bar item; other
 * editors see the same text as a window/logMessage line. Never carries a secret.
 *
 * - `ok`: expansions succeed (source `hub` or `navdata`).
 * - `loading`: the navigation data is being read.
 * - `local`: neither a hub key nor a navdata folder: local checks only.
 * - `offline`: the hub cannot be reached (network down, timeout); local checks continue.
 * - `degraded`: the source answers with failures (refused key, usage limit, server error,
 *   malformed answer) or the navigation data could not be read; local checks continue.
 */
export const EXPANSION_STATUS_NOTIFICATION = 'icaoRoute/expansionStatus';
export type ExpansionState = 'ok' | 'loading' | 'local' | 'offline' | 'degraded';
export interface ExpansionStatusParams {
  state: ExpansionState;
  source: 'hub' | 'navdata' | 'none';
  /** One line for the status bar's tooltip and the output channel. */
  message: string;
}
export const EXPANSION_STATUS = notification<ExpansionStatusParams>(EXPANSION_STATUS_NOTIFICATION);

/** The sources whose state the server tracks, one status each. */
export type SourceName = 'expansion' | 'airspaces' | 'notams' | 'reference' | 'flights';

/**
 * Server → client: the state of one source (route expansion, airspaces, NOTAMs, the airline
 * reference), sent only when it changes. Route expansion's state also goes out as
 * EXPANSION_STATUS_NOTIFICATION (the status bar's). Never carries a secret.
 */
export const SOURCE_STATUS_NOTIFICATION = 'icaoRoute/sourceStatus';
export interface SourceStatusParams {
  name: SourceName;
  state: ExpansionState;
  source: 'hub' | 'navdata' | 'reference' | 'none';
  message: string;
}
export const SOURCE_STATUS = notification<SourceStatusParams>(SOURCE_STATUS_NOTIFICATION);

/**
 * Client → server: the airline reference family's application credentials (appId and appKey)
 * from SecretStorage, or nulls when there are none. Like the hub key, the only way they reach
 * the server, sealed by the VS Code client; neither side logs them.
 */
export const SET_REFERENCE_CREDENTIALS_NOTIFICATION = 'icaoRoute/setReferenceCredentials';
export interface SetReferenceCredentialsParams {
  appId: string | null;
  appKey: string | null;
  source: 'secretStorage' | 'environment' | 'none';
  /** Both are sealed, as the hub key can be (SetHubKeyParams.sealed). */
  sealed?: boolean;
}
export const SET_REFERENCE_CREDENTIALS = notification<SetReferenceCredentialsParams>(
  SET_REFERENCE_CREDENTIALS_NOTIFICATION,
);

/**
 * Client → server: the expanded routes of a document as plain-text tables, for the read-only
 * "ICAO Route: Show Expansion" document. Null when the server does not have the document open.
 */
export const EXPANSION_TABLE_REQUEST = 'icaoRoute/expansionTable';
export interface ExpansionTableParams {
  uri: string;
}
export interface ExpansionTableResult {
  text: string;
}
export const EXPANSION_TABLE = request<ExpansionTableParams, ExpansionTableResult | null>(EXPANSION_TABLE_REQUEST);

/**
 * Client → server: the expanded route of the block at a position (the first route block when
 * absent) as a file: GeoJSON (RFC 7946), GPX 1.1 or KML 2.2. The server waits for the block's expansion
 * when it is not known yet. `fileName` is a bare name (no folder), made from the document's and
 * the route's names; `error` says in words why there is nothing to export.
 */
export const EXPORT_ROUTE_REQUEST = 'icaoRoute/exportRoute';
export type RouteExportFormat = 'geojson' | 'gpx' | 'kml';
export interface ExportRouteParams {
  uri: string;
  position?: Position;
  format: RouteExportFormat;
}
export type ExportRouteResult = { fileName: string; content: string } | { error: string };
export const EXPORT_ROUTE = request<ExportRouteParams, ExportRouteResult>(EXPORT_ROUTE_REQUEST);

/**
 * The argument of the client command a conflict diagnostic's "Open NOTAM" code action runs
 * (OPEN_NOTAM_COMMAND, ../commands.ts): the NOTAM's number, full text and issuing place (shown
 * read-only; nothing is fetched).
 */
export interface OpenNotamArgument {
  number: string;
  text: string;
  /**
   * Where it was issued (its FIR, else its location): NOTAM numbers are per issuing office, so
   * Germany's B2795/26 and Belgium's are two NOTAMs, each shown in a document of its own.
   */
  place?: string;
}

/**
 * Client → server: the routes others filed for the city pair of the block at a position (hub #5
 * and #3, cached by the session), for the quick pick of "Use a route filed by others". `anchor`
 * names the route they would replace, so that the edit (FILED_ROUTE_EDIT) finds it again in the
 * version the user has when they choose; `note` says what is missing (flight detail 403);
 * `error` says in words why there is nothing to offer.
 */
export const FILED_ROUTES_REQUEST = 'icaoRoute/filedRoutes';
export interface FiledRoutesParams {
  uri: string;
  position: Position;
}
export interface FiledRouteChoice {
  /** The route written when chosen: the filed route with the user's own speed/level group. */
  text: string;
  /** Count, latest call sign, EOBT and level. */
  detail: string;
  /**
   * Elements removed (−) and added (+) against the current route, or "same route" / "no route
   * written yet", then any change of speed or level.
   */
  differences: string;
  /** The same route with the filed speed/level group, when the user's differs: the user may choose it. */
  withFiledSpeedLevel?: { speedLevel: string; text: string; differences: string };
}
/** The route a chosen one replaces: its city pair and its text (elements, single blanks; empty for none). */
export interface FiledRouteAnchor {
  origin: string;
  destination: string;
  route: string;
}
export type FiledRoutesResult =
  | {
      origin: string;
      destination: string;
      anchor: FiledRouteAnchor;
      routes: FiledRouteChoice[];
      note?: string;
      /** What the lookup's bounds left out, in a line (`left out: 5,000 of 300,000+ flights read`); the output log has each reason. */
      leftOut?: string;
    }
  | { error: string };
export const FILED_ROUTES = request<FiledRoutesParams, FiledRoutesResult>(FILED_ROUTES_REQUEST);

/**
 * Client → server: the edits that write the chosen route (`route`) in place of the one `anchor`
 * names, computed on the document as the server has it now (`version`): the route found again at
 * `position` or, after edits that moved it, nearest to it; only its route text is replaced (comment
 * and directive lines between route lines stay). The client applies them only to that version.
 * `error` when the route is no longer there (the user changed it meanwhile).
 */
export const FILED_ROUTE_EDIT_REQUEST = 'icaoRoute/filedRouteEdit';
export interface FiledRouteEditParams {
  uri: string;
  position: Position;
  anchor: FiledRouteAnchor;
  route: string;
}
export type FiledRouteEditResult = { version: number; edits: { range: Range; newText: string }[] } | { error: string };
export const FILED_ROUTE_EDIT = request<FiledRouteEditParams, FiledRouteEditResult>(FILED_ROUTE_EDIT_REQUEST);

/**
 * Client → server: the edit that writes `EET/` for the FIR boundaries into field 18 of the FPL
 * message at a position (the map's FIR crossings, still-air times from take-off). `summary` says
 * what the times rest on; `error` says in words why there is no edit.
 */
export const INSERT_EET_REQUEST = 'icaoRoute/insertEet';
export interface InsertEetParams {
  uri: string;
  position: Position;
}
export type InsertEetResult = { range: Range; newText: string; summary: string } | { error: string };
export const INSERT_EET = request<InsertEetParams, InsertEetResult>(INSERT_EET_REQUEST);
