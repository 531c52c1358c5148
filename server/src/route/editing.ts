/**
 * A .route document kept up to date by the editor's incremental changes, so that an edit costs
 * in proportion to the edit, not the file: the lines are patched where the change is, only the
 * blocks around it are split and read again, and the blocks after it are moved, when the edit
 * added or removed lines, by moving the line anchors they are placed on (movableBlock.ts): a
 * few hundred numbers for a 5 MB file, not a new object per block. Re-splitting a 5 MB text on
 * every keystroke was most of the cost of an edit; re-creating the 40,000 blocks below a new
 * line most of the cost of pressing Enter.
 *
 * Each line keeps its own line end (`\n`, `\r\n` or a lone `\r`, as LSP counts lines), so that
 * files with carriage returns (Windows files) are patched the same way: the edited lines are
 * split again together with their line ends, and a `\n` typed right after a lone `\r`, which
 * joins two line breaks into one, takes the line above into the patch.
 */
import { isBlankLine, splitBlocks, splitLines, type RawBlock } from './blocks';
import { binaryFinding, EarlierBlocks } from './document';
import { LazyRouteBlock, parseBlock } from './lazyBlock';
import type { Position, Range, RouteBlock, RouteDocument } from './model';
import { firstLineOf, MovableRouteBlock, type BlockPlace, type LineAnchor } from './movableBlock';
import { PlacedList } from './placedList';

const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

/** Comment lines only: an entry of the editor that is no block. */
interface CommentEntry extends BlockPlace {
  key: string;
}

/**
 * A blank-line separated block of the text: a route block (its own entry, placed by its `line`
 * and `anchor`), or comment lines only.
 */
type Entry = MovableRouteBlock | CommentEntry;

/** Arrays longer than this are not spread into call arguments (the stack limit). */
const SPREAD_LIMIT = 10_000;
/** Entries placed on one anchor when anchors are laid out afresh. */
const RUN = 256;
/** Anchors beyond the layout's before they are laid out again (every edit may add two). */
const ANCHOR_SLACK = 256;
/** Lines split, and blocks read, between two looks at the clock by a build in idle time. */
const LINES_A_SLICE = 8192;
const BLOCKS_A_SLICE = 256;

export class RouteDocumentEditor {
  private lines: string[] = [];
  /**
   * Each line's end: '\n', '\r\n', '\r', or '' for the last line; undefined while every line
   * but the last ends with '\n' (most files: no array of a pointer a line).
   */
  private ends: string[] | undefined;
  private entries: Entry[] = [];
  /** The rest of the build of an editor built in idle time, until it is done. */
  private pending: Generator<void, void> | undefined;
  /**
   * The route blocks among the entries, in order, patched with them: a version of the document
   * takes a version of it (placedList.ts: no copy) instead of picking the blocks out of every
   * entry after each edit.
   */
  private blocks = new PlacedList<MovableRouteBlock>([]);
  /** The blocks with findings, in order, and how many findings they hold: patched the same way. */
  private faulty = new PlacedList<MovableRouteBlock>([]);
  private findingCount = 0;
  /** The entries whose lines hold a character that never occurs in text (R001): usually none. */
  private readonly binaryEntries = new Set<Entry>();
  private anchors = 0;
  private snapshot: RouteDocument | undefined;
  /**
   * Blocks read anew, blocks moved, and blocks whose entry was touched to move them (placed on
   * another anchor) by the last edit (tests).
   */
  readonly lastStats = { parsed: 0, moved: 0, touched: 0 };

  private readonly run: number;
  private readonly slack: number;

