/**
 * One 'abort' listener per signal, whatever the number of calls waiting on it. A map view passes
 * one signal to every hub call it makes (FIRs, airspaces, NOTAMs, their retries); each call
 * adding its own listener went past Node's limit of ten and printed a
 * MaxListenersExceededWarning. Here each signal gets one listener, which calls the current
 * callbacks.
 */
const callbacks = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `callback` once when `signal` aborts; the returned function stops that (call it when done). */
export function onAbort(signal: AbortSignal | undefined, callback: () => void): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    // Its 'abort' event is over: call back at once (after the caller has set up).
    queueMicrotask(callback);
    return () => {};
  }
  let set = callbacks.get(signal);
  if (!set) {
    const own = new Set<() => void>();
    set = own;
    callbacks.set(signal, own);
    signal.addEventListener(
      'abort',
      () => {
        callbacks.delete(signal);
        for (const each of [...own]) each();
      },
      { once: true },
    );
  }
  const entry = () => callback();
  set.add(entry);
  const current = set;
  return () => {
    current.delete(entry);
  };
}
