/**
 * Memory cache with per-entry lifetimes, and sharing of identical requests in flight: callers
 * asking for the same key while a load runs wait for that one load. Each caller keeps its own
 * cancellation; the load itself is aborted only when every waiting caller has given up.
 */
import { onAbort } from './abortListeners';
import { ServiceError } from './errors';

interface Stored<T> {
  value: T;
  expires: number;
}

interface InFlight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

export class SharedCache {
  private readonly stored = new Map<string, Stored<unknown>>();
  private readonly inFlight = new Map<string, InFlight<unknown>>();

  constructor(
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** Number of loads currently running (for tests and the status bar). */
  get loading(): number {
    return this.inFlight.size;
  }

  clear(): void {
    this.stored.clear();
  }

  /** `ttlMs` may depend on the value (e.g. nothing kept for data served stale). */
  async get<T>(
    key: string,
    ttlMs: number | ((value: T) => number),
    signal: AbortSignal | undefined,
    load: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const hit = this.stored.get(key);
    if (hit && hit.expires > this.now()) return hit.value as T;
    if (hit) this.stored.delete(key);
    let flight = this.inFlight.get(key) as InFlight<T> | undefined;
    if (!flight) {
      const controller = new AbortController();
      const promise = load(controller.signal).then((value) => {
        const ttl = typeof ttlMs === 'function' ? ttlMs(value) : ttlMs;
        if (ttl > 0) this.store(key, value, ttl);
        return value;
      });
      const entry: InFlight<T> = { promise, controller, waiters: 0 };
      flight = entry;
      this.inFlight.set(key, entry);
      // Settled either way, the next caller starts afresh.
      promise.then(
        () => this.inFlight.get(key) === entry && this.inFlight.delete(key),
        () => this.inFlight.get(key) === entry && this.inFlight.delete(key),
      );
    }
    return this.wait(key, flight, signal);
  }

  private wait<T>(key: string, flight: InFlight<T>, signal: AbortSignal | undefined): Promise<T> {
    if (signal?.aborted) return Promise.reject(new ServiceError('cancelled', 'The request was cancelled.'));
    flight.waiters++;
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const abandon = (): void => {
        if (done) return;
        done = true;
        flight.waiters--;
        if (flight.waiters === 0) {
          // Abandoned: the next caller starts a load of its own instead of joining this cancelled one.
          if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
          flight.controller.abort();
        }
        reject(new ServiceError('cancelled', 'The request was cancelled.'));
      };
      const stopListening = onAbort(signal, abandon);
      flight.promise.then(
        (value) => {
          if (done) return;
          done = true;
          flight.waiters--;
          stopListening();
          resolve(value);
        },
        (err: unknown) => {
          if (done) return;
          done = true;
          flight.waiters--;
          stopListening();
          reject(err);
        },
      );
    });
  }

  private store(key: string, value: unknown, ttlMs: number): void {
    this.stored.delete(key);
    this.stored.set(key, { value, expires: this.now() + ttlMs });
    while (this.stored.size > this.maxEntries) {
      const oldest = this.stored.keys().next().value as string;
      this.stored.delete(oldest);
    }
  }
}
