/**
 * The server's settings (`icaoRoute.*`). They arrive three ways, merged in this order over the
 * defaults: initializationOptions (standalone editors, the bench), the workspace/configuration
 * pull (VS Code, Neovim, Helix) and didChangeConfiguration payloads from clients that cannot be
 * asked. Every value is validated: a wrong type falls back to the default instead of breaking.
 */

import type { HubSettings, ReferenceSettings } from '../hub/config';
import { isObject } from '../hub/geojson';
import { at, readClientSettings, type HttpEnvironment } from '../hub/clientSettings';
import { readLevelFilter } from '../../../common/mapFilters';
import type { MapLevelFilter } from '../../../common/protocol/mapMessages';
import { numberSetting, settingDefault } from '../../../common/settings/definitions';
import type { SemicircularRule } from '../expansion/cruisingLevelFindings';
import type { ClimbDescent } from '../flight/vertical';

export interface ServerSettings {
  debounceMs: number;
  navdataFolder: string;
  /** `icaoRoute.hub.*` (base URL, versions, paths, time-outs) with VS Code's `http.proxy`. */
  hub: Partial<HubSettings>;
  /** `icaoRoute.reference.*` with VS Code's `http.proxy`. */
  reference: Partial<ReferenceSettings>;
  /** `icaoRoute.reference.useHttpErrors`: errors as real HTTP statuses instead of HTTP 200 + error object. */
  referenceHttpErrors: boolean;
  /** `icaoRoute.inlayHints.legDistances`: leg distances and route totals as inlay hints. */
  inlayLegDistances: boolean;
  /** `icaoRoute.map.*`: the route map's corridor widths, level filter, time margin and local airspace files. */
  map: MapSettings;
  /** `icaoRoute.flight.departureTime`: when plain route text is flown (ms since the epoch), or undefined for now. */
  departureMs: number | undefined;
  /** `icaoRoute.diagnostics.flightConflicts`: conflicts with active areas as diagnostics. */
  flightConflicts: boolean;
  /** `icaoRoute.levels.semicircular`: the table of cruising levels by magnetic track (X014), or off. */
  semicircular: SemicircularRule;
  /** `icaoRoute.flight.climbRateFtPerMin` and `descentFtPerNm`: the profile's top of climb and of descent. */
  climbDescent: ClimbDescent;
  /** `icaoRoute.flights.eobtToleranceMinutes`: how far the EOBT may be from the live flight's schedule. */
  eobtToleranceMinutes: number;
}

export interface MapSettings {
  corridorNm: number;
  aerodromeCorridorNm: number;
  /** The level filter the map starts with. */
  levels: MapLevelFilter;
  timeMarginMin: number;
  airspaceFiles: string[];
  /** FIR boundaries for the FIRs the hub's navigation gives no boundary for; '' for none. */
  firBoundariesFile?: string;
}

/** `planned`, `all` or `FL100-FL245` as a level filter; undefined when it is none of them. */
export function levelFilterSetting(value: unknown): MapLevelFilter | undefined {
  if (value === 'planned' || value === 'all') return { mode: value };
  const band = typeof value === 'string' ? /^FL(\d{3})-FL(\d{3})$/i.exec(value.trim()) : null;
  if (!band) return undefined;
  const [a, b] = [Number(band[1]) * 100, Number(band[2]) * 100];
  return readLevelFilter({ mode: 'band', lowerFt: Math.min(a, b), upperFt: Math.max(a, b) });
}

/** An ISO UTC time (`2026-11-24T09:30Z`) in ms; undefined for '' (now) or anything else. */
function departureSetting(value: unknown): number | undefined | null {
  if (value === '') return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/.test(value.trim())) return undefined;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : undefined;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  debounceMs: settingDefault('icaoRoute.diagnostics.debounceMs'),
  navdataFolder: settingDefault('icaoRoute.navdata.folder'),
  hub: {},
  reference: {},
  referenceHttpErrors: settingDefault('icaoRoute.reference.useHttpErrors'),
  inlayLegDistances: settingDefault('icaoRoute.inlayHints.legDistances'),
  map: {
    corridorNm: settingDefault('icaoRoute.map.corridorNm'),
    aerodromeCorridorNm: settingDefault('icaoRoute.map.aerodromeCorridorNm'),
    levels: levelFilterSetting(settingDefault('icaoRoute.map.levels'))!,
    timeMarginMin: settingDefault('icaoRoute.map.timeMarginMin'),
    airspaceFiles: settingDefault('icaoRoute.map.airspaceFiles'),
  },
  departureMs: undefined,
  flightConflicts: settingDefault('icaoRoute.diagnostics.flightConflicts'),
  semicircular: settingDefault('icaoRoute.levels.semicircular') as SemicircularRule,
  climbDescent: {
    climbFtPerMin: settingDefault('icaoRoute.flight.climbRateFtPerMin'),
    descentFtPerNm: settingDefault('icaoRoute.flight.descentFtPerNm'),
  },
  eobtToleranceMinutes: settingDefault('icaoRoute.flights.eobtToleranceMinutes'),
};

type Partial2 = Partial<ServerSettings>;

