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
  /** The parse's blocks with findings, in order; those of them read again, and the blocks read again with findings. */
  baseFaulty: readonly LazyRouteBlock[];
  faultyGone: ReadonlySet<LazyRouteBlock>;
  faultyNew: readonly LazyRouteBlock[];
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
    if (blocks[mid].firstLine <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Finds the blocks with findings of a whole-text parse, which the first edit made here needs (a
 * walk of every block): the server does it in idle time after the open, not in the first keystroke.
 */
export function prepareEditsWithinBlocks(document: RouteDocument): void {
  asEdited(document);
}

/** What a whole-text parse is, as the start of documents made here (its blocks with findings found once). */
function asEdited(document: RouteDocument): Edited | undefined {
  const known = editedOf.get(document);
  if (known) return known;
  // A finding of the whole text (R001) is the whole text's to say again; an editor's document is the editor's.
  if (document.diagnostics.length > 0 || document.withFindings) return undefined;
  const baseFaulty: LazyRouteBlock[] = [];
  let total = 0;
  for (const block of document.blocks) {
    // The parsers' blocks (the editor's, or a document of set blocks, go the whole way).
    if (!(block instanceof LazyRouteBlock) || !block.key) return undefined;
    const count = block.diagnosticCount;
    if (count > 0) baseFaulty.push(block);
    total += count;
  }
  const edited: Edited = {
    base: document.blocks as LazyRouteBlock[],
    replaced: new Map(),
    baseFaulty,
    faultyGone: new Set(),
    faultyNew: [],
    total,
  };
  editedOf.set(document, edited);
  return edited;
}

/**
 * `document` (a whole-text parse, or a document this function made) with `text` put in place of
 * `range`, or undefined when the edit is not one that stays within a line of a route block.
 */
export function editWithinBlock(document: RouteDocument, range: Range, text: string): RouteDocument | undefined {
  const { start, end } = range;
  if (start.line !== end.line || start.character < 0 || end.character < start.character) return undefined;
  if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0 || BINARY.test(text)) return undefined;
  const was = asEdited(document);
  if (!was) return undefined;
  const index = blockAt(was.base, start.line);
  const block = was.replaced.get(index) ?? was.base[index];
  if (!block) return undefined;
  const lines = block.key.split('\n');
  const at = start.line - block.firstLine;
  if (at >= lines.length || end.character > lines[at].length) return undefined;
  const line = lines[at].slice(0, start.character) + text + lines[at].slice(end.character);
  if (isBlankLine(line)) return undefined;
  lines[at] = line;
  const read = parseBlock({ firstLine: block.firstLine, lines, key: lines.join('\n') });
  if (!read) return undefined;
  const replaced = new Map(was.replaced).set(index, read);
  const faultyGone = new Set(was.faultyGone);
  let faultyNew = was.faultyNew.filter((b) => b !== block);
  if (block.diagnosticCount > 0 && faultyNew.length === was.faultyNew.length) faultyGone.add(block);
  if (read.diagnosticCount > 0) {
    faultyNew.push(read);
    faultyNew = faultyNew.sort((a, b) => a.firstLine - b.firstLine);
  }
  const now: Edited = {
    base: was.base,
    replaced,
    baseFaulty: was.baseFaulty,
    faultyGone,
    faultyNew,
    total: was.total - block.diagnosticCount + read.diagnosticCount,
  };
  return documentOf(now);
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

/** The blocks with findings in order: the parse's still there, and those read again, merged by line. */
function* faultyInOrder(edited: Edited): Generator<LazyRouteBlock> {
  const { baseFaulty, faultyGone, faultyNew } = edited;
  let k = 0;
  for (const block of baseFaulty) {
    if (faultyGone.has(block)) continue;
    while (k < faultyNew.length && faultyNew[k].firstLine < block.firstLine) yield faultyNew[k++];
    yield block;
  }
  while (k < faultyNew.length) yield faultyNew[k++];
}
