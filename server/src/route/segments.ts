/**
 * Pieces of lines [start, end) that together hold one text: a block's route lines, or one field
 * of an FPL message. Kept in one typed array beside the block's lines, so a text of millions of
 * lines costs a dozen bytes a line, not an object each. Segment k is asked for below `length`
 * (its three numbers are in the array, its line is one of `lines`): its reads say so with `!`.
 */
const NO_LINES: readonly string[] = [];

export class TextSegments {
  length = 0;
  /** (line, start, end) of each segment in turn; allocated on the first push. */
  #data: Int32Array<ArrayBuffer> | undefined;

  /** `lines[i]` is document line `firstLine + i`. */
  constructor(
    private lines: readonly string[],
    private firstLine: number,
  ) {}

  /**
   * Lets go of the lines (and of a big buffer) between blocks: a list kept for reuse must not
   * keep the last block's lines, and with them every line string, alive.
   */
  release(): void {
    this.lines = NO_LINES;
    this.length = 0;
    if (this.#data && this.#data.length > 3 * 4096) this.#data = undefined;
  }

  /** Empties the list for other lines, keeping its buffer (the check pass reuses its segments). */
  reset(lines: readonly string[], firstLine: number): void {
    this.lines = lines;
    this.firstLine = firstLine;
    this.length = 0;
  }

  push(line: number, start: number, end: number): void {
    let data = this.#data;
    const at = this.length * 3;
    if (!data || at === data.length) {
      const grown = new Int32Array(Math.max(6, data ? data.length * 2 : 0));
      if (data) grown.set(data);
      data = this.#data = grown;
    }
    data[at] = line;
    data[at + 1] = start;
    data[at + 2] = end;
    this.length++;
  }

  /** The lines the segments lie on, and the document line of the first of them. */
  get source(): { lines: readonly string[]; firstLine: number } {
    return { lines: this.lines, firstLine: this.firstLine };
  }

  /** Document line of segment k. */
  line(k: number): number {
    return this.#data![k * 3]!;
  }

  /** The whole line segment k lies on. */
  text(k: number): string {
    return this.lines[this.#data![k * 3]! - this.firstLine]!;
  }

  start(k: number): number {
    return this.#data![k * 3 + 1]!;
  }

  end(k: number): number {
    return this.#data![k * 3 + 2]!;
  }

  /** The same segments `delta` lines further down (a block that moved). */
  movedBy(delta: number): TextSegments {
    const moved = new TextSegments(this.lines, this.firstLine + delta);
    moved.length = this.length;
    if (this.#data) {
      const data = this.#data.slice(0, this.length * 3);
      for (let i = 0; i < data.length; i += 3) data[i]! += delta;

      moved.#data = data;
    }
    return moved;
  }
}
