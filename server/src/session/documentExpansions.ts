/**
 * Route expansion for the open documents, off the typing path: local diagnostics are published
 * at once (with the expansion findings already known for unchanged blocks), then the blocks
 * whose lines changed are expanded in the background and the diagnostics published again. A
 * newer edit cancels the older run; a failing remote service becomes one status, never diagnostics.
 */
import { createHash } from 'node:crypto';
import type { ExpansionResult, RouteBlock, RouteDiagnostic } from '../route/model';
import { HubClient, redactText, type HubCallRecord, type HubSettings } from '../hub';
import { keyOfBlock, settledBlock } from '../route/movableBlock';
import { blocksInOrder } from '../route/document';
import type { LineIndex } from '../route/ranges';
import type { NavDatabase } from '../navdata/loader';
import type { SemicircularRule } from '../expansion/cruisingLevelFindings';
import { blockKey, ExpansionCache, resultAt, type CachedExpansion } from './expansionCache';
import { HubSource, NavdataSource, type ExpansionSource } from './sources';
import { ExpansionStatusTracker, failureStatus, type ExpansionStatus } from './status';
import type { ParsedDocument } from '../services/parsedDocument';

/** One route block of a whole-document expansion (the checker's). */
export interface BlockExpansion {
  block: RouteBlock;
  /** Absent when the block was not expanded (see `notExpanded`). */
  result?: ExpansionResult;
  /** Why the block has no result: the source failed on it or before it. */
  notExpanded?: string;
}

export interface DocumentExpansionReport {
  source: 'hub' | 'navdata';
  /** Every route block of the document, in order. */
  blocks: BlockExpansion[];
  /** The expansion findings of the expanded blocks. */
  findings: RouteDiagnostic[];
  /** The source's failure, when blocks were left unexpanded because of it. */
  failure?: ExpansionStatus;
}

/** "Hub call 12: firFlights (the flights within a FIR): HTTP 200". */
export function hubCallLine(call: HubCallRecord): string {
  const outcome = typeof call.outcome === 'number' ? `HTTP ${call.outcome}` : call.outcome;
  return `Hub call ${call.number}: ${call.endpoint} (${call.what}): ${outcome}`;
}

export interface ExpansionConfig {
  /** From SecretStorage (setHubKey) or HUB_USER_KEY; never logged. */
  userKey: string | null;
  hub: Partial<HubSettings>;
  navdataFolder: string;
  /** `icaoRoute.levels.semicircular`: a change expands every route again (its findings depend on it). */
  semicircular?: SemicircularRule;
}

export interface ExpansionEvents {
  /** The status changed (at most once per change of state or kind of failure). */
  status(status: ExpansionStatus): void;
  /** The source changed or may have recovered: expand every open document again. */
  rerun(): void;
  /** A line for the output channel (not a status). */
  log?(message: string): void;
}

export interface ExpansionOptions {
  /** After a failure, all documents are tried again once after this delay (0: never). */
  retryMs?: number;
  /** Navigation data loader (tests give a slow or failing one). */
  loadNavdata?: ConstructorParameters<typeof NavdataSource>[1];
  /** Where the user sets the hub key, for the status (a VS Code command, or an environment variable). */
  keyHint?: () => string;
}

const HUB_CONCURRENCY = 4;

interface RouteEntry {
  block: RouteBlock;
  key: string;
  cached?: CachedExpansion;
}

/**
 * Route blocks expanded per document: a generated file of 100,000 routes would otherwise keep a
 * core busy and the hub answering for minutes after every edit. The rest keep local checks.
 */
export const MAX_EXPANDED_BLOCKS = { hub: 500, navdata: 2000 } as const;

/** After these failures trying again by itself cannot help: a new key or setting will. */
const NO_RETRY = new Set(['notAuthorised', 'restricted', 'configuration', 'notFound', 'load']);

export class DocumentExpansions {
  private source: ExpansionSource | undefined;
  private signature = '';
  private generation = 0;
  private readonly cache = new ExpansionCache();
  private readonly runs = new Map<string, AbortController>();
  private readonly tracker: ExpansionStatusTracker;
  private userKey: string | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Blocks expanded by a source (not taken from the cache), for the server info and tests. */
  expandedBlocks = 0;
  private readonly truncatedSaid = new Set<string>();
  private readonly notesSaid = new Set<string>();
  private lastNote: string | undefined;
  /** The last failure of the current source, until a result comes in again. */
  private failure: (ExpansionStatus & { kind: string }) | undefined;

