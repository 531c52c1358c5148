/**
 * "Open NOTAM" from a conflict diagnostic's code action: the NOTAM's full text in a read-only
 * editor of its own (a virtual document, `icao-route-notam:`), so that it can be read, searched
 * and copied beside the route. The text comes with the code action from the language server;
 * nothing is fetched here.
 */
import * as vscode from 'vscode';
import { OPEN_NOTAM_COMMAND } from '../../common/commands';
import type { OpenNotamArgument } from '../../common/protocol/lspMessages';
const SCHEME = 'icao-route-notam';
/** A NOTAM is a few hundred characters; anything far longer is not one. */
const MAX_TEXT = 100_000;

class NotamDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /**
   * The document of a NOTAM, its text kept (or replaced, for a NOTAM issued again under its
   * number). Keyed by the NOTAM's whole identity, its number and the place that issued it: numbers
   * are per issuing office, and Germany's B2795/26 must not replace Belgium's in its tab.
   */
  uriOf(number: string, place: string | undefined, text: string): vscode.Uri {
    const name = place ? `${number} ${place}` : number;
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${name.replace(/[^\w.-]+/g, '-')}.txt` });
    const before = this.texts.get(uri.path);
    this.texts.set(uri.path, `NOTAM ${number}${place ? ` (${place})` : ''}\n\n${text}\n`);
    if (before !== undefined && before !== this.texts.get(uri.path)) this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? 'This NOTAM is no longer known: open it again from its diagnostic.';
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerNotamDocuments(context: vscode.ExtensionContext): void {
  const documents = new NotamDocuments();
  context.subscriptions.push(
    documents,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    vscode.commands.registerCommand(
      OPEN_NOTAM_COMMAND,
      async (notam?: Partial<Record<keyof OpenNotamArgument, unknown>>) => {
        const number = typeof notam?.number === 'string' ? notam.number.slice(0, 40) : undefined;
        const text = typeof notam?.text === 'string' ? notam.text.slice(0, MAX_TEXT) : undefined;
        const place = typeof notam?.place === 'string' ? notam.place.slice(0, 12) : undefined;
        if (!number || text === undefined) return;
        const document = await vscode.workspace.openTextDocument(documents.uriOf(number, place, text));
        await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
      },
    ),
  );
}
