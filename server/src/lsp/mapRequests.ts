/**
 * The route map's LSP wiring: answers icaoRoute/mapView and icaoRoute/mapHighlight (the client
 * hears of new results from publishing.ts). The view is the session's judged flight of the block,
 * drawn (`session.flights`): the areas come through one hub client, one cache and one concurrency
 * limit for the whole server, and the airspaces and NOTAMs statuses follow its calls.
 */
import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import type { FlightTiming, JudgedFlights } from '../session/judgedFlights';
import type { TrafficLookup } from '../session/trafficLookup';
import { highlightAt, routeLayer, type RouteLayer } from '../map/routePoints';
import { readCorridorNm, readLevelFilter, readTimeMarginMin } from '../../../common/mapFilters';
import {
  DEFAULT_MAP_FILTERS,
  MAP_HIGHLIGHT,
  MAP_TRAFFIC,
  MAP_VIEW,
  type MapTrafficParams,
  type MapTrafficResult,
  type MapFilters,
  type MapHighlightParams,
  type MapHighlightResult,
  type MapPosition,
  type MapViewParams,
  type MapViewResult,
} from '../../../common/protocol/mapMessages';
import { onRequest } from '../../../common/protocol/messages';
import type { ExpansionResult, RouteBlock, RouteDocument } from '../route/model';
import { blockIndexAt } from '../route/locate';
import { describeError, guard } from './guard';
import type { ParsedDocument } from '../services/parsedDocument';
import type { MapSettings } from './settings';
import type { AerodromeLookup } from '../map/alternates';

export interface MapRequestDeps {
  parsedFor(uri: string): ParsedDocument | undefined;
  /** The block's expansion when it is known (never waits for one). */
  expansionFor(block: RouteBlock, parsed: ParsedDocument): ExpansionResult | undefined;
  map(): MapSettings;
  /** Why no route can be expanded at all (no hub key, no navigation data), else undefined. */
  noExpansionSource?(): string | undefined;
  /** The time plain route text is flown: the setting, else now. */
  referenceMs(): number;
  /** When plain route text is flown (the setting; none: now) and the profile's rates (`icaoRoute.flight.*`). */
  timing(): FlightTiming;
  log(message: string): void;
  /** An aerodrome from the loaded navigation data (never waits): places the alternates. */
  aerodromeAt?: AerodromeLookup;
}

/** The route block at a position (route/locate), else the first block with route elements. */
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

/** The filters of a view: what the page asks, each field checked by common/mapFilters.ts, over the settings'. */
export function filtersFrom(settings: MapSettings, asked: MapViewParams['filters']): MapFilters {
  return {
    layers: { ...DEFAULT_MAP_FILTERS.layers },
    corridorNm: readCorridorNm(asked?.corridorNm) ?? settings.corridorNm,
    aerodromeCorridorNm: readCorridorNm(asked?.aerodromeCorridorNm) ?? settings.aerodromeCorridorNm,
    levels: readLevelFilter(asked?.levels) ?? structuredClone(settings.levels),
    timeMarginMin: readTimeMarginMin(asked?.timeMarginMin) ?? settings.timeMarginMin,
  };
}

/** Why nothing can be expanded, for a block without an expansion; nothing when it has one or there is no why. */
function noExpansionSourceOf(
  expansion: unknown,
  deps: { noExpansionSource?(): string | undefined },
): { noExpansionSource?: string } {
  const why = expansion ? undefined : deps.noExpansionSource?.();
  return why === undefined ? {} : { noExpansionSource: why };
}

function abortSignalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerMapRequests(
  connection: Connection,
  deps: MapRequestDeps,
  flights: JudgedFlights,
  traffic?: TrafficLookup,
): void {
  /** The document a map request names, and its route block at the request's position (routeBlockAt). */
  const blockAsked = (params: { uri: string; position?: MapPosition } | null | undefined) => {
    const parsed = params && typeof params.uri === 'string' ? deps.parsedFor(params.uri) : undefined;
    const found = parsed ? routeBlockAt(parsed.document, params!.position) : undefined;
    return parsed && found ? { parsed, found } : undefined;
  };
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
      const asked = blockAsked(params);
      if (!asked) return null;
      const { parsed, found } = asked;
      const expansion = deps.expansionFor(found.block, parsed);
      return await flights.view(
        parsed,
        {
          blockIndex: found.index,
          block: found.block,
          expansion,
          filters: filtersFrom(deps.map(), params.filters),
          ...noExpansionSourceOf(expansion, deps),
          ...(deps.aerodromeAt ? { aerodromeAt: deps.aerodromeAt } : {}),
        },
        deps.timing(),
        abortSignalOf(token),
      );
    } catch (error) {
      if (token.isCancellationRequested) return null;
      deps.log(`map view failed: ${describeError(error)}`);
      return null;
    }
  });

  if (traffic) {
    onRequest(
      connection,
      MAP_TRAFFIC,
      async (params: MapTrafficParams, token: CancellationToken): Promise<MapTrafficResult> => {
        try {
          const asked = blockAsked(params);
          if (!asked) return null;
          const { parsed, found } = asked;
          const expansion = deps.expansionFor(found.block, parsed);
          const signal = abortSignalOf(token);
          const answer = await traffic.along(found.block, expansion, deps.referenceMs(), signal);
          return { uri: parsed.uri, version: parsed.version, blockIndex: found.index, ...answer };
        } catch (error) {
          if (token.isCancellationRequested) return null;
          deps.log(`map traffic failed: ${describeError(error)}`);
          return null;
        }
      },
    );
  }

  onRequest(
    connection,
    MAP_HIGHLIGHT,
    guard('map highlight', deps.log, null, (params: MapHighlightParams): MapHighlightResult => {
      // A highlight is of a position: without one there is nothing to highlight.
      const asked = params?.position ? blockAsked(params) : undefined;
      if (!asked) return null;
      const { parsed, found } = asked;
      const layer = routeLayerOf(found.block, deps.expansionFor(found.block, parsed));
      return { ...highlightAt(found.block, layer, params.position), blockIndex: found.index };
    }),
  );
}
