/**
 * The conflict diagnostics' wiring: after each new version or expansion of a document, the
 * areas of each expanded route block (MapAreas: the map's own data, cached by the hub client) are
 * judged for the flight at its planned levels (services/flightConflicts), and the document's
 * diagnostics are published again when the conflicts changed. Findings are kept per block text,
 * so an edit drops the edited block's conflicts at once and the others stay until recomputed.
 * A hub that fails gives no areas, hence no conflicts: its state is the map's notice, not a
 * diagnostic per block.
 */
import { buildMapViewYielding } from '../map/mapView';
import { DEFAULT_MAP_FILTERS, type MapFilters } from '../protocol/mapMessages';
import type { ExpansionResult, RouteBlock, RouteDiagnostic } from '../route/model';
import { keyOfBlock } from '../route';
import { flightConflicts } from '../services/flightConflicts';
import { describeError } from './guard';
import type { MapAreas } from '../map/areas';
import type { ParsedDocument } from './parsedDocuments';
import type { MapSettings } from './settings';

/** Route blocks of one document judged at most: a 5 MB file of routes must not fetch the world. */
export const MAX_CONFLICT_BLOCKS = 100;

export interface FlightConflictDeps {
  parsedFor(uri: string): ParsedDocument | undefined;
  expansionFor(block: RouteBlock, parsed: ParsedDocument): ExpansionResult | undefined;
  enabled(): boolean;
  map(): MapSettings;
  referenceMs(): number;
  /** True when the flight is timed by the clock (no departure time set): its conclusions age. */
  timedByNow(): boolean;
  /** Publish the document's diagnostics again (the conflicts changed). */
  republish(uri: string): void;
  log(message: string): void;
}

/**
 * A block's place and text. The block's own text when the parser kept it: the document's text
 * is read lazily, and after an await it may already be a newer version's, at other offsets.
 */
function blockKey(parsed: ParsedDocument, block: RouteBlock): string {
  const { start, end } = block.range;
  const text = keyOfBlock(block) ?? parsed.text.slice(parsed.lines.offsetAt(start), parsed.lines.offsetAt(end));
  return `${start.line}:${start.character}\u0000${text}`;
}

function sameFindings(a: Map<string, RouteDiagnostic[]> | undefined, b: Map<string, RouteDiagnostic[]>): boolean {
  const flat = (m: Map<string, RouteDiagnostic[]> | undefined) =>
    JSON.stringify([...(m ?? new Map<string, RouteDiagnostic[]>()).entries()].sort(([x], [y]) => (x < y ? -1 : 1)));
  return flat(a) === flat(b);
}

/** A block's conflicts stay valid this long when the flight is timed by "now" (its ETOs move). */
const NOW_VALID_MS = 5 * 60_000;

interface Judged {
  expansion: ExpansionResult;
  prepared: object;
  settings: string;
  atMs: number;
  findings: RouteDiagnostic[];
}

export class FlightConflicts {
  /** uri → block key → its conflicts. */
  private readonly known = new Map<string, Map<string, RouteDiagnostic[]>>();
  /** uri → block key → what its conflicts were computed from: an edit elsewhere does not judge it again. */
  private readonly judged = new Map<string, Map<string, Judged>>();
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly areas: MapAreas,
    private readonly deps: FlightConflictDeps,
  ) {}

  /** The conflicts known for the document's current blocks (none while a block is being recomputed). */
  findings(parsed: ParsedDocument): RouteDiagnostic[] {
    if (!this.deps.enabled()) return [];
    const byBlock = this.known.get(parsed.uri);
    if (!byBlock || byBlock.size === 0) return [];
    const out: RouteDiagnostic[] = [];
    for (const block of parsed.document.blocks) {
      if (block.elements.length === 0) continue;
      const found = byBlock.get(blockKey(parsed, block));
      if (found) out.push(...found);
    }
    return out;
  }

  /** Recompute the document's conflicts in the background; an older run for it stops. */
  refresh(uri: string): void {
    this.running.get(uri)?.abort();
    const controller = new AbortController();
    this.running.set(uri, controller);
    void this.compute(uri, controller.signal)
      .catch((error) => {
        if (!controller.signal.aborted) this.deps.log(`flight conflicts of ${uri} failed: ${describeError(error)}`);
      })
      .finally(() => {
        if (this.running.get(uri) === controller) this.running.delete(uri);
      });
  }

  forget(uri: string): void {
    this.running.get(uri)?.abort();
    this.running.delete(uri);
    this.known.delete(uri);
    this.judged.delete(uri);
  }

  dispose(): void {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
    this.known.clear();
    this.judged.clear();
  }

  private filters(): MapFilters {
    const map = this.deps.map();
    // Conflicts are judged at the flight's own levels, whatever the map's level filter shows.
    return {
      ...DEFAULT_MAP_FILTERS,
      corridorNm: map.corridorNm,
      aerodromeCorridorNm: map.aerodromeCorridorNm,
      levels: { mode: 'planned' },
      timeMarginMin: map.timeMarginMin,
    };
  }

  private async compute(uri: string, signal: AbortSignal): Promise<void> {
    const parsed = this.deps.parsedFor(uri);
    if (!parsed) return;
    const next = new Map<string, RouteDiagnostic[]>();
    const before = this.judged.get(uri);
    const judgedNow = new Map<string, Judged>();
    if (this.deps.enabled()) {
      const filters = this.filters();
      const referenceMs = this.deps.referenceMs();
      const now = Date.now();
      const settings = JSON.stringify([filters, this.deps.timedByNow() ? 'now' : referenceMs]);
      let count = 0;
      for (const [index, block] of parsed.document.blocks.entries()) {
        if (block.elements.length === 0) continue;
        if (count++ >= MAX_CONFLICT_BLOCKS) break;
        const expansion = this.deps.expansionFor(block, parsed);
        if (!expansion || expansion.points.length < 2) continue;
        let areas;
        try {
          areas = await this.areas.forBlock(block, expansion, signal);
        } catch (error) {
          if (signal.aborted) return;
          throw error;
        }
        if (signal.aborted) return;
        // Answers from the hub's cache come back without a turn of the event loop: let requests through.
        await new Promise((resolve) => setImmediate(resolve));
        if (areas.data.airspaces.length === 0 && areas.data.notams.length === 0) continue;
        const key = blockKey(parsed, block);
        const known = before?.get(key);
        let findings: RouteDiagnostic[];
        if (
          known &&
          known.expansion === expansion &&
          known.prepared === areas.prepared &&
          known.settings === settings &&
          now - known.atMs < NOW_VALID_MS
        ) {
          findings = known.findings;
          judgedNow.set(key, known);
        } else {
          let computation;
          try {
            computation = await buildMapViewYielding(
              {
                uri,
                version: parsed.version,
                blockIndex: index,
                block,
                expansion,
                data: areas.data,
                filters,
                referenceMs,
                prepared: areas.prepared,
              },
              signal,
            );
          } catch (error) {
            if (signal.aborted) return;
            throw error;
          }
          findings = flightConflicts(computation);
          judgedNow.set(key, { expansion, prepared: areas.prepared, settings, atMs: now, findings });
        }
        if (findings.length > 0) next.set(key, findings);
      }
    }
    // A newer version is on its way with its own run.
    if (signal.aborted || this.deps.parsedFor(uri)?.version !== parsed.version) return;
    this.judged.set(uri, judgedNow);
    const published = this.known.get(uri);
    this.known.set(uri, next);
    if (!sameFindings(published, next)) this.deps.republish(uri);
  }
}
