/** Request/response shapes inside the simulator and the helpers every handler uses. */
import type { IncomingHttpHeaders } from 'node:http';
import { escapeXml } from './xml';
import { supportId } from './random';

export type Family = 'hub' | 'reference';

export interface SimRequest {
  method: string;
  /** Path below the family's base, e.g. `/v1/icao-prefixes`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  params: Record<string, string>;
  /** Base URL of the hub family, for links in XML documents. */
  hubBase: string;
  now: Date;
}

/**
 * A parameter of the matched route's path template (router.ts fills in every name the template
 * has): a name the template lacks is the handler's mistake, not the request's.
 */
export function pathParam(req: SimRequest, name: string): string {
  const value = req.params[name];
  if (value === undefined) throw new Error(`The route of ${req.path} has no {${name}} in its template.`);
  return value;
}

export interface SimResponse {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  /** Compress when the client sent Accept-Encoding: gzip (the NOTAM endpoints). */
  gzip?: boolean;
}

export function json(value: unknown, status = 200, contentType = 'application/json'): SimResponse {
  return { status, contentType: `${contentType}; charset=utf-8`, body: JSON.stringify(value) };
}

export function xml(body: string, status = 200): SimResponse {
  return { status, contentType: 'application/xml; charset=utf-8', body };
}

export function htmlPage(status: number, title: string, heading: string, paragraphs: string[]): SimResponse {
  const body =
    `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeXml(title)}</title></head>\n<body>\n` +
    `<h1>${escapeXml(heading)}</h1>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}\n</body>\n</html>\n`;
  return { status, contentType: 'text/html; charset=utf-8', body };
}

const PORTAL = 'https://developer.laminardata.aero';

export const RESTRICTED_GROUPS = [
  'Route Segments',
  'Aerodromes',
  'Airspaces',
  'Designated Points',
  'Navaids',
  'Regulations',
  'Flight Detail By GUFI',
];

/** The page the spec describes for a restricted API called without approval. */
export function restrictedPage(group: string): SimResponse {
  return htmlPage(403, 'Authentication Failed', 'Error 403 - Authentication Failed', [
    `Your application is not approved for the ${escapeXml(group)} API.`,
    `The following API groups are restricted to customers who passed an additional approval: ${RESTRICTED_GROUPS.join(', ')}.`,
    `To request access, sign in to the <a href="${PORTAL}">developer portal</a> and fill in the <a href="${PORTAL}/access-request">access request form</a>.`,
  ]);
}

export function unauthorizedPage(reason: string): SimResponse {
  return htmlPage(401, 'Authentication Failed', 'Error 401 - Authentication Failed', [
    `The request is not authorized for the requested data: ${escapeXml(reason)}.`,
    `Check the user_key of your application on the <a href="${PORTAL}">developer portal</a>.`,
  ]);
}

/** `retryAfterSeconds`: what is left of the usage window (the fault answers a minute). */
export function usageLimitPage(retryAfterSeconds = 60): SimResponse {
  const page = htmlPage(429, 'Authorization Failed', 'Error 429 - Usage Limit Exceeded', [
    'Authorization failed: the usage limit of your application has been exceeded.',
    `See your application's plan on the <a href="${PORTAL}">developer portal</a>.`,
  ]);
  page.headers = { 'Retry-After': String(retryAfterSeconds) };
  return page;
}

export function notFoundPage(what: string): SimResponse {
  return htmlPage(404, 'Not Found', 'Error 404 - Not Found', [`${escapeXml(what)} does not exist.`]);
}

export function badRequestPage(message: string): SimResponse {
  return htmlPage(400, 'Bad Request', 'Error 400 - Bad Request', [escapeXml(message)]);
}

export function methodNotAllowedPage(method: string, allowed: string): SimResponse {
  const page = htmlPage(405, 'Method Not Allowed', 'Error 405 - Method Not Allowed', [
    `${escapeXml(method)} is not supported here; use ${allowed}.`,
  ]);
  page.headers = { Allow: allowed };
  return page;
}

export function notAcceptablePage(offered: string[]): SimResponse {
  return htmlPage(406, 'Not Acceptable', 'Error 406 - Not Acceptable', [
    `This endpoint answers ${offered.map(escapeXml).join(' or ')}; set the Accept header accordingly.`,
  ]);
}

export function serverErrorPage(id = supportId()): SimResponse {
  return htmlPage(500, 'Internal Server Error', 'Error 500 - Internal Server Error', [
    'An unexpected error occurred while processing the request.',
    `Please quote this identifier when contacting support: <code id="support-id">${id}</code>`,
  ]);
}

export type Format = 'xml' | 'json' | 'geojson';

const MEDIA: Record<Format, string[]> = {
  xml: ['application/xml', 'text/xml'],
  json: ['application/json'],
  geojson: ['application/geo+json'],
};

/**
 * Picks the response format from `format=` (which wins) or the Accept header. JSON and GeoJSON
 * are interchangeable where only one of them is offered. Returns undefined when the client
 * accepts nothing offered (→ 406).
 */
export function negotiate(req: SimRequest, offered: Format[], fallback: Format): Format | undefined {
  const equivalent = (f: Format): Format | undefined =>
    offered.includes(f)
      ? f
      : f === 'json' && offered.includes('geojson')
        ? 'geojson'
        : f === 'geojson' && offered.includes('json')
          ? 'json'
          : undefined;
  const param = req.query.get('format');
  if (param) {
    const f = equivalent(param.toLowerCase() as Format);
    if (f) return f;
  }
  const accept = String(req.headers.accept ?? '').trim();
  if (!accept) return fallback;
  const ranges = accept
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const range of ranges) {
    if (range.type === '*/*' || range.type === 'application/*') return fallback;
    const match = (Object.keys(MEDIA) as Format[]).find((f) => MEDIA[f].includes(range.type));
    const f = match && equivalent(match);
    if (f) return f;
  }
  return undefined;
}

export function contentTypeOf(format: Format): string {
  return format === 'xml' ? 'application/xml' : format === 'geojson' ? 'application/geo+json' : 'application/json';
}

/** The results object of GeoJSON answers. */
export function results(
  total: number | string,
  now: Date,
): { publishTime: string; status: string; total: number | string } {
  return { publishTime: now.toISOString(), status: 'ok', total };
}
