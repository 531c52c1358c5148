/**
 * Completion of SIDs and STARs from the aerodromes' procedures (CIFP, read by the session): after
 * the first speed/level group, the SIDs of the departure aerodrome, those whose end (or one of
 * whose en-route transitions' ends) lies most directly towards the destination first; after the
 * last point written before the destination, the STARs of the destination that begin there.
 * Pure: the procedures come in as data; nothing is offered until they have been read.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { inverse, type GeoPoint } from '../geo/geodesy';
import type { NavDatabase } from '../navdata/loader';
import type { CifpLookup } from '../navdata/cifpFiles';
import type { CifpProcedure } from '../navdata/cifp';
import { connections, resolveProcedureFix } from '../expansion/procedures';
import type { Range } from '../route/model';
import { formatNm, formatTrack } from './routeLegs';
import { progressTowards } from './towardsDestination';

export type ProcedureLookup = (icao: string) => CifpLookup | undefined;

const MAX_ITEMS = 60;

function runwaysOf(procedure: CifpProcedure): string {
  const runways = [
    ...new Set(procedure.routes.filter((r) => r.transition.startsWith('RW')).map((r) => r.transition.slice(2))),
  ];
  return runways.length > 0 ? `runways ${runways.join(', ')}` : 'all runways';
}

/** Where a point of a procedure is: the fix of that ident nearest the aerodrome. */
function placeOf(db: NavDatabase, ident: string, near: GeoPoint): GeoPoint | undefined {
  const index = resolveProcedureFix(db, { ident, region: '', section: '', subsection: '' }, near);
  return index === undefined ? undefined : db.at(index);
}

/** The SIDs of `origin`, towards `destination` first (alphabetical without one). */
export function sidItems(
  db: NavDatabase,
  lookup: ProcedureLookup,
  origin: string,
  destination: string | undefined,
  replace: Range,
): CompletionItem[] {
  const found = lookup(origin);
  const at = db.aerodrome(origin);
  if (found?.state !== 'found' || at === undefined) return [];
  const from = db.at(at);
  const to = destination !== undefined ? db.aerodrome(destination) : undefined;
  const goal = to === undefined ? undefined : db.at(to);
  const ranked = [...found.procedures.sids.values()].map((sid) => {
    const ends = connections(sid)
      .map((ident) => ({ ident, place: placeOf(db, ident, from) }))
      .filter((e): e is { ident: string; place: GeoPoint } => e.place !== undefined)
      .map((e) => ({ ...e, efficiency: goal ? progressTowards(from, e.place, goal).efficiency : 0 }))
      .sort((a, b) => b.efficiency - a.efficiency);
    return { sid, best: ends[0], ends };
  });
  ranked.sort(
    (a, b) => (b.best?.efficiency ?? -2) - (a.best?.efficiency ?? -2) || a.sid.name.localeCompare(b.sid.name),
  );
  return ranked.slice(0, MAX_ITEMS).map(({ sid, best, ends }, k) => {
    const leg = best ? inverse(from, best.place) : undefined;
    const where =
      best && leg
        ? ` · ends at ${ends.map((e) => e.ident).join(' / ')} (${best.ident} ${formatNm(leg.distanceNm)}, track ${formatTrack(leg.trackDeg)})`
        : '';
    return {
      label: sid.name,
      kind: CompletionItemKind.Event,
      detail: `SID of ${origin}${where} · ${runwaysOf(sid)}`,
      sortText: `0${String(k).padStart(4, '0')}`,
      textEdit: { range: replace, newText: sid.name },
    };
  });
}

/** The STARs of `destination` that begin at `point`. */
export function starItems(
  lookup: ProcedureLookup,
  destination: string,
  point: string,
  replace: Range,
): CompletionItem[] {
  const found = lookup(destination);
  if (found?.state !== 'found') return [];
  return [...found.procedures.stars.values()]
    .filter((star) => connections(star).includes(point))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, MAX_ITEMS)
    .map((star, k) => ({
      label: star.name,
      kind: CompletionItemKind.Event,
      detail: `STAR of ${destination} from ${point} · ${runwaysOf(star)}`,
      sortText: `0${String(k).padStart(4, '0')}`,
      textEdit: { range: replace, newText: star.name },
    }));
}