  constructor(
    private readonly events: ExpansionEvents,
    private readonly options: ExpansionOptions = {},
  ) {
    this.tracker = new ExpansionStatusTracker(events.status);
  }

  get status(): ExpansionStatus {
    return this.tracker.status;
  }

  /** Chooses the source: the hub with a key, else the navdata folder, else none. */
  configure(config: ExpansionConfig): void {
    const key = config.userKey?.trim() || null;
    const folder = config.navdataFolder.trim();
    const semicircular = config.semicircular ?? 'icao';
    // The key enters the signature only as a hash: the signature is compared, never shown.
    const signature = key
      ? JSON.stringify(['hub', createHash('sha256').update(key).digest('hex'), config.hub, folder, semicircular])
      : folder
        ? JSON.stringify(['navdata', folder, semicircular])
        : 'none';
    if (signature === this.signature) return;
    this.signature = signature;
    this.userKey = key;
    this.failure = undefined;
    this.generation++;
    for (const run of this.runs.values()) run.abort();
    this.runs.clear();
    this.cache.clear();
    this.clearRetry();
    const old = this.source;
    this.source = undefined;
    void old?.dispose().catch(() => {});

    if (key) {
      try {
        // Every call sent is counted in the log (the usage limit is the user's money); no URL, no key.
        const client = new HubClient(
          config.hub,
          { userKey: key },
          { onCall: (call) => this.events.log?.(hubCallLine(call)) },
        );
        this.source = new HubSource(
          client,
          folder ? new NavdataSource(folder, this.options.loadNavdata, semicircular, this.events.log) : undefined,
          semicircular,
        );
        this.tracker.set({ state: 'ok', source: 'hub', message: this.source.okMessage });
      } catch (error) {
        this.tracker.set(
          failureStatus(error, 'hub', key) ?? {
            state: 'degraded',
            source: 'hub',
            message: 'The hub settings are not usable.',
          },
        );
      }
    } else if (folder) {
      this.source = new NavdataSource(folder, this.options.loadNavdata, semicircular, this.events.log);
      this.tracker.set({ state: 'loading', source: 'navdata', message: `Reading the navigation data in ${folder}…` });
    } else {
      this.tracker.set({
        state: 'local',
        source: 'none',
        message: `Local checks only: set a hub key (${this.options.keyHint?.() ?? 'ICAO Route: Set Hub Key'}) or icaoRoute.navdata.folder to expand routes.`,
      });
    }
    this.events.rerun();
  }

  /** The session's hub client: set while a hub key is (for every hub feature, not only expansion). */
  get hubClient(): HubClient | undefined {
    return this.source instanceof HubSource ? this.source.hub : undefined;
  }

  /** The navigation data of `icaoRoute.navdata.folder`, whichever source expands routes. */
  get navdata(): NavdataSource | undefined {
    return this.source instanceof NavdataSource
      ? this.source
      : this.source instanceof HubSource
        ? this.source.navdata
        : undefined;
  }

  /** The navigation data of the current source if already loaded, without waiting (completion). */
  loadedDatabase(): NavDatabase | undefined {
    return this.source?.loadedDatabase();
  }

  /** The expansion of a block, when it is known (for hovers). */
  resultFor(block: RouteBlock, lines: LineIndex | (() => LineIndex)): ExpansionResult | undefined {
    if (!this.source) return undefined;
    // Only route blocks have results; a block the parser keyed is looked up as it is (results are
    // kept by key), without building its elements, which after a move would mean shifting them.
    if (keyOfBlock(block) === undefined && block.elements.length === 0) return undefined;
    const cached = this.cache.get(blockKey(block, lines));
    return cached ? resultAt(cached, block.range.start.line) : undefined;
  }

  /** Findings of every block already expanded, on the document's current ranges. */
  known(parsed: ParsedDocument): RouteDiagnostic[] {
    if (!this.source) return [];
    const findings: RouteDiagnostic[] = [];
    for (const { block, cached } of this.routeBlocks(parsed, MAX_EXPANDED_BLOCKS[this.source.kind]).routes) {
      if (cached) findings.push(...resultAt(cached, block.range.start.line).findings);
    }
    return findings;
  }

