/**
 * A RouteBlock whose `elements` and `routeText` are built on first read. Diagnostics need only
 * the check pass, which allocates next to nothing per element; the complete elements (ranges,
 * decoded descriptions) cost as much again and are wanted only by hovers, symbols, expansion.
 *
 * Both are accessors on the prototype: reading them, JSON.stringify (through toJSON) and
 * `structuredBlock()` see them; a plain object spread `{ ...block }` does not.
 */
import type { Directive, FplMessage, Located, Range, RouteBlock, RouteDiagnostic, RouteElement } from './model';
import { buildElements, buildRouteText, type TextSegment } from './route-text';

export type BlockData = Omit<RouteBlock, 'elements' | 'routeText'>;

export class LazyRouteBlock implements RouteBlock {
  kind: 'route' | 'fpl';
  range: Range;
  name: string;
  directives: Directive[];
  diagnostics: RouteDiagnostic[];
  declare origin?: Located<string>;
  declare destination?: Located<string>;
  declare referenceFix?: Located<string>;
  declare routeRange?: Range;
  declare fpl?: FplMessage;
  #elements: RouteElement[] | undefined;
  #routeText: string | undefined;
  readonly #segments: readonly TextSegment[];

  constructor(data: BlockData, segments: readonly TextSegment[]) {
    this.kind = data.kind;
    this.range = data.range;
    this.name = data.name;
    this.directives = data.directives;
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

  get routeText(): string {
    return (this.#routeText ??= buildRouteText(this.#segments));
  }

  set routeText(value: string) {
    this.#routeText = value;
  }

  /** Where the route text lives, to build a moved copy of this block without re-reading it. */
  get routeSegments(): readonly TextSegment[] {
    return this.#segments;
  }

  /** The block as plain data, elements included. */
  toJSON(): RouteBlock {
    return { ...this, routeText: this.routeText, elements: this.elements };
  }
}

/** A plain-object copy of a block with its elements (for deep comparisons and serialisation). */
export function structuredBlock(block: RouteBlock): RouteBlock {
  return block instanceof LazyRouteBlock ? block.toJSON() : block;
}
