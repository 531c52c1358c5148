/**
 * Position arithmetic on the model's zero-based line/character ranges, and a line index that
 * turns them into string offsets for the few editor features that need the source text.
 */
import type { Position, Range } from './model';

export function comparePositions(a: Position, b: Position): number {
  return a.line !== b.line ? a.line - b.line : a.character - b.character;
}

/** Inclusive at both ends, so a cursor right after the last character still hits the element. */
export function rangeContains(range: Range, position: Position): boolean {
  return comparePositions(range.start, position) <= 0 && comparePositions(position, range.end) <= 0;
}

export function rangesIntersect(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.end) <= 0 && comparePositions(b.start, a.end) <= 0;
}

export function rangeInside(inner: Range, outer: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}

export function sameRange(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.start) === 0 && comparePositions(a.end, b.end) === 0;
}

/** A document's lines as LSP counts them, without their line ends. */
export interface DocumentLines {
  readonly lineCount: number;
  lineText(line: number): string;
}

/** Offsets of line starts; a line ends at \n, \r\n or \r, like LSP. */
export class LineIndex implements DocumentLines {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        this.starts.push(i + 1);
      }
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.text.length;
    const start = this.starts[Math.max(0, position.line)]!; // a line below starts.length
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1]! : this.text.length;
    return Math.min(start + Math.max(0, position.character), next);
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= clamped) low = middle;
      else high = middle - 1;
    }
    // starts holds line 0 at least: low stays within it.
    return { line: low, character: clamped - this.starts[low]! };
  }

  getText(range: Range): string {
    return this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  /** The text of one line without its line break. */
  lineText(line: number): string {
    if (line < 0 || line >= this.starts.length) return '';
    const end = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    return this.text.slice(this.starts[line], end).replace(/\r?\n$|\r$/, '');
  }
}
