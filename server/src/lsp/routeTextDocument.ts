/**
 * The editor's copy of a document's text, for TextDocuments, that applies the editor's changes
 * only when the text is read. vscode-languageserver-textdocument builds the whole new string on
 * every change and flattens it (it reads a character of the result): on a 5 MB file that is
 * 10–20 ms and 5 MB of garbage per keystroke, most of the cost of an edit, for a text that the
 * diagnostics never read (ParsedDocuments follows the changes themselves, line by line).
 *
 * The changes are kept in order and handed to the library's document when something reads the
 * text, its offsets or its line count: the same result, paid by the rare feature that needs the
 * whole text, once per batch of changes.
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument, type Position, type Range } from 'vscode-languageserver-textdocument';

/** Changes kept before they are applied anyway, so that a document nobody reads holds no unbounded list. */
const MAX_PENDING_CHANGES = 500;

export class RouteTextDocument implements TextDocument {
  #settled: TextDocument;
  #pending: TextDocumentContentChangeEvent[] = [];
  #version: number;
  /** How many times changes were applied to the text (tests: an edit alone applies none). */
  settles = 0;

  private constructor(
    readonly uri: string,
    readonly languageId: string,
    version: number,
    text: string,
  ) {
    this.#settled = TextDocument.create(uri, languageId, version, text);
    this.#version = version;
  }

  static create(uri: string, languageId: string, version: number, text: string): RouteTextDocument {
    return new RouteTextDocument(uri, languageId, version, text);
  }

  /** TextDocuments' `update`: records the changes (a full-text change replaces all before it). */
  static update(
    document: RouteTextDocument,
    changes: readonly TextDocumentContentChangeEvent[],
    version: number,
  ): RouteTextDocument {
    for (const change of changes) {
      if (!('range' in change)) document.#pending = [];
      document.#pending.push(change);
    }
    document.#version = version;
    if (document.#pending.length > MAX_PENDING_CHANGES) document.text();
    return document;
  }

  get version(): number {
    return this.#version;
  }

  get lineCount(): number {
    return this.text().lineCount;
  }

  getText(range?: Range): string {
    return this.text().getText(range);
  }

  positionAt(offset: number): Position {
    return this.text().positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.text().offsetAt(position);
  }

  getLineRange(line: number): Range {
    return this.text().getLineRange(line);
  }

  getEOLCharacters(line: number): string {
    return this.text().getEOLCharacters(line);
  }

  /** The library's document with every recorded change applied. */
  private text(): TextDocument {
    if (this.#pending.length > 0 || this.#settled.version !== this.#version) {
      const pending = this.#pending;
      this.#pending = [];
      // One at a time, each range within the text as it stands then: the library takes a range
      // past the last line as it comes, and its line offsets go wrong (the next change copies text).
      for (const change of pending) {
        const usable = withinText(this.#settled, change);
        // A change without a usable range is dropped alone, not with the changes after it.
        if (usable) this.#settled = TextDocument.update(this.#settled, [usable], this.#version);
      }
      this.#settled = TextDocument.update(this.#settled, [], this.#version);
      this.settles++;
    }
    return this.#settled;
  }
}

/** Whether a change can be applied at all (RouteTextDocument drops the others, and so must ParsedDocuments). */
export function isUsableChange(change: TextDocumentContentChangeEvent): boolean {
  if (typeof change?.text !== 'string') return false;
  if (!('range' in change)) return true;
  return isPosition(change.range?.start) && isPosition(change.range?.end);
}

/** A change whose range starts or ends past the last line (or before the first), put at the text's end (or start). */
function withinText(
  document: TextDocument,
  change: TextDocumentContentChangeEvent,
): TextDocumentContentChangeEvent | undefined {
  if (!isUsableChange(change)) return undefined;
  if (!('range' in change)) return change;
  const last = document.lineCount - 1;
  const clamp = (p: Position): Position =>
    p.line > last ? document.positionAt(Number.MAX_SAFE_INTEGER) : p.line < 0 ? { line: 0, character: 0 } : p;
  const { start, end } = change.range;
  if (start.line >= 0 && end.line >= 0 && start.line <= last && end.line <= last) return change;
  return { range: { start: clamp(start), end: clamp(end) }, text: change.text };
}

function isPosition(p: unknown): p is Position {
  const q = p as Position | undefined;
  return Number.isInteger(q?.line) && Number.isInteger(q?.character);
}
