/**
 * Typed message descriptors: each custom message's method bound to its payload types, so that
 * sending or handling a message with the wrong payload is a compile error on either side. The
 * descriptors are plain objects (the client and the server bundle different copies of
 * vscode-jsonrpc, whose message-type objects do not cross that line), and the helpers below
 * take any connection with string-method functions: the server's Connection, the client's
 * LanguageClient, or a test's ProtocolConnection.
 */

/** Carries the payload types only; never set at run time. */
declare const payload: unique symbol;

export interface RequestDescriptor<P, R> {
  readonly kind: 'request';
  readonly method: string;
  readonly [payload]?: { params: P; result: R };
}

export interface NotificationDescriptor<P> {
  readonly kind: 'notification';
  readonly method: string;
  readonly [payload]?: { params: P };
}

export function request<P, R>(method: string): RequestDescriptor<P, R> {
  return { kind: 'request', method };
}

export function notification<P>(method: string): NotificationDescriptor<P> {
  return { kind: 'notification', method };
}

export type ParamsOf<D> =
  D extends RequestDescriptor<infer P, unknown> ? P : D extends NotificationDescriptor<infer P> ? P : never;
export type ResultOf<D> = D extends RequestDescriptor<unknown, infer R> ? R : never;

/* The parts of a JSON-RPC connection the helpers use (parameter types kept loose on purpose:
 * every library declares its handlers differently; the descriptors carry the real types). */
/* eslint-disable @typescript-eslint/no-explicit-any */
interface NotificationSender {
  sendNotification(method: string, params?: any): Promise<void> | void;
}
interface NotificationReceiver {
  onNotification(method: string, handler: (params: any) => void): unknown;
}
interface RequestSender {
  sendRequest(method: string, params?: any): Promise<any>;
}
interface RequestReceiver {
  onRequest(method: string, handler: (params: any, token: any) => any): unknown;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export function sendNotification<P>(
  to: NotificationSender,
  message: NotificationDescriptor<P>,
  params: NoInfer<P>,
): Promise<void> {
  return Promise.resolve(to.sendNotification(message.method, params));
}

export function onNotification<P>(
  from: NotificationReceiver,
  message: NotificationDescriptor<P>,
  handler: (params: NoInfer<P>) => void,
): unknown {
  return from.onNotification(message.method, handler);
}

export function sendRequest<P, R>(to: RequestSender, message: RequestDescriptor<P, R>, params: NoInfer<P>): Promise<R> {
  return to.sendRequest(message.method, params) as Promise<R>;
}

export function onRequest<P, R, T>(
  from: RequestReceiver,
  message: RequestDescriptor<P, R>,
  handler: (params: NoInfer<P>, token: T) => NoInfer<R> | Promise<NoInfer<R>> | Error | Promise<Error>,
): unknown {
  return from.onRequest(message.method, handler);
}
