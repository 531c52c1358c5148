/**
 * The route map's LSP wiring: answers icaoRoute/mapView and icaoRoute/mapHighlight, and tells
 * the client when a document's results changed. It owns the map's data source (a HubClient of
 * its own, made again when the key or the hub settings change); the rest is src/map.
 */
import { createHash } from 'node:crypto';
import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import { HubClient, type HubSettings } from '../hub';
import { buildMapView, prepareAreas, routeAerodromes, type MapData, type PreparedAreas } from '../map/mapView';
import { MapDataSource } from '../map/hubData';
import { RouteCorridor } from '../map/corridor';
import { highlightAt, routeLayer } from '../map/routePoints';
import {
  DEFAULT_MAP_FILTERS,
  MAP_HIGHLIGHT_REQUEST,
  MAP_VIEW_REQUEST,
  RESULTS_CHANGED_NOTIFICATION,
  type MapFilters,
  type MapHighlightParams,
  type MapHighlightResult,
  type MapPosition,
  type MapViewParams,
  type MapViewResult,
  type ResultsChangedParams,
} from '../protocol/mapMessages';
import type { ExpansionResult, RouteBlock, RouteDocument } from '../route/model';
import { describeError, guard } from './guard';
import type { ParsedDocument } from './parsedDocuments';
import type { MapSettings } from './settings';

export interface MapRequestDeps {
  parsedFor(uri: string): ParsedDocument | undefined;
  /** The block's expansion when it is known (never waits for one). */
  expansionFor(block: RouteBlock, parsed: ParsedDocument): ExpansionResult | undefined;
  /** The hub key (never sent anywhere but the hub) and settings, read at each request. */
  hub(): { userKey: string | null; settings: Partial<HubSettings> };
  map(): MapSettings;
  log(message: string): void;
}

export interface MapRequests {
  /** The expansion results of a document changed: the client asks for the view again. */
  resultsChanged(uri: string, version: number): void;
  dispose(): Promise<void>;
}

/** The route block at a position, else the first block with route elements. */
export function blockAt(document: RouteDocument, position: MapPosition | undefined): { block: RouteBlock; index: number } | undefined {
  if (position) {
    const index = document.blocks.findIndex((b) => position.line >= b.range.start.line && position.line <= b.range.end.line);
    const block = document.blocks[index];
    return block && block.elements.length > 0 ? { block, index } : undefined;
  }
  const index = document.blocks.findIndex((b) => b.elements.length > 0);
  return index >= 0 ? { block: document.blocks[index]!, index } : undefined;
}

function filtersFrom(settings: MapSettings, asked: MapViewParams['filters']): MapFilters {
  const width = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(500, Math.max(0, value)) : fallback);
  return {
    layers: { ...DEFAULT_MAP_FILTERS.layers },
    corridorNm: width(asked?.corridorNm, settings.corridorNm),
    aerodromeCorridorNm: width(asked?.aerodromeCorridorNm, settings.aerodromeCorridorNm),
  };
}

function abortSignalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerMapRequests(connection: Connection, deps: MapRequestDeps): MapRequests {
  let source: { signature: string; data: MapDataSource; hub?: HubClient } | undefined;
  let lastAreas: { key: string; prepared: PreparedAreas } | undefined;

  /** The areas indexed once per set of answers: the same FIRs' data give the same index. */
  function prepared(data: MapData): PreparedAreas {
    const key = [
      data.airspaces.map((a) => a.id ?? a.properties.designator).join(','),
      data.notams.map((n) => `${n.notam.designation ?? n.notam.id}|${n.notam.text?.length ?? 0}`).join(','),
    ].join('#');
    if (lastAreas?.key !== key) lastAreas = { key, prepared: prepareAreas(data) };
    return lastAreas.prepared;
  }

  /** One data source per key, hub settings and files; the old one's connections are closed. */
  function dataSource(): MapDataSource {
    const { userKey, settings } = deps.hub();
    const files = deps.map().airspaceFiles;
    const key = userKey?.trim() || undefined;
    const signature = JSON.stringify([key ? createHash('sha256').update(key).digest('hex') : null, settings, files]);
    if (source?.signature === signature) return source.data;
    void source?.hub?.close().catch(() => {});
    let hub: HubClient | undefined;
    try {
      hub = key ? new HubClient(settings, { userKey: key }) : undefined;
    } catch (error) {
      deps.log(`map: the hub settings are not usable (${error instanceof Error ? error.message : String(error)})`);
    }
    source = { signature, data: new MapDataSource(hub, files, key), hub };
    return source.data;
  }

  connection.onRequest(MAP_VIEW_REQUEST, async (params: MapViewParams, token: CancellationToken): Promise<MapViewResult> => {
    try {
      const parsed = params && typeof params.uri === 'string' ? deps.parsedFor(params.uri) : undefined;
      if (!parsed) return null;
      const found = blockAt(parsed.document, params.position);
      if (!found) return null;
      const expansion = deps.expansionFor(found.block, parsed);
      const filters = filtersFrom(deps.map(), params.filters);
      const resolved = routeLayer(found.block, expansion).points.filter((p) => p.position).map((p) => ({ lon: p.position![0], lat: p.position![1] }));
      const data = await dataSource().forRoute(new RouteCorridor(resolved), routeAerodromes(found.block), abortSignalOf(token));
      return buildMapView({ uri: parsed.uri, version: parsed.version, blockIndex: found.index, block: found.block, expansion, data, filters, prepared: prepared(data) }).view;
    } catch (error) {
      if (token.isCancellationRequested) return null;
      deps.log(`map view failed: ${describeError(error)}`);
      return null;
    }
  });

  connection.onRequest(
    MAP_HIGHLIGHT_REQUEST,
    guard('map highlight', deps.log, null, (params: MapHighlightParams): MapHighlightResult => {
      const parsed = params && typeof params.uri === 'string' && params.position ? deps.parsedFor(params.uri) : undefined;
      if (!parsed) return null;
      const found = blockAt(parsed.document, params.position);
      if (!found) return null;
      const layer = routeLayer(found.block, deps.expansionFor(found.block, parsed));
      return { ...highlightAt(found.block, layer, params.position), blockIndex: found.index };
    }),
  );

  return {
    resultsChanged(uri, version) {
      void connection.sendNotification(RESULTS_CHANGED_NOTIFICATION, { uri, version } satisfies ResultsChangedParams).catch(() => {});
    },
    async dispose() {
      await source?.hub?.close().catch(() => {});
      source = undefined;
    },
  };
}