  /**
   * `reuse`: the blocks of an earlier parse of about this text, taken over where their lines are
   * the same. `layout`: entries per anchor and anchors allowed beyond that, and blocks a chunk of
   * its lists (tests make them small). `inIdleTime`: the editor is built a slice at a time by
   * `buildFor` (the server does it in idle time after a document opens), or at once when first
   * used before that.
   */
  constructor(
    text: string,
    reuse: readonly RouteBlock[] = [],
    layout: { run?: number; slack?: number; chunk?: number } = {},
    inIdleTime = false,
  ) {
    this.run = Math.max(1, layout.run ?? RUN);
    this.slack = Math.max(0, layout.slack ?? ANCHOR_SLACK);
    const steps = this.build(text, reuse, layout.chunk);
    if (inIdleTime) this.pending = steps;
    else while (!steps.next().done);
  }

  /**
   * Builds on for about `ms` milliseconds (at least one slice); whether the editor is built. A
   * slice is a few thousand lines or a few hundred blocks: 20 MB are built in slices of
   * milliseconds, so requests and edits get through between them.
   */
  buildFor(ms: number): boolean {
    const steps = this.pending;
    if (!steps) return true;
    const until = performance.now() + ms;
    do {
      if (steps.next().done) {
        this.pending = undefined;
        return true;
      }
    } while (performance.now() < until);
    return false;
  }

  /** Whether the editor is built (an editor built in idle time may not be yet). */
  get built(): boolean {
    return !this.pending;
  }

  /** Builds what is left at once: the editor is about to be used. */
  private ready(): void {
    const steps = this.pending;
    if (!steps) return;
    this.pending = undefined;
    while (!steps.next().done);
  }

  /** Builds the editor of `text`, yielding between slices. */
  private *build(text: string, reuse: readonly RouteBlock[], chunk: number | undefined): Generator<void, void> {
    const lines: string[] = [];
    const ends: string[] | undefined = text.indexOf('\r') >= 0 ? [] : undefined;
    // Lines as LSP counts them (splitLines), and with carriage returns each line's end.
    const breaks = ends ? /\r\n|\r|\n/g : undefined;
    for (let from = 0, n = 1; ; n++) {
      let to: number;
      let end = '\n';
      if (breaks) {
        const m = breaks.exec(text);
        to = m ? m.index : -1;
        if (m) end = m[0];
      } else {
        to = text.indexOf('\n', from);
      }
      if (to < 0) {
        lines.push(text.slice(from));
        ends?.push('');
        break;
      }
      lines.push(text.slice(from, to));
      ends?.push(end);
      from = to + end.length;
      if (n % LINES_A_SLICE === 0) yield;
    }
    this.lines = lines;
    this.ends = ends;
    yield;
    const earlier: LazyRouteBlock[] = [];
    for (const block of reuse) {
      if (block instanceof LazyRouteBlock) earlier.push(block);
      else if (block instanceof MovableRouteBlock) earlier.push(block.settled());
    }
    const known = new EarlierBlocks(earlier);
    const unplaced: LineAnchor = { offset: 0, count: 0 };
    const entries: Entry[] = [];
    const blocks: MovableRouteBlock[] = [];
    let n = 0;
    for (const raw of eachRawBlock(lines, known)) {
      const same = known.find(raw.key, raw.firstLine);
      const lazy = !same ? parseBlock(raw) : same.firstLine === raw.firstLine ? same : same.movedTo(raw.firstLine);
      const entry = this.entryOf(raw, raw.firstLine, unplaced, lazy);
      entries.push(entry);
      if (entry instanceof MovableRouteBlock) blocks.push(entry);
      if (++n % BLOCKS_A_SLICE === 0) yield;
    }
    this.entries = entries;
    const faulty = blocks.filter((block) => block.diagnosticCount > 0);
    for (const block of faulty) this.findingCount += block.diagnosticCount;
    this.blocks = new PlacedList(blocks, chunk);
    this.faulty = new PlacedList(faulty, chunk);
    this.layAnchors();
  }

  /** Whether the editor can follow edits of a text: of any text, carriage returns included. */
  static canEdit(): boolean {
    return true;
  }

