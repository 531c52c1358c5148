/**
 * Debounced diagnostics, one timer per document: each change restarts the document's timer and
 * only the latest version is parsed and published when it fires. The first publication of a
 * document (on open) does not wait.
 */
export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly published = new Set<string>();

  constructor(
    private readonly delayMs: () => number,
    private readonly publish: (uri: string) => void,
  ) {}

  schedule(uri: string): void {
    this.cancel(uri);
    const delay = this.published.has(uri) ? this.delayMs() : 0;
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      this.published.add(uri);
      this.publish(uri);
    }, delay);
    this.timers.set(uri, timer);
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  forget(uri: string): void {
    this.cancel(uri);
    this.published.delete(uri);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
