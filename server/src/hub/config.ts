/**
 * Client configuration: plain data, filled from the `icaoRoute.hub.*` / `icaoRoute.reference.*`
 * settings (and VS Code's `http.proxy` / `http.proxyStrictSSL`) by the language server, or from
 * the command line. Credentials are NOT part of it: they come from SecretStorage or the
 * environment and are handed to the client constructors separately.
 */
import {
  DEFAULT_HUB_BASE_URL,
  DEFAULT_HUB_VERSIONS,
  DEFAULT_REFERENCE_BASE_URL,
  DEFAULT_REFERENCE_VERSIONS,
  HUB_ENDPOINTS,
  REFERENCE_ENDPOINTS,
  type HubApiSet,
  type HubEndpointId,
  type ReferenceEndpointId,
} from '../../../common/endpoints';
import { ServiceError } from './errors';
import { redactUrl } from './redact';
import { settingDefault } from '../../../common/settings/definitions';

export interface EndpointOverride {
  method?: 'GET' | 'POST';
  path?: string;
}

/** How the HTTP layer behaves; shared by both families. */
export interface HttpSettings {
  /** Whole-call deadline (connect, headers and body) per attempt. */
  timeoutMs: number;
  /** Extra attempts for idempotent GETs after a transient failure; POST is never retried. */
  retries: number;
  /** First backoff delay; doubled per attempt, with ±50 % jitter. */
  retryBaseDelayMs: number;
  /** Calls in flight at once per client; more wait in a queue. */
  maxConcurrency: number;
  /** A body (after decompression) larger than this is refused while streaming. */
  maxResponseBytes: number;
  /** Deeper XML is refused as malformed. */
  maxXmlDepth: number;
  /** `http.proxy` of VS Code; empty means the environment (HTTPS_PROXY/HTTP_PROXY/NO_PROXY). */
  proxy?: string;
  /** `http.proxyStrictSSL` of VS Code. */
  proxyStrictSSL: boolean;
  /** Hosts that bypass the proxy (NO_PROXY syntax); defaults to the environment. */
  noProxy?: string;
  userAgent: string;
}

export interface HubSettings extends HttpSettings {
  baseUrl: string;
  versions: Record<HubApiSet, string>;
  endpoints: Partial<Record<HubEndpointId, EndpointOverride>>;
  /**
   * How long answers stay cached in memory, per kind of data (the spec's own hints; flights: a
   * minute, since positions move some 8 NM a minute and the usage limit is the user's money).
   */
  cacheTtlMs: { airspaces: number; notams: number; navigation: number; flights: number };
}

export interface ReferenceSettings extends HttpSettings {
  baseUrl: string;
  versions: { airlines: string; flightStatus: string };
  endpoints: Partial<Record<ReferenceEndpointId, EndpointOverride>>;
  /** Send appId/appKey as headers (default) or as query parameters. */
  credentialsIn: 'headers' | 'query';
  /** Folder for the airline reference cache; no disk cache when absent. */
  cacheFolder?: string;
  /** Airline data older than this is fetched again (the spec: at least weekly). */
  airlineMaxAgeMs: number;
}

const DAY = 24 * 60 * 60 * 1000;
/** Flight answers (endpoints 1–8) are kept this long (docs/limits.md says so). */
export const FLIGHT_ANSWER_TTL_MS = 60_000;

export const DEFAULT_HTTP_SETTINGS: HttpSettings = {
  timeoutMs: settingDefault('icaoRoute.hub.timeoutSeconds') * 1000,
  retries: settingDefault('icaoRoute.hub.retries'),
  retryBaseDelayMs: 300,
  maxConcurrency: settingDefault('icaoRoute.hub.maxConcurrentRequests'),
  maxResponseBytes: settingDefault('icaoRoute.hub.maxResponseMegabytes') * 1024 * 1024,
  maxXmlDepth: 64,
  proxyStrictSSL: true,
  userAgent: 'icao-route-vscode/0.1',
};

export function hubSettings(partial: Partial<HubSettings> = {}): HubSettings {
  return {
    ...DEFAULT_HTTP_SETTINGS,
    baseUrl: DEFAULT_HUB_BASE_URL,
    ...partial,
    versions: { ...DEFAULT_HUB_VERSIONS, ...partial.versions },
    endpoints: { ...partial.endpoints },
    cacheTtlMs: {
      airspaces: DAY,
      notams: 60_000,
      navigation: DAY,
      flights: FLIGHT_ANSWER_TTL_MS,
      ...partial.cacheTtlMs,
    },
  };
}

export function referenceSettings(partial: Partial<ReferenceSettings> = {}): ReferenceSettings {
  return {
    ...DEFAULT_HTTP_SETTINGS,
    baseUrl: DEFAULT_REFERENCE_BASE_URL,
    credentialsIn: settingDefault('icaoRoute.reference.credentialsIn') as ReferenceSettings['credentialsIn'],
    airlineMaxAgeMs: settingDefault('icaoRoute.reference.airlineCacheDays') * DAY,
    ...partial,
    versions: { ...DEFAULT_REFERENCE_VERSIONS, ...partial.versions },
    endpoints: { ...partial.endpoints },
  };
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Parses a base URL and refuses anything but HTTPS, except plain HTTP to this machine (the hub
 * simulator, a local mirror). A trailing slash is dropped so templates can start with `/`.
 */
export function checkBaseUrl(text: string, setting: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ServiceError(
      'configuration',
      `The base URL "${redactUrl(text)}" in ${setting} is not a valid URL; write it like https://api.example.com.`,
    );
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new ServiceError(
      'configuration',
      `The base URL ${redactUrl(url)} in ${setting} must use https:// (plain http is ` +
        `allowed only for localhost/127.0.0.1), so the key is never sent in clear text.`,
    );
  }
  if (url.search || url.hash) {
    throw new ServiceError(
      'configuration',
      `The base URL in ${setting} must not carry a query or fragment; give ${
        setting.startsWith('icaoRoute.reference')
          ? 'the appId and appKey through "ICAO Route: Set Airline Reference Credentials"'
          : 'the key through "ICAO Route: Set Hub Key"'
      }.`,
    );
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** An endpoint's URL: the filled path appended to the base URL's own path (never resolved against the host). */
export function endpointUrl(base: URL, path: string): URL {
  return new URL(base.href.replace(/\/$/, '') + path);
}

export function hubEndpoint(
  settings: HubSettings,
  id: HubEndpointId,
): { method: 'GET' | 'POST'; path: string; set: HubApiSet } {
  const base = HUB_ENDPOINTS[id];
  const override = settings.endpoints[id] ?? {};
  return { method: override.method ?? base.method, path: override.path ?? base.path, set: base.set };
}

export function referenceEndpoint(
  settings: ReferenceSettings,
  id: ReferenceEndpointId,
): { method: 'GET' | 'POST'; path: string } {
  const base = REFERENCE_ENDPOINTS[id];
  const override = settings.endpoints[id] ?? {};
  return { method: override.method ?? base.method, path: override.path ?? base.path };
}

/**
 * Fills `{name}` placeholders; values are percent-encoded so an identifier can never add a path
 * segment or a query. An unknown placeholder is a configuration error (a typo in a setting).
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([A-Za-z0-9_.]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new ServiceError(
        'configuration',
        `The path template "${template}" uses {${name}}, which this endpoint does not provide.`,
      );
    }
    return encodeURIComponent(String(value));
  });
}
