/**
 * Each route block's flight, judged once (flight/judgedFlight.ts) and kept: per document and
 * block (its place and text), for the expansion, the areas and the judging it was made with. The
 * F findings (flightConflicts.ts) and the route map (`view`) both ask here, so the map at the
 * settings' filters shows the very judgement the findings were made from, without judging again.
 * A judgement under way is shared by whoever asks for it, and stops when no one waits any more.
 */
import type { MapView } from '../../../common/protocol/mapMessages';
import type { ClimbDescent } from '../flight/vertical';
import { judgeFlightYielding, type FlightJudging, type JudgedFlight } from '../flight/judgedFlight';
import type { PreparedAreas } from '../flight/preparedAreas';
import type { MapAreas } from '../map/areas';
import { drawMapViewYielding, flightJudgementOf, type MapData, type MapDrawing } from '../map/mapView';
import { routeLayer, type RouteLayer } from '../map/routePoints';
import type { ExpansionResult, RouteBlock } from '../route/model';
import { blockKey as textKey } from './expansionCache';
import type { ParsedDocument } from '../services/parsedDocument';

/** When plain route text is flown (ms since the epoch; undefined: now) and the profile's rates. */
export interface FlightTiming {
  departureMs?: number;
  climbDescent?: ClimbDescent;
}

/** A judged flight with the route layer it was judged on and the time it was judged at. */
export interface JudgedBlock {
  judged: JudgedFlight;
  route: RouteLayer;
  referenceMs: number;
}

/** A judgement timed by "now" holds this long (its ETOs move with the clock). */
export const NOW_VALID_MS = 5 * 60_000;

/** Judgements kept per block: the findings' and a few of the map's filters. */
const JUDGINGS_PER_BLOCK = 3;

interface Entry {
  expansion: ExpansionResult | undefined;
  prepared: PreparedAreas;
  judging: string;
  timedByNow: boolean;
  atMs: number;
  promise: Promise<JudgedBlock>;
  done: boolean;
  waiting: number;
  controller: AbortController;
}

/** A block's place and text (the place is part of it: the findings' ranges are absolute). */
export function blockPlaceKey(document: ParsedDocument, block: RouteBlock): string {
  const { start } = block.range;
  return `${start.line}:${start.character}\u0000${textKey(block, () => document.lines)}`;
}

/** `promise`, or a rejection with the signal's reason once it aborts (the promise runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason as Error);
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', aborted);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error as Error);
      },
    );
  });
}

export class JudgedFlights {
  /** uri → block key → its judgements, the latest first. */
  private readonly byDocument = new Map<string, Map<string, Entry[]>>();
  private started = 0;

  constructor(readonly areas: MapAreas) {}

  /** How many judgements were started: each block, expansion, set of areas and judging once. */
  get judgements(): number {
    return this.started;
  }

  /**
   * The block's flight judged with `judging` on `areas` (from `this.areas.forBlock`): the one kept
   * for this expansion, these areas and this judging, else judged now. Rejects when `signal` aborts.
   */
  async judged(
    document: ParsedDocument,
    block: RouteBlock,
    expansion: ExpansionResult | undefined,
    areas: { data: MapData; prepared: PreparedAreas },
    judging: FlightJudging,
    timing: FlightTiming,
    signal?: AbortSignal,
  ): Promise<JudgedBlock> {
    const key = blockPlaceKey(document, block);
    let blocks = this.byDocument.get(document.uri);
    if (!blocks) this.byDocument.set(document.uri, (blocks = new Map()));
    const entries = blocks.get(key) ?? [];
    blocks.set(key, entries);
    const timedByNow = timing.departureMs === undefined;
    const judgingKey = JSON.stringify([
      judging.corridorNm,
      judging.aerodromeCorridorNm,
      judging.levels,
      judging.timeMarginMin,
      timedByNow ? 'now' : timing.departureMs,
      timing.climbDescent,
    ]);
    const now = Date.now();
    let entry = entries.find(
      (e) =>
        e.expansion === expansion &&
        e.prepared === areas.prepared &&
        e.judging === judgingKey &&
        (!e.timedByNow || now - e.atMs < NOW_VALID_MS),
    );
    if (!entry) {
      const referenceMs = timing.departureMs ?? now;
      const route = routeLayer(block, expansion);
      const controller = new AbortController();
      this.started++;
      const input = flightJudgementOf(
        {
          block,
          expansion,
          data: areas.data,
          prepared: areas.prepared,
          referenceMs,
          ...(timing.climbDescent ? { climbDescent: timing.climbDescent } : {}),
        },
        judging,
        route,
      );
      const made: Entry = {
        expansion,
        prepared: areas.prepared,
        judging: judgingKey,
        timedByNow,
        atMs: now,
        promise: judgeFlightYielding(input, controller.signal).then((judged) => ({ judged, route, referenceMs })),
        done: false,
        waiting: 0,
        controller,
      };
      made.promise.then(
        () => (made.done = true),
        () => this.drop(document.uri, key, made),
      );
      entries.unshift(made);
      for (const old of entries.splice(JUDGINGS_PER_BLOCK)) if (!old.done) old.controller.abort();
      entry = made;
    }
    const waited = entry;
    waited.waiting++;
    try {
      return await untilAborted(waited.promise, signal);
    } finally {
      waited.waiting--;
      // No one waits for it any more: a judgement under way stops.
      if (waited.waiting === 0 && !waited.done) {
        waited.controller.abort();
        this.drop(document.uri, key, waited);
      }
    }
  }

  /**
   * The map's view of a block: its areas, its flight judged with the view's filters (the one kept
   * when the findings were judged with the same), drawn.
   */
  async view(
    document: ParsedDocument,
    drawing: Omit<MapDrawing, 'notices' | 'uri' | 'version'>,
    timing: FlightTiming,
    signal?: AbortSignal,
  ): Promise<MapView> {
    const { block, expansion, filters } = drawing;
    const areas = await this.areas.forBlock(block, expansion, signal);
    const { layers: _drawn, ...judging } = filters;
    const { judged, route } = await this.judged(document, block, expansion, areas, judging, timing, signal);
    return drawMapViewYielding(
      judged,
      route,
      { ...drawing, uri: document.uri, version: document.version, notices: areas.data.notices },
      signal,
    );
  }

  /** Only these blocks of the document keep their judgements (the others were edited away). */
  retain(uri: string, keys: ReadonlySet<string>): void {
    const blocks = this.byDocument.get(uri);
    if (!blocks) return;
    for (const [key, entries] of blocks) {
      if (keys.has(key)) continue;
      for (const entry of entries) if (!entry.done && entry.waiting === 0) entry.controller.abort();
      blocks.delete(key);
    }
  }

  forget(uri: string): void {
    this.retain(uri, new Set());
    this.byDocument.delete(uri);
  }

  dispose(): void {
    for (const uri of [...this.byDocument.keys()]) this.forget(uri);
  }

  private drop(uri: string, key: string, entry: Entry): void {
    const entries = this.byDocument.get(uri)?.get(key);
    const at = entries?.indexOf(entry) ?? -1;
    if (entries && at >= 0) entries.splice(at, 1);
  }
}
