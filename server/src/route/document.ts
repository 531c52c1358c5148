/**
 * The whole .route document: blocks parsed one by one, plus findings that belong to no block.
 * `IncrementalRouteParser` keeps the last parse of every block keyed by its exact text, so an
 * edit re-parses only the blocks it touched; a block that merely moved is shifted, not re-read.
 */
import { type LazyRouteBlock, parseBlock, shifted } from './lazyBlock';
import { editableWithoutEditor, FaultyBits } from './blockEdit';
import { splitLines, textBlocks } from './blocks';
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
  const ch = (linesBefore.at(-1) ?? '').length;
  const c = m[0].charCodeAt(0);
  const what = c === 0xfffd ? 'undecodable bytes (U+FFFD)' : `control character U+${c.toString(16).padStart(4, '0')}`;
  return {
    code: 'R001',
    severity: DIAGNOSTIC_CODES.R001.severity,
    message: `the file holds ${what}: a .route file is plain text (route text, directives, FPL messages, # comments)`,
    range: lineRange(line, ch, ch + 1),
  };
}

/**
 * The document's blocks in order: the editor's own list when it has one (no array of every block
 * made), else `blocks`. Work done on every version that stops early (a cap on blocks read) reads
 * them so, and costs what it reads, not the file.
 */
export function blocksInOrder(document: RouteDocument): Iterable<RouteBlock> {
  return document.inOrder ?? document.blocks;
}

/**
 * An earlier parse's blocks, to take over those whose text is unchanged. Asked in document
 * order, it gives first the block of the same text on the same line (used as it is), else one
 * of the same text elsewhere (to be moved): a document of many identical blocks keeps them all,
 * not one and a moved copy for each of the others.
 */
export class EarlierBlocks {
  readonly #inOrder: readonly LazyRouteBlock[];
  #next = 0;
  /** Made when first asked for a block not on its line: a text parsed again unchanged needs none. */
  #byText: Map<string, LazyRouteBlock> | undefined;

  /** `blocks` in document order, with their keys. */
  constructor(blocks: readonly LazyRouteBlock[]) {
    this.#inOrder = blocks;
  }

  /** The earlier block that starts on this line, if any; ask with lines in increasing order. */
  onLine(firstLine: number): LazyRouteBlock | undefined {
    const blocks = this.#inOrder;
    while (this.#next < blocks.length && blocks[this.#next]!.firstLine < firstLine) this.#next++;

    const there = blocks[this.#next];
    return there && there.firstLine === firstLine ? there : undefined;
  }

  /** The earlier block of this text, preferably on this line; ask with lines in increasing order. */
  find(key: string, firstLine: number): LazyRouteBlock | undefined {
    // A first parse has none: no key is hashed for a map of nothing.
    if (this.#inOrder.length === 0) return undefined;
    const there = this.onLine(firstLine);
    if (there && there.key === key) return there;
    if (!this.#byText) {
      this.#byText = new Map();
      for (const block of this.#inOrder) this.#byText.set(block.key, block);
    }
    return this.#byText.get(key);
  }
}

export class IncrementalRouteParser {
  /**
   * The last parse's blocks: a parse finds the unchanged ones by their text through a map it
   * builds and drops, so between parses nothing but this array is held (a map entry a block was
   * half of what a document of tiny blocks held). Blocks of nothing but comments are read again.
   */
  private previous: readonly LazyRouteBlock[] = [];
  /** Blocks taken from the last parse unchanged, shifted, and parsed anew by the last parse. */
  readonly lastStats = { reused: 0, shifted: 0, parsed: 0 };

  parse(text: string): RouteDocument {
    const known = new EarlierBlocks(this.previous);
    const blocks: LazyRouteBlock[] = [];
    /** The blocks with findings, and how many, for edits made before the editor is built (blockEdit.ts). */
    const faulty = new FaultyBits();
    let findings = 0;
    const stats = { reused: 0, shifted: 0, parsed: 0 };
    for (const raw of textBlocks(text)) {
      const hit = known.find(raw.key, raw.firstLine);
      let block: LazyRouteBlock | undefined;
      if (hit && hit.firstLine === raw.firstLine) {
        // Two blocks of the same text never start on the same line: it is used once.
        block = hit;
        block.sameTextAs(raw.key);
        stats.reused++;
      } else if (hit) {
        const delta = raw.firstLine - hit.firstLine;
        block = hit.movedTo(raw.firstLine, (value) => shifted(value, delta));
        block.sameTextAs(raw.key);
        stats.shifted++;
      } else {
        block = parseBlock(raw);
        stats.parsed++;
      }
      if (!block) continue;
      blocks.push(block);
      const count = block.diagnosticCount;
      if (count > 0) {
        faulty.set(blocks.length - 1);
        findings += count;
      }
    }
    this.previous = blocks;
    Object.assign(this.lastStats, stats);
    const binary = binaryFinding(text);
    const document = { blocks, diagnostics: binary ? [binary] : [] };
    // A finding of the whole text (R001) is the whole text's to say again after an edit.
    if (!binary) editableWithoutEditor(document, faulty.done(blocks.length), findings);
    return document;
  }
}

/**
 * Parses a whole document with every local check, keeping every finding (its callers, the
 * checker among them, read them all). Never throws on any input.
 */
export function parseRouteDocument(text: string): RouteDocument {
  const blocks: RouteBlock[] = [];
  for (const raw of textBlocks(text)) {
    const block = parseBlock(raw, true);
    if (block) blocks.push(block);
  }
  const binary = binaryFinding(text);
  return { blocks, diagnostics: binary ? [binary] : [] };
}
