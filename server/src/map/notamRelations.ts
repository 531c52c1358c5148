/**
 * Which NOTAMs are current: a NOTAMR replaces the NOTAM it names and a NOTAMC cancels it (ICAO
 * Doc 8126: "NOTAMR … replacing a previous NOTAM", "NOTAMC … cancelling a previous NOTAM"), and
 * the hub may instead link the older NOTAM to the one that superseded it, or mark it cancelled.
 * The replaced one is not shown beside its replacement, and a NOTAMC (no area of its own) is not
 * shown at all. References are designations ("A1234/26") or UUIDs. Pure.
 */
import type { Notam } from '../hub/notams';

function keysOf(n: Notam): string[] {
  return [n.designation, n.id].filter((k): k is string => !!k).map((k) => k.toLowerCase().replace(/^urn:uuid:/, ''));
}

function normal(ref: string): string {
  return ref
    .trim()
    .toLowerCase()
    .replace(/^urn:uuid:/, '');
}

export function currentNotams<T extends { notam: Notam }>(
  list: readonly T[],
): { current: T[]; replaced: number; cancelled: number } {
  const gone = new Map<string, 'replaced' | 'cancelled'>();
  for (const { notam } of list) {
    const kind = (notam.type ?? '').toUpperCase().replace(/^NOTAM/, '');
    for (const ref of notam.replaces ?? []) gone.set(normal(ref), kind === 'C' ? 'cancelled' : 'replaced');
  }
  let replaced = 0;
  let cancelled = 0;
  const current = list.filter(({ notam }) => {
    const kind = (notam.type ?? '').toUpperCase().replace(/^NOTAM/, '');
    if (kind === 'C' || notam.cancelled) {
      cancelled++;
      return false;
    }
    // The hub links a superseded NOTAM to its successor: it is replaced even when the successor is elsewhere.
    const byLater = (notam.replacedBy ?? []).some((r) => r.trim() !== '');
    const verdict = keysOf(notam)
      .map((k) => gone.get(k))
      .find(Boolean);
    if (verdict === 'cancelled') {
      cancelled++;
      return false;
    }
    if (verdict === 'replaced' || byLater) {
      replaced++;
      return false;
    }
    return true;
  });
  return { current, replaced, cancelled };
}