  /**
   * Applies one change (as LSP gives it: a range in the current text, positions in UTF-16 code
   * units, clamped like the editor clamps them). Always true (the caller once had to parse the
   * whole text when it was false).
   */
  edit(range: Range, text: string): boolean {
    this.ready();
    const { lines } = this;
    const ends = this.ends;
    const endOf = (line: number): string => (ends ? (ends[line] ?? '') : line === lines.length - 1 ? '' : '\n');
    let start = this.clamp(range.start);
    let end = this.clamp(range.end);
    // A range written end first is the same range (as VS Code and TextDocument read it).
    if (end.line < start.line || (end.line === start.line && end.character < start.character))
      [start, end] = [end, start];
    let first = start.line;
    // The patched text runs to the end of the last line edited, its line end included.
    // start and end are clamped to the text's lines.
    let patch =
      lines[first]!.slice(0, start.character) + text + lines[end.line]!.slice(end.character) + endOf(end.line);
    // A `\n` right after a lone `\r` makes one line end of the two: the line above joins the patch.
    if (first > 0 && endOf(first - 1) === '\r' && patch.charCodeAt(0) === 10) {
      first--;
      patch = lines[first]! + '\r' + patch;
    }
    const split = splitLinesAndEnds(patch);
    // The patch ends with the last line's end (unless it is the last line): what follows is the next line.
    if (endOf(end.line) !== '') {
      split.lines.pop();
      split.ends.pop();
    }
    const removed = end.line - first + 1;
    const added = split.lines.length;
    // Only '\n' (and the last line's '') in a file of '\n' only: nothing to record.
    const last = split.ends.length - 1;
    const plain = !ends && split.ends.every((e, k) => e === '\n' || (e === '' && k === last));
    const allEnds = plain ? undefined : (ends ?? lines.map((_, k) => endOf(k)));
    if (added + removed > SPREAD_LIMIT) {
      this.lines = lines.slice(0, first).concat(split.lines, lines.slice(end.line + 1));
      if (allEnds) this.ends = allEnds.slice(0, first).concat(split.ends, allEnds.slice(end.line + 1));
    } else {
      lines.splice(first, removed, ...split.lines);
      if (allEnds) {
        allEnds.splice(first, removed, ...split.ends);
        this.ends = allEnds;
      }
    }
    this.reblock(first, first + added - 1, added - removed);
    this.snapshot = undefined;
    return true;
  }

  private clamp(position: Position): Position {
    const last = this.lines.length - 1;
    if (position.line > last) return { line: last, character: this.lines[last]?.length ?? 0 };
    // Before the first line is the text's start (TextDocument.offsetAt gives 0).
    if (position.line < 0) return { line: 0, character: 0 };
    const line = position.line;
    return { line, character: Math.min(Math.max(0, position.character), this.lines[line]?.length ?? 0) };
  }

