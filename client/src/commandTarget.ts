/**
 * Where a command that works "at the cursor" runs: the document and position its arguments give
 * (a code action passes them), else the active editor's. Says why to the user when there is none,
 * so each command reads the same: the language server must run and a document must be open.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

export interface CommandTarget {
  client: LanguageClient;
  documentUri: vscode.Uri;
  position: { line: number; character: number };
}

export function commandTarget(client: LanguageClient | undefined, raw: unknown): CommandTarget | undefined {
  if (!client) {
    void vscode.window.showWarningMessage('ICAO Route: the language server is not running.');
    return undefined;
  }
  const args = (raw && typeof raw === 'object' ? raw : {}) as Partial<CommandTarget> & { uri?: string };
  const editor = vscode.window.activeTextEditor;
  const documentUri = args.uri ? vscode.Uri.parse(args.uri) : editor?.document.uri;
  if (!documentUri) {
    void vscode.window.showWarningMessage('ICAO Route: open a route document first.');
    return undefined;
  }
  const cursor = editor?.document.uri.toString() === documentUri.toString() ? editor.selection.active : undefined;
  const position = args.position ?? (cursor ? { line: cursor.line, character: cursor.character } : undefined);
  return position ? { client, documentUri, position } : undefined;
}
