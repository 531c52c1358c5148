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
import type { ParsedDocument, ParsedDocuments } from './parsedDocuments';
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
  referenceCacheFolder?: string;
}

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
    this.status('error', message.split('\n')[0]);
  };
}
