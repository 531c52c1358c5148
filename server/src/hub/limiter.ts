/** A counting semaphore: at most `limit` holders; waiters leave the queue when their signal aborts. */
import { onAbort } from './abortListeners';

export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: { grant: () => void; reject: (reason: unknown) => void }[] = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) this.limit = 1;
  }

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw signal.reason;
    if (this.active < this.limit) {
      this.active++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          stopListening();
          resolve();
        },
        reject,
      };
      const stopListening = onAbort(signal, () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      });
      this.waiting.push(waiter);
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (next) next.grant();
      else this.active--;
    };
  }
}
