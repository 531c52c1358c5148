/**
 * Code lenses: "Show on map" above each of the first MAX_CODE_LENSES route blocks, running the
 * client's icaoRoute.showMap with the document and the block's first line (the map opens on that
 * block).
 *
 * A lens is sent without its command (its place and a number standing for the document), and the
 * command is made when the editor resolves the lens: VS Code resolves only the lenses on screen.
 * LSP's CodeLensParams carry no visible range, and VS Code asks again after every edit, so the
 * answer is capped: one lens per block for the blocks near the top of the document, and no work
 * at all for the blocks past the cap (a 20 MB file once sent 17 MB of lenses on every edit).
 */
import type { CodeLens } from 'vscode-languageserver-types';
import type { CancellationToken, RouteDocument } from '../route/model';

import { SHOW_MAP_COMMAND } from '../../../common/commands';

/** Lenses sent per document at most: those of its first blocks (docs/limits.md). */
export const MAX_CODE_LENSES = 1_000;

/** The lenses of a document's first blocks, unresolved; `data` comes back with each lens to resolve. */
export function routeMapCodeLenses(
  document: RouteDocument,
  data: number,
  token: CancellationToken,
  max: number = MAX_CODE_LENSES,
): CodeLens[] {
  const { blocks } = document;
  const count = Math.min(blocks.length, Math.max(0, max));
  const lenses: CodeLens[] = [];
  for (const block of blocks.slice(0, count)) {
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
