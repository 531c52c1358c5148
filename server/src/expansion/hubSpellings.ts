/**
 * The hub says only that it left a point out (H002) or does not know it (H001); with navigation
 * data set too, the offline engine's finding on the same word names the points one edit away on
 * the airway or near the route (X001/X002 `replacements`). Those names are carried to the hub's
 * finding, in its words and its data, so the misspelt-point quick fix is offered whatever the
 * expansion source.
 */
import type { RouteDiagnostic } from '../route/model';

const HUB_UNPLACED = new Set(['H001', 'H002']);
const OFFLINE_SPELLING = new Set(['X001', 'X002']);
const NAME = /^[A-Z0-9]{1,7}$/;

interface Spellings {
  replacements: string[];
  near?: 'route';
}

function spellingsOf(finding: RouteDiagnostic): Spellings | undefined {
  const data = finding.data as { replacements?: unknown; near?: unknown } | undefined;
  if (!Array.isArray(data?.replacements)) return undefined;
  const replacements = data.replacements.filter((n): n is string => typeof n === 'string' && NAME.test(n));
  if (replacements.length === 0) return undefined;
  return data.near === 'route' ? { replacements, near: 'route' } : { replacements };
}

export function withOfflineSpellings(
  hub: readonly RouteDiagnostic[],
  offline: readonly RouteDiagnostic[],
): RouteDiagnostic[] {
  const at = (f: RouteDiagnostic) => `${f.range.start.line}:${f.range.start.character}`;
  const spellings = new Map<string, Spellings>();
  for (const f of offline) {
    const found = OFFLINE_SPELLING.has(f.code) ? spellingsOf(f) : undefined;
    if (found && !spellings.has(at(f))) spellings.set(at(f), found);
  }
  return hub.map((f) => {
    const found = HUB_UNPLACED.has(f.code) ? spellings.get(at(f)) : undefined;
    if (!found) return f;
    const names = found.replacements.join(' or ');
    const where = found.near ? 'near the route' : 'on the airway';
    return {
      ...f,
      message: `${f.message} The navigation data has ${names} ${where}, one typing slip away: the quick fix writes it.`,
      data: { ...(f.data as object | undefined), ...found },
    };
  });
}