  /** Splits lines [from, to] (new numbering) and the blocks touching them again; moves the rest by delta. */
  private reblock(from: number, to: number, delta: number): void {
    const lines = this.lines;
    // Widen to blank lines (or the ends): no block crosses a blank line, before or after the edit.
    let lo = from;
    while (lo > 0 && !isBlankLine(lines[lo - 1]!)) lo--;
    let hi = to;
    while (hi < lines.length - 1 && !isBlankLine(lines[hi + 1]!)) hi++;
    const entries = this.entries;
    // The old entries in [lo, hi - delta] (old numbering) are replaced.
    const first = lowerBound(entries, lo);
    let last = first;
    while (last < entries.length && firstLineOf(entries[last]!) <= hi - delta) last++;
    // The same lines among the blocks (placed as the entries are, before anything moves).
    const blocksAt = this.blocks.find(lo, hi - delta);
    const faultyAt = this.faulty.find(lo, hi - delta);
    for (const block of faultyAt.items) this.findingCount -= block.diagnosticCount;
    // Old entries by their lines: an entry whose lines are the same is kept (each at most once).
    const old = new Map<string, Entry[]>();
    for (let i = last - 1; i >= first; i--) {
      const entry = entries[i]!; // first <= i < last <= entries.length
      entry.anchor.count--;
      this.binaryEntries.delete(entry);
      const same = old.get(entry.key);
      if (same) same.push(entry);
      else old.set(entry.key, [entry]);
    }
    // The entries below go on a run of their own (if they share one with an entry above), and
    // the new ones on a new run between: runs stay contiguous, one anchor each.
    let touched = last < entries.length ? this.ownRunFrom(last, first) : 0;
    let moved = 0;
    if (delta !== 0 && last < entries.length) {
      // Moving the anchor of each run below moves every entry below.
      for (let i = last; i < entries.length; i += entries[i]!.anchor.count) entries[i]!.anchor.offset += delta;
      moved = entries.length - last;
    }
    const anchor: LineAnchor = { offset: 0, count: 0 };
    let parsed = 0;
    const replacement = splitBlocks(lines.slice(lo, hi + 1)).map((piece) => {
      const line = piece.firstLine + lo;
      anchor.count++;
      const same = old.get(piece.key)?.pop();
      if (same) {
        same.line = line;
        same.anchor = anchor;
        if (BINARY.test(same.key)) this.binaryEntries.add(same);
        touched++;
        return same;
      }
      parsed++;
      const raw: RawBlock = { firstLine: line, lines: piece.lines, key: piece.key };
      return this.entryOf(raw, line, anchor, parseBlock(raw));
    });
    if (replacement.length > 0) this.anchors++;
    if (replacement.length + (last - first) > SPREAD_LIMIT) {
      this.entries = entries.slice(0, first).concat(replacement, entries.slice(last));
    } else {
      entries.splice(first, last - first, ...replacement);
    }
    const newBlocks: MovableRouteBlock[] = [];
    for (const entry of replacement) if (entry instanceof MovableRouteBlock) newBlocks.push(entry);
    const newFaulty = newBlocks.filter((block) => block.diagnosticCount > 0);
    for (const block of newFaulty) this.findingCount += block.diagnosticCount;
    this.blocks.replace(blocksAt, newBlocks);
    this.faulty.replace(faultyAt, newFaulty);
    if (this.anchors > Math.ceil(this.entries.length / this.run) + this.slack) this.layAnchors();
    Object.assign(this.lastStats, { parsed, moved, touched });
  }

  /**
   * Makes the entries from `at` on that share an anchor with an entry before `keptBefore` (one
   * that stays in place) go on an anchor of their own, so that moving that anchor moves only
   * them. Returns how many entries it placed anew (at most a run).
   */
  private ownRunFrom(at: number, keptBefore: number): number {
    const entries = this.entries;
    const shared = entries[at]?.anchor;
    if (!shared || keptBefore === 0 || entries[keptBefore - 1]?.anchor !== shared) return 0;
    const own: LineAnchor = { offset: shared.offset, count: 0 };
    let i = at;
    for (let entry = entries[i]; entry?.anchor === shared; entry = entries[++i]) entry.anchor = own;
    own.count = i - at;
    shared.count -= own.count;
    this.anchors++;
    return own.count;
  }

  /** A new entry at `line` on `anchor`: the block, placed there, or the comment lines. */
  private entryOf(raw: RawBlock, line: number, anchor: LineAnchor, lazy: LazyRouteBlock | undefined): Entry {
    const entry: Entry = lazy ? new MovableRouteBlock(lazy, line, anchor) : { line, anchor, key: raw.key };
    if (BINARY.test(raw.key)) this.binaryEntries.add(entry);
    return entry;
  }

  /** Places every entry on anchors of `run` entries each, at offset 0. */
  private layAnchors(): void {
    const entries = this.entries;
    let anchor: LineAnchor = { offset: 0, count: 0 };
    this.anchors = 0;
    for (let i = 0; i < entries.length; i++) {
      if (i % this.run === 0) {
        anchor = { offset: 0, count: Math.min(this.run, entries.length - i) };
        this.anchors++;
      }
      const entry = entries[i]!; // i < entries.length
      entry.line = firstLineOf(entry);
      entry.anchor = anchor;
    }
  }

