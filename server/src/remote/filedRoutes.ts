/**
 * Routes others filed for a city pair: the filed route texts of the hub's flights, grouped by
 * identical route. Pure: the session fetches the flights (session/filedRouteLookup.ts).
 *
 * Two filings are the same route when they differ only in blanks, letter case and the speed/level
 * groups (the initial `N0450F350` and the `/N0450F350` changes after a point): the same path
 * flown at another level or speed is still the same route for whoever writes the plan.
 */

/** One flight as the grouping needs it (a FlightSummary of the hub, with its route text if known). */
export interface FiledFlight {
  callsign?: string;
  routeText?: string;
  /** Estimated off-block time as the service wrote it (ISO date-time or HHMM), when known. */
  eobt?: string;
}

export interface FiledRouteGroup {
  /** The route without speed/level groups, upper case, single blanks: the group's identity. */
  route: string;
  /** How many flights filed it. */
  count: number;
  /** The route text as the latest flight filed it (with its speed/level group). */
  latestText: string;
  latestCallsign?: string;
  latestEobt?: string;
  /** The cruising level of the latest filing (`F350`, `S1130`, `A045`, `M0840`…), from its first group. */
  latestLevel?: string;
  /** Length of the latest filing in NM, by the navigation data when loaded and every element resolved. */
  lengthNm?: number;
}

/** The initial speed/level group: N0450F350, K0830S1130, M082F350, N0120VFR. */
const SPEED_LEVEL = /^(?:N\d{4}|K\d{4}|M\d{3})(?:F\d{3}|S\d{4}|A\d{3}|M\d{4}|VFR)$/;
/** A speed/level change after a point: `LAM/N0450F350`. */
const CHANGE = /\/(?:N\d{4}|K\d{4}|M\d{3})(?:F\d{3}|S\d{4}|A\d{3}|M\d{4}|VFR)$/;

/** The route's elements, upper case, without speed/level groups. */
export function routeElements(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toUpperCase().split(/\s+/)) {
    if (!raw || SPEED_LEVEL.test(raw)) continue;
    out.push(raw.replace(CHANGE, ''));
  }
  return out;
}

/** The identity of a route text: its elements, single blanks. Empty when it holds nothing but levels. */
export function normaliseRoute(text: string): string {
  return routeElements(text).join(' ');
}

/** The level of the first speed/level group of the text (`F350`), if it has one. */
export function levelOfRoute(text: string): string | undefined {
  const first = text.trim().toUpperCase().split(/\s+/)[0] ?? '';
  if (!SPEED_LEVEL.test(first)) return undefined;
  return first.replace(/^(?:N\d{4}|K\d{4}|M\d{3})/, '');
}

/** The initial speed/level group of the text (`N0450F350`), upper case, if it has one. */
export function speedLevelOfRoute(text: string): string | undefined {
  const first = text.trim().toUpperCase().split(/\s+/)[0] ?? '';
  return SPEED_LEVEL.test(first) ? first : undefined;
}

/** The route text with `group` as its initial speed/level group (in place of its own, or before it). */
export function withSpeedLevel(text: string, group: string): string {
  const trimmed = text.trim();
  const first = trimmed.split(/\s+/)[0] ?? '';
  return SPEED_LEVEL.test(first.toUpperCase()) ? `${group}${trimmed.slice(first.length)}` : `${group} ${trimmed}`;
}

/** The changes of speed or level after a point (`KONAN/N0450F370`), upper case, in route order. */
function speedLevelChangesOf(text: string): string[] {
  return text
    .toUpperCase()
    .split(/\s+/)
    .filter((word) => CHANGE.test(word));
}

/** The changes of speed or level after a point that `written` drops (−) or adds (+) against `current`: `−KONAN/N0450F370 +LAM/N0450F390`. */
export function speedLevelChanges(current: string, written: string): string {
  const before = speedLevelChangesOf(current);
  const after = speedLevelChangesOf(written);
  return [
    ...before.filter((c) => !after.includes(c)).map((c) => `−${c}`),
    ...after.filter((c) => !before.includes(c)).map((c) => `+${c}`),
  ].join(' ');
}

/** Orders EOBTs (ISO or HHMM strings compare as text); a known time is later than none. */
function later(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined) return false;
  if (b === undefined) return true;
  return a > b;
}

/**
 * Groups the flights by identical route; flights without a route text are left out. Most filed
 * first, then by route text so the order is stable.
 */
export function groupFiledRoutes(flights: readonly FiledFlight[]): FiledRouteGroup[] {
  const groups = new Map<string, FiledRouteGroup>();
  for (const flight of flights) {
    const text = flight.routeText?.trim();
    if (!text) continue;
    const route = normaliseRoute(text);
    if (!route) continue;
    const group = groups.get(route);
    if (!group) {
      groups.set(route, describe(route, 1, text, flight));
      continue;
    }
    group.count++;
    if (later(flight.eobt, group.latestEobt)) Object.assign(group, describe(route, group.count, text, flight));
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

function describe(route: string, count: number, text: string, flight: FiledFlight): FiledRouteGroup {
  const group: FiledRouteGroup = { route, count, latestText: text.replace(/\s+/g, ' ') };
  if (flight.callsign) group.latestCallsign = flight.callsign;
  if (flight.eobt) group.latestEobt = flight.eobt;
  const level = levelOfRoute(text);
  if (level) group.latestLevel = level;
  return group;
}

/**
 * What differs between the current route and a filed one, element by element (speed/level groups
 * aside): `−UL9 +UN14` style, runs of removed and added elements in route order. Empty when
 * they are the same route.
 */
export function routeDifferences(current: string, filed: string): string {
  const a = routeElements(current);
  const b = routeElements(filed);
  // Longest common subsequence table, from the ends (routes are short: a few dozen elements).
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: string[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = (): void => {
    if (removed.length) parts.push(`−${removed.join(' ')}`);
    if (added.length) parts.push(`+${added.join(' ')}`);
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) removed.push(a[i++]!);
    else added.push(b[j++]!);
  }
  flush();
  return parts.join(' ');
}

/** One line for a pick or completion detail: count, latest call sign, EOBT and level. */
export function describeFiledRoute(group: FiledRouteGroup): string {
  const parts = [`filed by ${group.count} flight${group.count === 1 ? '' : 's'}`];
  const latest = [group.latestCallsign, group.latestEobt && `EOBT ${group.latestEobt}`, group.latestLevel]
    .filter(Boolean)
    .join(', ');
  if (latest) parts.push(`latest ${latest}`);
  if (group.lengthNm !== undefined) parts.push(`${Math.round(group.lengthNm)} NM`);
  return parts.join('; ');
}
