/**
 * "Use a route filed by others (EGLL → EDDF)": asks the server for the routes others filed for the
 * block's city pair (icaoRoute/filedRoutes), lists each with its count, latest filing and
 * differences from the route written, and puts the chosen one in place in one undoable edit.
 *
 * The editor stays editable while the hub is asked and the pick is open, so the edit is not made
 * from the first answer: once the user has chosen, the server finds the route again in the text
 * as it is then (icaoRoute/filedRouteEdit) and the edits are applied only to the version they
 * were computed for. The user's speed/level group is kept; a button on a route uses the filed one.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS } from '../../common/commands';
import {
  FILED_ROUTE_EDIT,
  FILED_ROUTES,
  type FiledRouteAnchor,
  type FiledRouteChoice,
} from '../../common/protocol/lspMessages';
import { sendRequest } from '../../common/protocol/messages';
import { commandTarget } from './commandTarget';

/** Edits computed for a version the user has already typed past are asked for again, this often. */
const EDIT_ATTEMPTS = 3;

type Pick = vscode.QuickPickItem & { choice: FiledRouteChoice };

/** The route text to write: the choice as offered, or with its filed speed/level (the item's button); undefined when dismissed. */
function chooseRoute(title: string, placeholder: string, routes: FiledRouteChoice[]): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<Pick>();
  pick.title = title;
  pick.placeholder = placeholder;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.items = routes.map((choice) => ({
    label: choice.text,
    description: choice.detail,
    detail: choice.differences,
    choice,
    ...(choice.withFiledSpeedLevel
      ? {
          buttons: [
            {
              iconPath: new vscode.ThemeIcon('arrow-swap'),
              tooltip: `Use the filed speed/level ${choice.withFiledSpeedLevel.speedLevel} (${choice.withFiledSpeedLevel.differences})`,
            },
          ],
        }
      : {}),
  }));
  return new Promise((resolve) => {
    let chosen = false;
    const finish = (text: string | undefined) => {
      if (chosen) return;
      chosen = true;
      resolve(text);
      pick.hide();
    };
    pick.onDidAccept(() => finish(pick.selectedItems[0]?.choice.text));
    pick.onDidTriggerItemButton((event) => finish(event.item.choice.withFiledSpeedLevel?.text));
    pick.onDidHide(() => {
      finish(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** Writes `route` in place of the route `anchor` names, on the version the server computed the edits for. */
async function writeRoute(
  client: LanguageClient,
  documentUri: vscode.Uri,
  position: { line: number; character: number },
  anchor: FiledRouteAnchor,
  route: string,
): Promise<boolean> {
  const uri = client.code2ProtocolConverter.asUri(documentUri);
  for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
    const answer = await sendRequest(client, FILED_ROUTE_EDIT, { uri, position, anchor, route });
    if ('error' in answer) {
      void vscode.window.showWarningMessage(`ICAO Route: ${answer.error}`);
      return false;
    }
    const document = await vscode.workspace.openTextDocument(documentUri);
    // Typed while the server computed: its ranges are for a version the editor no longer has.
    if (document.version !== answer.version) continue;
    const edit = new vscode.WorkspaceEdit();
    for (const { range, newText } of answer.edits)
      edit.replace(
        documentUri,
        new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character),
        newText,
      );
    return vscode.workspace.applyEdit(edit);
  }
  void vscode.window.showWarningMessage(
    'ICAO Route: the document kept changing while the route was written: nothing was written. Run the command again.',
  );
  return false;
}

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
  const route = await chooseRoute(
    `Routes filed by others (${result.origin} → ${result.destination})${result.leftOut ? ` — ${result.leftOut}` : ''}`,
    result.note ?? 'Replace the route with… (the button on a route uses its filed speed/level)',
    result.routes,
  );
  if (route === undefined) return false;
  return writeRoute(client, documentUri, position, result.anchor, route);
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