  /** The document as it stands; the same object until the next edit. */
  document(): RouteDocument {
    this.ready();
    if (this.snapshot) return this.snapshot;
    const blocks = this.blocks.version();
    const faulty = this.faulty.version();
    let binary: Entry | undefined;
    for (const entry of this.binaryEntries) {
      if (!binary || firstLineOf(entry) < firstLineOf(binary)) binary = entry;
    }
    const finding = binary && binaryFinding(binary.key, firstLineOf(binary));
    let list: RouteBlock[] | undefined;
    const document = {
      // Made on first use: the diagnostics of an edit read only the blocks with findings, and an
      // array of every block is as long as the file (most of an edit's cost at 20 MB).
      get blocks(): RouteBlock[] {
        return (list ??= blocks.toArray());
      },
      set blocks(value: RouteBlock[]) {
        list = value;
      },
      diagnostics: finding ? [finding] : [],
    } as RouteDocument;
    // An index, not part of the document's value: not enumerable, so the document reads, copies
    // and compares (JSON, deepEqual) as the full parse of the same text does.
    Object.defineProperty(document, 'withFindings', {
      value: { blocks: faulty, total: this.findingCount },
      enumerable: false,
    });
    Object.defineProperty(document, 'inOrder', { value: blocks, enumerable: false });
    return (this.snapshot = document);
  }

  /** How many lines the text has, as LSP counts them. */
  get lineCount(): number {
    this.ready();
    return this.lines.length;
  }

  /** One line of the text, without its line end ('' past the end). */
  lineText(line: number): string {
    this.ready();
    return this.lines[line] ?? '';
  }

  /** The text, joined again (tests). */
  text(): string {
    this.ready();
    let text = '';
    const last = this.lines.length - 1;
    for (const [i, line] of this.lines.entries()) text += line + (this.ends ? this.ends[i] : i === last ? '' : '\n');
    return text;
  }
}

/**
 * The blocks of `lines`, as splitBlocks makes them; a block whose lines are those of the earlier
 * block on its line takes that block's key instead of joining its lines again (the first edit
 * after a parse builds the editor of a text whose blocks are all known).
 */
function* eachRawBlock(lines: string[], known: EarlierBlocks): Generator<RawBlock> {
  let i = 0;
  while (i < lines.length) {
    while (i < lines.length && isBlankLine(lines[i]!)) i++;
    if (i >= lines.length) break;
    const first = i;
    while (i < lines.length && !isBlankLine(lines[i]!)) i++;
    // A document that is one block shares its lines (no copy of a huge array).
    const blockLines = first === 0 && i === lines.length ? lines : lines.slice(first, i);
    const there = known.onLine(first);
    const key = there && isJoinedAs(blockLines, there.key) ? there.key : blockLines.join('\n');
    yield { firstLine: first, lines: blockLines, key };
  }
}

/** Whether `key` is `lines` joined by '\n'. */
function isJoinedAs(lines: readonly string[], key: string): boolean {
  let length = lines.length - 1;
  for (const line of lines) length += line.length;
  if (length !== key.length) return false;
  let at = 0;
  for (const line of lines) {
    if (!key.startsWith(line, at)) return false;
    at += line.length + 1;
  }
  return true;
}

/** Lines as LSP counts them (splitLines) and the end of each: '' for the last. */
function splitLinesAndEnds(text: string): { lines: string[]; ends: string[] } {
  const lines = splitLines(text);
  const ends = new Array<string>(lines.length);
  if (text.indexOf('\r') < 0) {
    ends.fill('\n');
  } else {
    let at = 0;
    for (let i = 0; i < lines.length - 1; i++) {
      at += lines[i]!.length; // i < lines.length - 1
      const end = text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? '\r\n' : text.charAt(at);
      ends[i] = end;
      at += end.length;
    }
  }
  ends[lines.length - 1] = '';
  return { lines, ends };
}

/** The index of the first entry whose block starts at or after `line`. */
function lowerBound(entries: readonly BlockPlace[], line: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (firstLineOf(entries[mid]!) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
