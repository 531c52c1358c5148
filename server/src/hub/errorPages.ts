/**
 * The hub answers failures with HTML pages (the 403 page of a restricted API names the groups;
 * a server failure carries an identifier for support). The numeric statuses of most conditions
 * are not documented, so the page's words count as much as the status.
 */
import { HubError, ServiceError } from './errors';
import type { HttpResponse } from './transport';
import { capital } from './transport';
import { redactUrl } from './redact';

/** The restricted groups the contract lists; matched in the page text to name them exactly. */
export const RESTRICTED_GROUPS = [
  'Route Segments',
  'Aerodromes',
  'Airspaces',
  'Designated Points',
  'Navaids',
  'Regulations',
  'Flight Detail By GUFI',
] as const;

/** Visible text of an HTML (or plain) error page, tags and scripts removed, whitespace folded. */
export function pageText(body: string): string {
  return body
    .slice(0, 200_000)
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The groups a 403 page names. A page may name the one group refused ("not approved for the
 * Airspaces API") and then list every restricted group; the specific sentence wins.
 */
export function restrictedGroups(text: string): string[] {
  const named = (part: string): string[] => {
    const lower = part.toLowerCase();
    return RESTRICTED_GROUPS.map((name) => ({ name, at: lower.indexOf(name.toLowerCase()) }))
      .filter((f) => f.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((f) => f.name);
  };
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (
      /not (?:been )?approved|without (?:an? )?(?:additional )?approval|no approval|not authori[sz]ed for/i.test(
        sentence,
      ) &&
      !/following|are restricted to/i.test(sentence)
    ) {
      const groups = named(sentence);
      if (groups.length) return groups;
    }
  }
  return named(text);
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const LABELLED_ID = new RegExp(
  /\b(?:support|error|incident|reference|request|tracking|correlation)[ _-]?(?:id|identifier|number|code|ref)\b/
    .source + /\s*(?:is|:|=|#)?\s*([A-Za-z0-9][A-Za-z0-9._-]{3,80})/.source,
  'i',
);

export function supportId(text: string): string | undefined {
  return LABELLED_ID.exec(text)?.[1] ?? UUID.exec(text)?.[0];
}

/**
 * An answer that is neither data nor a failure page: no content (204 and other 2xx), or a
 * redirect, which is never followed (the key would go with it). Says what happened, and where to.
 */
export function unexpectedStatus(res: HttpResponse, what: string, service: string): ServiceError | undefined {
  const status = res.status;
  const details = { status, url: res.url };
  if (status > 200 && status < 300) {
    const answered = status === 204 ? 'with no content' : `with HTTP ${status} instead of 200 and the data`;
    return new ServiceError(
      'malformedResponse',
      `${service} answered ${what} ${answered} (HTTP ${status}): there is nothing to ` +
        `read. Check the method and path setting of this endpoint.`,
      details,
    );
  }
  if (status >= 300 && status < 400) {
    const location = res.headers.location;
    let target = 'another address (it did not say which)';
    if (location) {
      try {
        target = res.redactor.text(redactUrl(new URL(location, res.url).href)).slice(0, 200);
      } catch {
        target = `"${res.redactor.text(redactUrl(location)).slice(0, 200)}"`;
      }
    }
    return new ServiceError(
      'configuration',
      `${service} redirected ${what} to ${target} (HTTP ${status}). Redirects are not ` +
        `followed, so the key is never sent elsewhere; if the service has moved, set its ` +
        `base URL to the new address.`,
      details,
    );
  }
  return undefined;
}

/** The longest wait a Retry-After is taken at its word for; a longer one reads "at least a day". */
const LONGEST_WAIT_S = 24 * 3600;

/**
 * "Wait 2 minutes before trying again" from a Retry-After header (seconds, or an HTTP date), in
 * words and capped: `Retry-After: 999999999` is no wait to print.
 */
export function waitInWords(retryAfter: string | undefined, now = Date.now()): string {
  const text = retryAfter?.trim() ?? '';
  const seconds = /^\d+$/.test(text)
    ? Number(text)
    : Number.isNaN(Date.parse(text))
      ? NaN
      : (Date.parse(text) - now) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Wait before trying again';
  if (seconds > LONGEST_WAIT_S) return 'Wait at least a day before trying again';
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const span =
    seconds < 60
      ? count(Math.ceil(seconds), 'second')
      : seconds < 3600
        ? count(Math.ceil(seconds / 60), 'minute')
        : count(Math.ceil(seconds / 3600), 'hour');
  return `Wait ${span} before trying again`;
}

/** Turns a non-200 hub answer into the error family; the secrets are blanked out of quoted text. */
export function hubErrorFromResponse(res: HttpResponse, what: string): HubError {
  const unexpected = unexpectedStatus(res, what, 'The hub');
  if (unexpected) return unexpected;
  const text = res.redactor.text(pageText(res.body.toString('utf8')));
  const status = res.status;
  const lower = text.toLowerCase();
  const details = { status, url: res.url };
  const usage =
    /usage limit|rate limit|quota|too many requests|limit (?:of the application )?(?:has been |was )?exceeded/.test(
      lower,
    );
  if (status === 429 || ((status === 401 || status === 403) && usage)) {
    const wait = waitInWords(res.headers['retry-after']);
    return new HubError(
      'usageLimit',
      `The hub refused ${what}: the application's usage limit is exceeded (HTTP ` +
        `${status}). ${wait}, or raise the plan's limit on the developer portal.`,
      details,
    );
  }
  if (status === 403 && /restrict|approval|access request/.test(lower)) {
    const groups = restrictedGroups(text);
    const named = groups.length ? ` (${groups.join(', ')})` : '';
    return new HubError(
      'restricted',
      `${capital(what)} belongs to a restricted API group${named} that needs an ` +
        `additional approval for this key (HTTP 403). Request access with the access ` +
        `request form on the developer portal; offline expansion from local navigation ` +
        `data keeps working meanwhile.`,
      { ...details, groups },
    );
  }
  if (status === 401 || status === 403) {
    return new HubError(
      'notAuthorised',
      `The hub did not accept the key for ${what} (HTTP ${status}): the key is wrong, ` +
        `revoked, or lacks permission for this data. Set the key again with "ICAO Route: ` +
        `Set Hub Key" (or HUB_USER_KEY), or check the application's APIs on the ` +
        `developer portal.`,
      details,
    );
  }
  if (status === 404 || status === 410) {
    return new HubError(
      'notFound',
      `The hub has no such item for ${what} (HTTP ${status}). Check the identifiers ` +
        `(they are case sensitive), and the endpoint path and version settings.`,
      details,
    );
  }
  if (status === 400 || status === 405 || status === 406 || status === 415 || status === 422) {
    const detail = text ? `: ${text.slice(0, 200)}` : '';
    return new HubError(
      'badRequest',
      `The hub rejected ${what} as a bad request (HTTP ${status})${detail}. Correct ` +
        `the request, or the method/path setting of this endpoint.`,
      details,
    );
  }
  const id = supportId(text);
  return new HubError(
    'serverFailure',
    `The hub failed while answering ${what} (HTTP ` +
      `${status}${id ? `, support id ${id}` : ''}). Try again ` +
      `later${id ? '; quote the support id when contacting support' : ''}.`,
    { ...details, supportId: id },
  );
}
