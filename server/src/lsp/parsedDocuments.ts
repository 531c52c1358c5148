/**
 * Parse results cached by document version. The editor's incremental changes are recorded as they
 * arrive (see `recordChanges`) and applied to a RouteDocumentEditor, so an edit re-reads only the
 * blocks it touched and costs in proportion to the edit, not the file (carriage returns
 * included); a full-text change goes through the incremental parser, which re-parses only the
 * blocks whose text changed. After a whole-text parse the editor is built in idle time, a slice
 * per turn of the event loop (`IDLE_SLICE_MS`), so that the first keystroke after opening a 20 MB
 * file costs what a later one does, not the second that building the editor at once would take;
 * then the code of a keystroke is run once on a small text of its own (editWarmUp.ts).
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { IncrementalRouteParser, RouteDocumentEditor, type RouteDocument } from '../route';
import { LineIndex } from '../route/ranges';
import { isUsableChange } from './routeTextDocument';
import { newBlockCaches, type BlockCaches, type ParsedDocument } from '../services/parsedDocument';
import { warmUpEditPath } from './editWarmUp';

/** How long a slice of an editor's build in idle time runs before other work gets its turn. */
const IDLE_SLICE_MS = 8;

interface Step {
  from: number;
  to: number;
  changes: readonly TextDocumentContentChangeEvent[];
}

interface Entry {
  parser: IncrementalRouteParser;
  /**
   * Kept at `parsed.version`: built in idle time after a whole-text parse (or at once by the
   * first edit that comes before it is), then patched by every range edit.
   */
  editor?: RouteDocumentEditor;
  /** Changes since `parsed.version`, in order. */
  pending: Step[];
  parsed?: ParsedDocument;
  caches: BlockCaches;
}

export class ParsedDocuments {
  private readonly entries = new Map<string, Entry>();
  /** Whether the last parse came from the recorded changes (`edited`) or from the whole text (tests). */
  readonly lastParse = { edited: false };
  /** The edits the warm-up after each build in idle time made (tests). */
  readonly idleWork = { warmUpEdits: 0 };

  private entry(uri: string): Entry {
    let entry = this.entries.get(uri);
    if (!entry) {
      entry = {
        parser: new IncrementalRouteParser(),
        pending: [],
        caches: newBlockCaches(),
      };
      this.entries.set(uri, entry);
    }
    return entry;
  }

  /** The changes that take a document from version `from` to `to` (TextDocuments' update hook). */
  recordChanges(uri: string, from: number, changes: readonly TextDocumentContentChangeEvent[], to: number): void {
    const entry = this.entries.get(uri);
    // Only for a document parsed before: the first parse reads the whole text anyway.
    if (entry?.parsed) entry.pending.push({ from, to, changes });
  }

  get(textDocument: TextDocument): ParsedDocument {
    const entry = this.entry(textDocument.uri);
    if (entry.parsed && entry.parsed.version === textDocument.version) return entry.parsed;
    const edited = this.edited(entry, textDocument.version);
    const editor = edited ? entry.editor : undefined;
    let text = edited ? undefined : textDocument.getText();
    const document = edited ?? this.parsedWhole(entry, text!);
    entry.pending = [];
    let lines: LineIndex | undefined;
    // Read on first use (an edit never reads it: building a 5 MB string costs more than the
    // edit). Read after a newer version of the document came, it is the newer text, as the blocks
    // of an edited document are at their newest place (route/movableBlock.ts).
    const wholeText = () => (text ??= textDocument.getText());
    entry.parsed = {
      uri: textDocument.uri,
      version: textDocument.version,
      document,
      caches: entry.caches,
      get lines() {
        return (lines ??= new LineIndex(wholeText()));
      },
      get lineTexts() {
        return editor ?? this.lines;
      },
    };
    return entry.parsed;
  }

  /** The document at `version` from the recorded changes, or undefined when they do not lead there. */
  private edited(entry: Entry, version: number): RouteDocument | undefined {
    const previous = entry.parsed;
    if (!previous || entry.pending.length === 0) return undefined;
    // Dropped when the changes did not lead to the version: the whole text is parsed again.
    if (!entry.editor) return undefined;
    let at = previous.version;
    for (const step of entry.pending) {
      if (step.from !== at) return this.dropEditor(entry);
      for (const change of step.changes) {
        if (!isUsableChange(change)) continue; // dropped by the text too
        if (!('range' in change) || !entry.editor.edit(change.range, change.text)) return this.dropEditor(entry);
      }
      at = step.to;
    }
    if (at !== version) return this.dropEditor(entry);
    this.lastParse.edited = true;
    return entry.editor.document();
  }

  private dropEditor(entry: Entry): undefined {
    entry.editor = undefined;
    return undefined;
  }

  private parsedWhole(entry: Entry, text: string): RouteDocument {
    this.lastParse.edited = false;
    const document = entry.parser.parse(text);
    const editor = new RouteDocumentEditor(text, document.blocks, {}, true);
    entry.editor = editor;
    const slice = (): void => {
      // Until it is built, used (and so built) by an edit, or replaced.
      if (entry.editor !== editor) return;
      if (!editor.buildFor(IDLE_SLICE_MS)) setImmediate(slice);
      else setImmediate(() => entry.editor === editor && this.warmUp(editor));
    };
    setImmediate(slice);
    return document;
  }

  /**
   * Runs the code of a keystroke in idle time, on a text of its own, and reads the new editor's
   * findings as an edit does (editWarmUp.ts), so that the first keystroke after an open does
   * not pay for compiling that code.
   */
  private warmUp(editor: RouteDocumentEditor): void {
    this.idleWork.warmUpEdits += warmUpEditPath(editor);
  }

  /** Whether the document's editor is built (tests and the bench wait for the idle time after an open). */
  editorBuilt(uri: string): boolean {
    return this.entries.get(uri)?.editor?.built ?? false;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
