/**
 * Parse results cached by document version, with one incremental parser per document so that an
 * edit re-parses only the blocks whose text changed.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { IncrementalRouteParser, type RouteDocument } from '../route';
import { LineIndex } from '../services/ranges';

export interface ParsedDocument {
  uri: string;
  version: number;
  text: string;
  document: RouteDocument;
  /** Built on first use: code actions need offsets; the expansion cache keys come from the parser. */
  readonly lines: LineIndex;
}

interface Entry {
  parser: IncrementalRouteParser;
  parsed?: ParsedDocument;
}

export class ParsedDocuments {
  private readonly entries = new Map<string, Entry>();

  get(textDocument: TextDocument): ParsedDocument {
    let entry = this.entries.get(textDocument.uri);
    if (!entry) {
      entry = { parser: new IncrementalRouteParser() };
      this.entries.set(textDocument.uri, entry);
    }
    if (entry.parsed && entry.parsed.version === textDocument.version) return entry.parsed;
    const text = textDocument.getText();
    const document = entry.parser.parse(text);
    let lines: LineIndex | undefined;
    entry.parsed = {
      uri: textDocument.uri,
      version: textDocument.version,
      text,
      document,
      get lines() {
        return (lines ??= new LineIndex(text));
      },
    };
    return entry.parsed;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
