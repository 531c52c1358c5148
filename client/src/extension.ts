/**
 * The VS Code side: starts the language server over ipc, shows its status in the "ICAO Route"
 * output channel, and hands it the hub key from SecretStorage. Everything about routes happens
 * in the server.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  State,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { EXPANSION_STATUS, SERVER_INFO, STATUS } from '../../common/protocol/lspMessages';
import { onNotification, sendRequest } from '../../common/protocol/messages';
import { newSealKey, SEAL_KEY_ENVIRONMENT } from '../../common/protocol/sealedSecrets';
import { COMMANDS } from '../../common/commands';
import { LANGUAGE_ID } from '../../common/language';
import {
  AirlineCredentialsStore,
  registerAirlineCredentialsCommands,
  registerFirstUseHint,
} from './airlineCredentials';
import { registerExpansionView } from './expansionView';
import { registerExportRoute } from './exportRoute';
import { registerFiledRoutes } from './filedRoutes';
import { registerInsertEet } from './insertEet';
import { HubKeyStore, registerHubKeyCommands } from './hubKey';
import { registerRouteMap } from './map/routeMap';
import { registerNotamDocuments } from './notamDocument';
import { ExpansionStatusBar } from './statusBar';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('ICAO Route', { log: true });
  context.subscriptions.push(output);

  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  // The secrets reach the server sealed under this key, which only the server's environment
  // holds: the LSP trace prints every message, never the environment (protocol/sealedSecrets).
  const sealKey = newSealKey();
  const env = { ...process.env, [SEAL_KEY_ENVIRONMENT]: sealKey };
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { env } },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { env, execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: LANGUAGE_ID },
      { scheme: 'untitled', language: LANGUAGE_ID },
    ],
    // Pushes `icaoRoute.*` and `http.*` (the proxy of the hub client) on change; the server
    // pulls both through workspace/configuration.
    synchronize: { configurationSection: ['icaoRoute', 'http'] },
    outputChannel: output,
    // This client shows icaoRoute/status lines itself: the server need not repeat them as log lines.
    // The airline reference's disk cache lives in the extension's own storage.
    // textMateGrammar: VS Code colours routes with the extension's grammar, not semantic tokens.
    initializationOptions: {
      statusNotifications: true,
      textMateGrammar: true,
      referenceCacheFolder: context.globalStorageUri.fsPath,
      // The hub key (or none) follows at once in icaoRoute/setHubKey: commands run at start-up wait for it.
      hubKeyFollows: true,
    },
  };
  client = new LanguageClient('icaoRoute', 'ICAO Route', serverOptions, clientOptions);

  const log = (message: string) => output.info(message);
  const keys = new HubKeyStore(context.secrets, () => client, log, sealKey);
  registerHubKeyCommands(context, keys);
  registerRouteMap(context, client, log);
  const airlineCredentials = new AirlineCredentialsStore(context.secrets, () => client, log, sealKey);
  registerAirlineCredentialsCommands(context, airlineCredentials);
  registerFirstUseHint(context, airlineCredentials);
  registerExpansionView(context, () => client);
  registerExportRoute(context, () => client, log);
  registerFiledRoutes(context, () => client, log);
  registerInsertEet(context, () => client, log);
  registerNotamDocuments(context);
  context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.showOutput, async () => {
      output.show(true);
      await logServerInfo(log);
    }),
  );

  // Route expansion's state; every change also arrives as a line through icaoRoute/status.
  const statusBar = new ExpansionStatusBar();
  context.subscriptions.push(statusBar);
  keys.onSource = (source) => statusBar.setKeySource(source);
  onNotification(client, EXPANSION_STATUS, (params) => statusBar.update(params));

  onNotification(client, STATUS, (params) => {
    if (params.level === 'error') output.error(params.message);
    else if (params.level === 'warning') output.warn(params.message);
    // A hub call's record (level 'log') is shown at the output's default level, as statuses are.
    else output.info(params.message);
  });

  // After a crash the client restarts the server, which then has no key: send it on every start.
  context.subscriptions.push(
    client.onDidChangeState((event) => {
      if (event.newState !== State.Running) statusBar.update(undefined);
      if (event.newState === State.Running)
        void keys.sendToServer().catch((error) => output.error(`could not pass the hub key: ${String(error)}`));
      if (event.newState === State.Running)
        void airlineCredentials
          .sendToServer()
          .catch(() => output.error('could not pass the airline reference credentials'));
    }),
  );
  await client.start();
}

async function logServerInfo(log: (message: string) => void): Promise<void> {
  if (!client?.isRunning()) {
    log('the language server is not running');
    return;
  }
  try {
    const info = await sendRequest(client, SERVER_INFO, undefined);
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
    log(
      `server ${info.version}, pid ${info.pid}: ${info.documents} open document(s), hub key ${info.hubKey}, ` +
        `debounce ${info.settings.debounceMs} ms, navdata ${info.settings.navdataFolder || '(none)'}, ` +
        `memory ${mb(info.memory.rssBytes)} RSS, ${mb(info.memory.heapUsedBytes)} heap` +
        (info.expansion
          ? `; route expansion ${info.expansion.state} (${info.expansion.source}): ${info.expansion.message}`
          : '') +
        Object.entries(info.sources ?? {})
          .filter(([name, source]) => name !== 'expansion' && source.message)
          .map(([name, source]) => `; ${name} ${source.state}: ${source.message}`)
          .join(''),
    );
  } catch (error) {
    log(`could not ask the server: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
