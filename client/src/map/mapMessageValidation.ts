/**
 * The webview is a page the host does not trust blindly: each message it posts is checked
 * field by field here before the host acts on it (the filters by common/mapFilters.ts, the one
 * validator the server uses too). Pure, so it is unit-tested without VS Code.
 */
import { readMapFilters } from '../../../common/mapFilters';
import {
  JUDGING_FILTERS,
  type JudgingFilter,
  type MapPosition,
  type MapRange,
  type MapToHostMessage,
} from '../../../common/protocol/mapMessages';

/** The message if it is a well-formed MapToHostMessage, else undefined. */
export function validateMapToHostMessage(value: unknown): MapToHostMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'ready':
      return { type: 'ready' };
    case 'reveal':
      if (typeof value.uri !== 'string' || value.uri.length > 4096 || !isCount(value.version)) return undefined;
      if (!isRange(value.range)) return undefined;
      // Focus moves only when the page says the user asked for it.
      return {
        type: 'reveal',
        uri: value.uri,
        version: value.version,
        range: copyRange(value.range),
        focus: value.focus === true,
      };
    case 'filters': {
      const filters = readMapFilters(value.filters);
      const changed = readJudgingFilters(value.changed);
      return filters && changed ? { type: 'filters', filters, changed } : undefined;
    }
    case 'export':
      return value.format === 'geojson' || value.format === 'gpx'
        ? { type: 'export', format: value.format }
        : undefined;
    case 'exportBriefing':
      return { type: 'exportBriefing' };
    case 'trafficLayer':
      return typeof value.on === 'boolean' ? { type: 'trafficLayer', on: value.on } : undefined;
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
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