  /**
   * The document's route blocks up to `limit`, each with its cache key and its result when known;
   * `more` when route blocks are left out (those are never expanded, nor even read). A known
   * block is a route (only routes are expanded), so only the others are asked for their
   * elements: a block that merely moved is not rebuilt on every keystroke.
   */
  private routeBlocks(parsed: ParsedDocument, limit: number): { routes: RouteEntry[]; more: boolean } {
    const routes: RouteEntry[] = [];
    const lines = () => parsed.lines;
    for (const block of blocksInOrder(parsed.document)) {
      const key = blockKey(block, lines);
      const cached = this.cache.get(key);
      if (!cached && block.elements.length === 0) continue;
      if (routes.length === limit) return { routes, more: true };
      routes.push(cached ? { block, key, cached } : { block, key });
    }
    return { routes, more: false };
  }

  /**
   * Expands the blocks not yet known. Resolves with every expansion finding of the document when
   * new results came in, or undefined when there is nothing new to publish (all known, cancelled
   * by a newer run, or the source failed before any result).
   */
  async run(parsed: ParsedDocument): Promise<RouteDiagnostic[] | undefined> {
    const source = this.source;
    if (!source) return undefined;
    this.cancel(parsed.uri);
    const controller = new AbortController();
    this.runs.set(parsed.uri, controller);
    this.lastNote = undefined;
    const generation = this.generation;
    const current = () => !controller.signal.aborted && generation === this.generation;
    try {
      if (!source.ready) {
        try {
          await source.prepare();
        } catch (error) {
          if (generation === this.generation)
            this.tracker.set({
              state: 'degraded',
              source: source.kind,
              kind: 'load',
              message:
                `${redactText(error instanceof Error ? error.message : String(error), [this.userKey ?? undefined])} ` +
                `Local checks continue.`,
            });
          return undefined;
        }
        if (generation === this.generation)
          this.tracker.set({ state: 'ok', source: source.kind, message: source.okMessage });
      }
      if (!current()) return undefined;
      const limit = MAX_EXPANDED_BLOCKS[source.kind];
      const { routes, more } = this.routeBlocks(parsed, limit);
      if (more && !this.truncatedSaid.has(parsed.uri)) {
        this.truncatedSaid.add(parsed.uri);
        this.events.log?.(
          `${parsed.uri} has more than ${limit} routes: route expansion covers the first ${limit}; local checks cover all.`,
        );
      }
      const todo = routes.filter((route) => !route.cached);
      if (todo.length === 0) return undefined;

      const { added, failure } = await eachBlock(
        todo,
        source.kind === 'hub' ? HUB_CONCURRENCY : 1,
        controller.signal,
        current,
        async ({ block, key }, signal) => {
          // A newer edit may move the document's block while this one is expanded: a copy stays put.
          const settled = settledBlock(block);
          const result = await source.expand(settled, signal);
          if (!current() || result.cancelled) return false;
          this.cache.set(key, { result, line: settled.range.start.line });
          this.expandedBlocks++;
          if (result.serviceNote) this.serviceNote(result.serviceNote);
          return true;
        },
      );
      if (generation !== this.generation) return undefined;
      const failed = this.settle(source, failure, added);
      if (failed && !NO_RETRY.has(failed.kind)) this.scheduleRetry(failed.kind === 'usageLimit' ? 10 : 1);
      return added > 0 && current() ? this.known(parsed) : undefined;
    } finally {
      if (this.runs.get(parsed.uri) === controller) this.runs.delete(parsed.uri);
    }
  }

  /** The status after a run: the failure, or ok once results come in again. */
  private settle(
    source: ExpansionSource,
    failure: unknown,
    added: number,
  ): (ExpansionStatus & { kind: string }) | undefined {
    const failed = failure !== undefined ? failureStatus(failure, source.kind, this.userKey) : undefined;
    if (failed) {
      this.failure = failed;
      this.tracker.set(failed);
    } else if (added > 0) {
      this.failure = undefined;
      const note = this.lastNote ? ` ${this.lastNote}` : '';
      this.tracker.set({ state: 'ok', source: source.kind, message: `${source.okMessage}${note}` });
    }
    return failed;
  }

