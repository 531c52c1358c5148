/**
 * The airline reference family's appId and appKey live in VS Code's SecretStorage, never in
 * settings. When none are stored, the extension host's REFERENCE_APP_ID / REFERENCE_APP_KEY are
 * used. They go to the server only in icaoRoute/setReferenceCredentials and are never written to
 * the output channel. A hint to set them appears once per installation, on the first FPL message.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SET_REFERENCE_CREDENTIALS, type SetReferenceCredentialsParams } from '../../common/protocol/lspMessages';
import { sendNotification } from '../../common/protocol/messages';
import { COMMANDS } from '../../common/commands';
import { LANGUAGE_ID } from '../../common/language';

const APP_ID = 'icaoRoute.reference.appId';
const APP_KEY = 'icaoRoute.reference.appKey';
const HINT_SHOWN = 'icaoRoute.reference.hintShown';

export class AirlineCredentialsStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly client: () => LanguageClient | undefined,
    private readonly log: (message: string) => void,
  ) {}

  async current(): Promise<SetReferenceCredentialsParams> {
    const [appId, appKey] = await Promise.all([this.secrets.get(APP_ID), this.secrets.get(APP_KEY)]);
    if (appId && appKey) return { appId, appKey, source: 'secretStorage' };
    const envId = process.env.REFERENCE_APP_ID?.trim();
    const envKey = process.env.REFERENCE_APP_KEY?.trim();
    if (envId && envKey) return { appId: envId, appKey: envKey, source: 'environment' };
    return { appId: null, appKey: null, source: 'none' };
  }

  /** Both secrets change: SecretStorage.onDidChange passes them on (see registerAirlineCredentialsCommands). */
  async store(appId: string, appKey: string): Promise<void> {
    await this.secrets.store(APP_ID, appId);
    await this.secrets.store(APP_KEY, appKey);
  }

  async clear(): Promise<void> {
    await this.secrets.delete(APP_ID);
    await this.secrets.delete(APP_KEY);
  }

  async sendToServer(): Promise<void> {
    const client = this.client();
    if (!client?.isRunning()) return;
    const params = await this.current();
    await sendNotification(client, SET_REFERENCE_CREDENTIALS, params);
    this.log(
      params.appId
        ? `airline reference credentials passed to the server (from ${params.source})`
        : 'no airline reference credentials: FPL operators are not checked',
    );
  }
}

const valid = (what: string) => (value: string) =>
  value.trim().length === 0
    ? `The ${what} cannot be empty`
    : /\s/.test(value.trim())
      ? `The ${what} contains blanks`
      : undefined;

export function registerAirlineCredentialsCommands(
  context: vscode.ExtensionContext,
  store: AirlineCredentialsStore,
): void {
  let pending: NodeJS.Timeout | undefined;
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.setAirlineReferenceCredentials, async () => {
      const appId = await vscode.window.showInputBox({
        title: 'ICAO Route: Set Airline Reference Credentials (1/2)',
        prompt: "Your application's appId. It is kept in VS Code's secret storage, not in settings.",
        password: true,
        ignoreFocusOut: true,
        validateInput: valid('appId'),
      });
      if (appId === undefined) return;
      const appKey = await vscode.window.showInputBox({
        title: 'ICAO Route: Set Airline Reference Credentials (2/2)',
        prompt: "Your application's appKey. It is kept in VS Code's secret storage, not in settings.",
        password: true,
        ignoreFocusOut: true,
        validateInput: valid('appKey'),
      });
      if (appKey === undefined) return;
      await store.store(appId.trim(), appKey.trim());
      void vscode.window.showInformationMessage('ICAO Route: airline reference credentials stored.');
    }),
    vscode.commands.registerCommand(COMMANDS.clearAirlineReferenceCredentials, async () => {
      await store.clear();
      void vscode.window.showInformationMessage('ICAO Route: airline reference credentials cleared.');
    }),
    // Storing both secrets fires twice: pass them on once, when both are written.
    context.secrets.onDidChange((event) => {
      if (event.key !== APP_ID && event.key !== APP_KEY) return;
      if (pending) clearTimeout(pending);
      pending = setTimeout(() => {
        pending = undefined;
        void store.sendToServer().catch(() => undefined);
      }, 50);
    }),
  );
}

/** On the first FPL message ever opened without credentials: say once what they would add. */
export function registerFirstUseHint(context: vscode.ExtensionContext, store: AirlineCredentialsStore): void {
  const check = async (document: vscode.TextDocument) => {
    if (document.languageId !== LANGUAGE_ID || context.globalState.get(HINT_SHOWN)) return;
    if (!document.getText().includes('(FPL-')) return;
    if ((await store.current()).appId) return;
    await context.globalState.update(HINT_SHOWN, true);
    const choice = await vscode.window.showInformationMessage(
      'ICAO Route can check the operator of FPL field 7 (e.g. DLH in DLH4AB) against an airline reference: set its appId and appKey.',
      'Set Credentials',
    );
    if (choice) await vscode.commands.executeCommand(COMMANDS.setAirlineReferenceCredentials);
  };
  // A hint that cannot be shown (the window closing) is no failure worth more than silence.
  const checkQuietly = (document: vscode.TextDocument) => void check(document).catch(() => undefined);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(checkQuietly));
  for (const document of vscode.workspace.textDocuments) checkQuietly(document);
}
