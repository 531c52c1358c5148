/**
 * The route map's judging filters: their limits and the one validator of each, used by every
 * reader: the host (a page's message, the page's saved state), the server (a view request, the
 * `icaoRoute.map.*` settings through their schema) and the page's own controls. A value the
 * validator refuses is not used; each reader then keeps what it had (the setting, the last
 * choice), so no reader clamps or stretches a value another would refuse.
 */
import { DEFAULT_MAP_FILTERS, type MapFilters, type MapLayerName, type MapLevelFilter } from './protocol/mapMessages';

export const MAP_FILTER_LIMITS = {
  /** Corridor half-widths, NM (en route and around the aerodromes). */
  corridorNm: { min: 0, max: 500 },
  /** Whole minutes before and after the flight's time over each stretch. */
  timeMarginMin: { min: 0, max: 24 * 60 },
  /** A level band's ends, feet: FL000 to FL999, what the setting's words and the page's fields can say. */
  levelFt: { min: 0, max: 99_900 },
} as const;

/** Every layer: DEFAULT_MAP_FILTERS.layers names each one (its type requires it). */
const LAYER_NAMES = Object.keys(DEFAULT_MAP_FILTERS.layers) as MapLayerName[];

const isNumberIn = (value: unknown, limits: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= limits.min && value <= limits.max;

/** A corridor half-width in NM, or undefined when it is not one. */
export function readCorridorNm(value: unknown): number | undefined {
  return isNumberIn(value, MAP_FILTER_LIMITS.corridorNm) ? value : undefined;
}

/** A time margin in whole minutes, or undefined when it is not one. */
export function readTimeMarginMin(value: unknown): number | undefined {
  return isNumberIn(value, MAP_FILTER_LIMITS.timeMarginMin) && Number.isInteger(value) ? value : undefined;
}

/** A level filter: all, planned, or a band from a lower to a higher level within the limits. */
export function readLevelFilter(value: unknown): MapLevelFilter | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { mode, lowerFt, upperFt } = value as { mode?: unknown; lowerFt?: unknown; upperFt?: unknown };
  if (mode === 'all' || mode === 'planned') return { mode };
  if (mode !== 'band') return undefined;
  if (!isNumberIn(lowerFt, MAP_FILTER_LIMITS.levelFt) || !isNumberIn(upperFt, MAP_FILTER_LIMITS.levelFt))
    return undefined;
  return lowerFt <= upperFt ? { mode: 'band', lowerFt, upperFt } : undefined;
}

/** A band given in flight levels (the page's fields): whole flight levels, lower first. */
export function levelBandOfFlightLevels(lowerFl: number, upperFl: number): MapLevelFilter | undefined {
  if (!Number.isInteger(lowerFl) || !Number.isInteger(upperFl)) return undefined;
  return readLevelFilter({ mode: 'band', lowerFt: lowerFl * 100, upperFt: upperFl * 100 });
}

/**
 * Filters as the page sent or saved them, or undefined when any field is not well formed. A level
 * filter or time margin absent (state saved before there was one) reads as the default.
 */
export function readMapFilters(value: unknown): MapFilters | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const shown = record.layers;
  if (typeof shown !== 'object' || shown === null || Array.isArray(shown)) return undefined;
  const layers = {} as Record<MapLayerName, boolean>;
  for (const name of LAYER_NAMES) {
    // A layer added since the state was saved (traffic) reads as its default; a wrong value is refused.
    const on = (shown as Record<string, unknown>)[name] ?? DEFAULT_MAP_FILTERS.layers[name];
    if (typeof on !== 'boolean') return undefined;
    layers[name] = on;
  }
  const corridorNm = readCorridorNm(record.corridorNm);
  const aerodromeCorridorNm = readCorridorNm(record.aerodromeCorridorNm);
  const levels =
    record.levels === undefined ? structuredClone(DEFAULT_MAP_FILTERS.levels) : readLevelFilter(record.levels);
  const timeMarginMin = readTimeMarginMin(record.timeMarginMin ?? DEFAULT_MAP_FILTERS.timeMarginMin);
  if (corridorNm === undefined || aerodromeCorridorNm === undefined || !levels || timeMarginMin === undefined)
    return undefined;
  return { layers, corridorNm, aerodromeCorridorNm, levels, timeMarginMin };
}
