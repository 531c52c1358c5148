/**
 * What the geometry of an expanded route shows, checked on the hub's points: the hub answers
 * points and no complaint, so a 723 NM jump to the wrong KONAM, or an airway joined at a point it
 * does not pass, went unreported with a hub key. Two checks:
 * - a far jump (X004): a leg of the hub's expansion longer than FAR_POINT_NM that no airway
 *   explains (the hub gave no points in between), from the points alone;
 * - a point off the airway (X002): the point written before or after an airway is not on that
 *   airway in the navigation data, when a folder is set too.
 * With navigation data the offline engine's own geometry findings are added, and each finding
 * says which source found it (`mergeGeometryFindings`).
 */
import { distanceNm } from '../geo/geodesy';
import type { NavDatabase } from '../navdata/loader';
import {
  pointOf,
  type ExpandedPoint,
  type ExpansionResult,
  type RouteBlock,
  type RouteDiagnostic,
} from '../route/model';
import { DIAGNOSTIC_CODES } from '../route/codes';
import { FAR_POINT_NM } from './offlineExpansion';

/**
 * The offline findings about the shape of the route, which the hub's answer never carries; the
 * airway level bands and one-way segments (X012, X013) too: its answer has no segment limits.
 */
export const GEOMETRY_CODES: ReadonlySet<string> = new Set(['X002', 'X003', 'X004', 'X007', 'X012', 'X013']);

/** How far the hub's position of a point may lie from the navigation data's (different cycles). */
const SAME_POINT_NM = 5;

export const FOUND_ON_HUB = "Found on the hub's points.";
export const FOUND_BY_NAVDATA = 'Found by the navigation data (the hub reported nothing here).';
export const FOUND_BY_BOTH = "Found on the hub's points and by the navigation data.";

export function hubGeometryFindings(
  block: RouteBlock,
  result: ExpansionResult,
  db: NavDatabase | undefined,
): RouteDiagnostic[] {
  return [...farJumps(block, result.points), ...(db ? offAirway(block, result.points, db) : [])];
}

function finding(code: 'X002' | 'X004', range: RouteDiagnostic['range'], message: string): RouteDiagnostic {
  return { code, severity: DIAGNOSTIC_CODES[code].severity, message, range };
}

function farJumps(block: RouteBlock, points: readonly ExpandedPoint[]): RouteDiagnostic[] {
  const found: RouteDiagnostic[] = [];
  for (const [k, to] of points.entries()) {
    const from = points[k - 1];
    if (from === undefined) continue; // the first point: no leg ends at it
    // An interior point is the airway's own; an oceanic track crosses an ocean in one leg.
    if (to.via !== undefined) continue;
    if (block.elements.slice(Math.max(0, from.elementIndex), to.elementIndex).some((e) => e.kind === 'track')) continue;
    const leg = distanceNm(from, to);
    if (leg <= FAR_POINT_NM) continue;
    const element = to.elementIndex >= 0 ? block.elements[to.elementIndex] : undefined;
    const range =
      element?.range ??
      (k === points.length - 1 ? block.destination?.range : undefined) ??
      block.routeRange ??
      block.range;
    found.push(
      finding(
        'X004',
        range,
        `${to.designator} is ${Math.round(leg).toLocaleString('en-US')} NM from ${from.designator}, the point ` +
          `before it in the hub's expansion: check that the right ${to.designator} is meant, or add the points in between.`,
      ),
    );
  }
  return found;
}

function offAirway(block: RouteBlock, points: readonly ExpandedPoint[], db: NavDatabase): RouteDiagnostic[] {
  const found: RouteDiagnostic[] = [];
  block.elements.forEach((element, i) => {
    if (element.kind !== 'airway') return;
    const airway = db.airway(element.designator.toUpperCase());
    if (!airway) return;
    const onAirway = (p: ExpandedPoint) =>
      db.lookup(p.designator.toUpperCase()).some((n) => airway.has(n) && distanceNm(db.at(n), p) <= SAME_POINT_NM);
    const named = (p: ExpandedPoint | undefined) =>
      p !== undefined && p.via === undefined && p.type !== 'latLon' && p.type !== 'computed' && p.type !== 'aerodrome';
    const entry = points.find((p) => p.elementIndex === i - 1 && p.via === undefined);
    const exit = points.find((p) => p.elementIndex === i + 1 && p.via === undefined);
    if (named(entry) && pointOf(block.elements[i - 1]!) && !onAirway(entry!))
      found.push(
        finding(
          'X002',
          element.range,
          `${element.designator} does not pass ${entry!.designator}, where the hub joins it: an airway is joined at ` +
            `one of its own points; write the point where you join ${element.designator}, or DCT to the next point.`,
        ),
      );
    if (named(exit) && !onAirway(exit!))
      found.push(
        finding(
          'X002',
          block.elements[i + 1]!.range,
          `${element.designator} does not pass ${exit!.designator}, where the hub leaves it: write the point of ` +
            `${element.designator} where you leave it, then DCT ${exit!.designator}.`,
        ),
      );
  });
  return found;
}

/**
 * The hub's findings, then the geometry found on its points and by the offline engine, one
 * finding per code and place, each saying which source found it. The offline engine's words
 * are kept where both found the same (they name the airway's nearest points and carry the
 * quick fixes' data).
 */
export function mergeGeometryFindings(
  hub: readonly RouteDiagnostic[],
  onHubPoints: readonly RouteDiagnostic[],
  offline: readonly RouteDiagnostic[],
): RouteDiagnostic[] {
  const key = (f: RouteDiagnostic) => `${f.code}@${f.range.start.line}:${f.range.start.character}`;
  const offlineGeometry = offline.filter((f) => GEOMETRY_CODES.has(f.code));
  const byOffline = new Map(offlineGeometry.map((f) => [key(f), f]));
  const merged: RouteDiagnostic[] = [...hub];
  const seen = new Set<string>();
  for (const f of onHubPoints) {
    if (seen.has(key(f))) continue;
    seen.add(key(f));
    const same = byOffline.get(key(f));
    merged.push(
      same
        ? { ...same, message: `${same.message} ${FOUND_BY_BOTH}` }
        : { ...f, message: `${f.message} ${FOUND_ON_HUB}` },
    );
  }
  for (const f of offlineGeometry) {
    if (seen.has(key(f))) continue;
    seen.add(key(f));
    merged.push({ ...f, message: `${f.message} ${FOUND_BY_NAVDATA}` });
  }
  return merged.sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}
