/**
 * "Use a route filed by others (EGLL → EDDF)": the block at the cursor with its city pair, what a
 * chosen route replaces, the code action that runs the command, and each filed route as a choice
 * with its differences from the route written. Pure: the server fetches the routes through the
 * session only when the command runs.
 */
import type { CodeAction } from 'vscode-languageserver-types';
import { COMMANDS } from '../../../common/commands';
import type { FiledRouteChoice } from '../../../common/protocol/lspMessages';
import type { Position, Range, RouteBlock, RouteDocument } from '../route/model';
import { filedRouteTarget } from './filedRouteCompletion';
import { describeFiledRoute, routeDifferences, type FiledRouteGroup } from '../remote/filedRoutes';
import type { DocumentLines } from '../route/ranges';

export interface FiledRoutePlace {
  block: RouteBlock;
  origin: string;
  destination: string;
  /** What a chosen route replaces: the route text written, or the empty line the cursor is on. */
  range: Range;
  /** Put before the chosen route: a line break when it goes after the block's last line. */
  prefix?: string;
  currentRoute: string;
}

/** The block at `position` (or whose empty route line it is) with origin and destination, not an FPL message. */
export function filedRoutePlace(
  document: RouteDocument,
  lines: DocumentLines,
  position: Position,
): FiledRoutePlace | undefined {
  const empty = filedRouteTarget(document, lines, position);
  if (empty) {
    const line = position.line;
    const range = { start: { line, character: 0 }, end: { line, character: lines.lineText(line).length } };
    return { ...empty, range, currentRoute: '' };
  }
  const block = document.blocks.find((b) => b.range.start.line <= position.line && position.line <= b.range.end.line);
  const origin = block?.origin?.value;
  const destination = block?.destination?.value;
  if (!block || block.fpl || !origin || !destination) return undefined;
  if (!/^[A-Za-z]{4}$/.test(origin) || !/^[A-Za-z]{4}$/.test(destination)) return undefined;
  if (!block.routeRange) {
    // No route yet: a chosen one goes on a new line after the block's last.
    const end = block.range.end;
    return {
      block,
      origin: origin.toUpperCase(),
      destination: destination.toUpperCase(),
      range: { start: end, end },
      prefix: '\n',
      currentRoute: '',
    };
  }
  const range = block.routeRange;
  const parts: string[] = [];
  for (let line = range.start.line; line <= range.end.line; line++) {
    const text = lines.lineText(line);
    parts.push(
      text.slice(
        line === range.start.line ? range.start.character : 0,
        line === range.end.line ? range.end.character : undefined,
      ),
    );
  }
  return {
    block,
    origin: origin.toUpperCase(),
    destination: destination.toUpperCase(),
    range,
    currentRoute: parts.join(' '),
  };
}

export function filedRouteTitle(origin: string, destination: string): string {
  return `Use a route filed by others (${origin} → ${destination})`;
}

/** The code action at the cursor: runs the command with the document and position (no hub call here). */
export function filedRouteAction(place: FiledRoutePlace, uri: string, position: Position): CodeAction {
  const title = filedRouteTitle(place.origin, place.destination);
  return {
    title,
    kind: 'refactor.rewrite',
    command: { title, command: COMMANDS.useFiledRoute, arguments: [{ uri, position }] },
  };
}

/** Each filed route as the quick pick shows it: its text, count and latest filing, differences from `current`. */
export function filedRouteChoices(groups: readonly FiledRouteGroup[], current: string): FiledRouteChoice[] {
  return groups.map((group) => ({
    text: group.latestText,
    detail: describeFiledRoute(group),
    differences: current.trim() ? routeDifferences(current, group.latestText) || 'same route' : 'no route written yet',
  }));
}
