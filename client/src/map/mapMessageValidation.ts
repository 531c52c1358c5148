/**
 * The webview is a page the host does not trust blindly: each message it posts is checked
 * field by field here before the host acts on it. Pure, so it is unit-tested without VS Code.
 */
import {
  DEFAULT_MAP_FILTERS,
  JUDGING_FILTERS,
  type JudgingFilter,
  type MapFilters,
  type MapLayerName,
  type MapLevelFilter,
  type MapPosition,
  type MapRange,
  type MapToHostMessage,
} from '../../../server/src/protocol/mapMessages';

const LAYER_NAMES: readonly MapLayerName[] = ['route', 'firs', 'airspaces', 'notams', 'microlights'];
/** Widest corridor the control offers; anything above is not a user's choice. */
export const MAX_CORRIDOR_NM = 500;

/** The message if it is a well-formed MapToHostMessage, else undefined. */
export function validateMapToHostMessage(value: unknown): MapToHostMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'ready':
      return { type: 'ready' };
    case 'reveal':
      if (typeof value.uri !== 'string' || value.uri.length > 4096 || !isCount(value.version)) return undefined;
      if (!isRange(value.range)) return undefined;
      return { type: 'reveal', uri: value.uri, version: value.version, range: copyRange(value.range) };
    case 'filters': {
      const filters = readFilters(value.filters);
      const changed = readJudgingFilters(value.changed);
      return filters && changed ? { type: 'filters', filters, changed } : undefined;
    }
    case 'export':
      return value.format === 'geojson' || value.format === 'gpx'
        ? { type: 'export', format: value.format }
        : undefined;
    case 'exportBriefing':
      return { type: 'exportBriefing' };
    default:
      return undefined;
  }
}

/** A list of judging filter names, each once; undefined when it is anything else. */
export function readJudgingFilters(value: unknown): JudgingFilter[] | undefined {
  if (!Array.isArray(value) || value.length > JUDGING_FILTERS.length) return undefined;
  const names = new Set<JudgingFilter>();
  for (const name of value) {
    if (!(JUDGING_FILTERS as readonly unknown[]).includes(name)) return undefined;
    names.add(name as JudgingFilter);
  }
  return [...names];
}

/** What `icaoRoute.showMap` was asked to show: from a menu (a Uri), a code lens (uri, position) or a code action ({ uri, position?, itemId? }). */
export interface ShowMapTarget {
  uri?: string;
  position?: MapPosition;
  /** An airspace or NOTAM of the view to reveal once the map is drawn. */
  itemId?: string;
}

/** The command's arguments, read without trusting them: what is malformed is left out. */
export function readShowMapArguments(first: unknown, second?: unknown): ShowMapTarget {
  const target: ShowMapTarget = {};
  if (typeof first === 'string') target.uri = first;
  else if (isRecord(first) && typeof first.scheme === 'string' && typeof first.toString === 'function')
    target.uri = String(first); // a vscode.Uri from a menu
  else if (isRecord(first) && typeof first.uri === 'string') {
    target.uri = first.uri;
    if (isPosition(first.position)) target.position = copyPosition(first.position);
    if (typeof first.itemId === 'string' && first.itemId.length > 0 && first.itemId.length <= 256)
      target.itemId = first.itemId;
  }
  if (target.uri !== undefined && (target.uri.length === 0 || target.uri.length > 4096)) return {};
  if (!target.position && isPosition(second)) target.position = copyPosition(second);
  return target;
}

/** Filters as the page sent or saved them, or undefined when they are not well formed. */
export function readFilters(value: unknown): MapFilters | undefined {
  if (!isRecord(value) || !isRecord(value.layers)) return undefined;
  const layers = {} as Record<MapLayerName, boolean>;
  for (const name of LAYER_NAMES) {
    const on = value.layers[name];
    if (typeof on !== 'boolean') return undefined;
    layers[name] = on;
  }
  const corridorNm = value.corridorNm;
  const aerodromeCorridorNm = value.aerodromeCorridorNm;
  if (!isDistance(corridorNm) || !isDistance(aerodromeCorridorNm)) return undefined;
  const levels = readLevelFilter(value.levels);
  const timeMarginMin = value.timeMarginMin ?? DEFAULT_MAP_FILTERS.timeMarginMin;
  if (!levels || !isMinutes(timeMarginMin)) return undefined;
  return { layers, corridorNm, aerodromeCorridorNm, levels, timeMarginMin };
}

/** A level filter; absent (state saved before there was one) reads as the default. */
function readLevelFilter(value: unknown): MapLevelFilter | undefined {
  if (value === undefined) return structuredClone(DEFAULT_MAP_FILTERS.levels);
  if (!isRecord(value)) return undefined;
  if (value.mode === 'all' || value.mode === 'planned') return { mode: value.mode };
  if (value.mode !== 'band' || !isFeet(value.lowerFt) || !isFeet(value.upperFt) || value.lowerFt > value.upperFt)
    return undefined;
  return { mode: 'band', lowerFt: value.lowerFt, upperFt: value.upperFt };
}

const MAX_FEET = 100_000;
const MAX_MARGIN_MIN = 24 * 60;
const isFeet = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -2_000 && value <= MAX_FEET;
const isMinutes = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_MARGIN_MIN;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isDistance = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_CORRIDOR_NM;
const isPosition = (value: unknown): value is MapPosition =>
  isRecord(value) && isCount(value.line) && isCount(value.character);

function isRange(value: unknown): value is MapRange {
  if (!isRecord(value) || !isPosition(value.start) || !isPosition(value.end)) return false;
  const { start, end } = value;
  return start.line < end.line || (start.line === end.line && start.character <= end.character);
}

function copyPosition(position: MapPosition): MapPosition {
  return { line: position.line, character: position.character };
}

function copyRange(range: MapRange): MapRange {
  return {
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  };
}
