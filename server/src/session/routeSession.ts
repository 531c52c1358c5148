/**
 * The session core: what lies between the pure core (route/, services/) and its users (the
 * language server, `cli.js check`, the route map). It owns the remote service clients (hub, reference),
 * the navigation data, the expansion caches and one status per source, expands route blocks and
 * keeps each document's expansion results by version, and says when they change. Its document
 * pipeline (`documents`, documentPipeline.ts) gathers every source's findings of each version:
 * expansion, the airline reference, the flight conflicts. It knows neither LSP nor the command
 * line: both only translate its results.
 */
import { createHash } from 'node:crypto';
import { ReferenceClient, referenceSettings, type HubClient, type HubSettings, type ReferenceSettings } from '../hub';
import { MapAreas } from '../map/areas';
import type { NavDatabase } from '../navdata/loader';
import type { CifpLookup } from '../navdata/cifpFiles';
import type { SemicircularRule } from '../expansion/cruisingLevelFindings';
import { releaseReferenceClock, setReferenceClock } from '../route/clock';
import { NEVER_CANCELLED, type ExpansionResult, type RouteBlock, type RouteDiagnostic } from '../route/model';
import type { LineIndex } from '../route/ranges';
import { DocumentExpansions, type DocumentExpansionReport, type ExpansionOptions } from './documentExpansions';
import type { ParsedDocument } from '../services/parsedDocument';
import { AirlineReference } from './airlineReference';
import { FiledRouteLookup } from './filedRouteLookup';
import { LiveFlightLookup } from './liveFlightLookup';
import { DocumentPipeline } from './documentPipeline';
import { TrafficLookup } from './trafficLookup';
import { defaultConflictSettings, FlightConflicts, type ConflictSettings } from './flightConflicts';
import { JudgedFlights } from './judgedFlights';
import { serviceAddress } from './serviceAddress';
import { SourceStatuses, type ExpansionStatus, type SourceName, type SourceStatus } from './status';

export interface SessionSettings {
  /** `icaoRoute.hub.*` (with VS Code's `http.proxy`). */
  hub: Partial<HubSettings>;
  /** `icaoRoute.reference.*`. */
  reference: Partial<ReferenceSettings>;
  /** `icaoRoute.navdata.folder`; empty for none. */
  navdataFolder: string;
  /** `icaoRoute.levels.semicircular` (default `icao`): the cruising levels by magnetic track (X014). */
  semicircular?: SemicircularRule;
  /** `icaoRoute.reference.useHttpErrors` (default false). */
  referenceHttpErrors?: boolean;
  /** The conflict findings' settings (defaults: the settings definition's). */
  conflicts?: Partial<ConflictSettings>;
  /** `icaoRoute.map.airspaceFiles`: local GeoJSON airspaces, for the map and the conflicts. */
  airspaceFiles?: readonly string[];
  /** `icaoRoute.map.firBoundariesFile`: FIR outlines where the hub's navigation gives none; empty for none. */
  firBoundariesFile?: string;
  /** `icaoRoute.flights.eobtToleranceMinutes` (default 15). */
  eobtToleranceMinutes?: number;
}

/** Secrets, from SecretStorage or the environment; never settings, never logged. */
export interface SessionCredentials {
  hubUserKey: string | null;
  reference: { appId: string; appKey: string } | null;
}

export interface SessionEvents {
  /** One source changed its state (never twice for the same state and kind of failure). */
  status?(source: SourceName, status: SourceStatus): void;
  /** A line for a log (not a status). */
  log?(message: string): void;
}

export type Listener<T> = (value: T) => void;

export interface SessionOptions extends ExpansionOptions {
  /** Where the user sets the reference appId/appKey (a VS Code command, or environment variables). */
  referenceHint?: () => string;
  /** The clock the parser's date checks read (a DOF/ in the past); the wall clock unless a test sets one. */
  now?: () => number;
  /** After a failure of the airline reference, the list is asked for again at most this often. */
  referenceRetryMs?: number;
}

