/**
 * The document pipeline: one object per open document holds the version last given and its
 * findings from every source (local: the parser's, on the document itself; expansion; airline;
 * conflicts), and one event, `{uri, version, document, findings}`, says when they change. The
 * language server publishes that event and nothing else; the checker asks for the same findings
 * of a whole file at once (`check`).
 *
 * A new version is said at once, with what every source already knows about its unchanged
 * blocks. What the sources bring later (the expansion of the edited blocks, the airline list,
 * the conflicts judged on the new expansion) is merged here and said once per turn of the event
 * loop, only when it changed something: a keystroke is one event, then one per new finding set.
 */
import type { RouteDiagnostic } from '../route/model';
import type { DocumentExpansionReport } from './documentExpansions';
import type { ParsedDocument } from '../services/parsedDocument';
import type { FlightConflicts } from './flightConflicts';
import type { LiveFlightLookup } from './liveFlightLookup';

/** The sources of findings besides the parser, in the order their findings are listed. */
export const FINDING_SOURCES = ['expansion', 'airline', 'conflicts', 'live'] as const;

export type FindingSource = 'local' | (typeof FINDING_SOURCES)[number];

/** The live flights are asked once the document has been this long without a new version. */
export const LIVE_FLIGHT_SETTLE_MS = 1500;

export interface DocumentFindings {
  uri: string;
  version: number;
  /** The version's parsed document: its own (local) findings stay on its blocks (see services/documentDiagnostics). */
  document: ParsedDocument;
  /** The findings of every other source for this version: expansion, airline, conflicts. */
  findings: RouteDiagnostic[];
  /** What changed since the document's last event: 'local' for a new version. */
  changed: readonly FindingSource[];
}

/** What the checker gets for one file: the same sources as the editor, each run to its end. */
export interface CheckedDocument {
  findings: RouteDiagnostic[];
  /** The expansion of every route block, when a source expands routes. */
  expansion?: DocumentExpansionReport;
}

/** What the pipeline asks of every source of findings. */
export interface DocumentSource {
  /** The findings known now for the version (its unchanged blocks'); never waits. */
  known(document: ParsedDocument): RouteDiagnostic[];
  /** Every finding of the version, the source run to its end (the checker's way). */
  all(document: ParsedDocument): Promise<{ findings: RouteDiagnostic[]; expansion?: DocumentExpansionReport }>;
}

export interface PipelineSources {
  /** Each source of findings besides the parser. */
  of: Record<(typeof FINDING_SOURCES)[number], DocumentSource>;
  /** The background expansion of a version: resolves with all its expansion findings when new ones came. */
  expand(document: ParsedDocument): Promise<RouteDiagnostic[] | undefined>;
  /** The conflicts, judged again in the background once a version is expanded. */
  conflicts: Pick<FlightConflicts, 'refresh' | 'forget'>;
  /** The live flights behind the FPL messages' call signs, asked once the document is still. */
  liveFlights: Pick<LiveFlightLookup, 'enabled' | 'refresh'>;
  /** An internal failure of a source (a bug): its status says it. */
  failed(source: FindingSource, error: unknown): void;
}

/** One open document: its version and the findings of each source for it. */
class OpenDocument {
  readonly found: Record<(typeof FINDING_SOURCES)[number], RouteDiagnostic[]> = {
    expansion: [],
    airline: [],
    conflicts: [],
    live: [],
  };
  /** The wait for the parse to settle before the live flights are asked; undefined once cleared. */
  liveTimer?: NodeJS.Timeout | undefined;
  /** Sources whose new findings are not said yet. */
  readonly pending = new Set<FindingSource>();
  /** The pending say of `pending`; undefined once it has run. */
  flush?: NodeJS.Immediate | undefined;
  /** The background work of the current version (expansion, then conflicts). */
  work: Promise<void> = Promise.resolve();

  constructor(public current: ParsedDocument) {}

  findings(): RouteDiagnostic[] {
    return FINDING_SOURCES.flatMap((source) => this.found[source]);
  }
}

function sameList(a: readonly RouteDiagnostic[], b: readonly RouteDiagnostic[]): boolean {
  return a.length === b.length && (a.length === 0 || JSON.stringify(a) === JSON.stringify(b));
}

export class DocumentPipeline {
  private readonly open = new Map<string, OpenDocument>();
  private readonly listeners = new Set<(event: DocumentFindings) => void>();

  constructor(private readonly sources: PipelineSources) {}

