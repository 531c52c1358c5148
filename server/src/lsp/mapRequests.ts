/**
 * The route map's LSP wiring: answers icaoRoute/mapView and icaoRoute/mapHighlight, and tells
 * the client when a document's results changed. Its data source fetches through the session's
 * HubClient (one client, one cache and one concurrency limit for the whole server), made again
 * when the session's client or the airspace files change; the rest is src/map.
 */
import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import type { MapAreas } from '../map/areas';
import { buildMapViewYielding } from '../map/mapView';
import { highlightAt, routeLayer, type RouteLayer } from '../map/routePoints';
import {
  DEFAULT_MAP_FILTERS,
  MAP_HIGHLIGHT,
  MAP_VIEW,
  RESULTS_CHANGED,
  type MapFilters,
  type MapLevelFilter,
  type MapHighlightParams,
  type MapHighlightResult,
  type MapPosition,
  type MapViewParams,
  type MapViewResult,
} from '../protocol/mapMessages';
import { onRequest, sendNotification } from '../protocol/messages';
import type { ExpansionResult, RouteBlock, RouteDocument } from '../route/model';
import { blockIndexAt } from '../services/locate';
import { describeError, guard } from './guard';
import type { ParsedDocument } from './parsedDocuments';
import type { MapSettings } from './settings';

export interface MapRequestDeps {
  parsedFor(uri: string): ParsedDocument | undefined;
  /** The block's expansion when it is known (never waits for one). */
  expansionFor(block: RouteBlock, parsed: ParsedDocument): ExpansionResult | undefined;
  map(): MapSettings;
  /** The time plain route text is flown: the setting, else now. */
  referenceMs(): number;
  log(message: string): void;
}

export interface MapRequests {
  /** The expansion results of a document changed: the client asks for the view again. */
  resultsChanged(uri: string, version: number): void;
  dispose(): Promise<void>;
}

/** The route block at a position (services/locate), else the first block with route elements. */
export function routeBlockAt(
  document: RouteDocument,
  position: MapPosition | undefined,
): { block: RouteBlock; index: number } | undefined {
  if (position) {
    const index = blockIndexAt(document, position);
    const block = document.blocks[index];
    return block && block.elements.length > 0 ? { block, index } : undefined;
  }
  const index = document.blocks.findIndex((b) => b.elements.length > 0);
  return index >= 0 ? { block: document.blocks[index]!, index } : undefined;
}

/** A level filter as asked (from the page, through the client): checked, else the setting's. */
function levelsFrom(asked: unknown, fallback: MapLevelFilter): MapLevelFilter {
  if (!asked || typeof asked !== 'object') return structuredClone(fallback);
  const mode = (asked as { mode?: unknown }).mode;
  if (mode === 'all' || mode === 'planned') return { mode };
  const { lowerFt, upperFt } = asked as { lowerFt?: unknown; upperFt?: unknown };
  if (mode === 'band' && typeof lowerFt === 'number' && typeof upperFt === 'number') {
    const [a, b] = [lowerFt, upperFt].map((v) => (Number.isFinite(v) ? Math.min(100_000, Math.max(0, v)) : 0)) as [
      number,
      number,
    ];
    return { mode: 'band', lowerFt: Math.min(a, b), upperFt: Math.max(a, b) };
  }
  return structuredClone(fallback);
}

/** The filters of a view: what the page asks, checked, over the settings' defaults. */
export function filtersFrom(settings: MapSettings, asked: MapViewParams['filters']): MapFilters {
  const width = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(500, Math.max(0, value)) : fallback;
  const minutes = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(1440, Math.max(0, Math.round(value))) : fallback;
  return {
    layers: { ...DEFAULT_MAP_FILTERS.layers },
    corridorNm: width(asked?.corridorNm, settings.corridorNm),
    aerodromeCorridorNm: width(asked?.aerodromeCorridorNm, settings.aerodromeCorridorNm),
    levels: levelsFrom(asked?.levels, settings.levels),
    timeMarginMin: minutes(asked?.timeMarginMin, settings.timeMarginMin),
  };
}

function abortSignalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerMapRequests(connection: Connection, deps: MapRequestDeps, areas: MapAreas): MapRequests {
  /**
   * The route layer (densified legs) of the block last highlighted: the cursor moves far more
   * often than the block's text or its expansion change (both are new objects when they do).
   */
  // A block object may be kept across versions and moved by lines added above it: its first line
  // is part of the key, since the layer's ranges are absolute.
  let lastLayer:
    { block: RouteBlock; line: number; expansion: ExpansionResult | undefined; layer: RouteLayer } | undefined;
  function routeLayerOf(block: RouteBlock, expansion: ExpansionResult | undefined): RouteLayer {
    const line = block.range.start.line;
    if (lastLayer?.block !== block || lastLayer.line !== line || lastLayer.expansion !== expansion)
      lastLayer = { block, line, expansion, layer: routeLayer(block, expansion) };
    return lastLayer.layer;
  }

  onRequest(connection, MAP_VIEW, async (params: MapViewParams, token: CancellationToken): Promise<MapViewResult> => {
    try {
      const parsed = params && typeof params.uri === 'string' ? deps.parsedFor(params.uri) : undefined;
      if (!parsed) return null;
      const found = routeBlockAt(parsed.document, params.position);
      if (!found) return null;
      const expansion = deps.expansionFor(found.block, parsed);
      const filters = filtersFrom(deps.map(), params.filters);
      const signal = abortSignalOf(token);
      const { data, prepared } = await areas.forBlock(found.block, expansion, signal);
      const computation = await buildMapViewYielding(
        {
          uri: parsed.uri,
          version: parsed.version,
          blockIndex: found.index,
          block: found.block,
          expansion,
          data,
          filters,
          referenceMs: deps.referenceMs(),
          prepared,
        },
        signal,
      );
      return computation.view;
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
      const found = routeBlockAt(parsed.document, params.position);
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
      areas.dispose();
    },
  };
}