  /** A part of an answer left out: said once in the log, and in the status until the next run. */
  private serviceNote(note: string): void {
    this.lastNote = note;
    if (this.notesSaid.has(note)) return;
    this.notesSaid.add(note);
    this.events.log?.(note);
  }

  /**
   * Expands every route block of the document, with no limit on their number (the checker's
   * way). A remote service failure stops the calls and marks the blocks left without a result, which
   * keep their local findings; once the source has failed, later documents are not sent to it
   * (a usage limit or a refused key would only fail again). Resolves undefined without a source.
   */
  async expandAll(parsed: ParsedDocument): Promise<DocumentExpansionReport | undefined> {
    const source = this.source;
    if (!source) return undefined;
    const generation = this.generation;
    const current = () => generation === this.generation;
    if (!this.failure && !source.ready) {
      try {
        await source.prepare();
        this.tracker.set({ state: 'ok', source: source.kind, message: source.okMessage });
      } catch (error) {
        const message =
          `${redactText(error instanceof Error ? error.message : String(error), [this.userKey ?? undefined])} ` +
          `Local checks continue.`;
        this.failure = { state: 'degraded', source: source.kind, kind: 'load', message };
        this.tracker.set(this.failure);
      }
    }
    const { routes } = this.routeBlocks(parsed, Number.POSITIVE_INFINITY);
    const results = new Map<string, CachedExpansion>();
    for (const { key, cached } of routes) if (cached) results.set(key, cached);
    if (!this.failure) {
      const todo = routes.filter((route) => !route.cached && !results.has(route.key));
      const { added, failure } = await eachBlock(
        todo,
        source.kind === 'hub' ? HUB_CONCURRENCY : 1,
        new AbortController().signal,
        current,
        async ({ block, key }, signal) => {
          if (results.has(key)) return false;
          const settled = settledBlock(block);
          const result = await source.expand(settled, signal);
          if (result.cancelled) return false;
          const entry = { result, line: settled.range.start.line };
          this.cache.set(key, entry);
          results.set(key, entry);
          this.expandedBlocks++;
          return true;
        },
      );
      if (current()) this.settle(source, failure, added);
    }
    const reason = this.failure?.message ?? 'The expansion was cancelled.';
    const blocks: BlockExpansion[] = routes.map(({ block, key }) => {
      const entry = results.get(key);
      return entry ? { block, result: resultAt(entry, block.range.start.line) } : { block, notExpanded: reason };
    });
    const findings = blocks.flatMap((b) => b.result?.findings ?? []);
    const failed = blocks.some((b) => b.notExpanded);
    return {
      source: source.kind,
      blocks,
      findings,
      ...(failed &&
        this.failure && {
          failure: { state: this.failure.state, source: this.failure.source, message: this.failure.message },
        }),
    };
  }

  cancel(uri: string): void {
    this.runs.get(uri)?.abort();
    this.runs.delete(uri);
  }

  /** The document was closed. */
  forget(uri: string): void {
    this.cancel(uri);
    this.truncatedSaid.delete(uri);
  }

  /** True while a retry after a failure is planned. */
  get retryPending(): boolean {
    return this.retryTimer !== undefined;
  }

  private scheduleRetry(factor: number): void {
    const delay = (this.options.retryMs ?? 30_000) * factor;
    if (delay <= 0 || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.events.rerun();
    }, delay);
    this.retryTimer.unref?.();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  async dispose(): Promise<void> {
    this.clearRetry();
    for (const run of this.runs.values()) run.abort();
    this.runs.clear();
    await this.source?.dispose().catch(() => {});
    this.source = undefined;
  }
}

/**
 * Runs `expand` over the items, `concurrency` at a time, while `current()` holds. The first
 * failure stops the rest and aborts the calls in flight: a hub that is down fails them all alike.
 */
async function eachBlock<T>(
  items: readonly T[],
  concurrency: number,
  signal: AbortSignal,
  current: () => boolean,
  expand: (item: T, signal: AbortSignal) => Promise<boolean>,
): Promise<{ added: number; failure: unknown }> {
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  let added = 0;
  let failure: unknown;
  let next = 0;
  const worker = async () => {
    while (next < items.length && failure === undefined && current()) {
      try {
        if (await expand(items[next++]!, both)) added++; // next < items.length, checked just above
      } catch (error) {
        if (current() && failure === undefined) {
          failure = error;
          stop.abort();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { added, failure };
}
