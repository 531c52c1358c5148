/**
 * Code lenses: "Show on map" above each route block, running the client's icaoRoute.showMap
 * with the document and the block's first line (the map opens on that block).
 */
import type { CodeLens } from 'vscode-languageserver-types';
import type { CancellationToken, RouteDocument } from '../route/model';

export const SHOW_MAP_COMMAND = 'icaoRoute.showMap';

export function routeMapCodeLenses(uri: string, document: RouteDocument, token: CancellationToken): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const block of document.blocks) {
    if (token.isCancellationRequested) return [];
    const start = block.range.start;
    lenses.push({
      range: { start, end: start },
      command: {
        title: 'Show on map',
        command: SHOW_MAP_COMMAND,
        arguments: [uri, { line: start.line, character: start.character }],
      },
    });
  }
  return lenses;
}
