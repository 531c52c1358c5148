/** The optional usage limit: calls per credential in a fixed real-time window. */
import type { SimSettings } from './context';

export class UsageCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly settings: SimSettings) {}

  /** Counts a call; returns the seconds left in the window when the call is over the limit. */
  overLimit(credential: string): number | undefined {
    const limit = this.settings.usageLimit;
    if (!limit) return undefined;
    const now = Date.now();
    const windowMs = limit.windowSeconds * 1000;
    let entry = this.windows.get(credential);
    if (!entry || now - entry.start >= windowMs) {
      entry = { start: now, count: 0 };
      this.windows.set(credential, entry);
    }
    entry.count += 1;
    return entry.count > limit.requests ? Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000)) : undefined;
  }

  clear(): void {
    this.windows.clear();
  }
}
