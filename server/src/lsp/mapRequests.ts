/**
 * The route map's LSP wiring: answers icaoRoute/mapView and icaoRoute/mapHighlight, and tells
 * the client when a document's results changed. Its data source fetches through the session's
 * HubClient (one client, one cache and one concurrency limit for the whole server), made again
 * when the session's client or the airspace files change; the rest is src/map.
 */
import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import type { HubClient } from '../hub';
import { buildMapView, prepareAreas, routeAerodromes, type MapData, type PreparedAreas } from '../map/mapView';
import { MapDataSource } from '../map/hubData';
import { RouteCorridor } from '../map/corridor';
import { highlightAt, routeLayer, type RouteLayer } from '../map/routePoints';
import {
  DEFAULT_MAP_FILTERS,
  MAP_HIGHLIGHT,
  MAP_VIEW,
  RESULTS_CHANGED,
  type MapFilters,
  type MapHighlightParams,
  type MapHighlightResult,
  type MapPosition,
  type MapViewParams,
  type MapViewResult,
} from '../protocol/mapMessages';
import { onRequest, sendNotification } from '../protocol/messages';
import type { ExpansionResult, RouteBlock, RouteDocument } from '../route/model';
import { describeError, guard } from './guard';
import type { ParsedDocument } from './parsedDocuments';
import type { MapSettings } from './settings';

export interface MapRequestDeps {
  parsedFor(uri: string): ParsedDocument | undefined;
  /** The block's expansion when it is known (never waits for one). */
  expansionFor(block: RouteBlock, parsed: ParsedDocument): ExpansionResult | undefined;
  /** The session's hub client (none without a key) and its key, only to cut it out of messages. */
  hub(): { client: HubClient | undefined; userKey: string | null };
  map(): MapSettings;
  log(message: string): void;
}

export interface MapRequests {
  /** The expansion results of a document changed: the client asks for the view again. */
  resultsChanged(uri: string, version: number): void;
  dispose(): Promise<void>;
}

/** The route block at a position, else the first block with route elements. */
export function blockAt(
  document: RouteDocument,
  position: MapPosition | undefined,
): { block: RouteBlock; index: number } | undefined {
  if (position) {
    const index = document.blocks.findIndex(
      (b) => position.line >= b.range.start.line && position.line <= b.range.end.line,
    );
    const block = document.blocks[index];
    return block && block.elements.length > 0 ? { block, index } : undefined;
  }
  const index = document.blocks.findIndex((b) => b.elements.length > 0);
  return index >= 0 ? { block: document.blocks[index]!, index } : undefined;
}

function filtersFrom(settings: MapSettings, asked: MapViewParams['filters']): MapFilters {
  const width = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(500, Math.max(0, value)) : fallback;
  return {
    layers: { ...DEFAULT_MAP_FILTERS.layers },
    corridorNm: width(asked?.corridorNm, settings.corridorNm),
    aerodromeCorridorNm: width(asked?.aerodromeCorridorNm, settings.aerodromeCorridorNm),
    levels: asked?.levels ?? structuredClone(DEFAULT_MAP_FILTERS.levels),
    timeMarginMin: width(asked?.timeMarginMin, DEFAULT_MAP_FILTERS.timeMarginMin),
  };
}

function abortSignalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerMapRequests(connection: Connection, deps: MapRequestDeps): MapRequests {
  let source: { hub: HubClient | undefined; files: string; data: MapDataSource } | undefined;
  let lastAreas: { key: string; prepared: PreparedAreas } | undefined;
  /**
   * The route layer (densified legs) of the block last highlighted: the cursor moves far more
   * often than the block's text or its expansion change (both are new objects when they do).
   */
  let lastLayer: { block: RouteBlock; expansion: ExpansionResult | undefined; layer: RouteLayer } | undefined;
  function routeLayerOf(block: RouteBlock, expansion: ExpansionResult | undefined): RouteLayer {
    if (lastLayer?.block !== block || lastLayer.expansion !== expansion)
      lastLayer = { block, expansion, layer: routeLayer(block, expansion) };
    return lastLayer.layer;
  }

  /** The areas indexed once per set of answers: the same FIRs' data give the same index. */
  function prepared(data: MapData): PreparedAreas {
    const key = [
      data.airspaces.map((a) => a.id ?? a.properties.designator).join(','),
      data.notams.map((n) => `${n.notam.designation ?? n.notam.id}|${n.notam.text?.length ?? 0}`).join(','),
    ].join('#');
    if (lastAreas?.key !== key) lastAreas = { key, prepared: prepareAreas(data) };
    return lastAreas.prepared;
  }

  /** One data source per hub client and set of airspace files. */
  function dataSource(): MapDataSource {
    const { client, userKey } = deps.hub();
    const airspaceFiles = deps.map().airspaceFiles;
    const files = JSON.stringify(airspaceFiles);
    if (source && source.hub === client && source.files === files) return source.data;
    source = { hub: client, files, data: new MapDataSource(client, airspaceFiles, userKey?.trim() || undefined) };
    return source.data;
  }

  onRequest(connection, MAP_VIEW, async (params: MapViewParams, token: CancellationToken): Promise<MapViewResult> => {
    try {
      const parsed = params && typeof params.uri === 'string' ? deps.parsedFor(params.uri) : undefined;
      if (!parsed) return null;
      const found = blockAt(parsed.document, params.position);
      if (!found) return null;
      const expansion = deps.expansionFor(found.block, parsed);
      const filters = filtersFrom(deps.map(), params.filters);
      const resolved = routeLayer(found.block, expansion)
        .points.filter((p) => p.position)
        .map((p) => ({ lon: p.position![0], lat: p.position![1] }));
      const data = await dataSource().forRoute(
        new RouteCorridor(resolved),
        routeAerodromes(found.block),
        abortSignalOf(token),
      );
      return buildMapView({
        uri: parsed.uri,
        version: parsed.version,
        blockIndex: found.index,
        block: found.block,
        expansion,
        data,
        filters,
        prepared: prepared(data),
      }).view;
    } catch (error) {
      if (token.isCancellationRequested) return null;
      deps.log(`map view failed: ${describeError(error)}`);
      return null;
    }
  });

  onRequest(
    connection,
    MAP_HIGHLIGHT,
    guard('map highlight', deps.log, null, (params: MapHighlightParams): MapHighlightResult => {
      const parsed =
        params && typeof params.uri === 'string' && params.position ? deps.parsedFor(params.uri) : undefined;
      if (!parsed) return null;
      const found = blockAt(parsed.document, params.position);
      if (!found) return null;
      const layer = routeLayerOf(found.block, deps.expansionFor(found.block, parsed));
      return { ...highlightAt(found.block, layer, params.position), blockIndex: found.index };
    }),
  );

  return {
    resultsChanged(uri, version) {
      void sendNotification(connection, RESULTS_CHANGED, { uri, version }).catch(() => {});
    },
    async dispose() {
      // The hub client is the session's: it closes it.
      source = undefined;
    },
  };
}
