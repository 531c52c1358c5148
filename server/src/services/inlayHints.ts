/**
 * Inlay hints (off by default, `icaoRoute.inlayHints.legDistances`): after each point written in
 * the route, the distance from the point written before it (along any airway between them), and
 * the route's total after its last element. Pure: expansion results come in through the lookup.
 */
import { InlayHintKind, type InlayHint } from 'vscode-languageserver-types';
import {
  pointOf,
  type CancellationToken,
  type ExpansionResult,
  type Position,
  type Range,
  type RouteBlock,
  type RouteDocument,
} from '../route/model';
import { comparePositions, rangesIntersect } from '../route/ranges';
import { formatNm, routeLegs } from './routeLegs';

export function inlayHints(
  document: RouteDocument,
  range: Range,
  resultFor: (block: RouteBlock) => ExpansionResult | undefined,
  token: CancellationToken,
): InlayHint[] {
  const hints: InlayHint[] = [];
  const blocks = document.blocks;
  // The editor asks for what is on screen: blocks are in order, so start at the first one that ends in it.
  for (let i = firstEndingAtOrAfter(blocks, range.start); i < blocks.length; i++) {
    const block = blocks[i]!; // i < blocks.length
    if (token.isCancellationRequested) return [];
    if (comparePositions(block.range.start, range.end) > 0) break;
    if (!rangesIntersect(block.range, range) || !block.routeRange) continue;
    const result = resultFor(block);
    if (!result || result.points.length < 2) continue;
    hints.push(...blockHints(block, result, range));
  }
  return hints;
}

/** The index of the first block that ends at or after `position` (blocks are in document order). */
function firstEndingAtOrAfter(blocks: readonly RouteBlock[], position: Position): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePositions(blocks[mid]!.range.end, position) < 0)
      lo = mid + 1; // lo <= mid < hi <= length
    else hi = mid;
  }
  return lo;
}

function blockHints(block: RouteBlock, result: ExpansionResult, range: Range): InlayHint[] {
  const { legs, totalNm } = routeLegs(result);
  const hints: InlayHint[] = [];
  let sinceWritten = 0;
  let started = false;
  for (const leg of legs) {
    sinceWritten += leg.legNm;
    const { elementIndex, via } = leg.point;
    // Airway interior points add up into the next written point's distance.
    if (via !== undefined || elementIndex < 0) {
      if (elementIndex < 0) started = true;
      continue;
    }
    const element = block.elements[elementIndex];
    const point = element ? pointOf(element) : undefined;
    if (element && point && started && rangesIntersect(element.range, range)) {
      hints.push({
        position: element.range.end,
        label: formatNm(sinceWritten),
        kind: InlayHintKind.Parameter,
        paddingLeft: true,
        tooltip: `${formatNm(sinceWritten)} from the point written before ${point.text}; ${formatNm(leg.cumulativeNm)} flown, ${formatNm(leg.remainingNm)} to go`,
      });
    }
    started = true;
    sinceWritten = 0;
  }
  const end = block.routeRange!.end;
  const [first] = legs;
  const last = legs.at(-1);
  if (first && last && rangesIntersect({ start: end, end }, range)) {
    hints.push({
      position: end,
      label: `total ${formatNm(totalNm)}`,
      kind: InlayHintKind.Parameter,
      paddingLeft: true,
      tooltip: `Route distance from ${first.point.designator} to ${last.point.designator} (geodesic legs)`,
    });
  }
  return hints;
}
