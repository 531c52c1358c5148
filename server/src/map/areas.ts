/**
 * The areas around a route block, as the hub (and the local airspace files) give them, shared by
 * the map view and the conflict diagnostics: one MapDataSource per hub client and set of files,
 * and the areas indexed once per set of answers.
 */
import type { HubClient } from '../hub';
import { RouteCorridor } from '../flight/corridor';
import { MapDataSource, type HubCalls } from './hubData';
import type { MapData } from './mapView';
import { routeAerodromes } from '../flight/judgedFlight';
import { prepareAreasYielding, type PreparedAreas } from '../flight/preparedAreas';
import { routeLayer } from './routePoints';
import type { FirEntry } from '../flight/firs';
import type { ExpansionResult, RouteBlock } from '../route/model';

export interface MapAreaDeps {
  /** The session's hub client (none without a key) and its key, only to cut it out of messages. */
  hub(): { client: HubClient | undefined; userKey: string | null };
  /** Local GeoJSON airspace files (icaoRoute.map.airspaceFiles). */
  airspaceFiles(): readonly string[];
  /** FIR boundaries for FIRs the hub's navigation gives none for (icaoRoute.map.firBoundariesFile). */
  firBoundariesFile?(): string;
  /** The server's log: what the answers left out or left open is written there once. */
  log?(message: string): void;
  /**
   * The calls of one route's areas, through the session: each source's status (airspaces,
   * NOTAMs) follows them, set once when the route's calls are over. Without it, the client is
   * called directly.
   */
  calls?(): HubCalls & { settle(): void };
}

/** Notices about the answers themselves (features left out, NOTAMs hidden, FIRs without boundary): logged once each. */
const ANSWER_NOTICE = /could not be read|not shown|no boundary|come from|No NOTAMs at the moment/;

/**
 * The areas around a route block, for the map and the conflict diagnostics alike: one data
 * source per hub client and set of airspace files (the FIR catalogue is walked once), and the
 * areas indexed once per set of answers.
 */
export class MapAreas {
  private source: { hub: HubClient | undefined; files: string; data: MapDataSource } | undefined;
  /** The last few data sets indexed: the map and the diagnostics of several blocks ask in turn. */
  private readonly indexed: { key: string; prepared: PreparedAreas }[] = [];
  private readonly logged = new Set<string>();

  constructor(private readonly deps: MapAreaDeps) {}

  /** One data source per hub client and set of airspace files. */
  private dataSource(): MapDataSource {
    const { client, userKey } = this.deps.hub();
    const airspaceFiles = this.deps.airspaceFiles();
    const boundaries = this.deps.firBoundariesFile?.() ?? '';
    const files = JSON.stringify([airspaceFiles, boundaries]);
    if (this.source && this.source.hub === client && this.source.files === files) return this.source.data;
    this.source = {
      hub: client,
      files,
      data: new MapDataSource(client, [...airspaceFiles], userKey?.trim() || undefined, boundaries || undefined),
    };
    return this.source.data;
  }

  /**
   * The areas indexed once per set of answers: the same FIRs' data give the same index. Indexed a
   * chunk per turn of the event loop (80,000 airspaces must not stall the server).
   */
  private async prepared(data: MapData, signal?: AbortSignal): Promise<PreparedAreas> {
    const key = [
      data.airspaces.map((a) => a.id ?? a.properties.designator).join(','),
      data.notams.map((n) => `${n.notam.designation ?? n.notam.id}|${n.notam.text?.length ?? 0}`).join(','),
    ].join('#');
    const known = this.indexed.find((e) => e.key === key);
    if (known) return known.prepared;
    const prepared = await prepareAreasYielding(data, signal);
    if (this.indexed.some((e) => e.key === key)) return prepared;
    this.indexed.unshift({ key, prepared });
    this.indexed.length = Math.min(this.indexed.length, 4);
    return prepared;
  }

  /** The data of the route block's corridor (FIRs, airspaces, NOTAMs…), indexed. */
  async forBlock(
    block: RouteBlock,
    expansion: ExpansionResult | undefined,
    signal?: AbortSignal,
  ): Promise<{ data: MapData; prepared: PreparedAreas }> {
    const resolved = routeLayer(block, expansion)
      .points.filter((p) => p.position)
      .map((p) => ({ lon: p.position![0], lat: p.position![1] }));
    const calls = this.deps.calls?.();
    let data: MapData;
    try {
      data = await this.dataSource().forRoute(new RouteCorridor(resolved), routeAerodromes(block), signal, calls);
    } finally {
      calls?.settle();
    }
    for (const notice of data.notices) {
      if (!ANSWER_NOTICE.test(notice) || this.logged.has(notice)) continue;
      if (this.logged.size > 500) this.logged.clear();
      this.logged.add(notice);
      this.deps.log?.(notice);
    }
    return { data, prepared: await this.prepared(data, signal) };
  }

  /** The FIRs the route block crosses (the traffic layer's), from the answers the map view uses. */
  async firsAlong(
    block: RouteBlock,
    expansion: ExpansionResult | undefined,
    signal?: AbortSignal,
  ): Promise<FirEntry[]> {
    const resolved = routeLayer(block, expansion)
      .points.filter((p) => p.position)
      .map((p) => ({ lon: p.position![0], lat: p.position![1] }));
    const calls = this.deps.calls?.();
    try {
      return await this.dataSource().firsAlong(new RouteCorridor(resolved), calls, signal);
    } finally {
      calls?.settle();
    }
  }

  dispose(): void {
    // The hub client is the session's: it closes it.
    this.source = undefined;
    this.indexed.length = 0;
  }
}
