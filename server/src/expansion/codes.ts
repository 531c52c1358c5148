/**
 * Findings of route expansion against navigation data, in their own `X` series so they never
 * clash with the parser's codes. Messages say what is wrong and what to do.
 */
import type { Severity } from '../route/model';

export const EXPANSION_CODES = {
  X001: { severity: 'warning', title: 'Point not in the navigation data' },
  X002: { severity: 'warning', title: 'Airway does not pass the entry or exit point' },
  X003: { severity: 'warning', title: 'Consecutive airways do not meet' },
  X004: { severity: 'warning', title: 'Point far from the previous point' },
  X005: { severity: 'warning', title: 'Ambiguous first point: no candidate selected' },
  X006: { severity: 'warning', title: 'Airway not in the navigation data' },
  X007: { severity: 'warning', title: 'No way along the airway between entry and exit' },
  X008: { severity: 'warning', title: 'Aerodrome not in the navigation data' },
  X009: { severity: 'error', title: 'referenceFix cannot be used' },
  X010: { severity: 'information', title: 'Oceanic track not expanded' },
  X011: { severity: 'information', title: 'Ambiguous first point: the namesake nearest the departure is taken' },
} as const satisfies Record<string, { severity: Severity; title: string }>;

export type ExpansionCode = keyof typeof EXPANSION_CODES;

/** Beyond this distance from the previous point a point is probably the wrong namesake. */
export const FAR_POINT_NM = 1000;
