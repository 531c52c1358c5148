/**
 * "Use a route filed by others (EGLL → EDDF)": the block at the cursor with its city pair, the
 * code action that runs the command, each filed route as a choice with its differences from the
 * route written, and the edit that puts the chosen one in place. Pure: the server fetches the
 * routes through the session only when the command runs.
 *
 * The edit replaces the route text only: a comment line or a `destination:` line between route
 * lines stays where it is, and a comment after a route on its line too. The user's speed/level
 * group stays unless they choose the filed one, and every change of speed or level is said.
 */
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { COMMANDS } from '../../../common/commands';
import type { FiledRouteAnchor, FiledRouteChoice } from '../../../common/protocol/lspMessages';
import type { Position, RouteBlock, RouteDocument } from '../route/model';
import { filedRouteTarget } from './filedRouteCompletion';
import {
  describeFiledRoute,
  routeDifferences,
  speedLevelChanges,
  speedLevelOfRoute,
  withSpeedLevel,
  type FiledRouteGroup,
} from '../remote/filedRoutes';
import type { DocumentLines } from '../route/ranges';

export interface FiledRoutePlace {
  block: RouteBlock;
  origin: string;
  destination: string;
  /** The empty route line at the cursor that a chosen route fills, when that is the place. */
  emptyLine?: number;
  /** The route written: its elements, single blanks (no comment's words). Empty for none. */
  currentRoute: string;
  /** The route's own speed/level group (`N0450F150`), which a chosen route keeps. */
  speedLevel?: string;
}

function upperPair(block: RouteBlock): { origin: string; destination: string } | undefined {
  const origin = block.origin?.value;
  const destination = block.destination?.value;
  if (block.fpl || !origin || !destination) return undefined;
  if (!/^[A-Za-z]{4}$/.test(origin) || !/^[A-Za-z]{4}$/.test(destination)) return undefined;
  return { origin: origin.toUpperCase(), destination: destination.toUpperCase() };
}

/** The place of a block with origin and destination (not an FPL message). */
function placeOfBlock(block: RouteBlock): FiledRoutePlace | undefined {
  const pair = upperPair(block);
  if (!pair) return undefined;
  const first = block.elements[0];
  return {
    block,
    ...pair,
    currentRoute: block.elements.length > 0 ? block.routeText : '',
    ...(first?.kind === 'speedLevel' ? { speedLevel: first.text.toUpperCase() } : {}),
  };
}

/** The block at `position` (or whose empty route line it is) with origin and destination, not an FPL message. */
export function filedRoutePlace(
  document: RouteDocument,
  lines: DocumentLines,
  position: Position,
): FiledRoutePlace | undefined {
  const empty = filedRouteTarget(document, lines, position);
  if (empty) return { ...empty, emptyLine: position.line, currentRoute: '' };
  const block = document.blocks.find((b) => b.range.start.line <= position.line && position.line <= b.range.end.line);
  return block ? placeOfBlock(block) : undefined;
}

/** What the command remembers of the place, to find the route again in a newer version. */
export function filedRouteAnchor(place: FiledRoutePlace): FiledRouteAnchor {
  return { origin: place.origin, destination: place.destination, route: place.currentRoute };
}

/**
 * The place the anchor names in the document as it is now: the block of the same city pair and
 * the same route, the one at `position` if it is one, else the nearest to it. Undefined when no
 * block has that route any more (the user changed it meanwhile).
 */
export function filedRoutePlaceAgain(
  document: RouteDocument,
  lines: DocumentLines,
  position: Position,
  anchor: FiledRouteAnchor,
): FiledRoutePlace | undefined {
  const here = filedRoutePlace(document, lines, position);
  if (here && matches(here, anchor)) return here;
  let best: FiledRoutePlace | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const block of document.blocks) {
    const place = placeOfBlock(block);
    if (!place || !matches(place, anchor)) continue;
    const away = Math.abs(block.range.start.line - position.line);
    if (away < distance) [best, distance] = [place, away];
  }
  return best;
}

function matches(place: FiledRoutePlace, anchor: FiledRouteAnchor): boolean {
  return (
    place.origin === anchor.origin &&
    place.destination === anchor.destination &&
    place.currentRoute.toUpperCase() === anchor.route.toUpperCase()
  );
}

/**
 * The edits that put `route` in place of the route written: on the first route line, from its
 * first element to its last; the other route lines lose their route text, and a line left with
 * nothing else goes whole. Every other line, and a comment after a route, stays. Without a route:
 * the empty line at the cursor, or a new line after the block's last.
 */
