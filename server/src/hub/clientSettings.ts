/**
 * Reads the `icaoRoute.hub.*` / `icaoRoute.reference.*` settings (and VS Code's `http.proxy`,
 * `http.proxyStrictSSL`) into client settings. Every value is checked: a wrong type is ignored
 * and the default stays, so a typo in settings.json never breaks the extension.
 */
import type { EndpointOverride, HttpSettings, HubSettings, ReferenceSettings } from './config';
import { numberSetting, type SettingKey } from '../../../common/settings/definitions';
import { isObject } from './geojson';
import {
  DEFAULT_HUB_VERSIONS,
  DEFAULT_REFERENCE_VERSIONS,
  HUB_ENDPOINTS,
  REFERENCE_ENDPOINTS,
  type HubApiSet,
  type HubEndpointId,
  type ReferenceEndpointId,
} from '../../../common/endpoints';

type Obj = Record<string, unknown>;

/** A setting's value from the section (nested) or from the raw object's dotted key. */
export function at(section: Obj, raw: Obj, key: SettingKey): unknown {
  let value: unknown = section;
  for (const part of key.split('.').slice(1)) value = isObject(value) ? value[part] : undefined;
  return value ?? raw[key];
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
export function readClientSettings(
  raw: unknown,
  http: HttpEnvironment = {},
  defaultCacheFolder?: string,
): ClientSettings {
  const top = isObject(raw) ? raw : {};
  const section = isObject(top.icaoRoute) ? top.icaoRoute : top;
  const common: Partial<HttpSettings> = {};
  if (typeof http.proxy === 'string' && http.proxy.trim()) common.proxy = http.proxy.trim();
  if (typeof http.proxyStrictSSL === 'boolean') common.proxyStrictSSL = http.proxyStrictSSL;

  const hub: Partial<HubSettings> = { ...common };
  const hubUrl = at(section, top, 'icaoRoute.hub.baseUrl');
  if (typeof hubUrl === 'string' && hubUrl.trim()) hub.baseUrl = hubUrl.trim();
  const timeout = numberSetting('icaoRoute.hub.timeoutSeconds', at(section, top, 'icaoRoute.hub.timeoutSeconds'));
  if (timeout !== undefined) hub.timeoutMs = Math.round(timeout * 1000);
  const retries = numberSetting('icaoRoute.hub.retries', at(section, top, 'icaoRoute.hub.retries'));
  if (retries !== undefined) hub.retries = retries;
  const concurrency = numberSetting(
    'icaoRoute.hub.maxConcurrentRequests',
    at(section, top, 'icaoRoute.hub.maxConcurrentRequests'),
  );
  if (concurrency !== undefined) hub.maxConcurrency = concurrency;
  const megabytes = numberSetting(
    'icaoRoute.hub.maxResponseMegabytes',
    at(section, top, 'icaoRoute.hub.maxResponseMegabytes'),
  );
  if (megabytes !== undefined) hub.maxResponseBytes = Math.round(megabytes * 1024 * 1024);
  hub.versions = {
    ...DEFAULT_HUB_VERSIONS,
    ...versions(at(section, top, 'icaoRoute.hub.versions'), Object.keys(DEFAULT_HUB_VERSIONS) as HubApiSet[]),
  };
  hub.endpoints = endpoints(at(section, top, 'icaoRoute.hub.endpoints'), Object.keys(HUB_ENDPOINTS) as HubEndpointId[]);

  const reference: Partial<ReferenceSettings> = { ...common };
  const referenceUrl = at(section, top, 'icaoRoute.reference.baseUrl');
  if (typeof referenceUrl === 'string' && referenceUrl.trim()) reference.baseUrl = referenceUrl.trim();
  const refVersions = versions(
    at(section, top, 'icaoRoute.reference.versions'),
    Object.keys(DEFAULT_REFERENCE_VERSIONS) as (keyof typeof DEFAULT_REFERENCE_VERSIONS)[],
  );
  if (refVersions.airlines || refVersions.flightStatus)
    reference.versions = { ...DEFAULT_REFERENCE_VERSIONS, ...refVersions };
  reference.endpoints = endpoints(
    at(section, top, 'icaoRoute.reference.endpoints'),
    Object.keys(REFERENCE_ENDPOINTS) as ReferenceEndpointId[],
  );
  const credentialsIn = at(section, top, 'icaoRoute.reference.credentialsIn');
  if (credentialsIn === 'headers' || credentialsIn === 'query') reference.credentialsIn = credentialsIn;
  const days = numberSetting(
    'icaoRoute.reference.airlineCacheDays',
    at(section, top, 'icaoRoute.reference.airlineCacheDays'),
  );
  if (days !== undefined) reference.airlineMaxAgeMs = Math.round(days * 24 * 60 * 60 * 1000);
  const folder = at(section, top, 'icaoRoute.reference.cacheFolder');
  const cacheFolder = typeof folder === 'string' && folder.trim() ? folder.trim() : defaultCacheFolder;
  if (cacheFolder) reference.cacheFolder = cacheFolder;
  return { hub, reference };
}
