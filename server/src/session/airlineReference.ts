/**
 * The airline reference of the session: the airline directory filled from the session's
 * reference client (the session owns the client, made from `icaoRoute.reference.*` and the
 * appId/appKey the client sends). The list of all airlines is fetched once, cached on disk by the
 * reference client (refreshed at least weekly; a stale copy serves while the service is
 * unreachable) and looked up in memory. Every change of state is the session's one 'reference'
 * status, said once.
 *
 * The checks, hovers and completions are in remote/airlineDirectory.ts; the document pipeline
 * (documentPipeline.ts) asks for the A findings of each version and again when the list changes.
 */
import { HubError, redactText, type ReferenceClient } from '../hub';
import type { CancellationToken, RouteDiagnostic, RouteDocument } from '../route/model';
import { AirlineDirectory, airlineFindings } from '../remote/airlineDirectory';
import type { SourceStatuses } from './status';

export interface AirlineReferenceEvents {
  /** The directory changed (loaded, refreshed, dropped): the A findings may have changed. */
  changed(): void;
}

export interface AirlineReferenceOptions {
  /** After a failure, the list is asked for again on use, at most this often (default 60 s). */
  retryMs?: number;
  now?: () => number;
  /** The appId/appKey in use, cut out of any text that reaches a status. */
  secrets?: () => (string | null | undefined)[];
}

/** After these failures only new credentials or settings can help. */
const FINAL = new Set(['notAuthorised', 'restricted', 'configuration', 'notFound', 'badRequest']);
const UNREACHABLE = new Set(['network', 'timeout']);

/**
 * The one place that caches airlines. It takes the session's client as it is (a new client —
 * new credentials or settings — drops the directory and loads again) and reports through the
 * session's 'reference' status.
 */
export class AirlineReference {
  private useHttpErrors = false;
  private client: ReferenceClient | undefined;
  private current: AirlineDirectory | undefined;
  private loading: Promise<void> | undefined;
  private lastAttempt = 0;
  private finalFailure = false;
  private generation = 0;

  constructor(
    private readonly session: {
      readonly referenceClient: ReferenceClient | undefined;
      readonly statuses: SourceStatuses;
    },
    private readonly events: AirlineReferenceEvents,
    private readonly options: AirlineReferenceOptions = {},
  ) {}

  /** Call after `session.configure`: follows the session's client and `icaoRoute.reference.useHttpErrors`. */
  configure(useHttpErrors: boolean): void {
    const client = this.session.referenceClient;
    if (client === this.client && useHttpErrors === this.useHttpErrors) return;
    this.client = client;
    this.useHttpErrors = useHttpErrors;
    this.generation++;
    const had = this.current !== undefined;
    this.current = undefined;
    this.loading = undefined;
    this.lastAttempt = 0;
    this.finalFailure = false;
    if (had || this.client) this.events.changed();
  }

  /** The airline list when loaded; asks for it (or its refresh) in the background when due. */
  directory(): AirlineDirectory | undefined {
    if (this.client && !this.loading && !this.finalFailure) {
      const now = (this.options.now ?? Date.now)();
      const maxAge = this.client.settings.airlineMaxAgeMs;
      // A list dated ahead of the clock (a stale one, written under a wrong clock) is due too.
      const age = this.current ? now - this.current.fetchedAt : Infinity;
      const due = age < 0 || age >= maxAge;
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
    if (!this.client || !document.blocks.some((b) => b.kind === 'fpl')) return [];
    const directory = this.directory();
    return directory ? airlineFindings(document, directory, token) : [];
  }

  /** The list, loaded first when due (the checker's way: it waits for it); undefined without one. */
  async loaded(): Promise<AirlineDirectory | undefined> {
    this.directory();
    await this.loading;
    return this.current;
  }

  /** Resolves when the load under way (if any) is over: for tests and the bench. */
  async settled(): Promise<void> {
    await this.loading;
  }

  private async load(client: ReferenceClient, generation: number): Promise<void> {
    try {
      // Both error modes of the family are read whichever is asked for (see ReferenceClient);
      // the dates of use are non-LTS fields, sent only with includeNewFields.
      const result = await client.allAirlines({
        extendedOptions: { useHttpErrors: this.useHttpErrors, includeNewFields: true },
      });
      if (generation !== this.generation) return;
      const changed =
        this.current?.fetchedAt !== result.fetchedAt || this.current.airlines.length !== result.airlines.length;
      this.current = new AirlineDirectory(result.airlines, result.fetchedAt);
      const day = new Date(result.fetchedAt).toISOString().slice(0, 10);
      if (result.stale) {
        const message = `Airline reference: ${result.warning ?? `the list of ${day} is shown because the service could not be reached.`}`;
        this.session.statuses.set('reference', { state: 'offline', source: 'reference', kind: 'stale', message });
      } else {
        const message = `Airline reference: ${result.airlines.length} airlines (list of ${day}, ${result.source === 'disk' ? 'from the disk cache' : 'from the service'}).`;
        this.session.statuses.set('reference', { state: 'ok', source: 'reference', message });
      }
      if (changed) this.events.changed();
    } catch (error) {
      if (generation === this.generation) this.fail(error);
    }
  }

  private fail(error: unknown): void {
    const kind = error instanceof HubError ? error.kind : 'unexpected';
    if (FINAL.has(kind)) this.finalFailure = true;
    const secrets = (this.options.secrets?.() ?? []).filter((s): s is string => typeof s === 'string' && s !== '');
    const text = redactText(error instanceof Error ? error.message : String(error), secrets);
    const keeps = this.current
      ? ' The airline list already loaded stays in use.'
      : ' FPL operator designators are not checked until it answers.';
    // One status per kind of failure: the tracker ignores repeats (their error ids differ).
    this.session.statuses.set('reference', {
      state: UNREACHABLE.has(kind) ? 'offline' : 'degraded',
      source: 'reference',
      kind,
      message: `Airline reference unavailable: ${text}${keeps}`,
    });
  }

  dispose(): void {
    this.generation++;
    this.client = undefined;
    this.current = undefined;
  }
}
