/**
 * The server's settings (`icaoRoute.*`). They arrive three ways, merged in this order over the
 * defaults: initializationOptions (standalone editors, the bench), the workspace/configuration
 * pull (VS Code, Neovim, Helix) and didChangeConfiguration payloads from clients that cannot be
 * asked. Every value is validated: a wrong type falls back to the default instead of breaking.
 */

import type { HubSettings, ReferenceSettings } from '../hub/config';
import { readClientSettings, type HttpEnvironment } from '../hub/settings';

export interface ServerSettings {
  debounceMs: number;
  navdataFolder: string;
  /** `icaoRoute.hub.*` (base URL, versions, paths, time-outs) with VS Code's `http.proxy`. */
  hub: Partial<HubSettings>;
  /** `icaoRoute.reference.*`: the airline reference family (base URL, versions, cache). */
  reference: Partial<ReferenceSettings>;
  /** `icaoRoute.reference.useHttpErrors`: errors as real HTTP statuses instead of HTTP 200 + error object. */
  referenceHttpErrors: boolean;
  /** `icaoRoute.inlayHints.legDistances`: leg distances and route totals as inlay hints. */
  inlayLegDistances: boolean;
}

export const DEFAULT_SETTINGS: ServerSettings = { debounceMs: 150, navdataFolder: '', hub: {}, reference: {}, referenceHttpErrors: false, inlayLegDistances: false };

type Partial2 = Partial<ServerSettings>;

/** Reads `{icaoRoute: {...}}`, the section itself `{diagnostics: {...}}`, or dotted keys. */
export function readSettings(raw: unknown, http: HttpEnvironment = {}): Partial2 {
  if (!isObject(raw)) return {};
  const section = isObject(raw.icaoRoute) ? raw.icaoRoute : raw;
  const result: Partial2 = {};
  const debounce = pick(section, ['diagnostics', 'debounceMs']) ?? raw['icaoRoute.diagnostics.debounceMs'];
  if (typeof debounce === 'number' && Number.isFinite(debounce)) {
    result.debounceMs = Math.min(5000, Math.max(0, Math.round(debounce)));
  }
  const folder = pick(section, ['navdata', 'folder']) ?? raw['icaoRoute.navdata.folder'];
  if (typeof folder === 'string') result.navdataFolder = folder;
  // Only a layer that speaks of the hub replaces the hub settings of the layers below it.
  if (isObject(section.hub) || Object.keys(raw).some((key) => key.startsWith('icaoRoute.hub.')) || http.proxy !== undefined) {
    result.hub = readClientSettings(raw, http).hub;
  }
  if (isObject(section.reference) || Object.keys(raw).some((key) => key.startsWith('icaoRoute.reference.')) || http.proxy !== undefined) {
    result.reference = readClientSettings(raw, http).reference;
  }
  const httpErrors = pick(section, ['reference', 'useHttpErrors']) ?? raw['icaoRoute.reference.useHttpErrors'];
  if (typeof httpErrors === 'boolean') result.referenceHttpErrors = httpErrors;
  const inlay = pick(section, ['inlayHints', 'legDistances']) ?? raw['icaoRoute.inlayHints.legDistances'];
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
    if (layer.referenceHttpErrors !== undefined) merged.referenceHttpErrors = layer.referenceHttpErrors;
    if (layer.inlayLegDistances !== undefined) merged.inlayLegDistances = layer.inlayLegDistances;
  }
  return merged;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pick(object: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = object;
  for (const key of path) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}
