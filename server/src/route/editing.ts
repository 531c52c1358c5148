/**
 * A .route document kept up to date by the editor's incremental changes, so that an edit costs
 * in proportion to the edit, not the file: the lines are patched where the change is, only the
 * blocks around it are split and read again, and the blocks after it are moved (lazily) when
 * the edit added or removed lines. Re-splitting a 5 MB text on every keystroke was most of the
 * cost of an edit.
 *
 * Documents with carriage returns are left to the full (cached) parse: a `\r` typed before an
 * existing `\n` joins two line breaks into one, which a line-by-line patch cannot see.
 */
import { isBlankLine, splitBlocks, splitLines, type RawBlock } from './blocks';
import { binaryFinding } from './document';
import { LazyRouteBlock, parseBlock } from './lazyBlock';
import type { Position, Range, RouteBlock, RouteDocument } from './model';

const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

interface Entry {
  raw: RawBlock;
  block: LazyRouteBlock | undefined;
  /** Whether the block's lines hold a character that never occurs in text (R001). */
  binary: boolean;
}

/** Arrays longer than this are not spread into call arguments (the stack limit). */
const SPREAD_LIMIT = 10_000;

export class RouteDocumentEditor {
  private lines: string[] = [];
  private entries: Entry[] = [];
  private snapshot: RouteDocument | undefined;
  /** Blocks read anew and blocks moved by the last edit (tests). */
  readonly lastStats = { parsed: 0, moved: 0 };

  /** `reuse`: the blocks of an earlier parse of about this text, taken over where their lines are the same. */
  constructor(text: string, reuse: readonly RouteBlock[] = []) {
    this.lines = splitLines(text);
    const known = new Map<string, LazyRouteBlock>();
    for (const block of reuse) if (block instanceof LazyRouteBlock) known.set(block.raw.key, block);
    this.entries = splitBlocks(this.lines).map((raw) => {
      const same = known.get(raw.key);
      if (!same) return entryOf(raw);
      const block = same.raw.firstLine === raw.firstLine ? same : same.movedTo(raw);
      return { raw, block, binary: BINARY.test(raw.key) };
    });
  }

  /** False for text with carriage returns: see the file comment. */
  static canEdit(text: string): boolean {
    return text.indexOf('\r') < 0;
  }

  /**
   * Applies one change (as LSP gives it: a range in the current text, positions in UTF-16 code
   * units, clamped like the editor clamps them). False when it cannot (a `\r` in the text): the
   * caller parses the whole text instead.
   */
  edit(range: Range, text: string): boolean {
    if (text.indexOf('\r') >= 0) return false;
    const lines = this.lines;
    const start = this.clamp(range.start);
    let end = this.clamp(range.end);
    if (end.line < start.line || (end.line === start.line && end.character < start.character)) end = start;
    const replacement = splitLines(
      lines[start.line].slice(0, start.character) + text + lines[end.line].slice(end.character),
    );
    const removed = end.line - start.line + 1;
    if (replacement.length + removed > SPREAD_LIMIT) {
      this.lines = lines.slice(0, start.line).concat(replacement, lines.slice(end.line + 1));
    } else {
      lines.splice(start.line, removed, ...replacement);
    }
    const delta = replacement.length - removed;
    this.reblock(start.line, start.line + replacement.length - 1, delta);
    this.snapshot = undefined;
    return true;
  }

  private clamp(position: Position): Position {
    const last = this.lines.length - 1;
    if (position.line > last) return { line: last, character: this.lines[last].length };
    const line = Math.max(0, position.line);
    return { line, character: Math.min(Math.max(0, position.character), this.lines[line].length) };
  }

  /** Splits lines [from, to] (new numbering) and the blocks touching them again; moves the rest by delta. */
  private reblock(from: number, to: number, delta: number): void {
    const lines = this.lines;
    // Widen to blank lines (or the ends): no block crosses a blank line, before or after the edit.
    let lo = from;
    while (lo > 0 && !isBlankLine(lines[lo - 1])) lo--;
    let hi = to;
    while (hi < lines.length - 1 && !isBlankLine(lines[hi + 1])) hi++;
    const entries = this.entries;
    // The old blocks in [lo, hi - delta] (old numbering) are replaced.
    const first = lowerBound(entries, lo);
    let last = first;
    while (last < entries.length && entries[last].raw.firstLine <= hi - delta) last++;
    const old = new Map<string, Entry>();
    for (let i = first; i < last; i++) old.set(entries[i].raw.key, entries[i]);
    let parsed = 0;
    const replacement = splitBlocks(lines.slice(lo, hi + 1)).map((raw) => {
      const at: RawBlock = { firstLine: raw.firstLine + lo, lines: raw.lines, key: raw.key };
      const same = old.get(at.key);
      if (same && same.raw.firstLine === at.firstLine) return same;
      if (same) return { raw: at, block: same.block?.movedTo(at), binary: same.binary };
      parsed++;
      return entryOf(at);
    });
    let moved = 0;
    if (delta !== 0) {
      for (let i = last; i < entries.length; i++) {
        const entry = entries[i];
        const raw: RawBlock = { firstLine: entry.raw.firstLine + delta, lines: entry.raw.lines, key: entry.raw.key };
        entries[i] = { raw, block: entry.block?.movedTo(raw), binary: entry.binary };
        moved++;
      }
    }
    if (replacement.length + (last - first) > SPREAD_LIMIT) {
      this.entries = entries.slice(0, first).concat(replacement, entries.slice(last));
    } else {
      entries.splice(first, last - first, ...replacement);
    }
    Object.assign(this.lastStats, { parsed, moved });
  }

  /** The document as it stands; the same object until the next edit. */
  document(): RouteDocument {
    if (this.snapshot) return this.snapshot;
    const blocks: RouteBlock[] = [];
    let binary: Entry | undefined;
    for (const entry of this.entries) {
      if (entry.block) blocks.push(entry.block);
      if (entry.binary && !binary) binary = entry;
    }
    const finding = binary && binaryFinding(binary.raw.key, binary.raw.firstLine);
    return (this.snapshot = { blocks, diagnostics: finding ? [finding] : [] });
  }

  /** The text, joined again (tests). */
  text(): string {
    return this.lines.join('\n');
  }
}

function entryOf(raw: RawBlock): Entry {
  return { raw, block: parseBlock(raw), binary: BINARY.test(raw.key) };
}

/** The index of the first entry whose block starts at or after `line`. */
function lowerBound(entries: Entry[], line: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid].raw.firstLine < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
