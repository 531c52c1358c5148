/**
 * Where expansions come from: the hub's route expansion (a hub key is set) or the offline engine
 * on the navigation data of `icaoRoute.navdata.folder`. Both give the shared ExpansionResult.
 */
import * as path from 'node:path';
import type { AmbiguousFirstFix, ExpansionResult, RouteBlock, RouteDiagnostic } from '../route/model';
import { expandRoute, firstFixCandidates, likelyFirstFix } from '../expansion/offlineExpansion';
import { hubGeometryFindings, mergeGeometryFindings } from '../expansion/hubGeometry';
import { withOfflineSpellings } from '../expansion/hubSpellings';
import { cruisingLevelFindings, type SemicircularRule } from '../expansion/cruisingLevelFindings';
import { delayPointFindings } from '../expansion/delayPoints';
import { DIAGNOSTIC_CODES } from '../route/codes';
import { icaoCoordinate } from '../route/describe';
import { formatPosition } from '../geo/decimalPosition';
import { expandBlockAtHub, type HubClient } from '../hub';
import { loadNavDatabase, type LoadReport, type NavDatabase } from '../navdata/loader';
import { CifpLibrary, cifpFolders, type CifpLookup } from '../navdata/cifpFiles';
import { blockAerodromes } from '../expansion/procedures';
import { withProcedures } from '../expansion/hubProcedures';
import { serviceAddress } from './serviceAddress';

export interface ExpansionSource {
  readonly kind: 'hub' | 'navdata';
  /** What the status says while the source works. */
  readonly okMessage: string;
  /** True once `prepare` has nothing left to do. */
  readonly ready: boolean;
  /** Loads what the source needs, once; rejects when it cannot work at all. */
  prepare(): Promise<void>;
  /** The navigation data once loaded, without waiting, for completion (a hub source has it when a folder is set too). */
  loadedDatabase(): NavDatabase | undefined;
  /** Rejects with the remote service's error when the call fails (never for a route's own problems). */
  expand(block: RouteBlock, signal: AbortSignal): Promise<ExpansionResult>;
  dispose(): Promise<void>;
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

export class NavdataSource implements ExpansionSource {
  readonly kind = 'navdata';
  private db?: NavDatabase;
  private loading?: Promise<void>;
  /** The aerodromes' procedures (CIFP files beside the data), read per aerodrome when first needed. */
  private cifp?: CifpLibrary;

  constructor(
    readonly folder: string,
    private readonly load: (folder: string) => Promise<NavDatabase> = loadNavDatabase,
    private readonly semicircular: SemicircularRule = 'icao',
    private readonly log?: (message: string) => void,
  ) {}

  get ready(): boolean {
    return this.db !== undefined;
  }

  loadedDatabase(): NavDatabase | undefined {
    return this.db;
  }

  get okMessage(): string {
    const r = this.db?.report;
    const counts = r
      ? ` (${r.fixes} fixes, ${r.navaids} navaids, ${r.airways} airways, ${r.aerodromes} aerodromes${malformedNote(r)})`
      : '';
    return `Route expansion offline with the navigation data in ${this.folder}${counts}.`;
  }

  prepare(): Promise<void> {
    // Loaded once per source; a new folder setting makes a new source.
    this.loading ??= this.load(this.folder).then(
      (db) => {
        this.db = db;
        this.cifp = new CifpLibrary(cifpFolders(this.folder, db.report), db.report, { log: this.log });
        // Completion's indexes (airways by point, the spatial index) are built once, off the
        // typing path, instead of on the first completion (about a second with the full data).
        setTimeout(() => {
          db.airwaysThrough(0);
          db.nearest(0, 0, { maxResults: 1 });
        }, 0).unref?.();
      },
      (error: unknown) => {
        const text = error instanceof Error ? error.message : String(error);
        throw new Error(`The navigation data in ${this.folder} could not be read: ${text}`, { cause: error });
      },
    );
    return this.loading;
  }

  async expand(block: RouteBlock, signal: AbortSignal): Promise<ExpansionResult> {
    await this.prepare();
    const procedures = await this.proceduresFor(block);
    // One block at a time between other events, so a newer edit can cancel a long document.
    await yieldToEvents();
    return expandRoute(
      block,
      this.db!,
      {
        get isCancellationRequested() {
          return signal.aborted;
        },
      },
      { firstFix: 'nearestDeparture', semicircular: this.semicircular, procedures },
    );
  }

