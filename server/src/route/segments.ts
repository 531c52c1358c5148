/**
 * Pieces of lines [start, end) that together hold one text: a block's route lines, or one field
 * of an FPL message. Kept in typed arrays beside the block's lines, so a text of millions of
 * lines costs a dozen bytes a line, not an object each.
 */
export class TextSegments {
  length = 0;
  #line = new Int32Array(4);
  #start = new Int32Array(4);
  #end = new Int32Array(4);

  /** `lines[i]` is document line `firstLine + i`. */
  constructor(
    private readonly lines: readonly string[],
    private readonly firstLine: number,
  ) {}

  push(line: number, start: number, end: number): void {
    if (this.length === this.#line.length) {
      this.#line = grown(this.#line);
      this.#start = grown(this.#start);
      this.#end = grown(this.#end);
    }
    this.#line[this.length] = line;
    this.#start[this.length] = start;
    this.#end[this.length] = end;
    this.length++;
  }

  /** Document line of segment k. */
  line(k: number): number {
    return this.#line[k];
  }

  /** The whole line segment k lies on. */
  text(k: number): string {
    return this.lines[this.#line[k] - this.firstLine];
  }

  start(k: number): number {
    return this.#start[k];
  }

  end(k: number): number {
    return this.#end[k];
  }

  /** The same segments `delta` lines further down (a block that moved). */
  movedBy(delta: number): TextSegments {
    const moved = new TextSegments(this.lines, this.firstLine + delta);
    moved.length = this.length;
    moved.#line = this.#line.slice(0, Math.max(this.length, 1)).map((line) => line + delta);
    moved.#start = this.#start.slice(0, Math.max(this.length, 1));
    moved.#end = this.#end.slice(0, Math.max(this.length, 1));
    return moved;
  }
}

function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
