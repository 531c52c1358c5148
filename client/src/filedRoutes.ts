/**
 * "Use a route filed by others (EGLL → EDDF)": asks the server for the routes others filed for the
 * block's city pair (icaoRoute/filedRoutes), lists each with its count, latest filing and
 * differences from the route written, and puts the chosen one in place in one undoable edit.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS } from '../../common/commands';
import { FILED_ROUTES, type FiledRouteChoice } from '../../common/protocol/lspMessages';
import { sendRequest } from '../../common/protocol/messages';
import { commandTarget } from './commandTarget';

async function useFiledRoute(connected: LanguageClient | undefined, raw: unknown): Promise<boolean> {
  const target = commandTarget(connected, raw);
  if (!target) return false;
  const { client, documentUri, position } = target;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Asking the hub for routes filed by others…' },
    () => sendRequest(client, FILED_ROUTES, { uri: client.code2ProtocolConverter.asUri(documentUri), position }),
  );
  if ('error' in result) {
    void vscode.window.showWarningMessage(`ICAO Route: ${result.error}`);
    return false;
  }
  type Pick = vscode.QuickPickItem & { choice: FiledRouteChoice };
  const picks: Pick[] = result.routes.map((choice) => ({
    label: choice.text,
    description: choice.detail,
    detail: choice.differences,
    choice,
  }));
  const title = `Routes filed by others (${result.origin} → ${result.destination})`;
  const chosen = await vscode.window.showQuickPick(picks, {
    title,
    placeHolder: result.note ?? 'Replace the route with…',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!chosen) return false;
  const { start, end } = result.range;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    documentUri,
    new vscode.Range(start.line, start.character, end.line, end.character),
    (result.prefix ?? '') + chosen.choice.text,
  );
  return vscode.workspace.applyEdit(edit);
}

export function registerFiledRoutes(
  context: vscode.ExtensionContext,
  client: () => LanguageClient | undefined,
  log: (message: string) => void,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.useFiledRoute, async (raw?: unknown) => {
      try {
        return await useFiledRoute(client(), raw);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        log(`filed routes failed: ${text}`);
        void vscode.window.showErrorMessage(`ICAO Route: routes filed by others could not be listed: ${text}`);
        return false;
      }
    }),
  );
}
