/**
 * Which areas make a conflict when the flight passes through them active at its level: the
 * restricted, danger, prohibited and temporary reserved or segregated areas, and the NOTAMs
 * that restrict airspace (Q-code second letter R). The controlled and information areas every
 * flight crosses (CTR, TMA, FIR…) never do. Pure.
 */

/** Airspace types (the hub's `type`) that make a conflict, in words. */
export const AREA_WORDS: Record<string, string> = {
  R: 'restricted area',
  D: 'danger area',
  P: 'prohibited area',
  TRA: 'temporary reserved area',
  TSA: 'temporary segregated area',
  RESTRICTED: 'restricted area',
  DANGER: 'danger area',
  PROHIBITED: 'prohibited area',
};

/** Q-codes of airspace restrictions: second letter R (QRRCA restricted area active, QRDCA, QRPCA, QRTCA…). */
export const RESTRICTION_QCODE = /^QR[A-Z]{3}$/i;

/** Whether an airspace (by type) or a NOTAM (by Q-code) is of a kind that makes a conflict. */
export function isConflictKind(kind: 'airspace' | 'notam', type: string): boolean {
  return kind === 'airspace' ? AREA_WORDS[type.trim().toUpperCase()] !== undefined : RESTRICTION_QCODE.test(type);
}
