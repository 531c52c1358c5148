/**
 * The blocks a parse hands out. Diagnostics need a block read once; the rest of the model
 * (directives, FPL fields, elements with ranges and decoded descriptions, route text, the name)
 * is wanted only by hovers, symbols and expansion, and only for some blocks. So a block keeps its
 * text, first line, kind and number of findings; everything else (its findings and name
 * included) is read again from its text on first use and then kept. A parse of a large file thus
 * leaves four fields a block behind (issue 11.1: a document of blocks of three characters).
 *
 * The lazy parts are accessors on the prototype: reading them and JSON.stringify (through
 * toJSON) see them; a plain object spread `{ ...block }` does not (use `block.toJSON()`).
 */
import { checkBlock, KEEP_TOKENS_FOR_ELEMENTS, readBlock, readRouteSegments, type BlockRead } from './block';
import type { RawBlock } from './blocks';
import type { Directive, FplMessage, Located, Range, RouteBlock, RouteDiagnostic, RouteElement } from './model';
import { spanRange } from './diagnostics';
import { buildRouteText, scanElements, skipBlanks, trimmedEnd } from './routeText';
import type { ElementStore } from './elementViews';
import { decodeTokens } from './keptTokens';
import { TextSegments } from './segments';

/** What a block keeps from its first reading. */
export interface BlockSummary {
  kind: RouteBlock['kind'];
  /** How many findings the block has; they are read again when asked for (see `diagnostics`). */
  diagnosticCount: number;
  /** The check pass's tokens for the elements (keptTokens.ts), when they fit. */
  tokens?: string;
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

/** The range of a block's lines: first to last non-blank line (comments included). */
export function blockRange(raw: RawBlock): Range {
  const { lines, firstLine } = raw;
  // A raw block has at least one (non-blank) line.
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  return spanRange(
    firstLine,
    skipBlanks(first, 0, first.length),
    firstLine + lines.length - 1,
    trimmedEnd(last, 0, last.length),
  );
}

/** The same range from the block's lines joined by '\n', without splitting them. */
function rangeOfText(firstLine: number, text: string): Range {
  const firstEnd = text.indexOf('\n');
  if (firstEnd < 0)
    return spanRange(firstLine, skipBlanks(text, 0, text.length), firstLine, trimmedEnd(text, 0, text.length));
  let lineBreaks = 1;
  for (let at = text.indexOf('\n', firstEnd + 1); at >= 0; at = text.indexOf('\n', at + 1)) lineBreaks++;
  const lastStart = text.lastIndexOf('\n') + 1;
  return spanRange(
    firstLine,
    skipBlanks(text, 0, firstEnd),
    firstLine + lineBreaks,
    trimmedEnd(text, lastStart, text.length) - lastStart,
  );
}

/** Blocks longer than this keep their range once computed (counting their lines is not free). */
const KEEP_RANGE_FROM = 256;

/** What a block built on demand, or was given by a setter: most blocks never need any of it. */
interface Built {
  read?: BlockRead;
  /** Where the route text lies, when read without the rest of the block (for elements and route text). */
  segments?: TextSegments;
  /** What the elements are views on (unless they were set; undefined: let go when they are set). */
  store?: ElementStore | undefined;
  /** The check pass's tokens (keptTokens.ts): the store without reading the text again. */
  tokens?: string;
  name?: string;
  elements?: RouteElement[];
  routeText?: string;
  set?: Partial<RouteBlock>;
  range?: Range;
  /** The findings, once read (or set). */
  diagnostics?: RouteDiagnostic[];
  /**
   * For a moved block: the findings of the block it came from, shifted, if that block had read
   * them (undefined: let go once read, so that block may go).
   */
  findings?: (() => RouteDiagnostic[]) | undefined;
  /** For a moved block: what the block it came from had built, shifted on demand. */
  moved?: {
    depth: number;
    read(): BlockRead | undefined;
    segments(): TextSegments | undefined;
    store(): ElementStore | undefined;
    elements(): RouteElement[] | undefined;
  };
}

/**
 * A parsed block. What it holds is its text (its lines joined by '\n', or the lines themselves
 * when the parse made no such key), its first line, kind and number of findings; its range
 * follows from its text, and its findings (each a message of a few hundred bytes) and name are
 * read again from it when first asked for: the editor asks for the first thousand findings of a
 * document, so a document of a million blocks with a finding each holds four fields a block.
 */
export class LazyRouteBlock implements RouteBlock {
  /** The block's lines joined by '\n' (the parser's key), or its lines (a parse without keys). */
  #text: string | readonly string[];
  readonly #firstLine: number;
  /** The number of findings times two, plus one for an FPL block: one small integer, no object. */
  #facts: number;
  /**
   * What it built; a block that has built nothing but kept its check pass's tokens holds their
   * record itself (an object for it was more than the record: see `made` and `make`).
   */
  #built: Built | string | undefined;

