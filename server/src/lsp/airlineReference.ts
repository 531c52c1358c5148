/**
 * The airline reference in the language server: the appId/appKey the client sends (kept in
 * #private fields, never logged), the reference client made from them and `icaoRoute.reference.*`,
 * and the airline directory it fills. The list of all airlines is fetched once, cached on disk by
 * the reference client (refreshed at least weekly; a stale copy serves while the service is
 * unreachable) and looked up in memory. Every change of state is one status line, said once.
 *
 * Wiring only: the checks, hovers and completions are in services/airline.ts.
 */
import { createHash } from 'node:crypto';
import { HubError, ReferenceClient, redactText, type ReferenceSettings } from '../hub';
import type { SetReferenceCredentialsParams } from '../protocol/lspMessages';
import type { CancellationToken, RouteDiagnostic, RouteDocument } from '../route/model';
import { AirlineDirectory, airlineFindings } from '../services/airline';

export interface AirlineReferenceEvents {
  /** One line for the output channel; called only when the state changes. */
  status(level: 'info' | 'warning', message: string): void;
  /** The directory changed (loaded, refreshed, dropped): publish diagnostics again. */
  rerun(): void;
}

export interface AirlineReferenceOptions {
  /** After a failure, the list is asked for again on use, at most this often (default 60 s). */
  retryMs?: number;
  now?: () => number;
  /** Where the user sets the credentials (a VS Code command, or environment variables). */
  credentialsHint?: () => string;
}

/** After these failures only new credentials or settings can help. */
const FINAL = new Set(['notAuthorised', 'restricted', 'configuration', 'notFound', 'badRequest']);

export class AirlineReference {
  #appId: string | null = null;
  #appKey: string | null = null;
  private source: SetReferenceCredentialsParams['source'] = 'none';
  private settings: Partial<ReferenceSettings> = {};
  private useHttpErrors = false;
  private signature = '';
  private client?: ReferenceClient;
  private current?: AirlineDirectory;
  private loading?: Promise<void>;
  private lastAttempt = 0;
  private finalFailure = false;
  private generation = 0;
  private said = '';

  constructor(
    private readonly events: AirlineReferenceEvents,
    private readonly options: AirlineReferenceOptions = {},
  ) {}

  setCredentials(params: SetReferenceCredentialsParams): void {
    const appId = typeof params?.appId === 'string' ? params.appId.trim() : '';
    const appKey = typeof params?.appKey === 'string' ? params.appKey.trim() : '';
    this.#appId = appId && appKey ? appId : null;
    this.#appKey = appId && appKey ? appKey : null;
    this.source = this.#appId ? params.source : 'none';
    this.reconfigure();
  }

  /** `cacheFolder`: the client's storage, used unless `icaoRoute.reference.cacheFolder` is set. */
  configure(settings: Partial<ReferenceSettings>, cacheFolder: string | undefined, useHttpErrors = false): void {
    this.settings = { ...settings, cacheFolder: settings.cacheFolder || cacheFolder || undefined };
    this.useHttpErrors = useHttpErrors;
    this.reconfigure();
  }

  get hasCredentials(): boolean {
    return this.#appId !== null;
  }

  toString(): string {
    return this.#appId ? `airline reference credentials set (from ${this.source})` : 'no airline reference credentials';
  }

  toJSON(): string {
    return this.toString();
  }

  private reconfigure(): void {
    // The credentials enter the signature only as a hash: it is compared, never shown.
    const secret = this.#appId ? createHash('sha256').update(`${this.#appId}\n${this.#appKey}`).digest('hex') : '';
    const signature = JSON.stringify([secret, this.settings, this.useHttpErrors]);
    if (signature === this.signature) return;
    this.signature = signature;
    this.generation++;
    const old = this.client;
    this.client = undefined;
    void old?.close().catch(() => undefined);
    const had = this.current !== undefined;
    this.current = undefined;
    this.loading = undefined;
    this.lastAttempt = 0;
    this.finalFailure = false;
    if (this.#appId && this.#appKey) {
      try {
        this.client = new ReferenceClient(this.settings, { appId: this.#appId, appKey: this.#appKey });
      } catch (error) {
        this.fail(error);
      }
    } else {
      const hint = this.options.credentialsHint?.() ?? 'ICAO Route: Set Airline Reference Credentials';
      this.say('info', `Airline reference off: no credentials (${hint}). FPL operator designators are not checked.`);
    }
    if (had || this.client) this.events.rerun();
  }

  /** The airline list when loaded; asks for it (or its refresh) in the background when due. */
  directory(): AirlineDirectory | undefined {
    if (this.client && !this.loading && !this.finalFailure) {
      const now = (this.options.now ?? Date.now)();
      const maxAge = this.client.settings.airlineMaxAgeMs;
      const due = !this.current || now - this.current.fetchedAt >= maxAge;
      if (due && now - this.lastAttempt >= (this.options.retryMs ?? 60_000)) {
        this.lastAttempt = now;
        this.loading = this.load(this.client, this.generation).finally(() => {
          this.loading = undefined;
        });
      }
    }
    return this.current;
  }

  /** A001/A002 of the document's FPL messages, once the list is there. */
  findings(document: RouteDocument, token: CancellationToken): RouteDiagnostic[] {
    if (!this.client || !document.blocks.some((b) => b.fpl)) return [];
    const directory = this.directory();
    return directory ? airlineFindings(document, directory, token) : [];
  }

  /** Resolves when the load under way (if any) is over: for tests and the bench. */
  async settled(): Promise<void> {
    await this.loading;
  }

  private async load(client: ReferenceClient, generation: number): Promise<void> {
    try {
      // Both error modes of the family are read whichever is asked for (see ReferenceClient);
      // the dates of use are non-LTS fields, sent only with includeNewFields.
      const result = await client.allAirlines({ extendedOptions: { useHttpErrors: this.useHttpErrors, includeNewFields: true } });
      if (generation !== this.generation) return;
      const changed = this.current?.fetchedAt !== result.fetchedAt || this.current.airlines.length !== result.airlines.length;
      this.current = new AirlineDirectory(result.airlines, result.fetchedAt);
      const day = new Date(result.fetchedAt).toISOString().slice(0, 10);
      if (result.stale) this.say('warning', `Airline reference: ${result.warning ?? `the list of ${day} is shown because the service could not be reached.`}`);
      else this.say('info', `Airline reference: ${result.airlines.length} airlines (list of ${day}, ${result.source === 'disk' ? 'from the disk cache' : 'from the service'}).`);
      if (changed) this.events.rerun();
    } catch (error) {
      if (generation === this.generation) this.fail(error);
    }
  }

  private fail(error: unknown): void {
    const kind = error instanceof HubError ? error.kind : 'unexpected';
    if (FINAL.has(kind)) this.finalFailure = true;
    const text = redactText(error instanceof Error ? error.message : String(error), [this.#appId ?? undefined, this.#appKey ?? undefined]);
    const keeps = this.current ? ' The airline list already loaded stays in use.' : ' FPL operator designators are not checked until it answers.';
    this.say('warning', `Airline reference unavailable: ${text}${keeps}`);
  }

  /** Each distinct state is said once, not on every file or keystroke. */
  private say(level: 'info' | 'warning', message: string): void {
    const key = `${level}:${message.replace(/\(error id [^)]*\)/, '')}`;
    if (key === this.said) return;
    this.said = key;
    this.events.status(level, message);
  }

  async dispose(): Promise<void> {
    this.generation++;
    await this.client?.close().catch(() => undefined);
    this.client = undefined;
  }
}