export function filedRouteEdits(place: FiledRoutePlace, lines: DocumentLines, route: string): TextEdit[] {
  const { block } = place;
  if (place.emptyLine !== undefined) {
    const line = place.emptyLine;
    return [
      {
        range: { start: { line, character: 0 }, end: { line, character: lines.lineText(line).length } },
        newText: route,
      },
    ];
  }
  if (block.elements.length === 0) {
    const end = block.range.end;
    return [{ range: { start: end, end }, newText: `\n${route}` }];
  }
  // Each route line's span: its first element's start to its last element's end.
  const spans = new Map<number, { start: number; end: number }>();
  for (const element of block.elements) {
    const { start, end } = element.range;
    const span = spans.get(start.line);
    if (span) span.end = Math.max(span.end, end.character);
    else spans.set(start.line, { start: start.character, end: end.character });
  }
  const routeLines = [...spans.keys()].sort((a, b) => a - b);
  const [first, ...rest] = routeLines;
  const firstSpan = spans.get(first!)!;
  const edits: TextEdit[] = [
    {
      range: { start: { line: first!, character: firstSpan.start }, end: { line: first!, character: firstSpan.end } },
      newText: route,
    },
  ];
  // Lines of route text alone go whole, consecutive ones in one edit; a comment after a route stays.
  let run: { from: number; to: number } | undefined;
  const flush = () => {
    if (!run) return;
    const { from, to } = run;
    edits.push(
      to + 1 < lines.lineCount
        ? { range: { start: { line: from, character: 0 }, end: { line: to + 1, character: 0 } }, newText: '' }
        : {
            range: {
              start: { line: from - 1, character: lines.lineText(from - 1).length },
              end: { line: to, character: lines.lineText(to).length },
            },
            newText: '',
          },
    );
    run = undefined;
  };
  for (const line of rest) {
    const text = lines.lineText(line);
    const span = spans.get(line)!;
    const alone = text.slice(0, span.start).trim() === '' && text.slice(span.end).trim() === '';
    if (!alone) {
      flush();
      // The comment after the route stays, without the blank that led to it.
      const end = text.slice(span.end).match(/^\s*/)![0].length + span.end;
      edits.push({ range: { start: { line, character: span.start }, end: { line, character: end } }, newText: '' });
      continue;
    }
    if (run && run.to === line - 1) run.to = line;
    else {
      flush();
      run = { from: line, to: line };
    }
  }
  flush();
  return edits;
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

/** What changes in speed and level when `written` replaces `current`, in words; empty for nothing. */
function speedLevelDifferences(current: string, written: string, filedGroup: string | undefined): string {
  const parts: string[] = [];
  const before = speedLevelOfRoute(current);
  const after = speedLevelOfRoute(written);
  if (before && after && before !== after) parts.push(`speed/level ${before} → ${after}`);
  else if (!before && after && current.trim()) parts.push(`speed/level ${after} added`);
  else if (before && filedGroup && filedGroup !== before) parts.push(`keeps ${before} (filed ${filedGroup})`);
  const changes = speedLevelChanges(current, written);
  if (changes) parts.push(`speed/level changes ${changes}`);
  return parts.join('; ');
}

/**
 * Each filed route as the quick pick shows it: the text written when chosen (the user's own
 * speed/level group in place of the filed one), the filed group as the alternative when it
 * differs, its count and latest filing, and its differences from the route written, speed and
 * level included.
 */
export function filedRouteChoices(
  groups: readonly FiledRouteGroup[],
  place: Pick<FiledRoutePlace, 'currentRoute' | 'speedLevel'>,
): FiledRouteChoice[] {
  const current = place.currentRoute;
  return groups.map((group) => {
    const filedGroup = speedLevelOfRoute(group.latestText);
    const text = place.speedLevel ? withSpeedLevel(group.latestText, place.speedLevel) : group.latestText;
    const describe = (written: string) => {
      if (!current.trim()) return 'no route written yet';
      const elements = routeDifferences(current, written) || 'same route';
      const levels = speedLevelDifferences(current, written, filedGroup);
      return levels ? `${elements}; ${levels}` : elements;
    };
    const choice: FiledRouteChoice = { text, detail: describeFiledRoute(group), differences: describe(text) };
    if (text !== group.latestText && filedGroup)
      choice.withFiledSpeedLevel = {
        speedLevel: filedGroup,
        text: group.latestText,
        differences: describe(group.latestText),
      };
    return choice;
  });
}
