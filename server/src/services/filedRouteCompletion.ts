/**
 * Where routes filed by others are offered, and as what: on an empty route line of a block with
 * `origin:` and `destination:` and no route yet, one completion item per filed route. Pure: the
 * language service asks the session's lookup for the routes only when this says the place fits,
 * so nothing is asked per keystroke.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Position, RouteBlock, RouteDocument } from '../route/model';
import { describeFiledRoute, type FiledRouteGroup } from '../remote/filedRoutes';
import type { DocumentLines } from '../route/ranges';

export interface FiledRouteTarget {
  block: RouteBlock;
  origin: string;
  destination: string;
}

/**
 * The block whose route the blank line at `position` would be: the line is blank and inside the
 * block or just after its last line; the block has origin and destination and no route elements.
 */
export function filedRouteTarget(
  document: RouteDocument,
  lines: DocumentLines,
  position: Position,
): FiledRouteTarget | undefined {
  if (lines.lineText(position.line).trim() !== '') return undefined;
  const block = document.blocks.find(
    (b) => b.range.start.line <= position.line && position.line <= b.range.end.line + 1,
  );
  if (!block || block.fpl || block.elements.length > 0) return undefined;
  const origin = block.origin?.value;
  const destination = block.destination?.value;
  if (!origin || !destination || !/^[A-Za-z]{4}$/.test(origin) || !/^[A-Za-z]{4}$/.test(destination)) return undefined;
  return { block, origin: origin.toUpperCase(), destination: destination.toUpperCase() };
}

/** One item per filed route, most filed first; `note` (the 403 case, what the bounds left out) is said in each item's documentation. */
export function filedRouteItems(
  groups: readonly FiledRouteGroup[],
  position: Position,
  note?: string,
): CompletionItem[] {
  const line = position.line;
  return groups.map((group, i) => ({
    label: group.latestText,
    kind: CompletionItemKind.Snippet,
    detail: describeFiledRoute(group),
    ...(note ? { documentation: note } : {}),
    // Keeps the hub's order (most filed first) whatever the editor's own sorting.
    sortText: String(i).padStart(4, '0'),
    filterText: group.latestText,
    textEdit: { range: { start: { line, character: 0 }, end: position }, newText: group.latestText },
  }));
}
