/**
 * Splitting a .route file into lines and blank-line separated blocks. A block's key is its exact
 * text, so the incremental parser can tell unchanged blocks apart from edited ones.
 */
import { isWideBlank } from './routeText';

export interface RawBlock {
  /** Zero-based index of the block's first line in the document. */
  firstLine: number;
  lines: string[];
  /** The block's lines joined by '\n': the cache key. */
  key: string;
}

/** Lines as LSP counts them: \n, \r\n and a lone \r all end a line. */
export function splitLines(text: string): string[] {
  if (text.indexOf('\r') >= 0) return text.split(/\r\n|\r|\n/);
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    lines.push(text.slice(from, nl < 0 ? text.length : nl));
    if (nl < 0) break;
    from = nl + 1;
  }
  return lines;
}

/** Whether a line holds nothing but blanks (a comment line is not blank: it belongs to its block). */
export function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    // The same white space as between elements (routeText.ts isBlankCode).
    if (
      c !== 32 &&
      c !== 9 &&
      c !== 13 &&
      c !== 11 &&
      c !== 12 &&
      c !== 160 &&
      c !== 0xfeff &&
      !(c > 0x1000 && isWideBlank(c))
    )
      return false;
  }
  return true;
}

/** `withKeys` false leaves `key` empty (only the incremental parser needs it). */
export function splitBlocks(lines: string[], withKeys = true): RawBlock[] {
  const blocks: RawBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    while (i < lines.length && isBlankLine(lines[i]!)) i++;
    if (i >= lines.length) break;
    const first = i;
    while (i < lines.length && !isBlankLine(lines[i]!)) i++;

    // A document that is one block shares its lines (no copy of a huge array).
    const blockLines = first === 0 && i === lines.length ? lines : lines.slice(first, i);
    blocks.push({ firstLine: first, lines: blockLines, key: withKeys ? blockLines.join('\n') : '' });
  }
  return blocks;
}

/**
 * The blocks of `text` with their keys, as `splitBlocks(splitLines(text))` gives them, one at a
 * time and without the document's array of lines: a parse holds each block's lines only while
 * it reads the block. A text without carriage returns gives each block's key as a slice of the
 * text (its lines joined by '\n' are that very stretch of it), so a block that keeps its key
 * holds a slice that shares the text's characters, not a copy; a text with them joins the lines.
 */
export function* textBlocks(text: string): Generator<RawBlock> {
  if (text.indexOf('\r') >= 0) {
    yield* splitBlocks(splitLines(text));
    return;
  }
  let from = 0;
  let line = 0;
  let current: string[] = [];
  let first = 0;
  let blockStart = 0;
  let blockEnd = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    const to = nl < 0 ? text.length : nl;
    const content = text.slice(from, to);
    if (isBlankLine(content)) {
      if (current.length > 0) yield { firstLine: first, lines: current, key: text.slice(blockStart, blockEnd) };
      current = [];
    } else {
      if (current.length === 0) {
        first = line;
        blockStart = from;
      }
      current.push(content);
      blockEnd = to;
    }
    if (nl < 0) break;
    from = nl + 1;
    line++;
  }
  if (current.length > 0) yield { firstLine: first, lines: current, key: text.slice(blockStart, blockEnd) };
}

/**
 * The blocks of `text` one at a time, as `splitBlocks(splitLines(text), false)` gives them, but
 * without the document's array of lines: only the current block's lines exist at any moment, so
 * a caller that reports each block and lets it go (the checker on a huge file) holds the text
 * and one block.
 */
export function* eachBlock(text: string): Generator<RawBlock> {
  const ends = text.indexOf('\r') >= 0 ? /\r\n|\r|\n/g : /\n/g;
  let from = 0;
  let line = 0;
  let current: string[] = [];
  let first = 0;
  for (;;) {
    const m = ends.exec(text);
    const to = m ? m.index : text.length;
    const content = text.slice(from, to);
    if (isBlankLine(content)) {
      if (current.length > 0) yield { firstLine: first, lines: current, key: '' };
      current = [];
    } else {
      if (current.length === 0) first = line;
      current.push(content);
    }
    if (!m) break;
    from = to + m[0].length;
    line++;
  }
  if (current.length > 0) yield { firstLine: first, lines: current, key: '' };
}
