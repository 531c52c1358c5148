/**
 * The corridor, level and time filters the user chose on the map page. The settings
 * (icaoRoute.map.*) give every filter the user has not touched, so the host asks the server only
 * for what was chosen: a page that posted its defaults would otherwise hide a setting. The page
 * names what the user changed; nothing here is guessed from the view on screen, which may be
 * older than the page's last change. Pure, so it is unit-tested without VS Code.
 */
import {
  JUDGING_FILTERS,
  type JudgingFilter,
  type MapFilters,
  type MapViewParams,
} from '../../../common/protocol/mapMessages';
import { readJudgingFilters } from './mapMessageValidation';

export type ChosenFilters = NonNullable<MapViewParams['filters']>;

/**
 * What the page's filters message changes: the filters now chosen (the earlier choices, plus
 * those the user just changed, at the page's values), and whether the verdicts move. A layer
 * switch changes none.
 */
export function chooseFilters(
  chosen: ChosenFilters,
  posted: MapFilters,
  changed: readonly JudgingFilter[],
): { chosen: ChosenFilters; judgementChanged: boolean } {
  const next: ChosenFilters = { ...chosen };
  for (const key of changed) (next as Record<string, unknown>)[key] = structuredClone(posted[key]);
  return { chosen: next, judgementChanged: changed.length > 0 };
}

/**
 * The filters of a saved page state that the user had chosen (`keys`), so that after a reload the
 * map judges as it did before; the settings still give the others.
 */
export function chosenFromState(saved: MapFilters | undefined, keys: readonly JudgingFilter[]): ChosenFilters {
  if (!saved) return {};
  const chosen: ChosenFilters = {};
  for (const key of keys) (chosen as Record<string, unknown>)[key] = structuredClone(saved[key]);
  return chosen;
}

/** The saved state's list of chosen filters, read without trusting it (`true`: an earlier version's "all"). */
export function chosenKeysOfState(value: unknown): JudgingFilter[] {
  if (value === true) return [...JUDGING_FILTERS];
  return readJudgingFilters(value) ?? [];
}
