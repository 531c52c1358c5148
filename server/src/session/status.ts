/**
 * One status for route expansion instead of one error per request: failures are classified
 * (unreachable → offline, refused or broken answers → degraded) and a new status is reported
 * only when the state or the kind of failure changes, so a hub that answers 500 to every block
 * of every edit shows once. Nothing here knows LSP.
 */
import type { ExpansionStatusParams, SourceName, SourceStatusParams } from '../../../common/protocol/lspMessages';
import { AirlineReferenceError, HubError, isServiceError, redactText, type ServiceErrorKind } from '../hub';

export type ExpansionStatus = ExpansionStatusParams;
export type { SourceName };
/** The state of one source; `source` says which remote service or data serves it. */
export type SourceStatus = Omit<SourceStatusParams, 'name'>;

const WHAT: Record<SourceName, string> = {
  expansion: 'Route expansion',
  airspaces: 'Airspaces',
  notams: 'NOTAMs',
  reference: 'Airline reference',
  flights: 'Flight data',
};

const UNREACHABLE: ReadonlySet<ServiceErrorKind> = new Set(['network', 'timeout']);

/** What a failed expansion call means for the status; undefined when it is no remote service failure. */
/** The secrets to cut out of a status: the hub key, or the reference's appId and appKey. */
function secretList(
  secret: string | null | undefined | readonly (string | null | undefined)[],
): (string | undefined)[] {
  return (Array.isArray(secret) ? secret : [secret]).map((s) => s ?? undefined);
}

export function failureStatus<S extends SourceStatus['source']>(
  error: unknown,
  source: S,
  secret?: string | null | readonly (string | null | undefined)[],
  name: SourceName = 'expansion',
): (Omit<SourceStatus, 'source'> & { source: S; kind: string }) | undefined {
  const what = WHAT[name];
  const remote = source === 'reference' ? 'the reference service' : 'the hub';
  if (isServiceError(error)) {
    if (error.kind === 'cancelled' || error.kind === 'badRequest') return undefined;
    const state = UNREACHABLE.has(error.kind) ? 'offline' : 'degraded';
    const lead = state === 'offline' ? `${what} paused: ${remote} cannot be reached` : `${what} failing at ${remote}`;
    return {
      state,
      source,
      kind: error.kind,
      message: redactText(`${lead}. ${error.message} Local checks continue.`, secretList(secret)),
    };
  }
  if (error instanceof Error && error.name === 'AbortError') return undefined;
  const text = error instanceof Error ? error.message : String(error);
  return {
    state: 'degraded',
    source,
    kind: 'internal',
    message: redactText(`${what} failed: ${text}. Local checks continue.`, secretList(secret)),
  };
}

export class StatusTracker<S extends SourceStatus = ExpansionStatus> {
  private current: S & { kind?: string } = { state: 'local', source: 'none', message: '' } as S;

  constructor(private readonly report: (status: S) => void) {}

  get status(): S {
    const { state, source, message } = this.current;
    return { state, source, message } as S;
  }

  /**
   * Reports `next` unless it is the same state from the same source (and, for failures, the
   * same kind): messages of repeated failures differ (support ids) but say the same thing.
   */
  set(next: S & { kind?: string }): boolean {
    const same =
      next.state === this.current.state && next.source === this.current.source && next.kind === this.current.kind;
    if (same && (next.state === 'offline' || next.state === 'degraded' || next.message === this.current.message))
      return false;
    this.current = next;
    this.report(this.status);
    return true;
  }
}

/** Calls of one piece of work, whose outcomes become each source's status at once (SourceStatuses.batch). */
export interface StatusBatch<C> {
  /** Runs the call; `expected` errors are answers, not failures of the source. Rejects as the call does. */
  use<T>(name: SourceName, call: (client: C) => Promise<T>, expected?: (error: unknown) => boolean): Promise<T>;
  /** Sets each source's status from the calls since the last settle. */
  settle(): void;
}

/** The expansion's tracker (the status bar's). */
export class ExpansionStatusTracker extends StatusTracker<ExpansionStatus> {}

/**
 * One status per source the extension uses (route expansion from the hub or the navigation
 * data, airspaces, NOTAMs, the airline reference), each reported only when it changes.
 */