export class RouteSession {
  readonly statuses: SourceStatuses;
  /** Routes others filed for a city pair (hub #5 and #3), cached; asked only on demand. */
  readonly filedRoutes: FiledRouteLookup;
  /** The live flight behind each FPL message's call sign (hub #2, #4, the reference's flight status), cached. */
  readonly liveFlights: LiveFlightLookup;
  private readonly expansions: DocumentExpansions;
  private readonly rerunListeners = new Set<Listener<void>>();
  private reference: ReferenceClient | undefined;
  private referenceSignature = '';
  private credentials: SessionCredentials = { hubUserKey: null, reference: null };
  private conflictSettings: ConflictSettings = defaultConflictSettings();
  private airspaceFiles: readonly string[] = [];
  private firBoundariesFile = '';
  private referenceHttpErrors = false;
  /** The "today" the parser's date checks read while the session lives (see constructor). */
  private readonly clock: () => number;
  /** The airline list, from the reference client (A findings, hovers, completion). */
  readonly airlines: AirlineReference;
  /** The areas around each route (hub and local files), for the map and the conflicts. */
  readonly areas: MapAreas;
  /** Each route block's flight judged once per version, for the conflicts and the map view. */
  readonly flights: JudgedFlights;
  /** Each open document's findings from every source, and their one event. */
  readonly documents: DocumentPipeline;
  /** The traffic along a route (hub #6, #7, #8), for the map's traffic layer; asked only while it is shown. */
  readonly traffic: TrafficLookup;

  constructor(
    events: SessionEvents = {},
    private readonly options: SessionOptions = {},
  ) {
    this.clock = options.now ?? (() => Date.now());
    // The parser is pure and has no clock of its own: the session, which both the language server
    // and the checker use, gives it the one "today" its findings are judged against.
    setReferenceClock(this.clock);
    this.statuses = new SourceStatuses((source, status) => events.status?.(source, status));
    this.filedRoutes = new FiledRouteLookup(this, { navdata: () => this.loadedNavdata() });
    this.liveFlights = new LiveFlightLookup(this, {
      ...(options.now ? { now: options.now } : {}),
      log: (message) => events.log?.(message),
      useHttpErrors: () => this.referenceHttpErrors,
      secrets: () => [this.credentials.reference?.appId, this.credentials.reference?.appKey],
    });
    this.airlines = new AirlineReference(
      this,
      { changed: () => this.documents.airlinesChanged() },
      {
        ...(options.referenceRetryMs !== undefined && { retryMs: options.referenceRetryMs }),
        secrets: () => [this.credentials.reference?.appId, this.credentials.reference?.appKey],
      },
    );
    this.areas = new MapAreas({
      hub: () => ({ client: this.hubClient, userKey: this.credentials.hubUserKey }),
      airspaceFiles: () => this.airspaceFiles,
      firBoundariesFile: () => this.firBoundariesFile,
      calls: () => this.statuses.batch(this.hubClient),
      log: (message) => events.log?.(message),
    });
    this.traffic = new TrafficLookup(this, options.now);
    this.flights = new JudgedFlights(this.areas);
    const conflicts = new FlightConflicts(this.flights, {
      expansionFor: (block, document) => this.expansionOf(block, () => document.lines),
      pointsSource: () => (this.hubClient ? 'hub' : 'navdata'),
      settings: () => this.conflictSettings,
      currentVersion: (uri) => this.documents.versionOf(uri),
      changed: (uri) => this.documents.conflictsChanged(uri),
      log: (message) => events.log?.(message),
    });
    this.documents = new DocumentPipeline({
      of: {
        expansion: {
          known: (document) => this.knownFindings(document),
          all: async (document) => {
            const expansion = await this.expandAll(document);
            return { findings: expansion?.findings ?? [], ...(expansion ? { expansion } : {}) };
          },
        },
        airline: {
          known: (document) => this.airlines.findings(document.document, NEVER_CANCELLED),
          all: async (document) => ({
            findings: (await this.airlines.loaded()) ? this.airlines.findings(document.document, NEVER_CANCELLED) : [],
          }),
        },
        conflicts: {
          known: (document) => conflicts.findings(document),
          all: async (document) => ({ findings: await conflicts.judgeAll(document) }),
        },
        live: {
          known: (document) => this.liveFlights.findings(document.document),
          all: async (document) => ({ findings: await this.liveFlights.refresh(document.document) }),
        },
      },
      expand: (document) => this.expand(document),
      conflicts,
      liveFlights: this.liveFlights,
      failed: (source, error) =>
        this.statuses.internalError(
          source === 'airline'
            ? 'reference'
            : source === 'conflicts'
              ? 'airspaces'
              : source === 'live'
                ? 'flights'
                : 'expansion',
          error,
        ),
    });
    this.expansions = new DocumentExpansions(
      {
        status: (status) => this.statuses.set('expansion', status),
        rerun: () => {
          for (const listener of this.rerunListeners) listener();
        },
        log: (message) => events.log?.(message),
      },
      options,
    );
  }

