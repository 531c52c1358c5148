/**
 * Runs the real built language server (`node dist/server.js --stdio`) and talks to it over
 * stdio with vscode-languageserver-protocol, as an editor would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  CodeActionRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  ExitNotification,
  FoldingRangeRequest,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  Trace,
  type ClientCapabilities,
  type CodeAction,
  type Command,
  type Diagnostic,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type MarkupContent,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
  type SymbolInformation,
  type TextDocumentContentChangeEvent,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import {
  EXPANSION_STATUS_NOTIFICATION,
  SERVER_INFO_REQUEST,
  STATUS_NOTIFICATION,
  type ExpansionStatusParams,
  type ServerInfo,
  type StatusParams,
} from '../../../common/protocol/lspMessages';
import { buildOnce, ROOT, SERVER_JS } from './build';
import { defined } from '../../shared/defined';

/**
 * A generous bound so a broken server fails the test instead of hanging it; not a speed check. 90 s:
 * with two full test runs side by side on 2 cores (load 15-22) a first expansion and its conflicts
 * once took over 30 s, the simulator computing its answers in the test's own process.
 */
const WAIT_LIMIT_MS = Number(process.env.ICAO_ROUTE_WAIT_MS) || 90_000;

interface Waiter {
  uri: string;
  accept: (p: PublishDiagnosticsParams) => boolean;
  resolve: (p: PublishDiagnosticsParams) => void;
}

export class ServerUnderTest {
  readonly published = new Map<string, PublishDiagnosticsParams[]>();
  readonly statuses: StatusParams[] = [];
  readonly expansionStatuses: ExpansionStatusParams[] = [];
  private readonly statusWaiters: {
    accept: (s: ExpansionStatusParams) => boolean;
    resolve: (s: ExpansionStatusParams) => void;
  }[] = [];
  readonly logMessages: string[] = [];
  stderr = '';
  private readonly waiters: Waiter[] = [];
  private readonly versions = new Map<string, number>();
  initializeResult!: InitializeResult;

  private constructor(
    readonly process: ChildProcess,
    readonly connection: ProtocolConnection,
  ) {}

