/**
 * Which NOTAMs are current: a NOTAMR replaces the NOTAM it names and a NOTAMC cancels it (ICAO
 * Doc 8126: "NOTAMR … replacing a previous NOTAM", "NOTAMC … cancelling a previous NOTAM"), and
 * the hub may instead link the older NOTAM to the one that superseded it, or mark it cancelled.
 * The replaced one is not shown beside its replacement, and a NOTAMC (no area of its own) is not
 * shown at all. References are designations ("A1234/26"), meant in the office that issued the
 * NOTAMR or NOTAMC, or UUIDs. Pure.
 */
import type { Notam } from '../hub/notams';
import { countryOfIcao } from './countries';

/**
 * The office that numbered it, as its country by the ICAO nationality letters of its FIR or
 * location: NOTAM numbers are per issuing office, so Germany's B2795/26 is not Belgium's.
 */
function issuerOf(n: Notam): string {
  const place = (n.affectedFIR ?? n.location ?? n.affectedAerodrome ?? '').trim().toUpperCase();
  return countryOfIcao(place) ?? place.slice(0, 2);
}

const DESIGNATION = /^[A-Z]\d{4}\/\d{2}$/i;

/** A reference as a key: a designation with the issuer it is meant in, a UUID as it is. */
function keyOf(ref: string, issuer: string): string {
  const key = normal(ref);
  return DESIGNATION.test(key) ? `${key}@${issuer}` : key;
}

/** The NOTAM's identity: its designation with its issuer, else its id, else its text. */
export function notamIdentity(n: Notam): string {
  if (n.designation) return keyOf(n.designation, issuerOf(n));
  return n.id ? normal(n.id) : (n.text ?? '');
}

function keysOf(n: Notam): string[] {
  return [n.designation, n.id].filter((k): k is string => !!k).map((k) => keyOf(k, issuerOf(n)));
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
    // A NOTAMR or NOTAMC names a NOTAM of its own office.
    for (const ref of notam.replaces ?? [])
      gone.set(keyOf(ref, issuerOf(notam)), kind === 'C' ? 'cancelled' : 'replaced');
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