/** Reads `{icaoRoute: {...}}`, the section itself `{diagnostics: {...}}`, or dotted keys. */
export function readSettings(raw: unknown, http: HttpEnvironment = {}): Partial2 {
  if (!isObject(raw)) return {};
  const section = isObject(raw.icaoRoute) ? raw.icaoRoute : raw;
  const result: Partial2 = {};
  const debounce = numberSetting(
    'icaoRoute.diagnostics.debounceMs',
    at(section, raw, 'icaoRoute.diagnostics.debounceMs'),
  );
  if (debounce !== undefined) result.debounceMs = Math.round(debounce);
  const folder = at(section, raw, 'icaoRoute.navdata.folder');
  if (typeof folder === 'string') result.navdataFolder = folder;
  // Only a layer that speaks of the hub replaces the hub settings of the layers below it.
  if (
    isObject(section.hub) ||
    Object.keys(raw).some((key) => key.startsWith('icaoRoute.hub.')) ||
    http.proxy !== undefined
  ) {
    result.hub = readClientSettings(raw, http).hub;
  }
  if (
    isObject(section.reference) ||
    Object.keys(raw).some((key) => key.startsWith('icaoRoute.reference.')) ||
    http.proxy !== undefined
  ) {
    result.reference = readClientSettings(raw, http).reference;
  }
  const map: Partial<MapSettings> = {};
  for (const key of ['corridorNm', 'aerodromeCorridorNm', 'timeMarginMin'] as const) {
    const value = numberSetting(`icaoRoute.map.${key}`, at(section, raw, `icaoRoute.map.${key}`));
    if (value !== undefined) map[key] = value;
  }
  const files = at(section, raw, 'icaoRoute.map.airspaceFiles');
  if (Array.isArray(files))
    map.airspaceFiles = files.filter((f): f is string => typeof f === 'string' && f.trim() !== '');
  const boundaries = at(section, raw, 'icaoRoute.map.firBoundariesFile');
  if (typeof boundaries === 'string') map.firBoundariesFile = boundaries.trim();
  const levels = levelFilterSetting(at(section, raw, 'icaoRoute.map.levels'));
  if (levels) map.levels = levels;
  if (Object.keys(map).length > 0) result.map = map as MapSettings;
  const departure = departureSetting(at(section, raw, 'icaoRoute.flight.departureTime'));
  if (departure !== undefined) result.departureMs = departure ?? undefined;
  const climb = numberSetting(
    'icaoRoute.flight.climbRateFtPerMin',
    at(section, raw, 'icaoRoute.flight.climbRateFtPerMin'),
  );
  const descent = numberSetting('icaoRoute.flight.descentFtPerNm', at(section, raw, 'icaoRoute.flight.descentFtPerNm'));
  if (climb !== undefined || descent !== undefined)
    result.climbDescent = {
      ...(climb !== undefined ? { climbFtPerMin: climb } : {}),
      ...(descent !== undefined ? { descentFtPerNm: descent } : {}),
    } as ClimbDescent;
  const tolerance = numberSetting(
    'icaoRoute.flights.eobtToleranceMinutes',
    at(section, raw, 'icaoRoute.flights.eobtToleranceMinutes'),
  );
  if (tolerance !== undefined) result.eobtToleranceMinutes = Math.round(tolerance);
  const conflicts = at(section, raw, 'icaoRoute.diagnostics.flightConflicts');
  if (typeof conflicts === 'boolean') result.flightConflicts = conflicts;
  const httpErrors = at(section, raw, 'icaoRoute.reference.useHttpErrors');
  if (typeof httpErrors === 'boolean') result.referenceHttpErrors = httpErrors;
  const semicircular = at(section, raw, 'icaoRoute.levels.semicircular');
  if (semicircular === 'icao' || semicircular === 'off') result.semicircular = semicircular;
  const inlay = at(section, raw, 'icaoRoute.inlayHints.legDistances');
  if (typeof inlay === 'boolean') result.inlayLegDistances = inlay;
  return result;
}

export function mergeSettings(base: ServerSettings, ...layers: Partial2[]): ServerSettings {
  const merged = { ...base };
  for (const layer of layers) {
    if (layer.debounceMs !== undefined) merged.debounceMs = layer.debounceMs;
    if (layer.navdataFolder !== undefined) merged.navdataFolder = layer.navdataFolder;
    if (layer.hub !== undefined) merged.hub = layer.hub;
    if (layer.reference !== undefined) merged.reference = layer.reference;
    if (layer.map !== undefined) merged.map = { ...merged.map, ...layer.map };
    if (layer.referenceHttpErrors !== undefined) merged.referenceHttpErrors = layer.referenceHttpErrors;
    if (layer.inlayLegDistances !== undefined) merged.inlayLegDistances = layer.inlayLegDistances;
    if ('departureMs' in layer) merged.departureMs = layer.departureMs;
    if (layer.flightConflicts !== undefined) merged.flightConflicts = layer.flightConflicts;
    if (layer.semicircular !== undefined) merged.semicircular = layer.semicircular;
    if (layer.climbDescent !== undefined) merged.climbDescent = { ...merged.climbDescent, ...layer.climbDescent };
    if (layer.eobtToleranceMinutes !== undefined) merged.eobtToleranceMinutes = layer.eobtToleranceMinutes;
  }
  return merged;
}

export { isObject };
