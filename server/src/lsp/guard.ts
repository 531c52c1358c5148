/**
 * Every request handler runs through `guard`: a cancelled request answers RequestCancelled, and
 * an exception (or, for an asynchronous handler, a rejected promise) is logged and answered with
 * the handler's empty result, so one bad request never takes the server down.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';

export type Log = (message: string) => void;

export function guard<P, R>(
  name: string,
  log: Log,
  empty: R,
  handler: (params: P, token: CancellationToken) => R,
): (params: P, token: CancellationToken) => R | ResponseError<void>;
export function guard<P, R>(
  name: string,
  log: Log,
  empty: R,
  handler: (params: P, token: CancellationToken) => Promise<R>,
): (params: P, token: CancellationToken) => Promise<R | ResponseError<void>> | ResponseError<void>;
export function guard<P, R>(
  name: string,
  log: Log,
  empty: R,
  handler: (params: P, token: CancellationToken) => R | Promise<R>,
): (params: P, token: CancellationToken) => R | ResponseError<void> | Promise<R | ResponseError<void>> {
  const failed = (error: unknown): R => {
    log(`${name} failed: ${describeError(error)}`);
    return empty;
  };
  return (params, token) => {
    if (token.isCancellationRequested) return cancelled();
    try {
      const result = handler(params, token);
      if (result instanceof Promise) {
        return result.then((value) => (token.isCancellationRequested ? cancelled() : value), failed);
      }
      return token.isCancellationRequested ? cancelled() : result;
    } catch (error) {
      return failed(error);
    }
  };
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
