/**
 * One error family for both service clients, so the editor can explain any failure the same
 * way: `kind` says what happened, `message` says what to do next, and nothing in it carries a
 * credential (URLs are redacted before they get here).
 */

export type HubErrorKind =
  | 'notAuthorised'
  | 'restricted'
  | 'usageLimit'
  | 'notFound'
  | 'serverFailure'
  | 'timeout'
  | 'network'
  | 'malformedResponse'
  | 'responseTooLarge'
  | 'cancelled'
  | 'badRequest'
  | 'configuration';

export interface HubErrorDetails {
  /** HTTP status, when the service answered. */
  status?: number;
  /** The request, already redacted. */
  url?: string;
  /** Restricted API groups named by a 403 page. */
  groups?: string[];
  /** Identifier the service gave for support (server failures, reference errors). */
  supportId?: string;
  /** The reference family's errorCode (BAD_REQUEST, UNAUTHORIZED, …). */
  errorCode?: string;
  cause?: unknown;
}

export class HubError extends Error {
  readonly kind: HubErrorKind;
  readonly status?: number;
  readonly url?: string;
  readonly groups?: string[];
  readonly supportId?: string;
  readonly errorCode?: string;

  constructor(kind: HubErrorKind, message: string, details: HubErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'HubError';
    this.kind = kind;
    this.status = details.status;
    this.url = details.url;
    this.groups = details.groups;
    this.supportId = details.supportId;
    this.errorCode = details.errorCode;
  }

  /** Whether trying the same idempotent request again may help. */
  get transient(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || this.kind === 'serverFailure';
  }
}

export function isHubError(value: unknown): value is HubError {
  return value instanceof HubError;
}

/** Thrown by the validators and XML readers; turned into a `malformedResponse` HubError. */
export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} ${problem}`);
    this.name = 'ShapeError';
  }
}

/** A path parameter the caller gave, trimmed; an empty one is a `badRequest` before anything is sent. */
export function need(value: string, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new HubError('badRequest', `The ${name} is empty; give a value.`);
  return value.trim();
}

export function malformed(what: string, url: string | undefined, problem: string, cause?: unknown): HubError {
  return new HubError(
    'malformedResponse',
    `The answer of ${what} is not what was expected: ${problem}. Check the base URL and version settings; the service may have changed its format.`,
    { url, cause },
  );
}
