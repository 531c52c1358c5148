/**
 * The extension's own LSP messages, shared by the client and the server. Only method names and
 * payload types live here (no vscode-jsonrpc message-type objects), because the client and the
 * server bundle different copies of vscode-jsonrpc and its objects do not cross that line.
 */

/** Server → client: a line for the "ICAO Route" output channel. Never carries a secret. */
export const STATUS_NOTIFICATION = 'icaoRoute/status';
export interface StatusParams {
  level: 'info' | 'warning' | 'error';
  message: string;
}

/**
 * Client → server: the hub user_key from SecretStorage (or the extension host's HUB_USER_KEY),
 * or null when there is none. The only way the key reaches the server; neither side logs it.
 */
export const SET_HUB_KEY_NOTIFICATION = 'icaoRoute/setHubKey';
export interface SetHubKeyParams {
  userKey: string | null;
  source: 'secretStorage' | 'environment' | 'none';
}

/** Client → server: facts about the running server for the output channel and the bench. */
export const SERVER_INFO_REQUEST = 'icaoRoute/serverInfo';
export interface ServerInfo {
  version: string;
  pid: number;
  documents: number;
  hubKey: 'set' | 'unset';
  settings: { debounceMs: number; navdataFolder: string };
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
}