  /** Applies settings and credentials; unchanged values keep clients, caches and data. */
  configure(settings: SessionSettings, credentials: SessionCredentials): void {
    this.credentials = credentials;
    this.expansions.configure({
      userKey: credentials.hubUserKey,
      hub: settings.hub,
      navdataFolder: settings.navdataFolder,
      semicircular: settings.semicircular ?? 'icao',
    });
    this.configureReference(settings.reference, credentials.reference);
    this.airlines.configure(settings.referenceHttpErrors ?? false);
    this.referenceHttpErrors = settings.referenceHttpErrors ?? false;
    const tolerance = settings.eobtToleranceMinutes ?? 15;
    if (tolerance !== this.liveFlights.settings.eobtToleranceMinutes) {
      this.liveFlights.settings = { eobtToleranceMinutes: tolerance };
      this.documents.liveFlightsChanged();
    }
    const conflicts = { ...defaultConflictSettings(), ...settings.conflicts };
    const airspaceFiles = [...(settings.airspaceFiles ?? [])];
    const firBoundariesFile = settings.firBoundariesFile ?? '';
    if (
      JSON.stringify([conflicts, airspaceFiles, firBoundariesFile]) !==
      JSON.stringify([this.conflictSettings, this.airspaceFiles, this.firBoundariesFile])
    ) {
      this.conflictSettings = conflicts;
      this.airspaceFiles = airspaceFiles;
      this.firBoundariesFile = firBoundariesFile;
      this.documents.judgeConflictsAgain();
    }
  }

  // ---- remote service clients and data, for every feature (expansion, map, airline reference) ----

  /** The hub client, while a hub key is set and the hub settings are usable. */
  get hubClient(): HubClient | undefined {
    return this.expansions.hubClient;
  }

  /** The reference client, while its appId/appKey are set and its settings are usable. */
  get referenceClient(): ReferenceClient | undefined {
    return this.reference;
  }

  /** The navigation data of `icaoRoute.navdata.folder` (loaded on first use); undefined without a folder. */
  async navdata(): Promise<NavDatabase | undefined> {
    return this.expansions.navdata?.database();
  }

  /** The navigation data if already loaded, without waiting (completion asks on every keystroke). */
  loadedNavdata(): NavDatabase | undefined {
    return this.expansions.loadedDatabase();
  }

  /**
   * An aerodrome's procedures (the CIFP file beside the navigation data) if already read, without
   * waiting; asking starts reading them, once (completion asks on every keystroke).
   */
  loadedProcedures(icao: string): CifpLookup | undefined {
    return this.expansions.navdata?.loadedProcedures(icao);
  }

  /**
   * Runs one call of a hub feature (airspaces, NOTAMs, …) and keeps its source's status: one
   * status per change of state, however many calls fail. Rejects with the call's error; without
   * a hub client it rejects with a configuration HubError.
   */
  useHub<T>(source: Exclude<SourceName, 'expansion' | 'reference'>, call: (hub: HubClient) => Promise<T>): Promise<T> {
    return this.statuses.track(source, this.hubClient, 'No hub key is set (ICAO Route: Set Hub Key).', call);
  }

