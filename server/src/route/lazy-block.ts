/**
 * A RouteBlock whose `elements` are built on first read. Diagnostics need only the check pass,
 * which allocates nothing per element; the complete elements (ranges, decoded descriptions)
 * cost as much again and are wanted only by hovers, symbols and expansion.
 *
 * `elements` is an accessor on the prototype: reading it, JSON.stringify (through toJSON) and
 * `structuredBlock()` see the elements; a plain object spread `{ ...block }` does not.
 */
import type { Directive, FplMessage, Located, Range, RouteBlock, RouteDiagnostic, RouteElement } from './model';
import { buildElements, type TextSegment } from './route-text';

export type BlockData = Omit<RouteBlock, 'elements'>;

export class LazyRouteBlock implements RouteBlock {
  kind: 'route' | 'fpl';
  range: Range;
  name: string;
  directives: Directive[];
  routeText: string;
  diagnostics: RouteDiagnostic[];
  declare origin?: Located<string>;
  declare destination?: Located<string>;
  declare referenceFix?: Located<string>;
  declare routeRange?: Range;
  declare fpl?: FplMessage;
  #elements: RouteElement[] | undefined;
  readonly #segments: readonly TextSegment[];

  constructor(data: BlockData, segments: readonly TextSegment[]) {
    this.kind = data.kind;
    this.range = data.range;
    this.name = data.name;
    this.directives = data.directives;
    this.routeText = data.routeText;
    this.diagnostics = data.diagnostics;
    if (data.origin) this.origin = data.origin;
    if (data.destination) this.destination = data.destination;
    if (data.referenceFix) this.referenceFix = data.referenceFix;
    if (data.routeRange) this.routeRange = data.routeRange;
    if (data.fpl) this.fpl = data.fpl;
    this.#segments = segments;
  }

  get elements(): RouteElement[] {
    return (this.#elements ??= buildElements(this.#segments));
  }

  set elements(value: RouteElement[]) {
    this.#elements = value;
  }

  /** Where the route text lives, to build a moved copy of this block without re-reading it. */
  get routeSegments(): readonly TextSegment[] {
    return this.#segments;
  }

  /** The block as plain data, elements included. */
  toJSON(): RouteBlock {
    return { ...this, elements: this.elements };
  }
}

/** A plain-object copy of a block with its elements (for deep comparisons and serialisation). */
export function structuredBlock(block: RouteBlock): RouteBlock {
  return block instanceof LazyRouteBlock ? block.toJSON() : block;
}