  /** Every change of a document's findings; returns a function that stops listening. */
  onDidChangeFindings(listener: (event: DocumentFindings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A new version: its findings are said at once (every source's, for the blocks it knows), then
   * the blocks not yet expanded are expanded and the conflicts judged in the background.
   */
  update(document: ParsedDocument): DocumentFindings {
    let entry = this.open.get(document.uri);
    if (entry) {
      entry.current = document;
      entry.pending.clear();
    } else {
      entry = new OpenDocument(document);
      this.open.set(document.uri, entry);
    }
    for (const source of FINDING_SOURCES) entry.found[source] = this.sources.of[source].known(document);
    const done = this.sources.expand(document);
    const event = this.said(entry, ['local']);
    const opened = entry;
    this.askLiveFlights(opened, document);
    entry.work = done.then(
      (findings) => {
        if (opened.current !== document || this.open.get(document.uri) !== opened) return;
        // New results are a new route (the map, hovers, inlay hints) even when their findings are the same.
        if (findings) this.merge(opened, 'expansion', findings, true);
        // Once per version, on its expansion: the conflicts of the blocks just expanded.
        return this.sources.conflicts.refresh(document);
      },
      (error: unknown) => this.sources.failed('expansion', error),
    );
    return event;
  }

  /** Every source's findings known now for the version (code actions read them). */
  findingsOf(document: ParsedDocument): RouteDiagnostic[] {
    const entry = this.open.get(document.uri);
    if (entry?.current === document) return entry.findings();
    return FINDING_SOURCES.flatMap((source) => this.sources.of[source].known(document));
  }

  /**
   * Resolves once the background work of the document's current version is over and its last
   * event said (for tests and the bench: the editor never waits).
   */
  async settled(uri: string): Promise<void> {
    for (;;) {
      const entry = this.open.get(uri);
      if (!entry) return;
      const work = entry.work;
      await work;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.open.get(uri)?.work === work) return;
    }
  }

  /** The version being worked on, if the document is open. */
  versionOf(uri: string): number | undefined {
    return this.open.get(uri)?.current.version;
  }

  /** The airline list changed: each document's A findings again. */
  airlinesChanged(): void {
    for (const entry of this.open.values()) {
      try {
        this.merge(entry, 'airline', this.sources.of.airline.known(entry.current));
      } catch (error) {
        this.sources.failed('airline', error);
      }
    }
  }

  /** The conflicts of a document changed (judged in the background). */
  conflictsChanged(uri: string): void {
    const entry = this.open.get(uri);
    if (entry) this.merge(entry, 'conflicts', this.sources.of.conflicts.known(entry.current));
  }

  /** The live flights' settings changed: each document's L findings again, from the answers cached. */
  liveFlightsChanged(): void {
    for (const entry of this.open.values()) this.merge(entry, 'live', this.sources.of.live.known(entry.current));
  }

  /**
   * Once the document has been still for LIVE_FLIGHT_SETTLE_MS (a call sign being typed is not
   * asked for letter by letter), the FPL messages' flights not cached yet are asked for.
   */
  private askLiveFlights(entry: OpenDocument, document: ParsedDocument): void {
    if (entry.liveTimer) clearTimeout(entry.liveTimer);
    entry.liveTimer = undefined;
    if (!this.sources.liveFlights.enabled || !document.document.blocks.some((b) => b.kind === 'fpl')) return;
    entry.liveTimer = setTimeout(() => {
      entry.liveTimer = undefined;
      if (entry.current !== document || this.open.get(document.uri) !== entry) return;
      this.sources.liveFlights.refresh(document.document).then(
        (findings) => {
          if (entry.current === document && this.open.get(document.uri) === entry) this.merge(entry, 'live', findings);
        },
        (error: unknown) => this.sources.failed('live', error),
      );
    }, LIVE_FLIGHT_SETTLE_MS);
    entry.liveTimer.unref?.();
  }

  /** The conflict settings changed: every document judged again. */
  judgeConflictsAgain(): void {
    for (const entry of this.open.values()) {
      this.merge(entry, 'conflicts', this.sources.of.conflicts.known(entry.current));
      entry.work = entry.work.then(() => this.sources.conflicts.refresh(entry.current));
    }
  }

  /**
   * The checker's way: every source run to its end on the whole document (every route block
   * expanded, the airline list loaded, the conflicts judged), then all their findings at once.
   */
  async check(document: ParsedDocument): Promise<CheckedDocument> {
    const findings: RouteDiagnostic[] = [];
    let expansion: DocumentExpansionReport | undefined;
    // In order: the conflicts are judged on the expansion just made.
    for (const source of FINDING_SOURCES) {
      const all = await this.sources.of[source].all(document);
      findings.push(...all.findings);
      expansion ??= all.expansion;
    }
    return expansion ? { findings, expansion } : { findings };
  }

  forget(uri: string): void {
    const entry = this.open.get(uri);
    if (entry?.flush) clearImmediate(entry.flush);
    if (entry?.liveTimer) clearTimeout(entry.liveTimer);
    this.open.delete(uri);
    this.sources.conflicts.forget(uri);
  }

  dispose(): void {
    for (const entry of this.open.values()) {
      if (entry.flush) clearImmediate(entry.flush);
      if (entry.liveTimer) clearTimeout(entry.liveTimer);
    }
    this.open.clear();
    this.listeners.clear();
  }

  /** New findings of one source: said on the next turn with whatever else came in the meantime. */
  private merge(
    entry: OpenDocument,
    source: Exclude<FindingSource, 'local'>,
    findings: RouteDiagnostic[],
    always = false,
  ): void {
    if (!always && sameList(entry.found[source], findings)) return;
    entry.found[source] = findings;
    entry.pending.add(source);
    entry.flush ??= setImmediate(() => {
      entry.flush = undefined;
      if (this.open.get(entry.current.uri) !== entry || entry.pending.size === 0) return;
      const changed = [...entry.pending];
      entry.pending.clear();
      this.said(entry, changed);
    });
  }

  private said(entry: OpenDocument, changed: FindingSource[]): DocumentFindings {
    const { uri, version } = entry.current;
    const event: DocumentFindings = { uri, version, document: entry.current, findings: entry.findings(), changed };
    for (const listener of this.listeners) listener(event);
    return event;
  }
}