  /**
   * The procedures of a block's aerodromes, read before it is expanded (once per aerodrome) when
   * it writes a SID or a STAR; the look-up the offline engine takes.
   */
  async proceduresFor(block: RouteBlock): Promise<((icao: string) => CifpLookup | undefined) | undefined> {
    const cifp = this.cifp;
    if (!cifp) return undefined;
    const elements = block.elements;
    const { origin, destination } = blockAerodromes(block);
    const wanted = [
      elements.some((e) => e.kind === 'sid' && e.designator) ? origin : undefined,
      elements.some((e) => e.kind === 'star' && e.designator) ? destination : undefined,
    ].filter((icao): icao is string => icao !== undefined);
    await Promise.all(wanted.map((icao) => cifp.load(icao)));
    return (icao) => cifp.loaded(icao);
  }

  /** An aerodrome's procedures if read, without waiting; starts reading them otherwise (completion). */
  loadedProcedures(icao: string): CifpLookup | undefined {
    const cifp = this.cifp;
    if (!cifp) return undefined;
    const found = cifp.loaded(icao);
    if (!found) void cifp.load(icao);
    return found;
  }

  /**
   * The places that bear `ident`, nearest the origin first: what the hub does not list for an
   * ambiguous first fix. Loads the data on first use.
   */
  async candidates(ident: string, origin?: { lat: number; lon: number }): Promise<AmbiguousFirstFix['candidates']> {
    const db = await this.database();
    return firstFixCandidates(db, db.lookup(ident.toUpperCase()), origin);
  }

  /**
   * The candidates as `candidates` lists them, with the likely one (the offline engine's rule:
   * the only one on the airway after the fix, else the only one near the origin) moved first.
   */
  async firstFixChoice(
    ident: string,
    nextAirway: string | undefined,
    origin?: { lat: number; lon: number; icao?: string },
  ): Promise<{ candidates: AmbiguousFirstFix['candidates']; likely?: string }> {
    const db = await this.database();
    const indices = db.lookup(ident.toUpperCase());
    const candidates = firstFixCandidates(db, indices, origin);
    const pick = likelyFirstFix(db, indices, nextAirway, origin);
    if (!pick) return { candidates };
    const at = candidates.findIndex((c) => c.lat === db.lat(pick.index) && c.lon === db.lon(pick.index));
    if (at > 0) candidates.unshift(...candidates.splice(at, 1));
    return { candidates, likely: pick.why };
  }

  /** The loaded navigation data (loads it on first use; rejects when the folder has none). */
  async database(): Promise<NavDatabase> {
    await this.prepare();
    return this.db!;
  }

  async dispose(): Promise<void> {}
}

/** What was read but not used: `; 3 malformed rows not used (fix.dat line 7, awy.dat line 12)`. */
function malformedNote(report: LoadReport): string {
  const files = report.files.filter((f) => f.malformed > 0);
  if (files.length === 0) return '';
  const total = files.reduce((sum, f) => sum + f.malformed, 0);
  const where = files.map((f) => `${path.basename(f.path)} line ${f.malformedSamples[0]?.line}`).join(', ');
  return `; ${total} malformed row${total === 1 ? '' : 's'} not used (${where})`;
}

export class HubSource implements ExpansionSource {
  readonly kind = 'hub';
  readonly ready = true;

  /**
   * `hub` is the session's client (shared with every other hub feature). `navdata`, when the
   * folder is set too, lists the candidates of an ambiguous first fix, which the hub does not.
   */
  constructor(
    readonly hub: HubClient,
    readonly navdata?: NavdataSource,
    private readonly semicircular: SemicircularRule = 'icao',
  ) {}

  get okMessage(): string {
    return `Route expansion by the hub${serviceAddress('hub', this.hub.baseUrl)}.`;
  }

  async prepare(): Promise<void> {}

  /** The folder's data are read on first use here too: completion asks before any ambiguity does. */
  loadedDatabase(): NavDatabase | undefined {
    if (this.navdata && !this.navdata.ready) void this.navdata.prepare().catch(() => undefined);
    return this.navdata?.loadedDatabase();
  }

  /**
   * A route text the hub refuses is finding H004 on the route (see expandBlockAtHub), not a
   * failure. The hub's points are checked for what their geometry shows (expansion/hubGeometry);
   * with a navigation data folder too, on its airways as well, and the offline engine's own
   * geometry findings are added, each saying which source found it.
   */
  async expand(block: RouteBlock, signal: AbortSignal): Promise<ExpansionResult> {
    const result = withOriginReference(await expandBlockAtHub(this.hub, block, { signal }));
    return this.withCandidates(block, await this.withGeometry(block, result, signal));
  }

  /** The procedures of the block's aerodromes from the folder's CIFP files, when a folder is set and readable. */
  private async procedures(block: RouteBlock) {
    if (!this.navdata) return undefined;
    try {
      await this.navdata.prepare();
      return await this.navdata.proceduresFor(block);
    } catch {
      return undefined;
    }
  }

