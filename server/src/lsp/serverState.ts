/**
 * What the language server's handlers share: the connection, the open documents and their parses,
 * the settings, what the client said it can do, and the session. The handlers themselves are
 * split by concern: lifecycle.ts (initialize, settings, credentials, shutdown), publishing.ts
 * (diagnostics), features.ts (the editor features) and customMessages.ts (icaoRoute/… requests).
 */
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import { STATUS, type SetReferenceCredentialsParams, type StatusParams } from '../../../common/protocol/lspMessages';
import { sendNotification } from '../../../common/protocol/messages';
import type { RouteLanguageService } from '../services/languageService';
import type { RouteSession } from '../session/routeSession';
import { HubCredentials } from './credentials';
import type { ParsedDocument } from '../services/parsedDocument';
import type { ParsedDocuments } from './parsedDocuments';
import type { RouteTextDocument } from './routeTextDocument';
import { DEFAULT_SETTINGS, type ServerSettings } from './settings';

/** What the client said in `initialize`. */
export interface ClientAbilities {
  /** The VS Code client shows icaoRoute/status lines; other editors read window/logMessage. */
  showsStatus: boolean;
  canPullConfiguration: boolean;
  canRegisterConfiguration: boolean;
  canRefreshInlayHints: boolean;
  /** The client's foldingRange.rangeLimit: folding ranges past it are not sent. */
  foldingRangeLimit: number;
  /** The client's storage folder for the airline cache (initializationOptions.referenceCacheFolder). */
  referenceCacheFolder?: string | undefined; // undefined: the client sent none
  /**
   * The client sends the hub key (icaoRoute/setHubKey) once the server runs, whether there is one
   * or not (initializationOptions.hubKeyFollows: the VS Code client): until then the session
   * expands nothing, and a command run at start-up waits for it rather than say a key is needed.
   */
  hubKeyFollows?: boolean;
}

/** The longest a command waits at start-up for the hub key the client said it sends. */
export const HUB_KEY_WAIT_MS = 10_000;

export class ServerState {
  settings: ServerSettings = DEFAULT_SETTINGS;
  /** Settings from initializationOptions, under every later layer. */
  initialSettings: Partial<ServerSettings> = {};
  initialized = false;
  readonly client: ClientAbilities = {
    showsStatus: false,
    canPullConfiguration: false,
    canRegisterConfiguration: false,
    canRefreshInlayHints: false,
    foldingRangeLimit: Number.POSITIVE_INFINITY,
  };
  readonly hubCredentials = new HubCredentials();
  /** True once the client's icaoRoute/setHubKey came (with a key or without). */
  hubKeyReceived = false;
  #configured!: () => void;
  readonly #configuredOnce = new Promise<void>((resolve) => (this.#configured = resolve));
  /** Credentials from the client; until it sends any, the server's own environment. */
  referenceCredentials?: SetReferenceCredentialsParams;
  /** Set once the session is made (startLanguageServer). */
  session!: RouteSession;
  service!: RouteLanguageService;

  constructor(
    readonly connection: Connection,
    readonly version: string,
    readonly documents: TextDocuments<RouteTextDocument>,
    readonly parsed: ParsedDocuments,
  ) {}

  /** The session has the client's settings and, when the client said it sends one, its hub key. */
  markConfigured(): void {
    this.#configured();
  }

  /**
   * Resolves once the session is configured as the client means it at start-up (see
   * `markConfigured`), or after `limitMs`: a command run at once waits for the key on its way.
   */
  configured(limitMs = HUB_KEY_WAIT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, limitMs);
      timer.unref?.();
    });
    return Promise.race([this.#configuredOnce, limit]).finally(() => clearTimeout(timer));
  }

  /** The parse of the document's current version; undefined when it is not open. */
  parsedFor(uri: string): ParsedDocument | undefined {
    const textDocument = this.documents.get(uri);
    return textDocument ? this.parsed.get(textDocument) : undefined;
  }

  status(level: StatusParams['level'], message: string): void {
    void sendNotification(this.connection, STATUS, { level, message }).catch(() => {});
  }

  readonly logError = (message: string): void => {
    this.connection.console.error(message);
    const [firstLine = ''] = message.split('\n');
    this.status('error', firstLine);
  };
}
