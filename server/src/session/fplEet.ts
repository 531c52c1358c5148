/**
 * The `EET/` an FPL message should carry: the FIRs its expanded route crosses (the map's own
 * crossing computation, flight/firs.ts, on the FIRs of the hub's navigation and the boundaries
 * file), each timed from take-off in still air (flight/eet.ts), and the edit that writes it
 * (flight/fplTimes.ts eetEdit). For the command "Insert EET/ for the FIR boundaries".
 */
import type { MapAreas } from '../map/areas';
import { RouteCorridor } from '../flight/corridor';
import { firsCrossed } from '../flight/firs';
import { routeLayer } from '../map/routePoints';
import { firEetPlan, planNotes, type FirEet } from '../flight/eet';
import { eetEdit } from '../flight/fplTimes';
import { flightProfile } from '../flight/profile';
import type { ExpansionResult, Range, RouteBlock } from '../route/model';

export type FplEetAnswer = { range: Range; newText: string; summary: string } | { error: string };

/** Where the boundaries of the FIRs entered come from, in words, once each. */
function boundarySummary(eets: readonly FirEet[]): string {
  return [...new Set(eets.map((e) => e.boundary))].join('; ');
}

export async function fplEet(
  areas: Pick<MapAreas, 'forBlock'>,
  block: RouteBlock,
  expansion: ExpansionResult | undefined,
  signal?: AbortSignal,
): Promise<FplEetAnswer> {
  if (!block.fpl) return { error: 'Put the cursor in an FPL message: EET/ is an item of its field 18.' };
  if (!block.fpl.fields.some((f) => f.number === 18))
    return { error: 'The FPL message has no field 18 to write EET/ into.' };
  if (!expansion || expansion.points.length < 2)
    return { error: 'The route is not expanded yet (a hub key or navigation data is needed): no FIR crossings.' };
  const { data } = await areas.forBlock(block, expansion, signal);
  if ((data.knownFirs ?? []).length === 0)
    return {
      error:
        "No FIR boundaries are known: they come from the hub's navigation (set a hub key), with the boundaries file " +
        '(icaoRoute.map.firBoundariesFile) where it gives none, or from that file alone without a hub.',
    };
  const resolved = routeLayer(block, expansion)
    .points.filter((p) => p.position)
    .map((p) => ({ lon: p.position![0], lat: p.position![1] }));
  const crossed = firsCrossed(new RouteCorridor(resolved), data.firs);
  const profile = flightProfile(block.elements, expansion.points, 0);
  const plan = firEetPlan(crossed, profile);
  if (!plan) return { error: 'The route gives no speed: no elapsed times can be estimated.' };
  const notes = planNotes(plan, profile);
  const known = new Set((data.knownFirs ?? []).map((f) => f.designator));
  const edit = eetEdit(block, plan.eets, (designator) => known.has(designator));
  if (!edit)
    return {
      error: `The route enters no FIR after take-off: there is no EET/ to write${notes ? ` (${notes})` : ''}.`,
    };
  return {
    ...edit,
    summary:
      `${edit.newText.trim()}: times from take-off in still air (the wind is not known) at the speeds of field 15; ` +
      `boundaries: ${boundarySummary(plan.eets)}${notes ? `; ${notes}` : ''}.`,
  };
}
