/**
 * Reads the `icaoRoute.hub.*` / `icaoRoute.reference.*` settings (and VS Code's `http.proxy`,
 * `http.proxyStrictSSL`) into client settings. Every value is checked: a wrong type is ignored
 * and the default stays, so a typo in settings.json never breaks the extension.
 */
import type { EndpointOverride, HttpSettings, HubSettings, ReferenceSettings } from './config';
import { DEFAULT_HUB_VERSIONS, DEFAULT_REFERENCE_VERSIONS, HUB_ENDPOINTS, REFERENCE_ENDPOINTS, type HubApiSet, type HubEndpointId, type ReferenceEndpointId } from './endpoints';

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(section: Obj, raw: Obj, path: string[]): unknown {
  let value: unknown = section;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  return value ?? raw[`icaoRoute.${path.join('.')}`];
}

function numberIn(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : undefined;
}

function versions<K extends string>(value: unknown, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  if (!isObject(value)) return out;
  for (const key of keys) {
    const v = value[key];
    if (typeof v === 'string' && /^v\d+[a-z0-9.]*$/i.test(v.trim())) out[key] = v.trim();
  }
  return out;
}

function endpoints<K extends string>(value: unknown, ids: readonly K[]): Partial<Record<K, EndpointOverride>> {
  const out: Partial<Record<K, EndpointOverride>> = {};
  if (!isObject(value)) return out;
  for (const id of ids) {
    const v = value[id];
    if (!isObject(v)) continue;
    const override: EndpointOverride = {};
    if (v.method === 'GET' || v.method === 'POST') override.method = v.method;
    if (typeof v.path === 'string' && v.path.startsWith('/') && !/[?#\s]/.test(v.path)) override.path = v.path;
    if (override.method || override.path) out[id] = override;
  }
  return out;
}

export interface HttpEnvironment {
  /** VS Code `http.proxy`. */
  proxy?: unknown;
  /** VS Code `http.proxyStrictSSL`. */
  proxyStrictSSL?: unknown;
}

export interface ClientSettings {
  hub: Partial<HubSettings>;
  reference: Partial<ReferenceSettings>;
}

/**
 * `raw` is `{icaoRoute: {...}}`, the `icaoRoute` section itself, or an object of dotted keys.
 * `defaultCacheFolder` is the extension's global storage, used when the setting is empty.
 */
export function readClientSettings(raw: unknown, http: HttpEnvironment = {}, defaultCacheFolder?: string): ClientSettings {
  const top = isObject(raw) ? raw : {};
  const section = isObject(top.icaoRoute) ? top.icaoRoute : top;
  const common: Partial<HttpSettings> = {};
  if (typeof http.proxy === 'string' && http.proxy.trim()) common.proxy = http.proxy.trim();
  if (typeof http.proxyStrictSSL === 'boolean') common.proxyStrictSSL = http.proxyStrictSSL;

  const family = (name: 'hub' | 'reference'): Partial<HttpSettings> & { baseUrl?: string } => {
    const out: Partial<HttpSettings> & { baseUrl?: string } = { ...common };
    const baseUrl = at(section, top, [name, 'baseUrl']);
    if (typeof baseUrl === 'string' && baseUrl.trim()) out.baseUrl = baseUrl.trim();
    const timeout = numberIn(at(section, top, [name, 'timeoutSeconds']), 1, 600);
    if (timeout !== undefined) out.timeoutMs = Math.round(timeout * 1000);
    const retries = numberIn(at(section, top, [name, 'retries']), 0, 5);
    if (retries !== undefined) out.retries = Math.round(retries);
    const concurrency = numberIn(at(section, top, [name, 'maxConcurrentRequests']), 1, 32);
    if (concurrency !== undefined) out.maxConcurrency = Math.round(concurrency);
    const megabytes = numberIn(at(section, top, [name, 'maxResponseMegabytes']), 1, 2048);
    if (megabytes !== undefined) out.maxResponseBytes = Math.round(megabytes * 1024 * 1024);
    return out;
  };

  const hub = family('hub') as Partial<HubSettings>;
  hub.versions = { ...DEFAULT_HUB_VERSIONS, ...versions(at(section, top, ['hub', 'versions']), Object.keys(DEFAULT_HUB_VERSIONS) as HubApiSet[]) };
  hub.endpoints = endpoints(at(section, top, ['hub', 'endpoints']), Object.keys(HUB_ENDPOINTS) as HubEndpointId[]);

  const reference = family('reference') as Partial<ReferenceSettings>;
  const refVersions = versions(at(section, top, ['reference', 'versions']), Object.keys(DEFAULT_REFERENCE_VERSIONS) as (keyof typeof DEFAULT_REFERENCE_VERSIONS)[]);
  if (refVersions.airlines || refVersions.flightStatus) reference.versions = { ...DEFAULT_REFERENCE_VERSIONS, ...refVersions };
  reference.endpoints = endpoints(at(section, top, ['reference', 'endpoints']), Object.keys(REFERENCE_ENDPOINTS) as ReferenceEndpointId[]);
  const credentialsIn = at(section, top, ['reference', 'credentialsIn']);
  if (credentialsIn === 'headers' || credentialsIn === 'query') reference.credentialsIn = credentialsIn;
  const days = numberIn(at(section, top, ['reference', 'airlineCacheDays']), 0.01, 7);
  if (days !== undefined) reference.airlineMaxAgeMs = Math.round(days * 24 * 60 * 60 * 1000);
  const folder = at(section, top, ['reference', 'cacheFolder']);
  const cacheFolder = typeof folder === 'string' && folder.trim() ? folder.trim() : defaultCacheFolder;
  if (cacheFolder) reference.cacheFolder = cacheFolder;
  return { hub, reference };
}
