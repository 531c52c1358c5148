/**
 * The one HTTP layer of the extension: an undici dispatcher it owns (direct, or through the
 * configured / environment proxy), a concurrency limit, a deadline on every attempt, the
 * caller's AbortSignal wired to the socket, bounded retries with backoff and jitter for
 * idempotent requests only, response size limits enforced while streaming, and transparent,
 * size-limited gzip decompression.
 *
 * It returns every HTTP status as a response; what a status means is the families' business.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { HttpSettings } from './config';
import { ServiceError } from './errors';
import { ConcurrencyLimiter } from './limiter';
import { onAbort } from './abortListeners';
import { maskInPlace, Redactor, redactUrl } from './redact';
import { yieldingLoop } from './yielding';

const gunzipAsync = promisify(gunzip);

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  /** The request's body; undefined (as a GET's spec passes it on) sends none. */
  body?: string | undefined;
  /** Aborting it aborts the socket; the call then fails with kind `cancelled`. The caller's, passed on (undefined: none). */
  signal?: AbortSignal | undefined;
  /** Words for messages, e.g. "the hub's route expansion". */
  what: string;
  /** The client's secrets: blanked out of the answer's body and headers before anyone reads them. */
  redactor?: Redactor;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
  /** The request URL, redacted, for messages. */
  url: string;
  /** The request's redactor: every message quoting this answer goes through its `text`. */
  redactor: Redactor;
}

/** Statuses worth a second attempt of an idempotent request. */
function retryableStatus(status: number): boolean {
  return status === 500 || status === 502 || status === 503 || status === 504;
}

export function createDispatcher(settings: HttpSettings): Dispatcher {
  const connections = Math.max(1, settings.maxConcurrency);
  const env = process.env;
  const envProxy = env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy;
  const tls = { rejectUnauthorized: settings.proxyStrictSSL };
  if (settings.proxy || envProxy) {
    // EnvHttpProxyAgent honours NO_PROXY; an explicit `http.proxy` wins over the environment.
    return new EnvHttpProxyAgent({
      connections,
      // Without an explicit proxy the agent reads the environment's.
      ...(settings.proxy ? { httpProxy: settings.proxy, httpsProxy: settings.proxy } : {}),
      ...(settings.noProxy !== undefined && { noProxy: settings.noProxy }),
      requestTls: tls,
      proxyTls: tls,
    });
  }
  return new Agent({ connections, connect: tls });
}

export class HttpTransport {
  private readonly dispatcher: Dispatcher;
  private readonly limiter: ConcurrencyLimiter;
  private closed = false;

  constructor(
    private readonly settings: HttpSettings,
    dispatcher?: Dispatcher,
  ) {
    this.dispatcher = dispatcher ?? createDispatcher(settings);
    this.limiter = new ConcurrencyLimiter(settings.maxConcurrency);
  }

  get limits(): { inFlight: number; queued: number } {
    return { inFlight: this.limiter.inFlight, queued: this.limiter.queued };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.dispatcher.close();
  }

