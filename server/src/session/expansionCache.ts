/**
 * Expansion results cached by what they depend on: the block's own lines (route text and
 * directives, exactly as written, so ranges inside the lines stay valid) and the source that
 * expanded them. A block that only moved (lines inserted above it) reuses its result with the
 * ranges moved by the same number of lines.
 */
import { keyOfBlock } from '../route';
import type { ExpansionResult, Range, RouteBlock, RouteDiagnostic } from '../route/model';
import type { LineIndex } from '../route/ranges';

export interface CachedExpansion {
  result: ExpansionResult;
  /** First line of the block when the result was computed. */
  line: number;
}

/**
 * The block's lines, whole; two blocks with the same key expand the same way. The incremental
 * parser keeps this very string as its own cache key: for its blocks `lines` is not even read
 * (the language server builds its line index only when something asks for it).
 */
export function blockKey(block: RouteBlock, lines: LineIndex | (() => LineIndex)): string {
  const key = keyOfBlock(block);
  if (key !== undefined) return key;
  const index = typeof lines === 'function' ? lines() : lines;
  const parts: string[] = [];
  for (let line = block.range.start.line; line <= block.range.end.line; line++) parts.push(index.lineText(line));
  return parts.join('\n');
}

function shiftRange(range: Range, delta: number): Range {
  return {
    start: { line: range.start.line + delta, character: range.start.character },
    end: { line: range.end.line + delta, character: range.end.character },
  };
}

/** The result as it applies to the block starting at `line`. */
export function resultAt(cached: CachedExpansion, line: number): ExpansionResult {
  const delta = line - cached.line;
  if (delta === 0) return cached.result;
  const result: ExpansionResult = {
    ...cached.result,
    findings: cached.result.findings.map((f): RouteDiagnostic => ({ ...f, range: shiftRange(f.range, delta) })),
  };
  const ambiguous = cached.result.ambiguousFirstFix;
  if (ambiguous) result.ambiguousFirstFix = { ...ambiguous, range: shiftRange(ambiguous.range, delta) };
  return result;
}

/** Least recently used entries go first once `capacity` is reached. */
export class ExpansionCache {
  private readonly entries = new Map<string, CachedExpansion>();

  constructor(private readonly capacity = 5000) {}

  get(key: string): CachedExpansion | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedExpansion): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}
