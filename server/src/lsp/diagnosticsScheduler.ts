/**
 * Debounced diagnostics, one timer per document: each change restarts the document's timer and
 * only the latest version is parsed and published when it fires. The first publication of a
 * document (on open) does not wait.
 *
 * The wait is never shorter than the document's last publication after the open took (the open
 * reads the whole text, an edit only what it touched): with `debounceMs: 0` and
 * a large document, a burst of edits would otherwise run one full publication per version (the
 * timer fires between two queued messages), a backlog of minutes. Waiting as long as the work
 * takes lets the queued edits arrive first, so only the newest version is worked on, and at most
 * half the time goes to diagnostics while the user types.
 */
export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly published = new Set<string>();
  /** How long the last publication of each document took (ms). */
  private readonly cost = new Map<string, number>();

  constructor(
    private readonly delayMs: () => number,
    private readonly publish: (uri: string) => void,
    /** Milliseconds, for the cost of a publication (tests give their own). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  schedule(uri: string): void {
    this.cancel(uri);
    const delay = this.published.has(uri) ? Math.max(this.delayMs(), this.cost.get(uri) ?? 0) : 0;
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      const first = !this.published.has(uri);
      this.published.add(uri);
      const started = this.now();
      try {
        this.publish(uri);
      } finally {
        // Not the open's: it parsed the whole text, which no edit after it does (a keystroke
        // typed as soon as a 20 MB file's diagnostics came waited as long as the open took).
        if (!first) this.cost.set(uri, this.now() - started);
      }
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
    this.cost.delete(uri);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
