/**
 * Every request handler runs through `guard`: a cancelled request answers RequestCancelled, and
 * an exception is logged and answered with the handler's empty result, so one bad request never
 * takes the server down.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';

export type Log = (message: string) => void;

export function guard<P, R>(
  name: string,
  log: Log,
  empty: R,
  handler: (params: P, token: CancellationToken) => R,
): (params: P, token: CancellationToken) => R | ResponseError<void> {
  return (params, token) => {
    if (token.isCancellationRequested) return cancelled();
    try {
      const result = handler(params, token);
      return token.isCancellationRequested ? cancelled() : result;
    } catch (error) {
      log(`${name} failed: ${describeError(error)}`);
      return empty;
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
