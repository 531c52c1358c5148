/**
 * The blocks a parse hands out. Diagnostics need a block read once; the rest of the model
 * (directives, FPL fields, elements with ranges and decoded descriptions, route text) is wanted
 * only by hovers, symbols and expansion, and only for some blocks. So a block keeps its kind,
 * range, name and findings, plus its lines; everything else is read again on first use and then
 * kept. A parse of a large file thus leaves little behind, which is most of its cost.
 *
 * The lazy parts are accessors on the prototype: reading them and JSON.stringify (through
 * toJSON) see them; a plain object spread `{ ...block }` does not (use `block.toJSON()`).
 */
import { readBlock, type BlockRead } from './block';
import type { RawBlock } from './blocks';
import type { Directive, FplMessage, Located, Range, RouteBlock, RouteDiagnostic, RouteElement } from './model';
import { buildElements, buildRouteText } from './routeText';

/** What a block keeps from its first reading. */
export interface BlockSummary {
  kind: RouteBlock['kind'];
  range: Range;
  name: string;
  diagnostics: RouteDiagnostic[];
}

/** A deep copy of `value` with every position moved by `delta` lines. */
export function shifted<T>(value: T, delta: number): T {
  if (Array.isArray(value)) return value.map((v) => shifted(v, delta)) as T;
  if (value === null || typeof value !== 'object') return value;
  const src = value as Record<string, unknown>;
  if (typeof src.line === 'number' && typeof src.character === 'number') {
    return { line: src.line + delta, character: src.character } as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(src)) out[key] = shifted(src[key], delta);
  return out as T;
}

export class LazyRouteBlock implements RouteBlock {
  kind: RouteBlock['kind'];
  name: string;
  #range: Range | undefined;
  #diagnostics: RouteDiagnostic[] | undefined;
  /**
   * For a moved block whose range and findings nobody has asked for yet: the block they are
   * shifted from (never itself a pending one) and by how many lines. An edit that moves 40,000
   * blocks thus costs one small object per block, not a copy of each block's findings.
   */
  #shiftFrom: { block: LazyRouteBlock; delta: number } | undefined;
  readonly #raw: RawBlock;
  #read: BlockRead | undefined;
  #elements: RouteElement[] | undefined;
  #routeText: string | undefined;
  #set: Partial<RouteBlock> | undefined;
  /** For a moved block: what the block it came from had built, shifted on demand. */
  #moved: { depth: number; read(): BlockRead | undefined; elements(): RouteElement[] | undefined } | undefined;

  constructor(raw: RawBlock, summary: BlockSummary, read?: BlockRead) {
    this.kind = summary.kind;
    this.#range = summary.range;
    this.name = summary.name;
    this.#diagnostics = summary.diagnostics;
    this.#raw = raw;
    this.#read = read;
  }