  private async withGeometry(
    block: RouteBlock,
    result: ExpansionResult,
    signal: AbortSignal,
  ): Promise<ExpansionResult> {
    if (result.findings.some((f) => f.code === 'H004')) return result;
    // Unreadable local data leaves the checks on the hub's points alone.
    const db = this.navdata ? await this.navdata.database().catch(() => undefined) : undefined;
    const cancelled = {
      get isCancellationRequested() {
        return signal.aborted;
      },
    };
    // The cruising levels are judged on the hub's own points, with or without local data.
    const procedures = db ? await this.procedures(block) : undefined;
    const offline = db
      ? expandRoute(block, db, cancelled, { firstFix: 'nearestDeparture', semicircular: 'off', procedures })
      : undefined;
    const findings = mergeGeometryFindings(
      withOfflineSpellings(result.findings, offline?.findings ?? []),
      hubGeometryFindings(block, result, db),
      offline?.findings ?? [],
    );
    const levels = cruisingLevelFindings(block, result.points, {
      rule: this.semicircular,
      pointsSource: "from the hub's expansion",
    }).map((f): RouteDiagnostic => ({ ...f, severity: DIAGNOSTIC_CODES[f.code].severity }));
    const delays = delayPointFindings(block, result.points, findings, "in the hub's expansion").map(
      (f): RouteDiagnostic => ({ ...f, severity: DIAGNOSTIC_CODES[f.code].severity }),
    );
    const merged = { ...result, findings: [...findings, ...levels, ...delays] };
    return offline && procedures ? withProcedures(merged, offline) : merged;
  }

  private async withCandidates(block: RouteBlock, result: ExpansionResult): Promise<ExpansionResult> {
    const ambiguous = result.ambiguousFirstFix;
    if (!ambiguous || !this.navdata) return result;
    const origin = result.points[0]?.type === 'aerodrome' ? result.points[0] : undefined;
    const index = block.elements.findIndex(
      (e) =>
        e.range.start.line === ambiguous.range.start.line &&
        e.range.start.character === ambiguous.range.start.character,
    );
    const next = index >= 0 ? block.elements[index + 1] : undefined;
    let choice: { candidates: AmbiguousFirstFix['candidates']; likely?: string };
    try {
      choice = await this.navdata.firstFixChoice(
        ambiguous.ident,
        next?.kind === 'airway' ? next.designator.toUpperCase() : undefined,
        origin && { lat: origin.lat, lon: origin.lon, icao: origin.designator },
      );
    } catch {
      // Without readable local data the hub's answer stands as it is.
      return result;
    }
    const { candidates, likely } = choice;
    const listed = candidates.map((c) => ({ ...c, referenceFix: icaoCoordinate(c.lat, c.lon) }));
    const [first] = listed;
    if (candidates.length < 2 || !first) return result;
    const findings = result.findings.map((f) => {
      if (f.code !== 'H003') return f;
      // Same words as X005: the place the airway or the origin points to is named, and the first
      // quick fix (the first candidate, `likely` in the data) writes its referenceFix.
      const where = `${first.name ?? first.ident} (${first.type}${first.region ? ` ${first.region}` : ''}) ${formatPosition(first.lat, first.lon)}`;
      if (likely)
        // The departure or the following airway settles it: information, not a warning (the hub
        // itself stays literal and selects none until a referenceFix names it).
        return {
          ...f,
          code: 'H005' as const,
          severity: DIAGNOSTIC_CODES.H005.severity,
          message:
            `The hub selected no point for the first fix ${ambiguous.ident} (${candidates.length} places bear this ` +
            `name), but the navigation data settles it: ${likely}, ${where}. The first quick fix writes its ` +
            `referenceFix, so that the hub takes it too.`,
          data: { ...(f.data as object), candidates: listed, likely: true },
        };
      return { ...f, data: { ...(f.data as object), candidates: listed } };
    });
    return { ...result, findings, ambiguousFirstFix: { ...ambiguous, candidates } };
  }

  dispose(): Promise<void> {
    return this.hub.close();
  }
}

/**
 * The hub names no candidates for an ambiguous first fix, but it places the origin aerodrome:
 * its position, as a referenceFix, selects the namesake nearest the departure, which is what the
 * quick fix for H003 offers.
 */
export function withOriginReference(result: ExpansionResult): ExpansionResult {
  const origin = result.points[0];
  if (!result.ambiguousFirstFix || !origin || origin.type !== 'aerodrome') return result;
  const ident = result.ambiguousFirstFix.ident;
  const findings = result.findings.map((f) =>
    f.code === 'H003'
      ? { ...f, data: { ident, origin: { icao: origin.designator, lat: origin.lat, lon: origin.lon } } }
      : f,
  );
  return { ...result, findings };
}
