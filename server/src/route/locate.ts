/**
 * Finds what lies under a position: the block, then the most specific thing inside it (a route
 * element, a directive, an FPL field or a field-18 or field-19 item). Blocks are in document order, so a
 * binary search keeps hovers on a 5 MB document instant.
 */
import type { Directive, FplField, Position, Range, RouteBlock, RouteDocument, RouteElement } from './model';
import { comparePositions, rangeContains } from './ranges';

export type Located =
  | { kind: 'element'; block: RouteBlock; element: RouteElement; index: number }
  | { kind: 'directive'; block: RouteBlock; directive: Directive; part: 'key' | 'value' }
  | { kind: 'fplItem'; block: RouteBlock; item: { indicator: string; value: string; range: Range } }
  | { kind: 'fplSupplementaryItem'; block: RouteBlock; item: { indicator: string; value: string; range: Range } }
  | { kind: 'fplField'; block: RouteBlock; field: FplField }
  | { kind: 'block'; block: RouteBlock };

/** The index of the block whose range holds the position, or −1 (binary search: blocks are in document order). */
export function blockIndexAt(document: RouteDocument, position: Position): number {
  const blocks = document.blocks;
  let low = 0;
  let high = blocks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = blocks[middle]!.range; // low <= middle <= high < blocks.length
    if (comparePositions(position, range.start) < 0) high = middle - 1;
    else if (comparePositions(position, range.end) > 0) low = middle + 1;
    else return middle;
  }
  return -1;
}

export function blockAt(document: RouteDocument, position: Position): RouteBlock | undefined {
  const index = blockIndexAt(document, position);
  return index >= 0 ? document.blocks[index] : undefined;
}

export function locate(document: RouteDocument, position: Position): Located | undefined {
  const block = blockAt(document, position);
  if (!block) return undefined;
  const elements = block.elements;
  const index = elements.findIndex((e) => rangeContains(e.range, position));
  const element = elements[index];
  if (element) return { kind: 'element', block, element, index };

  for (const directive of block.directives) {
    if (rangeContains(directive.keyRange, position)) return { kind: 'directive', block, directive, part: 'key' };
    if (rangeContains(directive.valueRange, position)) return { kind: 'directive', block, directive, part: 'value' };
  }
  const item = block.fpl?.otherInformation.find((i) => rangeContains(i.range, position));
  if (item) return { kind: 'fplItem', block, item };
  const supplementary = block.fpl?.supplementaryInformation?.find((i) => rangeContains(i.range, position));
  if (supplementary) return { kind: 'fplSupplementaryItem', block, item: supplementary };
  const field = block.fpl?.fields.find((f) => rangeContains(f.range, position));
  if (field) return { kind: 'fplField', block, field };
  return { kind: 'block', block };
}
