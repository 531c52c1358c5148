/**
 * The command ids: the client registers them, the server names them in code lenses and code
 * actions, package.json's `contributes.commands` and menus list them (a test fails on drift).
 */
export const COMMANDS = {
  setHubKey: 'icaoRoute.setHubKey',
  clearHubKey: 'icaoRoute.clearHubKey',
  showOutput: 'icaoRoute.showOutput',
  showMap: 'icaoRoute.showMap',
  setAirlineReferenceCredentials: 'icaoRoute.setAirlineReferenceCredentials',
  clearAirlineReferenceCredentials: 'icaoRoute.clearAirlineReferenceCredentials',
  showExpansion: 'icaoRoute.showExpansion',
  exportRoute: 'icaoRoute.exportRoute',
  /** A quick pick of the routes others filed for the block's city pair ({ uri, position } or the cursor). */
  useFiledRoute: 'icaoRoute.useFiledRoute',
  /** Writes EET/ for the FIR boundaries into the FPL message ({ uri, position } or the cursor). */
  insertEet: 'icaoRoute.insertEet',
  /** Not in the command palette: only a conflict's "Open NOTAM" code action runs it. */
  openNotam: 'icaoRoute.openNotam',
} as const;

/** Commands that a code lens or code action runs, not the user from the palette. */
export const INTERNAL_COMMANDS: readonly string[] = [COMMANDS.openNotam];

/** The route map: a "Show on map" lens (uri, position) or a "Reveal on map" action ({ uri, position, itemId }). */
export const SHOW_MAP_COMMAND = COMMANDS.showMap;
/** The conflict action's "Open NOTAM": one OpenNotamArgument (protocol/lspMessages.ts). */
export const OPEN_NOTAM_COMMAND = COMMANDS.openNotam;
export const EXPORT_ROUTE_COMMAND = COMMANDS.exportRoute;

/** The route map's webview panel type (package.json: `onWebviewPanel:icaoRoute.map`). */
export const MAP_VIEW_TYPE = 'icaoRoute.map';
