/**
 * Parse results cached by document version. The editor's incremental changes are recorded as they
 * arrive (see `recordChanges`) and applied to a RouteDocumentEditor, so an edit re-reads only the
 * blocks it touched and costs in proportion to the edit, not the file (carriage returns
 * included); a full-text change goes through the incremental parser, which re-parses only the
 * blocks whose text changed. After a whole-text parse the editor is built in idle time, once the
 * user has stopped typing (`QUIET_MS`), a slice per turn of the event loop (`IDLE_SLICE_MS`), so
 * that the first keystroke after opening a 20 MB file costs what a later one does, not the second
 * that building the editor at once would take; then the code of a keystroke is run once on a
 * small text of its own (editWarmUp.ts).
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { IncrementalRouteParser, RouteDocumentEditor, type Range, type RouteDocument } from '../route';
import { editWithinBlock } from '../route/blockEdit';
import { LineIndex } from '../route/ranges';
import { isUsableChange } from './routeTextDocument';
import { newBlockCaches, type BlockCaches, type ParsedDocument } from '../services/parsedDocument';
import { warmUpEditPath, warmUpEditWithoutEditor } from './editWarmUp';

/**
 * How long a slice of an editor's build in idle time runs before other work gets its turn: a
 * keystroke that comes during a slice waits for its end (8 ms slices made the first keystroke
 * after an open wait longer than the keystroke's own work over stdio).
 */
const IDLE_SLICE_MS = 4;
/** While an edit waits for its diagnostics, the build waits this long before it looks again. */
const EDIT_PENDING_MS = 1;
/**
 * The build in idle time starts, and goes on, only after this long without a change: a pause in
 * typing longer than a slow typist's 400 ms between keys (30 words a minute). Started as soon as
 * the open's diagnostics went, its slices and the garbage collection of what they made held the
 * first keystroke typed at once after opening 20 MB 124 ms, against 7 ms for a later one (over
 * stdio, quiet machine); a keystroke within a line needs no editor (route/blockEdit.ts).
 */
export const QUIET_MS = 500;

interface Step {
  from: number;
  to: number;
  changes: readonly TextDocumentContentChangeEvent[];
}

interface Entry {
  parser: IncrementalRouteParser;
  /**
   * Kept at `parsed.version`: built in idle time after a whole-text parse, then patched by every
   * range edit. An edit that comes before it is built goes without it where it stays within a
   * line of a route block (route/blockEdit.ts) and is replayed on it once it is (`unbuilt`); any
   * other edit builds it at once.
   */
  editor?: RouteDocumentEditor | undefined; // undefined once dropped (dropEditor)
  /** The range edits made while the editor was being built, in order: the editor is at `parsed.version` after them. */
  unbuilt: { range: Range; text: string }[];
  /** Changes since `parsed.version`, in order. */
  pending: Step[];
  parsed?: ParsedDocument;
  caches: BlockCaches;
  /** When the document was last opened or changed (performance.now()): the build waits for a pause. */
  changedAt: number;
}

export class ParsedDocuments {
  private readonly entries = new Map<string, Entry>();
  /** Whether the last parse came from the recorded changes (`edited`) or from the whole text (tests). */
  readonly lastParse = { edited: false, withoutEditor: false };
  /** The edits of the warm-ups, and the slices of builds in idle time (tests). */
  readonly idleWork = { warmUpEdits: 0, warmUpEditsWithoutEditor: 0, buildSlices: 0 };
  private warmedUpWithoutEditor = false;
  private readonly quietMs: number;

  /** `quietMs`: the pause in changes the build in idle time waits for (tests make it short). */
  constructor({ quietMs = QUIET_MS }: { quietMs?: number } = {}) {
    this.quietMs = quietMs;
  }

  private entry(uri: string): Entry {
    let entry = this.entries.get(uri);
    if (!entry) {
      entry = {
        parser: new IncrementalRouteParser(),
        pending: [],
        unbuilt: [],
        caches: newBlockCaches(),
        changedAt: performance.now(),
      };
      this.entries.set(uri, entry);
    }
    return entry;
  }

