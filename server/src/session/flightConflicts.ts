/**
 * The conflict findings of each document (F001/F002): after each new version and its expansion,
 * the flight of each expanded route block is judged (session/judgedFlights.ts: once per version,
 * on the map's own areas, shared with the map view) at its planned levels, and its conflicts read
 * from it (flight/conflicts.ts). Findings are kept per block text, so an edit drops the edited
 * block's conflicts at once and the others stay until judged again. A hub that fails gives no
 * areas, hence no conflicts: its state is the airspaces and NOTAMs statuses and the map's notice,
 * not a finding per block.
 */
import type { ClimbDescent } from '../flight/vertical';
import type { ExpansionResult, RouteBlock, RouteDiagnostic } from '../route/model';
import { blocksInOrder } from '../route/document';
import { flightConflicts } from '../flight/conflicts';
import { flightProfile } from '../flight/profile';
import { fplTimeFindings } from '../flight/fplTimes';
import { airwayLegFindings } from '../flight/airwayLegFirs';
import { routeWhole } from '../expansion/delayPoints';
import type { FlightJudging, JudgedFlight } from '../flight/judgedFlight';
import type { MapData } from '../map/mapView';
import { settingDefault } from '../../../common/settings/definitions';
import type { ParsedDocument } from '../services/parsedDocument';
import { blockPlaceKey, type JudgedFlights } from './judgedFlights';

const CONFLICT_CODES: ReadonlySet<string> = new Set(['F001', 'F002', 'F006']);

/** Route blocks of one document judged at most: a 5 MB file of routes must not fetch the world. */
export const MAX_CONFLICT_BLOCKS = 100;

/** What the conflicts are judged with (`icaoRoute.diagnostics.flightConflicts`, `icaoRoute.map.*`, `icaoRoute.flight.departureTime`). */
export interface ConflictSettings {
  enabled: boolean;
  corridorNm: number;
  aerodromeCorridorNm: number;
  timeMarginMin: number;
  /** When plain route text is flown (ms since the epoch); undefined: now. */
  departureMs?: number;
  /** The profile's climb rate and descent gradient (`icaoRoute.flight.*`); the defaults when absent. */
  climbDescent?: ClimbDescent;
}

/** The settings' defaults, the same for the editor and the checker. */
export function defaultConflictSettings(): ConflictSettings {
  return {
    enabled: settingDefault('icaoRoute.diagnostics.flightConflicts'),
    corridorNm: settingDefault('icaoRoute.map.corridorNm'),
    aerodromeCorridorNm: settingDefault('icaoRoute.map.aerodromeCorridorNm'),
    timeMarginMin: settingDefault('icaoRoute.map.timeMarginMin'),
  };
}

export interface ConflictDeps {
  expansionFor(block: RouteBlock, document: ParsedDocument): ExpansionResult | undefined;
  /** Whose points the expansions are: the hub's, or the navigation data's. */
  pointsSource(): 'hub' | 'navdata';
  settings(): ConflictSettings;
  /** The version of the document being worked on, to drop the judgement of an older one. */
  currentVersion(uri: string): number | undefined;
  /** The document's conflicts changed. */
  changed(uri: string): void;
  log(message: string): void;
}

function sameFindings(a: Map<string, RouteDiagnostic[]> | undefined, b: Map<string, RouteDiagnostic[]>): boolean {
  const flat = (m: Map<string, RouteDiagnostic[]> | undefined) =>
    JSON.stringify([...(m ?? new Map<string, RouteDiagnostic[]>()).entries()].sort(([x], [y]) => (x < y ? -1 : 1)));
  return flat(a) === flat(b);
}

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

/** A block's findings, and the judged flight they were read from. */
interface Judged {
  flight: JudgedFlight;
  enabled: boolean;
  findings: RouteDiagnostic[];
}

/**
 * The times of an FPL message (F003–F005) against its still-air profile, timed from take-off, and
 * the FIRs the map's crossing computation found (none known without the hub's FIR catalogue).
 */
export function fplTimes(
  block: RouteBlock,
  expansion: ExpansionResult,
  flight: Pick<JudgedFlight, 'firs'>,
  data: MapData,
): RouteDiagnostic[] {
  const profile = flightProfile(block.elements, expansion.points, 0);
  const known = new Map((data.knownFirs ?? []).map((f) => [f.designator, f]));
  return fplTimeFindings({
    block,
    profile,
    ...(known.size > 0 ? { firs: { crossed: flight.firs, known } } : {}),
    routeWhole: routeWhole(block, expansion.findings, expansion.procedures),
  });
}