  /** Like useHub, for the airline reference service. */
  useReference<T>(call: (reference: ReferenceClient) => Promise<T>): Promise<T> {
    return this.statuses.track('reference', this.reference, 'No reference appId/appKey are set.', call);
  }

  // ---- route expansion and per-document results ----

  /** The route expansion status (the status bar's). */
  get expansionStatus(): ExpansionStatus {
    return this.expansions.status;
  }

  /** Blocks expanded by a source so far (not from the cache). */
  get expandedBlocks(): number {
    return this.expansions.expandedBlocks;
  }

  /**
   * Expands the blocks of a new version not known yet, in the background: resolves with every
   * expansion finding of the version when new results came in, else undefined (a newer version
   * cancels the older run). What is known already is `knownFindings`.
   */
  expand(document: ParsedDocument): Promise<RouteDiagnostic[] | undefined> {
    return this.expansions.run(document);
  }

  /** The expansion of one block, when known (hovers, the map). */
  expansionOf(block: RouteBlock, lines: LineIndex | (() => LineIndex)): ExpansionResult | undefined {
    return this.expansions.resultFor(block, lines);
  }

  /** Expansion findings already known for the document's current blocks (no expansion started). */
  knownFindings(document: ParsedDocument): RouteDiagnostic[] {
    return this.expansions.known(document);
  }

  /** Every route block of a document expanded, none left out (the checker's way); see DocumentExpansions.expandAll. */
  expandAll(document: ParsedDocument): Promise<DocumentExpansionReport | undefined> {
    return this.expansions.expandAll(document);
  }

  /** The source changed or may have recovered: every open document should be updated again. */
  onShouldRerun(listener: Listener<void>): () => void {
    this.rerunListeners.add(listener);
    return () => this.rerunListeners.delete(listener);
  }

  /** The document was closed: its expansion run and findings go. */
  forget(uri: string): void {
    this.documents.forget(uri);
    this.expansions.forget(uri);
  }

  /** True while a retry after a failure is planned. */
  get retryPending(): boolean {
    return this.expansions.retryPending;
  }

  async dispose(): Promise<void> {
    releaseReferenceClock(this.clock);
    this.documents.dispose();
    this.airlines.dispose();
    this.flights.dispose();
    this.areas.dispose();
    this.rerunListeners.clear();
    const reference = this.reference;
    this.reference = undefined;
    await Promise.all([this.expansions.dispose(), reference?.close().catch(() => {})]);
  }

  private configureReference(settings: Partial<ReferenceSettings>, credentials: SessionCredentials['reference']): void {
    const appKey = credentials?.appKey.trim();
    const appId = credentials?.appId.trim();
    // Secrets enter the signature only as a hash: it is compared, never shown.
    const signature =
      appId && appKey
        ? JSON.stringify([createHash('sha256').update(`${appId}\n${appKey}`).digest('hex'), settings])
        : 'none';
    if (signature === this.referenceSignature) return;
    this.referenceSignature = signature;
    void this.reference?.close().catch(() => {});
    this.reference = undefined;
    if (!appId || !appKey) {
      const hint = this.options.referenceHint ? ` (${this.options.referenceHint()})` : '';
      this.statuses.set('reference', {
        state: 'local',
        source: 'none',
        message: `Airline reference off: no appId/appKey are set${hint}.`,
      });
      return;
    }
    try {
      this.reference = new ReferenceClient(settings, { appId, appKey });
      this.statuses.set('reference', {
        state: 'ok',
        source: 'reference',
        message: `Airline reference${serviceAddress('reference', referenceSettings(settings).baseUrl)}.`,
      });
    } catch (error) {
      this.statuses.failed('reference', error, [appId, appKey]);
    }
  }
}