  /** Sends the request; GETs are retried on transient failures, POSTs never. */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const shown = redactUrl(req.url);
    if (req.signal?.aborted) throw cancelled(req.what, shown);
    let release: () => void;
    try {
      release = await this.limiter.acquire(req.signal);
    } catch {
      throw cancelled(req.what, shown);
    }
    try {
      const attempts = req.method === 'GET' ? 1 + Math.max(0, this.settings.retries) : 1;
      for (let attempt = 1; ; attempt++) {
        let response: HttpResponse | undefined;
        try {
          response = await this.once(req, shown);
        } catch (err) {
          if (attempt >= attempts || !(err instanceof ServiceError) || !err.transient) throw err;
        }
        if (response && (attempt >= attempts || !retryableStatus(response.status))) return response;
        await this.backoff(attempt, req, shown);
      }
    } finally {
      release();
    }
  }

  private async backoff(attempt: number, req: HttpRequest, shown: string): Promise<void> {
    const base = this.settings.retryBaseDelayMs * 2 ** (attempt - 1);
    const delay = Math.min(10_000, base * (0.5 + Math.random()));
    await new Promise<void>((resolve, reject) => {
      const stopListening = onAbort(req.signal, () => {
        clearTimeout(timer);
        reject(cancelled(req.what, shown));
      });
      const timer = setTimeout(() => {
        stopListening();
        resolve();
      }, delay);
    });
  }

  private async once(req: HttpRequest, shown: string): Promise<HttpResponse> {
    // An abort while waiting for a slot or a retry fired before the listener below exists.
    if (req.signal?.aborted) throw cancelled(req.what, shown);
    const limit = this.settings.maxResponseBytes;
    const redactor = req.redactor ?? NO_SECRETS;
    const timeoutMs = this.settings.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('deadline'));
    }, timeoutMs);
    const stopListening = onAbort(req.signal, () => controller.abort(new Error('cancelled')));
    const failure = (err: unknown): ServiceError => {
      if (err instanceof ServiceError) return err;
      if (req.signal?.aborted) return cancelled(req.what, shown);
      const code = (err as { code?: string }).code ?? '';
      if (
        timedOut ||
        code === 'UND_ERR_HEADERS_TIMEOUT' ||
        code === 'UND_ERR_BODY_TIMEOUT' ||
        code === 'UND_ERR_CONNECT_TIMEOUT'
      ) {
        return new ServiceError(
          'timeout',
          `${capital(req.what)} gave no complete answer within ${timeoutMs} ms ` +
            `(${req.url.host}). Check the network, or raise the timeout setting if the ` +
            `service is just slow.`,
          { url: shown },
        );
      }
      return new ServiceError(
        'network',
        `Cannot reach ${req.url.host} for ${req.what}${code ? ` (${code})` : ''}. Check ` +
          `the network connection, the proxy (http.proxy) and the base URL setting.`,
        { url: shown, cause: err },
      );
    };
    try {
      const res = await request(req.url, {
        method: req.method,
        headers: { 'user-agent': this.settings.userAgent, ...req.headers },
        ...(req.body !== undefined && { body: req.body }),
        dispatcher: this.dispatcher,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const headers = flattenHeaders(res.headers, redactor);
      const tooLarge = (): ServiceError =>
        new ServiceError(
          'responseTooLarge',
          `${capital(req.what)} answered more than ${limit} bytes; the answer was refused. ` +
            `Raise the response size limit setting if such answers are expected.`,
          { url: shown, status: res.statusCode },
        );
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) {
        res.body.destroy();
        throw tooLarge();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          res.body.destroy();
          throw tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
      let body = await joined(chunks, size, req.signal);
      const encoding = (headers['content-encoding'] ?? '').trim().toLowerCase();
      if (encoding === 'gzip' || encoding === 'x-gzip') {
        try {
          body = await gunzipAsync(body, { maxOutputLength: limit });
        } catch (err) {
          if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
          throw new ServiceError(
            'malformedResponse',
            `${capital(req.what)} sent a gzip body that does not decompress. Try again; if it persists, the service or a proxy is broken.`,
            {
              url: shown,
              status: res.statusCode,
            },
          );
        }
      } else if (encoding && encoding !== 'identity') {
        throw new ServiceError(
          'malformedResponse',
          `${capital(req.what)} used the content encoding ` +
            `"${redactor.text(encoding).slice(0, 60)}", which this client does not ask for ` +
            `nor read.`,
          {
            url: shown,
            status: res.statusCode,
          },
        );
      }
      const finding = redactor.bodySpans(body);
      let spans: [number, number][] = [];
      await yieldingLoop(() => {
        const step = finding.next();
        if (step.done) spans = step.value;
        return !step.done;
      }, req.signal);
      return {
        status: res.statusCode,
        headers,
        contentType: (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
        // The body is this call's own copy (joined or decompressed): masked where it lies.
        body: maskInPlace(body, spans),
        url: shown,
        redactor,
      };
    } catch (err) {
      throw failure(err);
    } finally {
      clearTimeout(timer);
      stopListening();
    }
  }
}

/** Bytes of an answer copied into one buffer per turn of the event loop. */
const JOIN_STEP = 1024 * 1024;

/**
 * The chunks as one buffer of the call's own, copied a step at a time: first writes to fresh
 * memory are slow on a loaded machine (Buffer.concat of 30 MB held the event loop 0.4 s).
 */
async function joined(chunks: Buffer[], size: number, signal?: AbortSignal): Promise<Buffer> {
  if (size <= JOIN_STEP) return Buffer.concat(chunks, size);
  const body = Buffer.allocUnsafe(size);
  let at = 0;
  let next = 0;
  await yieldingLoop(() => {
    const until = at + JOIN_STEP;
    while (next < chunks.length && at < until) at += chunks[next++]!.copy(body, at);
    return next < chunks.length;
  }, signal);
  chunks.length = 0;
  return body;
}

function cancelled(what: string, url: string): ServiceError {
  return new ServiceError('cancelled', `${capital(what)} was cancelled.`, { url });
}

const NO_SECRETS = new Redactor();

function flattenHeaders(
  raw: Record<string, string | string[] | undefined>,
  redactor: Redactor,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = redactor.value(Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
