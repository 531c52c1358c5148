/**
 * Low-level text helpers for the X-Plane data files: decompression by magic bytes, and a
 * tokenizer and number reader that work on offsets into one big string, so that loading
 * ~250k lines allocates no per-line arrays or substrings for numbers.
 */
export function isGzip(buffer: Uint8Array): boolean {
  return buffer.length >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
}

/** A line longer than this is no data row: only its start is kept, for the message. */
const MAX_LINE_CHARS = 1 << 16;

/**
 * Text fed in chunks of any size, handed on line by line (without the line break): a line split
 * between chunks is completed by the next one. A line of more than 64K characters (a binary file
 * with no line breaks) is cut, so memory stays bounded by the chunk size.
 */
export class LineFeeder {
  private carry = '';
  private lineNumber = 0;

  constructor(private readonly line: (text: string, start: number, end: number, lineNumber: number) => void) {}

  feed(chunk: string): void {
    const last = chunk.lastIndexOf('\n');
    if (last < 0) {
      this.carry = (this.carry + chunk).slice(0, MAX_LINE_CHARS);
      return;
    }
    let from = 0;
    if (this.carry) {
      const first = chunk.indexOf('\n');
      const whole = (this.carry + chunk.slice(0, first)).slice(0, MAX_LINE_CHARS);
      this.carry = '';
      this.line(whole, 0, whole.length, ++this.lineNumber);
      from = first + 1;
    }
    while (from <= last) {
      const end = chunk.indexOf('\n', from);
      if (end - from > MAX_LINE_CHARS) {
        const cut = chunk.slice(from, from + MAX_LINE_CHARS);
        this.line(cut, 0, cut.length, ++this.lineNumber);
      } else {
        this.line(chunk, from, end, ++this.lineNumber);
      }
      from = end + 1;
    }
    this.carry = chunk.slice(last + 1, last + 1 + MAX_LINE_CHARS);
  }

  end(): void {
    if (this.carry) this.line(this.carry, 0, this.carry.length, ++this.lineNumber);
    this.carry = '';
  }
}

/** Token boundaries of the current line, reused between lines. */
export class Tokens {
  readonly starts = new Int32Array(64);
  readonly ends = new Int32Array(64);
  count = 0;
  text = '';

  /** Splits text[from, to) on blanks, tabs and carriage returns (at most 64 tokens). */
  split(text: string, from: number, to: number): number {
    this.text = text;
    let count = 0;
    let i = from;
    while (i < to && count < 64) {
      let c = text.charCodeAt(i);
      while (i < to && (c === 32 || c === 9 || c === 13)) c = text.charCodeAt(++i);
      if (i >= to) break;
      this.starts[count] = i;
      while (i < to && c !== 32 && c !== 9 && c !== 13) c = text.charCodeAt(++i);
      this.ends[count++] = i;
    }
    this.count = count;
    return count;
  }

  /** Like split, but only on tabs (for TSV), keeping blanks inside fields. */
  splitTabs(text: string, from: number, to: number): number {
    this.text = text;
    let count = 0;
    let start = from;
    if (to > from && text.charCodeAt(to - 1) === 13) to--;
    for (let i = from; i <= to && count < 64; i++) {
      if (i === to || text.charCodeAt(i) === 9) {
        this.starts[count] = start;
        this.ends[count++] = i;
        start = i + 1;
      }
    }
    this.count = count;
    return count;
  }

  // Each reader below first checks `index < count`: the line's tokens, all inside the 64 slots the
  // splitters fill, so the slot reads after it are in range. A token the line lacks reads as empty.

  string(index: number): string {
    if (index >= this.count) return '';
    return this.text.slice(this.starts[index]!, this.ends[index]!);
  }

  /** The token's length in characters (0 for a token the line lacks). */
  width(index: number): number {
    if (index >= this.count) return 0;
    return this.ends[index]! - this.starts[index]!;
  }

  /** Tokens from index to the last, joined by single spaces (names with blanks). */
  rest(index: number): string {
    if (index >= this.count) return '';
    return this.text.slice(this.starts[index]!, this.ends[this.count - 1]!);
  }

  number(index: number): number {
    if (index >= this.count) return NaN;
    return readNumber(this.text, this.starts[index]!, this.ends[index]!);
  }

  equals(index: number, value: string): boolean {
    if (index >= this.count) return false;
    const start = this.starts[index]!;
    if (this.ends[index]! - start !== value.length) return false;
    return this.text.startsWith(value, start);
  }
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Reads `[+-]digits[.digits]` exactly as parseFloat would; NaN for anything else. */
export function readNumber(text: string, start: number, end: number): number {
  let i = start;
  let negative = false;
  let c = text.charCodeAt(i);
  if (c === 45 || c === 43) {
    negative = c === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let seenPoint = false;
  for (; i < end; i++) {
    c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (seenPoint) decimals++;
    } else if (c === 46 && !seenPoint) {
      seenPoint = true;
    } else {
      return NaN;
    }
  }
  if (digits === 0) return NaN;
  if (digits > 15 || decimals >= POW10.length) return parseFloat(text.slice(start, end));
  const value = decimals === 0 ? mantissa : mantissa / POW10[decimals]!; // decimals < POW10.length, checked above
  return negative ? -value : value;
}

/** Calls visit(start, end, lineNumber) for each line of text (without its line break). */
export function forEachLine(text: string, visit: (start: number, end: number, lineNumber: number) => void): void {
  let start = 0;
  let lineNumber = 1;
  const length = text.length;
  while (start < length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = length;
    visit(start, end, lineNumber++);
    start = end + 1;
  }
}
