/**
 * The editor's lists of blocks (all of them, and those with findings), kept in chunks of a few
 * hundred so that an edit patches one or two chunks and the short list of chunks, and a version
 * of the document handed out keeps its lists without a copy of them: chunks are never changed
 * once made (a patch makes new ones), and the list of chunks is copied only when it is patched
 * after a version took it. An edit thus costs about `chunk + length / chunk` steps, not `length`:
 * copying the 180,000 blocks of a 20 MB file after every edit (and collecting the copies) was
 * most of the cost of an edit there.
 */
import { firstLineOf, type BlockPlace } from './movableBlock';

/** Items a chunk holds when chunks are made afresh; a patched chunk holds up to twice as many. */
const CHUNK = 512;

/** One version of a list: its chunks, which nothing changes any more. */
export class PlacedListVersion<T> implements Iterable<T> {
  constructor(
    private readonly chunks: readonly (readonly T[])[],
    readonly length: number,
  ) {}

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }

  /** The items in one array (a new one: as long as the list). */
  toArray(): T[] {
    const out = new Array<T>(this.length);
    let at = 0;
    for (const chunk of this.chunks) for (const item of chunk) out[at++] = item;
    return out;
  }
}

/** A list of blocks in document order, patched by lines. */
export class PlacedList<T extends BlockPlace> {
  private chunks: T[][] = [];
  /** Whether a version holds `chunks` itself (copied before the next patch). */
  private shared = false;
  #length = 0;

  constructor(
    items: readonly T[],
    private readonly chunk = CHUNK,
  ) {
    this.chunks = chunked(items, Math.max(1, chunk));
    this.#length = items.length;
  }

  get length(): number {
    return this.#length;
  }

  /** The list as it is now, kept as it is by later patches. */
  version(): PlacedListVersion<T> {
    this.shared = true;
    return new PlacedListVersion(this.chunks, this.#length);
  }

  /**
   * The items whose first line is in [lo, hi], as placed now (before the edit moves anything),
   * and where they are, for `replace`.
   */
  find(lo: number, hi: number): PlacedSpan<T> {
    const chunks = this.chunks;
    if (chunks.length === 0) return { items: [], c: 0, i: 0, k: 0, j: 0 };
    // The first chunk whose last item starts at or after `lo` (else the last chunk, at its end).
    const c = Math.min(lowerChunk(chunks, lo), chunks.length - 1);
    const head = chunks[c]!; // 0 <= c < chunks.length
    let i = 0;
    while (i < head.length && firstLineOf(head[i]!) < lo) i++;
    const items: T[] = [];
    // The items may run on into the chunks after.
    let k = c;
    let j = i;
    for (;;) {
      const chunk = chunks[k]!; // c <= k < chunks.length
      while (j < chunk.length && firstLineOf(chunk[j]!) <= hi) items.push(chunk[j++]!);
      if (j < chunk.length || k + 1 >= chunks.length) break;
      k++;
      j = 0;
    }
    return { items, c, i, k, j };
  }

  /** Puts `replacement` in place of the items `span` found (nothing else changed the list since). */
  replace(span: PlacedSpan<T>, replacement: readonly T[]): void {
    if (span.items.length === 0 && replacement.length === 0) return;
    const chunks = this.chunks;
    const { c, i, j } = span;
    let k = span.k;
    const merged: T[] = [];
    // The span was found in these chunks: c and k are chunks of them, i and j places in those.
    if (chunks.length > 0) {
      const head = chunks[c]!;
      for (let n = 0; n < i; n++) merged.push(head[n]!);
    }
    for (const item of replacement) merged.push(item);
    if (chunks.length > 0) {
      const tail = chunks[k]!;
      for (let n = j; n < tail.length; n++) merged.push(tail[n]!);
      // A short chunk takes in the next one, so that chunks do not shrink to nothing.
      if (merged.length < this.chunk >> 1 && k + 1 < chunks.length) for (const item of chunks[++k]!) merged.push(item);
    }
    const pieces = merged.length > 2 * this.chunk ? chunked(merged, this.chunk) : merged.length > 0 ? [merged] : [];
    if (this.shared) {
      this.chunks = chunks.slice();
      this.shared = false;
    }
    this.chunks.splice(c, chunks.length === 0 ? 0 : k - c + 1, ...pieces);
    this.#length += replacement.length - span.items.length;
  }
}

/** Items of a list and where they are: from chunk `c` at `i` to chunk `k` before `j`. */
export interface PlacedSpan<T> {
  items: T[];
  c: number;
  i: number;
  k: number;
  j: number;
}

function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** The index of the first chunk whose last item starts at or after `line` (chunks.length if none). */
function lowerChunk<T extends BlockPlace>(chunks: readonly (readonly T[])[], line: number): number {
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const chunk = chunks[mid]!; // lo <= mid < hi <= chunks.length
    if (firstLineOf(chunk[chunk.length - 1]!) < line)
      lo = mid + 1; // no chunk is empty
    else hi = mid;
  }
  return lo;
}
