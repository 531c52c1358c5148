/**
 * The blocks of an edited document (RouteDocumentEditor). A block's place is its entry's line
 * relative to a line anchor shared by a run of neighbouring blocks: an edit that adds or removes
 * lines moves every block below it by changing a few anchors, without touching, let alone
 * re-creating, the blocks. A 5 MB file has ~40,000 blocks: re-creating each one below a new
 * line, and the garbage collection of the old ones, was most of the cost of pressing Enter.
 *
 * The price: a block is the same object from one version of the document to the next, so a
 * document handed out earlier sees its blocks at their newest place. Only the newest version of
 * a document is worked on (an edit cancels the work on the older one); the background expansion,
 * which outlives versions, works on a copy (`toJSON`).
 *
 * What depends on the place (range, findings, the model) is shifted from the block as it was
 * read when first asked for at a new place, and kept until the block moves again; what does not
 * (kind, name, route text, the number of findings) is read as it is.
 */
import type { RawBlock } from './blocks';
import { LazyRouteBlock, shifted } from './lazyBlock';
import type { Directive, FplMessage, Located, Range, RouteBlock, RouteDiagnostic, RouteElement } from './model';

/** A line offset shared by a run of blocks: they all move when it changes. */
export interface LineAnchor {
  offset: number;
  /** How many entries (blocks, and runs of comment lines) it places. */
  count: number;
}

/** Where a block is: its first line is `line + anchor.offset`. */
export interface BlockPlace {
  line: number;
  anchor: LineAnchor;
}

export function firstLineOf(place: BlockPlace): number {
  return place.line + place.anchor.offset;
}

/** A block's range and findings placed at `line` (kept only for blocks asked for them). */
interface Placed {
  rangeLine: number;
  range?: Range;
  diagnosticsLine: number;
  diagnostics?: RouteDiagnostic[];
}

/**
 * A block of the editor, and its place: the editor moves it by setting `line` and `anchor` (it
 * is its own entry, so a block costs one object of four fields on top of the block as read).
 */
export class MovableRouteBlock implements RouteBlock, BlockPlace {
  /** Its first line relative to `anchor` (set by the editor only). */
  line: number;
  anchor: LineAnchor;
  /** The block as read (or last moved), at `#inner.firstLine`. */
  #inner: LazyRouteBlock;
  #placed: Placed | undefined;

  constructor(inner: LazyRouteBlock, line: number, anchor: LineAnchor) {
    this.#inner = inner;
    this.line = line;
    this.anchor = anchor;
  }

  /** How many findings it has (its lines never change, so neither does this). */
  get diagnosticCount(): number {
    return this.#inner.diagnosticCount;
  }

  /** Its first line, now. */
  get firstLine(): number {
    return this.line + this.anchor.offset;
  }

  /** Its lines joined by '\n' (position-free: the cache key of whatever is derived from them). */
  get key(): string {
    return this.#inner.key;
  }

  /** The block as read, moved to where it is now (on first use after a move). */
  private get placed(): LazyRouteBlock {
    const line = this.firstLine;
    const inner = this.#inner;
    if (inner.firstLine === line) return inner;
    this.#placed = undefined; // the moved block says its range and findings itself
    return (this.#inner = inner.movedTo(line));
  }

  /** The same block as a LazyRouteBlock of its own, at its place now (it will not move). */
  settled(): LazyRouteBlock {
    return this.placed;
  }

  get kind(): RouteBlock['kind'] {
    return this.#inner.kind;
  }
  get name(): string {
    return this.#inner.name;
  }
  get routeText(): string {
    return this.#inner.routeText;
  }

  get range(): Range {
    const line = this.firstLine;
    const inner = this.#inner;
    // In place (most blocks): the block as read says it; nothing to keep.
    if (inner.firstLine === line) return inner.range;
    const placed = (this.#placed ??= { rangeLine: -1, diagnosticsLine: -1 });
    if (placed.rangeLine !== line) {
      placed.range = shifted(inner.range, line - inner.firstLine);
      placed.rangeLine = line;
    }
    return placed.range!;
  }

  get diagnostics(): RouteDiagnostic[] {
    // Most blocks have none: nothing to shift (a fresh array: callers may keep it).
    if (this.diagnosticCount === 0) return [];
    const line = this.firstLine;
    const inner = this.#inner;
    if (inner.firstLine === line) return inner.diagnostics;
    const placed = (this.#placed ??= { rangeLine: -1, diagnosticsLine: -1 });
    if (placed.diagnosticsLine !== line) {
      placed.diagnostics = shifted(inner.diagnostics, line - inner.firstLine);
      placed.diagnosticsLine = line;
    }
    return placed.diagnostics!;
  }

  get raw(): RawBlock {
    return this.placed.raw;
  }
  get directives(): Directive[] {
    return this.placed.directives;
  }
  get origin(): Located<string> | undefined {
    return this.placed.origin;
  }
  get destination(): Located<string> | undefined {
    return this.placed.destination;
  }
  get referenceFix(): Located<string> | undefined {
    return this.placed.referenceFix;
  }
  get routeRange(): Range | undefined {
    return this.placed.routeRange;
  }
  get fpl(): FplMessage | undefined {
    return this.placed.fpl;
  }
  get elements(): RouteElement[] {
    return this.placed.elements;
  }

  /** The block as plain data at its place now: a copy that stays put. */
  toJSON(): RouteBlock {
    return this.placed.toJSON();
  }
}

/** The block's lines joined by '\n' when the parser kept them (its blocks' cache key), else undefined. */
export function keyOfBlock(block: RouteBlock): string | undefined {
  if (block instanceof MovableRouteBlock) return block.key;
  if (block instanceof LazyRouteBlock) return block.key || undefined;
  return undefined;
}

/**
 * The block where it is now, as an object that stays there: work that outlives the version
 * (a background expansion) reads this, not a block that a newer edit may move.
 */
export function settledBlock(block: RouteBlock): RouteBlock {
  return block instanceof MovableRouteBlock ? block.settled() : block;
}

/** How many findings a block has, without shifting them into place. */
export function diagnosticCountOf(block: RouteBlock): number {
  return block instanceof MovableRouteBlock || block instanceof LazyRouteBlock
    ? block.diagnosticCount
    : block.diagnostics.length;
}
