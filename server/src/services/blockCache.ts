/**
 * What a feature derives from a block's lines alone (its symbols, its colours), kept from one
 * request to the next by the block's text: a block that did not change, or only moved, is not
 * read again, so a request on a 5 MB file after an edit costs the edit plus the copying out of
 * the answer. Values are relative to the block's first line; the feature places them.
 */
import { keyOfBlock } from '../route/movableBlock';
import type { RouteBlock } from '../route/model';

export class BlockCache<T> {
  private readonly entries = new Map<string, { value: T; pass: number }>();
  private pass = 0;
  /** Values built so far (tests: an edit rebuilds only the blocks it changed). */
  builds = 0;

  /** Starts a pass over a document (what the pass does not use may go at its end). */
  begin(): void {
    this.pass++;
  }

  /** The value for the block's lines, built once. Blocks of a parse that kept no key are built each time. */
  get(block: RouteBlock, build: (block: RouteBlock) => T): T {
    const key = keyOfBlock(block);
    if (key === undefined) return build(block);
    const entry = this.entries.get(key);
    if (entry) {
      entry.pass = this.pass;
      return entry.value;
    }
    const value = build(block);
    this.builds++;
    this.entries.set(key, { value, pass: this.pass });
    return value;
  }

  /**
   * Ends a pass that used `used` blocks: once the cache holds many more entries than that, the
   * ones this pass did not use go (a sweep now and then, not a new map per request).
   */
  end(used: number): void {
    if (this.entries.size <= 2 * used + 256) return;
    for (const [key, entry] of this.entries) if (entry.pass !== this.pass) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