  /**
   * `configuration`, when given, is what this client answers to workspace/configuration (and it
   * then declares that capability), like VS Code or Neovim with settings.
   */
  static async start(
    options: {
      initializationOptions?: unknown;
      configuration?: unknown;
      capabilities?: ClientCapabilities;
      /** Added to the server's environment. */
      env?: NodeJS.ProcessEnv;
      /** Gets every line vscode-jsonrpc's tracer prints at `verbose`, as vscode-languageclient's trace does. */
      trace?: (line: string) => void;
    } = {},
  ): Promise<ServerUnderTest> {
    const initializationOptions =
      'initializationOptions' in options
        ? options.initializationOptions
        : { icaoRoute: { diagnostics: { debounceMs: 0 } } };
    buildOnce();
    const child = spawn(
      process.execPath,
      [...(process.env.ICAO_ROUTE_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), SERVER_JS, '--stdio'],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
    );
    const connection = createProtocolConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const trace = options.trace;
    if (trace)
      await connection.trace(Trace.Verbose, {
        log: (message: unknown, data?: string) =>
          trace(typeof message === 'string' ? `${message}\n${data ?? ''}` : JSON.stringify(message)),
      });
    const server = new ServerUnderTest(child, connection);
    child.stderr!.on('data', (chunk: Buffer) => (server.stderr += chunk.toString()));
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => server.receive(params));
    connection.onNotification(STATUS_NOTIFICATION, (params: StatusParams) => {
      server.statuses.push(params);
    });
    connection.onNotification(EXPANSION_STATUS_NOTIFICATION, (params: ExpansionStatusParams) =>
      server.receiveStatus(params),
    );
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      server.logMessages.push(params.message);
    });
    const pull = options.configuration !== undefined;
    if (pull) {
      connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => options.configuration));
    }
    connection.listen();
    server.initializeResult = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: { ...options.capabilities, ...(pull ? { workspace: { configuration: true } } : {}) },
      initializationOptions,
    });
    await connection.sendNotification(InitializedNotification.type, {});
    return server;
  }

  private receive(params: PublishDiagnosticsParams): void {
    const list = this.published.get(params.uri) ?? [];
    list.push(params);
    this.published.set(params.uri, list);
    // Backwards, so that removing the waiter at i leaves those still to visit in place.
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.uri === params.uri && waiter.accept(params)) {
        this.waiters.splice(i, 1);
        waiter.resolve(params);
      }
    }
  }

  private receiveStatus(params: ExpansionStatusParams): void {
    this.expansionStatuses.push(params);
    for (let i = this.statusWaiters.length - 1; i >= 0; i--) {
      const waiter = this.statusWaiters[i]!;
      if (waiter.accept(params)) {
        this.statusWaiters.splice(i, 1);
        waiter.resolve(params);
      }
    }
  }

  /** The first expansion status (received so far, from index `from` on, or later) that `accept`s. */
  expansionStatus(accept: (s: ExpansionStatusParams) => boolean, from = 0): Promise<ExpansionStatusParams> {
    const already = this.expansionStatuses.slice(from).find(accept);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const waiter = { accept, resolve };
      this.statusWaiters.push(waiter);
      const timer = setTimeout(() => {
        const index = this.statusWaiters.indexOf(waiter);
        if (index >= 0) this.statusWaiters.splice(index, 1);
        reject(
          new Error(
            `no such expansion status; received: ${JSON.stringify(this.expansionStatuses)}; server stderr:\n${this.stderr}`,
          ),
        );
      }, WAIT_LIMIT_MS);
      timer.unref();
    });
  }

  /** Sends a notification of the extension's own protocol (e.g. icaoRoute/setHubKey). */
  notify(method: string, params: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  /** The diagnostics published for `uri` at `version` (waits for them if need be). */
  diagnosticsFor(uri: string, version: number): Promise<PublishDiagnosticsParams> {
    return this.diagnosticsWhere(uri, (p) => p.version === version);
  }

  /** The first publication for `uri` that `accept`s (received already, or waits for it). */
  diagnosticsWhere(uri: string, accept: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    const already = this.published.get(uri)?.find(accept);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { uri, accept, resolve };
      this.waiters.push(waiter);
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        const seen = (this.published.get(uri) ?? []).map(
          (p) => `v${p.version}: ${p.diagnostics.map((d) => d.code).join(',')}`,
        );
        reject(
          new Error(
            `no such diagnostics for ${uri} (published: ${seen.join(' | ') || 'none'}); server stderr:\n${this.stderr}`,
          ),
        );
      }, WAIT_LIMIT_MS);
      timer.unref();
    }).then((p) => p as PublishDiagnosticsParams);
  }

  async open(uri: string, text: string): Promise<Diagnostic[]> {
    this.versions.set(uri, 1);
    const waiting = this.diagnosticsFor(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'icao-route', version: 1, text },
    });
    return (await waiting).diagnostics;
  }

  /** Sends changes (whole text or ranged edits) and returns the diagnostics of the new version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<Diagnostic[]> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    const waiting = this.diagnosticsFor(uri, version);
    await this.sendChange(uri, changes);
    return (await waiting).diagnostics;
  }

  /** Sends changes without waiting for diagnostics; returns the new version. */
  async sendChange(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return version;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  hover(uri: string, line: number, character: number): Promise<Hover | null> {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });
  }

  /**
   * The hover's markdown once it matches `expected`, hovering again every `everyMs` (what comes
   * from the hub or the navigation data is shown once it has answered).
   */
  hoverMatching(uri: string, line: number, character: number, expected: RegExp, everyMs = 50): Promise<string> {
    let text = '';
    return eventually(
      async () => {
        text = ((await this.hover(uri, line, character))?.contents as MarkupContent | undefined)?.value ?? '';
        return expected.test(text) && text;
      },
      () => `a hover matching ${expected} at ${line}:${character}; last: ${text}`,
      everyMs,
    );
  }

  async symbols(uri: string): Promise<DocumentSymbol[]> {
    const result = await this.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
    return (result ?? []) as (DocumentSymbol | SymbolInformation)[] as DocumentSymbol[];
  }

  async folding(uri: string): Promise<FoldingRange[]> {
    return (await this.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } })) ?? [];
  }

  async codeActions(uri: string, range: Range, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
    const result = await this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range,
      context: { diagnostics },
    });
    return ((result ?? []) as (CodeAction | Command)[]).filter(
      (a): a is CodeAction => 'title' in a && !('command' in a && typeof a.command === 'string'),
    );
  }

  serverInfo(): Promise<ServerInfo> {
    return this.connection.sendRequest(SERVER_INFO_REQUEST);
  }

  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  async stop(): Promise<void> {
    if (this.alive) {
      try {
        await this.connection.sendRequest(ShutdownRequest.type);
        await this.connection.sendNotification(ExitNotification.type);
      } catch {
        // The server may already be gone; the kill below makes sure.
      }
    }
    const exited = new Promise<void>((resolve) => {
      if (!this.alive) resolve();
      else this.process.once('exit', () => resolve());
    });
    const killer = setTimeout(() => this.process.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(killer);
    this.connection.dispose();
  }
}

/** The edits `action` makes to the document `uri`, or a failed test saying it makes none. */
export function editsOf(action: CodeAction | undefined, uri: string): TextEdit[] {
  return defined(action?.edit?.changes?.[uri], `edits to ${uri} from ${action?.title ?? 'no action'}`);
}

/** Applies LSP text edits to a string (for checking what a quick fix produces). */
export function applyEdits(text: string, edits: { range: Range; newText: string }[]): string {
  const lines = text.split('\n');
  const offset = (p: Range['start']) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

/** The text of a sample route file in samples/. */
export function sample(name: string): string {
  return readFileSync(path.join(ROOT, 'samples', name), 'utf8');
}

/** A diagnostic as `code@line:start-end`, for comparing lists of them. */
export function at(d: Diagnostic): string {
  return `${d.code}@${d.range.start.line}:${d.range.start.character}-${d.range.end.character}`;
}

/**
 * Polls `probe` every `everyMs` until it gives a value (not undefined, null or false) and returns
 * it; past the wait limit (90 s, the same as for a publication) the test fails naming `what` (a
 * function can add what the probe last saw). Polling loops with a count of their own gave up after
 * a few seconds on a loaded machine, some silently.
 */
export async function eventually<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string | (() => string),
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  const said = () => (typeof what === 'string' ? what : what());
  for (;;) {
    // A probe that never settles (a request to a hung server) is bounded too.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`gave up after ${WAIT_LIMIT_MS} ms: a probe for ${said()} never answered`)),
        Math.max(0, deadline - Date.now()) + 1000,
      );
    });
    const value = await Promise.race([probe(), late]).finally(() => clearTimeout(timer));
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${WAIT_LIMIT_MS} ms waiting for ${said()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
