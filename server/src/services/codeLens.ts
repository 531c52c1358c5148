/**
 * Code lenses: "Show on map" above each route block, running the client's icaoRoute.showMap
 * with the document and the block's first line (the map opens on that block).
 *
 * A lens is sent without its command (its place and a number standing for the document), and the
 * command is made when the editor resolves the lens: VS Code resolves only the lenses on screen,
 * so a 5 MB file of 40,000 blocks sends 40,000 places, not 40,000 commands with the document's
 * address in each (10 MB of JSON).
 */
import type { CodeLens } from 'vscode-languageserver-types';
import type { CancellationToken, RouteDocument } from '../route/model';

import { SHOW_MAP_COMMAND } from '../../../common/commands';

/** The lenses of a document, unresolved; `data` comes back with each lens to resolve. */
export function routeMapCodeLenses(document: RouteDocument, data: number, token: CancellationToken): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const block of document.blocks) {
    if (token.isCancellationRequested) return [];
    const start = block.range.start;
    lenses.push({ range: { start, end: start }, data });
  }
  return lenses;
}

/** The lens with its command, for the document at `uri`. */
export function resolveRouteMapCodeLens(lens: CodeLens, uri: string): CodeLens {
  const { line, character } = lens.range.start;
  return {
    range: lens.range,
    command: { title: 'Show on map', command: SHOW_MAP_COMMAND, arguments: [uri, { line, character }] },
  };
}
