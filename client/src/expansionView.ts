/**
 * "ICAO Route: Show Expansion": a read-only document beside the route with its expanded routes
 * as tables, asked of the server (icaoRoute/expansionTable) and asked again when the route's
 * diagnostics change, which is when a new expansion has arrived.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { EXPANSION_TABLE, type ExpansionTableParams } from '../../common/protocol/lspMessages';
import { sendRequest } from '../../common/protocol/messages';
import { COMMANDS } from '../../common/commands';
import { LANGUAGE_ID } from '../../common/language';

export const EXPANSION_SCHEME = 'icao-route-expansion';

class ExpansionDocuments implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: () => LanguageClient | undefined) {}

  /** The view's URI carries the route document's URI in its query. */
  static viewOf(source: vscode.Uri): vscode.Uri {
    return vscode.Uri.from({
      scheme: EXPANSION_SCHEME,
      path: `/${source.path.split('/').pop() ?? 'route'}.expansion`,
      query: source.toString(),
    });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const client = this.client();
    if (!client?.isRunning()) return 'The ICAO Route language server is not running.';
    const params: ExpansionTableParams = { uri: client.code2ProtocolConverter.asUri(vscode.Uri.parse(uri.query)) };
    const result = await sendRequest(client, EXPANSION_TABLE, params);
    return result?.text ?? 'The route document is not open.';
  }

  refresh(source: vscode.Uri): void {
    this.changed.fire(ExpansionDocuments.viewOf(source));
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerExpansionView(
  context: vscode.ExtensionContext,
  client: () => LanguageClient | undefined,
): void {
  const documents = new ExpansionDocuments(client);
  const open = new Set<string>();
  context.subscriptions.push(
    documents,
    vscode.workspace.registerTextDocumentContentProvider(EXPANSION_SCHEME, documents),
    vscode.commands.registerCommand(COMMANDS.showExpansion, async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== LANGUAGE_ID) {
        void vscode.window.showInformationMessage('ICAO Route: open a .route document first.');
        return;
      }
      open.add(editor.document.uri.toString());
      const view = await vscode.workspace.openTextDocument(ExpansionDocuments.viewOf(editor.document.uri));
      await vscode.window.showTextDocument(view, {
        viewColumn: vscode.ViewColumn.Beside,
        preview: false,
        preserveFocus: true,
      });
    }),
    // New diagnostics follow every new expansion: the table is asked for again.
    vscode.languages.onDidChangeDiagnostics((event) => {
      for (const uri of event.uris) if (open.has(uri.toString())) documents.refresh(uri);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === EXPANSION_SCHEME) open.delete(document.uri.query);
    }),
  );
}
