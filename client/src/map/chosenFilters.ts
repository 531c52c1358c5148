/**
 * The corridor, level and time filters the user chose on the map page. The settings
 * (icaoRoute.map.*) give every filter the user has not touched, so the host asks the server only
 * for what was chosen: a page that posted its defaults would otherwise hide a setting. Pure, so
 * it is unit-tested without VS Code.
 */
import type { MapFilters, MapViewParams } from '../../../server/src/protocol/mapMessages';

export type ChosenFilters = NonNullable<MapViewParams['filters']>;

const JUDGING = ['corridorNm', 'aerodromeCorridorNm', 'levels', 'timeMarginMin'] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What the page's filters message changes: the filters now chosen (the earlier choices, plus
 * every judging filter that differs from the view on screen), and whether the verdicts move.
 * Layer switches are the page's own business and never count. Without a view on screen every
 * judging filter the page sent counts as chosen.
 */
export function chooseFilters(
  chosen: ChosenFilters,
  posted: MapFilters,
  shown: MapFilters | undefined,
): { chosen: ChosenFilters; judgementChanged: boolean } {
  const next: ChosenFilters = { ...chosen };
  let judgementChanged = false;
  for (const key of JUDGING) {
    if (shown && same(posted[key], shown[key])) continue;
    (next as Record<string, unknown>)[key] = structuredClone(posted[key]);
    judgementChanged = true;
  }
  return { chosen: next, judgementChanged };
}

/**
 * The judging filters of a saved page state where the user had chosen filters: after a reload
 * the map judges as it did before.
 */
export function chosenFromState(saved: MapFilters | undefined): ChosenFilters {
  if (!saved) return {};
  const chosen: ChosenFilters = {};
  for (const key of JUDGING) (chosen as Record<string, unknown>)[key] = structuredClone(saved[key]);
  return chosen;
}
