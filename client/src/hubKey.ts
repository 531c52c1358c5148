/**
 * The hub user_key lives in VS Code's SecretStorage, never in settings. When none is stored the
 * extension host's HUB_USER_KEY environment variable is used. The key goes to the server only in
 * the icaoRoute/setHubKey notification, and is never written to the output channel.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SET_HUB_KEY, type SetHubKeyParams } from '../../common/protocol/lspMessages';
import { sendNotification } from '../../common/protocol/messages';
import { COMMANDS } from '../../common/commands';
import { clearedKeyMessage, type HubKeySource } from './statusPresentation';

const SECRET_NAME = 'icaoRoute.hub.userKey';

export class HubKeyStore {
  /** Told where the key comes from each time it is passed to the server (the status bar). */
  onSource?: (source: HubKeySource) => void;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly client: () => LanguageClient | undefined,
    private readonly log: (message: string) => void,
  ) {}

  async current(): Promise<SetHubKeyParams> {
    const stored = await this.secrets.get(SECRET_NAME);
    if (stored) return { userKey: stored, source: 'secretStorage' };
    const fromEnvironment = process.env.HUB_USER_KEY?.trim();
    if (fromEnvironment) return { userKey: fromEnvironment, source: 'environment' };
    return { userKey: null, source: 'none' };
  }

  // SecretStorage.onDidChange (registered below) fires for this window's own changes too, and
  // passes the new key to the server; sending it here as well sent it twice.
  async store(key: string): Promise<void> {
    await this.secrets.store(SECRET_NAME, key);
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_NAME);
  }

  async sendToServer(): Promise<void> {
    const client = this.client();
    if (!client?.isRunning()) return;
    const params = await this.current();
    this.onSource?.(params.source);
    await sendNotification(client, SET_HUB_KEY, params);
    this.log(
      params.userKey ? `hub key passed to the server (from ${params.source})` : 'no hub key: offline features only',
    );
  }
}

export function registerHubKeyCommands(context: vscode.ExtensionContext, keys: HubKeyStore): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.setHubKey, async () => {
      const key = await vscode.window.showInputBox({
        title: 'ICAO Route: Set Hub Key',
        prompt: "Your hub user_key. It is kept in VS Code's secret storage, not in settings.",
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) =>
          value.trim().length === 0
            ? 'The key cannot be empty'
            : /\s/.test(value.trim())
              ? 'The key contains blanks'
              : undefined,
      });
      if (key === undefined) return;
      await keys.store(key.trim());
      void vscode.window.showInformationMessage('ICAO Route: hub key stored.');
    }),
    vscode.commands.registerCommand(COMMANDS.clearHubKey, async () => {
      await keys.clear();
      const now = await keys.current();
      keys.onSource?.(now.source);
      void vscode.window.showInformationMessage(clearedKeyMessage(now.source));
    }),
    // The key changed, in this window or another: pass it on.
    context.secrets.onDidChange(async (event) => {
      if (event.key === SECRET_NAME) await keys.sendToServer();
    }),
  );
}