  /** The changes that take a document from version `from` to `to` (TextDocuments' update hook). */
  recordChanges(uri: string, from: number, changes: readonly TextDocumentContentChangeEvent[], to: number): void {
    const entry = this.entries.get(uri);
    if (entry) entry.changedAt = performance.now();
    // Only for a document parsed before: the first parse reads the whole text anyway.
    if (entry?.parsed) entry.pending.push({ from, to, changes });
  }

  get(textDocument: TextDocument): ParsedDocument {
    const entry = this.entry(textDocument.uri);
    if (entry.parsed && entry.parsed.version === textDocument.version) return entry.parsed;
    const edited = this.edited(entry, textDocument.version);
    // The editor holds this version's lines, unless the edit went without it (still being built).
    const editor = edited && entry.unbuilt.length === 0 ? entry.editor : undefined;
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
    if (!entry.editor.built) {
      const quick = this.editedWithoutEditor(entry, previous.document, version);
      if (quick) return quick;
    }
    this.replayOnEditor(entry);
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
    this.lastParse.withoutEditor = false;
    return entry.editor.document();
  }

  /**
   * The document at `version` from `document` (the last one handed out) without the editor, when
   * every recorded change stays within a line of a route block; undefined when one does not.
   */
  private editedWithoutEditor(entry: Entry, document: RouteDocument, version: number): RouteDocument | undefined {
    let at = entry.parsed!.version;
    const edits: { range: Range; text: string }[] = [];
    for (const step of entry.pending) {
      if (step.from !== at) return undefined;
      for (const change of step.changes) {
        if (!isUsableChange(change)) continue; // dropped by the text too
        if (!('range' in change)) return undefined;
        const next = editWithinBlock(document, change.range, change.text);
        if (!next) return undefined;
        document = next;
        edits.push({ range: change.range, text: change.text });
      }
      at = step.to;
    }
    if (at !== version) return undefined;
    entry.unbuilt.push(...edits);
    this.lastParse.edited = true;
    this.lastParse.withoutEditor = true;
    return document;
  }

  /** The edits made while the editor was being built, applied to it (built at once if need be). */
  private replayOnEditor(entry: Entry): void {
    const editor = entry.editor;
    if (!editor || entry.unbuilt.length === 0) return;
    for (const { range, text } of entry.unbuilt) editor.edit(range, text);
    entry.unbuilt = [];
  }

  private dropEditor(entry: Entry): undefined {
    entry.editor = undefined;
    entry.unbuilt = [];
    return undefined;
  }

  private parsedWhole(entry: Entry, text: string): RouteDocument {
    this.lastParse.edited = false;
    this.lastParse.withoutEditor = false;
    const document = entry.parser.parse(text);
    const editor = new RouteDocumentEditor(text, document.blocks, {}, true);
    entry.editor = editor;
    entry.unbuilt = [];
    // The way of a keystroke before the editor is built, its code run once in the process before
    // the open's diagnostics go (in the first idle turn, a keystroke sent as they came waited for it).
    if (!this.warmedUpWithoutEditor) {
      this.warmedUpWithoutEditor = true;
      this.idleWork.warmUpEditsWithoutEditor += warmUpEditWithoutEditor();
    }
    entry.changedAt = performance.now();
    const slice = (): void => {
      // Until it is built, used (and so built) by an edit, or replaced.
      if (entry.editor !== editor) return;
      // The idle build yields to an edit: it goes on once the edit's diagnostics are made (its
      // timer was set before this one, so it fires first).
      if (entry.pending.length > 0) return void setTimeout(slice, EDIT_PENDING_MS);
      // And to typing: it waits for a pause.
      const quiet = performance.now() - entry.changedAt;
      if (quiet < this.quietMs) return void setTimeout(slice, this.quietMs - quiet);
      this.idleWork.buildSlices++;
      if (!editor.buildFor(IDLE_SLICE_MS)) return void setImmediate(slice);
      // Built: in a turn of its own, the edits made meanwhile are made on it too, then the warm-up.
      setImmediate(() => {
        if (entry.editor !== editor) return;
        this.replayOnEditor(entry);
        this.warmUp(editor);
      });
    };
    setTimeout(slice, this.quietMs);
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
    const entry = this.entries.get(uri);
    // Its build in idle time stops (it waits for nothing that will come).
    if (entry) this.dropEditor(entry);
    this.entries.delete(uri);
  }
}