  get range(): Range {
    return (this.#range ??= shifted(this.#shiftFrom!.block.range, this.#shiftFrom!.delta));
  }
  set range(value: Range) {
    this.#range = value;
  }

  get diagnostics(): RouteDiagnostic[] {
    return (this.#diagnostics ??= shifted(this.#shiftFrom!.block.diagnostics, this.#shiftFrom!.delta));
  }
  set diagnostics(value: RouteDiagnostic[]) {
    this.#diagnostics = value;
  }

  /** How many findings the block has, without shifting them into place. */
  get diagnosticCount(): number {
    return (this.#diagnostics ?? this.#shiftFrom!.block.diagnostics).length;
  }

  /** The lines it was read from (first line, lines, key). */
  get raw(): RawBlock {
    return this.#raw;
  }

  private get read(): BlockRead {
    // The block read before, so it reads the same; `!` because only blocks with content exist.
    return (this.#read ??= this.#moved?.read() ?? readBlock(this.#raw)!);
  }

  private field<K extends keyof RouteBlock>(key: K, read: () => RouteBlock[K]): RouteBlock[K] {
    const set = this.#set;
    return set && key in set ? (set[key] as RouteBlock[K]) : read();
  }

  private assign<K extends keyof RouteBlock>(key: K, value: RouteBlock[K]): void {
    (this.#set ??= {})[key] = value;
  }

  get directives(): Directive[] {
    return this.field('directives', () => this.read.data.directives);
  }
  set directives(value: Directive[]) {
    this.assign('directives', value);
  }
  get origin(): Located<string> | undefined {
    return this.field('origin', () => this.read.data.origin);
  }
  set origin(value: Located<string> | undefined) {
    this.assign('origin', value);
  }
  get destination(): Located<string> | undefined {
    return this.field('destination', () => this.read.data.destination);
  }
  set destination(value: Located<string> | undefined) {
    this.assign('destination', value);
  }
  get referenceFix(): Located<string> | undefined {
    return this.field('referenceFix', () => this.read.data.referenceFix);
  }
  set referenceFix(value: Located<string> | undefined) {
    this.assign('referenceFix', value);
  }
  get routeRange(): Range | undefined {
    return this.field('routeRange', () => this.read.data.routeRange);
  }
  set routeRange(value: Range | undefined) {
    this.assign('routeRange', value);
  }
  get fpl(): FplMessage | undefined {
    return this.field('fpl', () => this.read.data.fpl);
  }
  set fpl(value: FplMessage | undefined) {
    this.assign('fpl', value);
  }

  get elements(): RouteElement[] {
    return (this.#elements ??= this.#moved?.elements() ?? buildElements(this.read.routeSegments));
  }
  set elements(value: RouteElement[]) {
    this.#elements = value;
  }

  get routeText(): string {
    return (this.#routeText ??= buildRouteText(this.read.routeSegments));
  }
  set routeText(value: string) {
    this.#routeText = value;
  }

  /**
   * The same block moved to `raw.firstLine`. Its summary is shifted now; what was built of it
   * (model, elements) is shifted when first used, so a parse after an edit that moves every
   * block stays cheap; nothing is read again.
   */
  movedTo(
    raw: RawBlock,
    shift: <T>(value: T) => T = (value) => shifted(value, raw.firstLine - this.#raw.firstLine),
  ): LazyRouteBlock {
    const delta = raw.firstLine - this.#raw.firstLine;
    const moved = new LazyRouteBlock(raw, {
      kind: this.kind,
      range: undefined!,
      name: this.name,
      diagnostics: undefined!,
    });
    // Shifted from the block this one was shifted from, if any: chains of moves stay one deep.
    const base = this.#shiftFrom ?? { block: this as LazyRouteBlock, delta: 0 };
    moved.#shiftFrom = { block: base.block, delta: base.delta + delta };
    const built = this.#read;
    const builtElements = this.#elements;
    // Shifts of shifts chain up while nobody looks; past a few, reading again is cheaper.
    const earlier = this.#moved && this.#moved.depth < 4 ? this.#moved : undefined;
    if (built || builtElements || earlier) {
      moved.#moved = {
        depth: (earlier?.depth ?? 0) + 1,
        read: () => {
          const read = built ?? earlier?.read();
          return (
            read && {
              data: shift(read.data),
              routeSegments: read.routeSegments.movedBy(delta),
            }
          );
        },
        elements: () => {
          const elements = builtElements ?? earlier?.elements();
          return elements && shift(elements);
        },
      };
    }
    if (this.#routeText !== undefined) moved.#routeText = this.#routeText;
    if (this.#set) moved.#set = shift(this.#set);
    return moved;
  }

  /** The block as plain data, every field included (undefined ones left out). */
  toJSON(): RouteBlock {
    const out: RouteBlock = {
      kind: this.kind,
      range: this.range,
      name: this.name,
      directives: this.directives,
      routeText: this.routeText,
      elements: this.elements,
      diagnostics: this.diagnostics,
    };
    const { origin, destination, referenceFix, routeRange, fpl } = this;
    if (origin) out.origin = origin;
    if (destination) out.destination = destination;
    if (referenceFix) out.referenceFix = referenceFix;
    if (routeRange) out.routeRange = routeRange;
    if (fpl) out.fpl = fpl;
    return out;
  }
}

/**
 * Reads a block for its findings and keeps only its summary (and its lines); undefined for a
 * block of nothing but comments.
 */
export function parseBlock(raw: RawBlock): LazyRouteBlock | undefined {
  const read = readBlock(raw, false);
  if (!read) return undefined;
  const { kind, range, name, diagnostics } = read.data;
  return new LazyRouteBlock(raw, { kind, range, name, diagnostics });
}