export class SourceStatuses {
  private readonly trackers = new Map<SourceName, StatusTracker<SourceStatus>>();

  constructor(private readonly report: (name: SourceName, status: SourceStatus) => void) {}

  private tracker(name: SourceName): StatusTracker<SourceStatus> {
    let tracker = this.trackers.get(name);
    if (!tracker) {
      tracker = new StatusTracker<SourceStatus>((status) => this.report(name, status));
      this.trackers.set(name, tracker);
    }
    return tracker;
  }

  get(name: SourceName): SourceStatus {
    return this.tracker(name).status;
  }

  /** Every source's state, for the server info. */
  all(): Record<SourceName, SourceStatus> {
    const names: SourceName[] = ['expansion', 'airspaces', 'notams', 'reference', 'flights'];
    return Object.fromEntries(names.map((name) => [name, this.get(name)])) as Record<SourceName, SourceStatus>;
  }

  set(name: SourceName, status: SourceStatus & { kind?: string }): boolean {
    return this.tracker(name).set(status);
  }

  /** A failed call of the source; errors that are no remote service failure (cancelled) change nothing. */
  failed(name: SourceName, error: unknown, secret?: string | null | readonly (string | null | undefined)[]): void {
    const source = name === 'reference' ? 'reference' : 'hub';
    const status = failureStatus(error, source, secret, name);
    if (status) this.set(name, status);
  }

  /** A bug, not a remote service failure: one status, so it is seen. */
  internalError(name: SourceName, error: unknown): void {
    const text = error instanceof Error ? error.message : String(error);
    this.set(name, {
      state: 'degraded',
      source: this.get(name).source,
      kind: 'internal',
      message: `${WHAT[name]} failed: ${text}.`,
    });
  }

  /**
   * Calls made together (the areas of one route: FIR catalogue, airspaces, NOTAMs, all at once)
   * report their source's status once, when `settle` is called: a failure among them is the
   * source's state, else a success is. Reporting each call as it ends would flap the status
   * between ok and failing while the calls of one view come back in turn.
   */
  batch<C>(client: C | undefined): StatusBatch<C> {
    const outcomes = new Map<SourceName, { ok: boolean; failure?: unknown }>();
    return {
      use: async (name, call, expected) => {
        if (!client) throw new HubError('configuration', 'No hub key is set (ICAO Route: Set Hub Key).');
        const outcome = outcomes.get(name) ?? { ok: false };
        outcomes.set(name, outcome);
        try {
          const result = await call(client);
          outcome.ok = true;
          return result;
        } catch (error) {
          // Answers the caller reads as such (a FIR without its own list) are no failure of the source.
          if (expected?.(error)) outcome.ok = true;
          else if (outcome.failure === undefined && failureStatus(error, 'hub', undefined, name))
            outcome.failure = error;
          throw error;
        }
      },
      settle: () => {
        for (const [name, outcome] of outcomes) {
          if (outcome.failure !== undefined) this.failed(name, outcome.failure);
          else if (outcome.ok && this.get(name).state !== 'ok')
            this.set(name, { state: 'ok', source: 'hub', message: `${WHAT[name]} from the hub.` });
        }
        outcomes.clear();
      },
    };
  }

  /**
   * Runs one call with `client` and keeps the source's status: ok after a success, one status per
   * kind of failure. Without a client the call is refused with `missing` (a configuration error).
   */
  async track<C, T>(
    name: SourceName,
    client: C | undefined,
    missing: string,
    call: (client: C) => Promise<T>,
  ): Promise<T> {
    const source = name === 'reference' ? 'reference' : 'hub';
    if (!client) {
      if (this.get(name).state !== 'local')
        this.set(name, { state: 'local', source: 'none', message: `${WHAT[name]} off: ${missing}` });
      throw new (name === 'reference' ? AirlineReferenceError : HubError)('configuration', missing);
    }
    try {
      const result = await call(client);
      if (this.get(name).state !== 'ok')
        this.set(name, {
          state: 'ok',
          source,
          message: `${WHAT[name]} from ${source === 'reference' ? 'the reference service' : 'the hub'}.`,
        });
      return result;
    } catch (error) {
      this.failed(name, error);
      throw error;
    }
  }
}
