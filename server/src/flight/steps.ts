/**
 * Long map work as steps: a generator that yields every so many items, run either at once (tests,
 * the checker) or a chunk per turn of the event loop with a cancellation signal (the language
 * server: 80,000 airspaces must not keep a hover waiting, and a newer version stops the old run).
 */

/** Items between two yields: a chunk costs a few milliseconds at most. */
export const ITEMS_PER_STEP = 100;

export type Steps<T> = Generator<void, T, void>;

/** Runs the steps to the end, without yielding. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Raised when the signal aborts between two steps. */
export class StepsCancelled extends Error {
  constructor() {
    super('The map work was cancelled.');
    this.name = 'StepsCancelled';
  }
}

/** Runs one chunk per turn of the event loop; rejects with StepsCancelled once `signal` aborts. */
export async function runYielding<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    if (signal?.aborted) {
      steps.return(undefined as T);
      throw new StepsCancelled();
    }
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