  constructor(raw: RawBlock, summary: BlockSummary, read?: BlockRead) {
    this.#text = raw.key || raw.lines;
    this.#firstLine = raw.firstLine;
    this.#facts = summary.diagnosticCount * 2 + (summary.kind === 'fpl' ? 1 : 0);
    if (read) this.#built = { read };
    else this.#built = summary.tokens;
  }

  /** What it built, if anything. */
  private made(): Built | undefined {
    const built = this.#built;
    return typeof built === 'object' ? built : undefined;
  }

  /** What it built, made an object to build more on (with the record it kept, if any). */
  private make(): Built {
    const built = this.#built;
    if (typeof built === 'object') return built;
    return (this.#built = built === undefined ? {} : { tokens: built });
  }

  /**
   * Takes `key`, the same text as its own, as its own: a parse's keys are slices of its text
   * (blocks.ts textBlocks), and a block taken over by a later parse holds a slice of the later
   * text, so that no block keeps an older version's text alive.
   */
  sameTextAs(key: string): void {
    if (typeof this.#text === 'string') this.#text = key;
  }

  /** Zero-based index of its first line in the document. */
  get firstLine(): number {
    return this.#firstLine;
  }

  /** Its lines joined by '\n' when the parse made keys (the incremental parser and the editor), else ''. */
  get key(): string {
    return typeof this.#text === 'string' ? this.#text : '';
  }

  get name(): string {
    const built = this.made();
    if (built?.name !== undefined) return built.name;
    return this.read.data.name;
  }
  set name(value: string) {
    this.make().name = value;
  }

  get kind(): RouteBlock['kind'] {
    return this.#facts & 1 ? 'fpl' : 'route';
  }
  set kind(value: RouteBlock['kind']) {
    this.#facts = (this.#facts & ~1) | (value === 'fpl' ? 1 : 0);
  }

  /** How many findings the block has, without reading them. */
  get diagnosticCount(): number {
    return this.made()?.diagnostics?.length ?? this.#facts >> 1;
  }

  get range(): Range {
    const built = this.made();
    if (built?.range) return built.range;
    const text = this.#text;
    if (typeof text !== 'string') return blockRange(this.raw);
    const range = rangeOfText(this.#firstLine, text);
    if (text.length >= KEEP_RANGE_FROM) this.make().range = range;
    return range;
  }
  set range(value: Range) {
    this.make().range = value;
  }

  get diagnostics(): RouteDiagnostic[] {
    const known = this.made()?.diagnostics;
    if (known) return known;
    const count = this.#facts >> 1;
    // Nothing to keep for a block without findings (most blocks).
    if (count === 0) return [];
    const fromMove = this.made()?.findings;
    // The check pass reads the same lines the same way: the findings are those it counted.
    if (!fromMove) readCounts.blocks++;
    const found = fromMove ? fromMove() : checkBlock(this.raw)!.data.diagnostics;
    const built = this.make();
    built.diagnostics = found;
    built.findings = undefined; // the block they were shifted from may go
    return found;
  }
  set diagnostics(value: RouteDiagnostic[]) {
    this.make().diagnostics = value;
  }

  /** The lines it was read from (first line, lines, key), made again from its text: read it once. */
  get raw(): RawBlock {
    const text = this.#text;
    return typeof text === 'string'
      ? { firstLine: this.#firstLine, lines: text.split('\n'), key: text }
      : { firstLine: this.#firstLine, lines: text as string[], key: '' };
  }

  private get read(): BlockRead {
    const built = this.make();
    // The block read before, so it reads the same; `!` because only blocks with content exist.
    return (built.read ??= built.moved?.read() ?? readBlock(this.raw)!);
  }

  private field<K extends keyof RouteBlock>(key: K, read: () => RouteBlock[K]): RouteBlock[K] {
    const set = this.made()?.set;
    return set && key in set ? (set[key] as RouteBlock[K]) : read();
  }

  private assign<K extends keyof RouteBlock>(key: K, value: RouteBlock[K]): void {
    (this.make().set ??= {})[key] = value;
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

  /** Where the route text lies: from the block read in full if it was, else read for no more than that. */
  private get routeSegments(): TextSegments {
    const built = this.make();
    if (built.read) return built.read.routeSegments;
    return (built.segments ??=
      built.moved?.segments() ?? readRouteSegments(this.raw) ?? new TextSegments([], this.#firstLine));
  }

  /** Views on a store of kinds and spans (elementViews.ts), built on first use. */
  get elements(): RouteElement[] {
    const built = this.make();
    if (built.elements) return built.elements;
    const moved = built.moved;
    let store = moved?.store();
    if (!store) {
      const set = moved?.elements();
      if (set) return (built.elements = set);
      store = built.tokens
        ? decodeTokens(built.tokens, this.raw.lines, this.#firstLine)
        : scanElements(this.routeSegments);
    }
    built.store = store;
    return (built.elements = store.views());
  }
  set elements(value: RouteElement[]) {
    const built = this.make();
    built.elements = value;
    built.store = undefined;
  }

  get routeText(): string {
    const built = this.make();
    if (built.routeText !== undefined) return built.routeText;
    // From the elements' spans when they were built (no character scanned again).
    const store = built.store;
    return (built.routeText = store ? store.routeText() : buildRouteText(this.routeSegments));
  }
  set routeText(value: string) {
    this.make().routeText = value;
  }

  /**
   * The same block moved to `firstLine`. Findings already read are shifted when first asked for
   * (others are read from the text then); what was built of it (model, elements) is shifted when
   * first used, so a parse after an edit that moves every block stays cheap.
   */
  movedTo(
    firstLine: number,
    shift: <T>(value: T) => T = (value) => shifted(value, firstLine - this.#firstLine),
  ): LazyRouteBlock {
    const delta = firstLine - this.#firstLine;
    const text = this.#text;
    const raw: RawBlock =
      typeof text === 'string' ? { firstLine, lines: [], key: text } : { firstLine, lines: text as string[], key: '' };
    const moved = new LazyRouteBlock(raw, { kind: this.kind, diagnosticCount: this.#facts >> 1 });
    const was = this.#built;
    // Nothing built, or only the record of its tokens: their lines count from the block's first line.
    if (typeof was !== 'object') {
      moved.#built = was;
      return moved;
    }
    // Only findings read by this block itself: shifts of shifts would chain up with every edit.
    const known = was.diagnostics;
    const now: Built = {};
    moved.#built = now;
    // Findings already read are shifted (the editor asks for the same ones after every edit).
    if (known) now.findings = () => shift(known);
    const built = was.read;
    const segments = was.segments;
    const store = was.store;
    // Elements that were set (not views on a store) are shifted as plain data.
    const builtElements = store ? undefined : was.elements;
    // Shifts of shifts chain up while nobody looks; past a few, reading again is cheaper.
    const earlier = was.moved && was.moved.depth < 4 ? was.moved : undefined;
    if (built || segments || store || builtElements || earlier) {
      now.moved = {
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
        segments: () => (segments ?? built?.routeSegments)?.movedBy(delta) ?? earlier?.segments()?.movedBy(delta),
        // A store moves by a number: its views are made anew, nothing is read again.
        store: () => (store ? store.movedBy(delta) : builtElements ? undefined : earlier?.store()?.movedBy(delta)),
        elements: () => {
          const elements = builtElements ?? (store ? undefined : earlier?.elements());
          return elements && shift(elements);
        },
      };
    }
    // Its lines count from the block's first line: they move with it as they are.
    if (was.tokens !== undefined) now.tokens = was.tokens;
    if (was.routeText !== undefined) now.routeText = was.routeText;
    if (was.name !== undefined) now.name = was.name;
    if (was.set) now.set = shift(was.set);
    if (was.range) now.range = shift(was.range);
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
 * block of nothing but comments. `keepFindings`: the findings are kept too, for a caller that
 * asks for every block's findings at once (the checker): reading a faulty block a second time
 * for them was a third of the time a file with mistakes took to check.
 */
export function parseBlock(raw: RawBlock, keepFindings = false): LazyRouteBlock | undefined {
  readCounts.blocks++;
  // The check pass keeps its tokens for the elements (keptTokens.ts).
  const read = checkBlock(raw, KEEP_TOKENS_FOR_ELEMENTS);
  if (!read) return undefined;
  const { kind, diagnostics } = read.data;
  const { tokens } = read;
  const summary: BlockSummary =
    tokens === undefined
      ? { kind, diagnosticCount: diagnostics.length }
      : { kind, diagnosticCount: diagnostics.length, tokens };
  const block = new LazyRouteBlock(raw, summary);

  if (keepFindings && diagnostics.length > 0) block.diagnostics = diagnostics;
  return block;
}

/** How many times blocks were read for their findings (tests: a block is read once where it should be). */
export const readCounts = { blocks: 0 };
