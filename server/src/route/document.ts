/**
 * The whole .route document: blocks parsed one by one, plus findings that belong to no block.
 * `IncrementalRouteParser` keeps the last parse of every block keyed by its exact text, so an
 * edit re-parses only the blocks it touched; a block that merely moved is shifted, not re-read.
 */
import { LazyRouteBlock, parseBlock, shifted } from './lazyBlock';
import { splitBlocks, splitLines } from './blocks';
import { DIAGNOSTIC_CODES } from './codes';
import { lineRange } from './diagnostics';
import type { RouteBlock, RouteDiagnostic, RouteDocument } from './model';

/** Characters that never occur in text files: C0 controls other than blanks, and U+FFFD. */
const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

/**
 * The first such character, reported once for the document (a native scan, not a JS loop);
 * `firstLine` is the line `text` starts at.
 */
export function binaryFinding(text: string, firstLine = 0): RouteDiagnostic | undefined {
  const m = BINARY.exec(text);
  if (!m) return undefined;
  const linesBefore = splitLines(text.slice(0, m.index));
  const line = firstLine + linesBefore.length - 1;
  const ch = linesBefore[linesBefore.length - 1].length;
  const c = m[0].charCodeAt(0);
  const what = c === 0xfffd ? 'undecodable bytes (U+FFFD)' : `control character U+${c.toString(16).padStart(4, '0')}`;
  return {
    code: 'R001',
    severity: DIAGNOSTIC_CODES.R001.severity,
    message: `the file holds ${what}: a .route file is plain text (route text, directives, FPL messages, # comments)`,
    range: lineRange(line, ch, ch + 1),
  };
}

/** A parsed block (its first line is `block.raw.firstLine`), or the first line of a block of nothing but comments. */
type CachedBlock = LazyRouteBlock | number;

function firstLineOf(cached: CachedBlock): number {
  return typeof cached === 'number' ? cached : cached.raw.firstLine;
}

export class IncrementalRouteParser {
  /** The last parse's blocks by their text: one entry a block and no object of its own. */
  private cache = new Map<string, CachedBlock>();
  /** Blocks taken from the cache unchanged, shifted, and parsed anew by the last parse. */
  readonly lastStats = { reused: 0, shifted: 0, parsed: 0 };

  parse(text: string): RouteDocument {
    const lines = splitLines(text);
    const next = new Map<string, CachedBlock>();
    const blocks: RouteBlock[] = [];
    const stats = { reused: 0, shifted: 0, parsed: 0 };
    for (const raw of splitBlocks(lines)) {
      const hit = next.get(raw.key) ?? this.cache.get(raw.key);
      let block: LazyRouteBlock | undefined;
      if (hit !== undefined && firstLineOf(hit) === raw.firstLine) {
        block = typeof hit === 'number' ? undefined : hit;
        stats.reused++;
      } else if (hit !== undefined) {
        const delta = raw.firstLine - firstLineOf(hit);
        block = typeof hit === 'number' ? undefined : hit.movedTo(raw, (value) => shifted(value, delta));
        stats.shifted++;
      } else {
        block = parseBlock(raw);
        stats.parsed++;
      }
      next.set(raw.key, block ?? raw.firstLine);
      if (block) blocks.push(block);
    }
    this.cache = next;
    Object.assign(this.lastStats, stats);
    const binary = binaryFinding(text);
    return { blocks, diagnostics: binary ? [binary] : [] };
  }
}

/** Parses a whole document with every local check. Never throws on any input. */
export function parseRouteDocument(text: string): RouteDocument {
  const lines = splitLines(text);
  const blocks: RouteBlock[] = [];
  for (const raw of splitBlocks(lines, false)) {
    const block = parseBlock(raw);
    if (block) blocks.push(block);
  }
  const binary = binaryFinding(text);
  return { blocks, diagnostics: binary ? [binary] : [] };
}