export class FlightConflicts {
  /** uri → block key → its conflicts. */
  private readonly known = new Map<string, Map<string, RouteDiagnostic[]>>();
  /** uri → block key → what its conflicts were computed from: an edit elsewhere does not judge it again. */
  private readonly judged = new Map<string, Map<string, Judged>>();
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly flights: JudgedFlights,
    private readonly deps: ConflictDeps,
  ) {}

  /** The conflicts known for the document's current blocks (none while a block is being judged again). */
  findings(document: ParsedDocument): RouteDiagnostic[] {
    const byBlock = this.known.get(document.uri);
    if (!byBlock || byBlock.size === 0) return [];
    // Turned off, the conflicts go at once; an FPL message's times (F003–F005) stay.
    const conflicts = this.deps.settings().enabled;
    const out: RouteDiagnostic[] = [];
    for (const block of blocksInOrder(document.document)) {
      if (block.elements.length === 0) continue;
      const found = byBlock.get(blockPlaceKey(document, block));
      if (found) out.push(...(conflicts ? found : found.filter((f) => !CONFLICT_CODES.has(f.code))));
    }
    return out;
  }

  /** Judges the document again in the background; an older run for it stops. Resolves when this run is over. */
  refresh(document: ParsedDocument): Promise<void> {
    const uri = document.uri;
    this.running.get(uri)?.abort();
    const controller = new AbortController();
    this.running.set(uri, controller);
    return this.judge(document, controller.signal)
      .then((next) => {
        // A newer version is on its way with its own run.
        if (!next || this.deps.currentVersion(uri) !== document.version) return;
        const published = this.known.get(uri);
        this.known.set(uri, next);
        if (!sameFindings(published, next)) this.deps.changed(uri);
      })
      .catch((error) => {
        if (!controller.signal.aborted) this.deps.log(`flight conflicts of ${uri} failed: ${describeError(error)}`);
      })
      .finally(() => {
        if (this.running.get(uri) === controller) this.running.delete(uri);
      });
  }

  /** Every conflict of the document, judged now (the checker's way: it waits for them). */
  async judgeAll(document: ParsedDocument): Promise<RouteDiagnostic[]> {
    const byBlock = await this.judge(document, new AbortController().signal);
    return byBlock ? [...byBlock.values()].flat() : [];
  }

  forget(uri: string): void {
    this.running.get(uri)?.abort();
    this.running.delete(uri);
    this.known.delete(uri);
    this.judged.delete(uri);
    this.flights.forget(uri);
  }

  dispose(): void {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
    this.known.clear();
    this.judged.clear();
    this.flights.dispose();
  }

  private judging(settings: ConflictSettings): FlightJudging {
    // Conflicts are judged at the flight's own levels, whatever the map's level filter shows.
    return {
      corridorNm: settings.corridorNm,
      aerodromeCorridorNm: settings.aerodromeCorridorNm,
      levels: { mode: 'planned' },
      timeMarginMin: settings.timeMarginMin,
    };
  }

  /** The conflicts of each judged block by key; undefined when stopped. */
  private async judge(
    document: ParsedDocument,
    signal: AbortSignal,
  ): Promise<Map<string, RouteDiagnostic[]> | undefined> {
    const uri = document.uri;
    const next = new Map<string, RouteDiagnostic[]>();
    const before = this.judged.get(uri);
    const judgedNow = new Map<string, Judged>();
    const settings = this.deps.settings();
    const enabled = settings.enabled;
    const judging = this.judging(settings);
    const timing = {
      ...(settings.departureMs !== undefined ? { departureMs: settings.departureMs } : {}),
      ...(settings.climbDescent ? { climbDescent: settings.climbDescent } : {}),
    };
    // Keys first: the text of the version judged, before any await lets a newer one in.
    const blocks: { block: RouteBlock; expansion: ExpansionResult; key: string }[] = [];
    let routes = 0;
    // In order without an array of every block (the editor's list): a version costs the blocks read.
    for (const block of blocksInOrder(document.document)) {
      if (block.elements.length === 0) continue;
      // Route blocks, expanded or not: a huge file stops here, without building every block's elements.
      if (routes++ >= MAX_CONFLICT_BLOCKS) break;
      // Without the conflicts, only an FPL message's times are judged.
      if (!enabled && !block.fpl) continue;
      const expansion = this.deps.expansionFor(block, document);
      if (!expansion || expansion.points.length < 2) continue;
      blocks.push({ block, expansion, key: blockPlaceKey(document, block) });
    }
    for (const { block, expansion, key } of blocks) {
      let findings: RouteDiagnostic[];
      try {
        const areas = await this.flights.areas.forBlock(block, expansion, signal);
        if (signal.aborted) return undefined;
        // Answers from the hub's cache come back without a turn of the event loop: let requests through.
        await new Promise((resolve) => setImmediate(resolve));
        // The FIRs alone are worth judging: an airway leg is measured against their outlines (F010).
        const nothingToJudge =
          areas.data.airspaces.length === 0 && areas.data.notams.length === 0 && areas.data.firs.length === 0;
        if (nothingToJudge && !block.fpl) continue;
        // A chunk per turn of the event loop: 80,000 airspaces must not keep a hover waiting.
        const { judged: flight } = await this.flights.judged(
          document,
          block,
          expansion,
          areas,
          judging,
          timing,
          signal,
        );
        const known = before?.get(key);
        if (known && known.flight === flight && known.enabled === enabled) {
          findings = known.findings;
        } else {
          findings = [
            ...(enabled ? flightConflicts(flight) : []),
            ...(block.fpl ? fplTimes(block, expansion, flight, areas.data) : []),
            ...airwayLegFindings({
              block,
              profile: flight.flight.profile,
              firs: flight.firs,
              expansionFindings: expansion.findings,
              pointsSource: this.deps.pointsSource(),
            }),
          ];
        }
        judgedNow.set(key, { flight, enabled, findings });
      } catch (error) {
        if (signal.aborted) return undefined;
        throw error;
      }
      if (findings.length > 0) next.set(key, findings);
    }
    if (signal.aborted) return undefined;
    this.judged.set(uri, judgedNow);
    this.flights.retain(uri, new Set(blocks.map((b) => b.key)));
    return next;
  }
}
