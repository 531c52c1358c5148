/**
 * "Insert EET/ for the FIR boundaries": asks the server for the EET/ of the FPL message at the
 * cursor (icaoRoute/insertEet) and writes it into field 18 in one undoable edit. Nothing is
 * written when the document changed while the server was computing: the range it answered for
 * would no longer be the EET/ item.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS } from '../../common/commands';
import { INSERT_EET } from '../../common/protocol/lspMessages';
import { sendRequest } from '../../common/protocol/messages';
import { commandTarget } from './commandTarget';

async function insertEet(connected: LanguageClient | undefined, raw: unknown): Promise<boolean> {
  const target = commandTarget(connected, raw);
  if (!target) return false;
  const { client, documentUri, position } = target;
  const document = await vscode.workspace.openTextDocument(documentUri);
  const version = document.version;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Computing EET/ for the FIR boundaries…' },
    () => sendRequest(client, INSERT_EET, { uri: client.code2ProtocolConverter.asUri(documentUri), position }),
  );
  if ('error' in result) {
    void vscode.window.showWarningMessage(`ICAO Route: ${result.error}`);
    return false;
  }
  if (document.version !== version) {
    void vscode.window.showWarningMessage('ICAO Route: the document changed meanwhile; run the command again.');
    return false;
  }
  const { start, end } = result.range;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(documentUri, new vscode.Range(start.line, start.character, end.line, end.character), result.newText);
  const applied = await vscode.workspace.applyEdit(edit);
  if (applied) void vscode.window.showInformationMessage(`ICAO Route: ${result.summary}`);
  return applied;
}

export function registerInsertEet(
  context: vscode.ExtensionContext,
  client: () => LanguageClient | undefined,
  log: (message: string) => void,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.insertEet, async (raw?: unknown) => {
      try {
        return await insertEet(client(), raw);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        log(`EET/ failed: ${text}`);
        void vscode.window.showErrorMessage(`ICAO Route: EET/ could not be written: ${text}`);
        return false;
      }
    }),
  );
}
