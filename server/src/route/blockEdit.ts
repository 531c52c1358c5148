/**
 * An edit applied to a whole-text parse without the editor (editing.ts), when it stays on one
 * line of one route block and keeps that line's text non-blank: that block is read again and
 * every other block is taken as it is, in place (no line moves). The server builds its editor of
 * a document in idle time after the open (20 MB take seconds); a keystroke typed before that is
 * done goes this way, and costs about what a later one does, instead of building the rest of the
 * editor at once. Any other edit (a line added or removed, a blank line made, a range outside a
 * route block or past a line's end, control characters) gives undefined: the caller builds the
 * editor then, as before.
 *
 * A document made here is the parse's array of blocks and the blocks read again, by index: no
 * array of every block is copied for an edit (80,000 blocks at 20 MB), nor walked for its
 * findings, which the blocks with findings (`withFindings`) give, as the editor's document does.
 */
import { isBlankLine } from './blocks';
import { LazyRouteBlock, parseBlock } from './lazyBlock';
import type { Range, RouteBlock, RouteDocument } from './model';

/** The blocks of a document made here: the parse's, and those read again since, by their index. */
interface Edited {
  base: readonly LazyRouteBlock[];
  replaced: ReadonlyMap<number, LazyRouteBlock>;
  /**
   * A bit a block, by index: whether it has findings. A bit, not a list of the blocks: a document
   * of three-character blocks each with a finding held 1.3 bytes a character more with a list.
   */
  faulty: Uint32Array;
  total: number;
}

const editedOf = new WeakMap<RouteDocument, Edited>();

/** Characters that never occur in text files (as document.ts reports them): such an edit goes the whole way. */
const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

/** The index of the last block whose first line is at or before `line` (-1 if none). */
function blockAt(blocks: readonly LazyRouteBlock[], line: number): number {
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (blocks[mid]!.firstLine <= line)
      lo = mid + 1; // lo <= mid < hi <= blocks.length
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Makes a whole-text parse (IncrementalRouteParser's) one that edits can be applied to here:
 * its blocks, in order, are the parser's; `faulty` has a bit set for each with findings (see
 * `FaultyBits`), `total` of them, found as it parsed them (a walk of 80,000 blocks for them took
 * the first keystroke 40 ms).
 */
export function editableWithoutEditor(document: RouteDocument, faulty: Uint32Array, total: number): void {
  editedOf.set(document, { base: document.blocks as LazyRouteBlock[], replaced: new Map(), faulty, total });
}

/** The bits of the blocks with findings, as a parse collects them (a bit a block, in order). */
export class FaultyBits {
  #words = new Uint32Array(64);

  set(index: number): void {
    const word = index >>> 5;
    if (word >= this.#words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.#words.length * 2));
      grown.set(this.#words);
      this.#words = grown;
    }
    this.#words[word]! |= 1 << (index & 31); // grown above to hold `word`
  }

  /** The bits of `count` blocks, in an array of their size. */
  done(count: number): Uint32Array {
    return this.#words.slice(0, (count + 31) >>> 5);
  }
}

/**
 * `document` (a whole-text parse, or a document this function made) with `text` put in place of
 * `range`, or undefined when the edit is not one that stays within a line of a route block.
 */
export function editWithinBlock(document: RouteDocument, range: Range, text: string): RouteDocument | undefined {
  const { start, end } = range;
  if (start.line !== end.line || start.character < 0 || end.character < start.character) return undefined;
  if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0 || BINARY.test(text)) return undefined;
  const was = editedOf.get(document);
  if (!was) return undefined;
  const index = blockAt(was.base, start.line);
  const block = was.replaced.get(index) ?? was.base[index];
  if (!block) return undefined;
  const lines = block.key.split('\n');
  const at = start.line - block.firstLine;
  const old = lines[at];
  if (old === undefined || end.character > old.length) return undefined;
  const line = old.slice(0, start.character) + text + old.slice(end.character);
  if (isBlankLine(line)) return undefined;
  lines[at] = line;
  const read = parseBlock({ firstLine: block.firstLine, lines, key: lines.join('\n') });
  if (!read) return undefined;
  const replaced = new Map(was.replaced).set(index, read);
  // A copy of a bit a block (10 KB for the 80,000 blocks of 20 MB) with this block's bit set anew.
  const faulty = was.faulty.slice();
  // A bit for each block of the parse: the block's index is one of them.
  if (read.diagnosticCount > 0) faulty[index >>> 5]! |= 1 << (index & 31);
  else faulty[index >>> 5]! &= ~(1 << (index & 31));
  const total = was.total - block.diagnosticCount + read.diagnosticCount;
  return documentOf({ base: was.base, replaced, faulty, total });
}

/** The document of `edited`: its blocks made into one array only when asked for. */
function documentOf(edited: Edited): RouteDocument {
  let list: RouteBlock[] | undefined;
  const { base, replaced } = edited;
  const document = {
    get blocks(): RouteBlock[] {
      if (!list) {
        list = base.slice();
        for (const [i, block] of replaced) list[i] = block;
      }
      return list;
    },
    set blocks(value: RouteBlock[]) {
      list = value;
    },
    diagnostics: [],
  } as RouteDocument;
  // Not enumerable, as the editor's: the document reads and compares as a parse of its text does.
  Object.defineProperty(document, 'withFindings', {
    value: { blocks: { [Symbol.iterator]: () => faultyInOrder(edited) }, total: edited.total },
    enumerable: false,
  });
  Object.defineProperty(document, 'inOrder', {
    value: {
      *[Symbol.iterator]() {
        for (let i = 0; i < base.length; i++) yield replaced.get(i) ?? base[i];
      },
    },
    enumerable: false,
  });
  editedOf.set(document, edited);
  return document;
}

/** The blocks with findings in order, by their bits. */
function* faultyInOrder(edited: Edited): Generator<LazyRouteBlock> {
  const { base, replaced, faulty } = edited;
  for (let word = 0; word < faulty.length; word++) {
    for (let bits = faulty[word]!; bits !== 0; bits &= bits - 1) {
      const index = (word << 5) + 31 - Math.clz32(bits & -bits);
      const block = replaced.get(index) ?? base[index];
      if (block) yield block;
    }
  }
}
