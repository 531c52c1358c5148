/**
 * One error family for both remote services, so the editor can explain any failure the same
 * way: `kind` says what happened, `message` says what to do next, and nothing in it carries a
 * credential (URLs are redacted before they get here). `HubError` is a failure the hub client
 * found, `AirlineReferenceError` one the airline reference client found; the shared HTTP layer
 * (transport, body readers, cache, configuration) cannot tell whose request it is and throws the
 * base `ServiceError`, so "any remote service failure" is `instanceof ServiceError`.
 */

export type ServiceErrorKind =
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

export interface ServiceErrorDetails {
  /** HTTP status, when the service answered. */
  status?: number;
  /** The request, already redacted (callers pass on the one they have, which may be none). */
  url?: string | undefined;
  /** Restricted API groups named by a 403 page. */
  groups?: string[];
  /** Identifier the service gave for support (server failures, reference errors), as read from the answer. */
  supportId?: string | undefined;
  /** The reference family's errorCode (BAD_REQUEST, UNAUTHORIZED, …). */
  errorCode?: string | undefined;
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  // Each is copied from the details: undefined where those did not have it.
  readonly status: number | undefined;
  readonly url: string | undefined;
  readonly groups: string[] | undefined;
  readonly supportId: string | undefined;
  readonly errorCode: string | undefined;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ServiceError';
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

/** A failure of the aviation data hub (its client's own checks and answers). */
export class HubError extends ServiceError {
  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(kind, message, details);
    this.name = 'HubError';
  }
}

/** A failure of the airline reference service (not the global ReferenceError). */
export class AirlineReferenceError extends ServiceError {
  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(kind, message, details);
    this.name = 'AirlineReferenceError';
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** Thrown by the validators and XML readers; turned into a `malformedResponse` ServiceError. */
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
  if (typeof value !== 'string' || value.trim() === '')
    throw new ServiceError('badRequest', `The ${name} is empty; give a value.`);
  return value.trim();
}

export function malformed(what: string, url: string | undefined, problem: string, cause?: unknown): ServiceError {
  return new ServiceError(
    'malformedResponse',
    `The answer of ${what} is not what was expected: ${problem}. Check the base URL ` +
      `and version settings; the service may have changed its format.`,
    { url, cause },
  );
}
