/**
 * The length of a filed route by the navigation data (offline expansion, geodesic legs, origin to
 * destination). Only a route whose every element resolved has a length: a partial sum would read
 * as a short route.
 */
import { expandRoute } from '../expansion/offlineExpansion';
import type { NavDatabase } from '../navdata/loader';
import { parseRouteDocument } from '../route';
import { routeLegs } from './routeLegs';

export function filedRouteLengthNm(
  db: NavDatabase,
  origin: string,
  destination: string,
  routeText: string,
): number | undefined {
  const block = parseRouteDocument(`origin: ${origin}\ndestination: ${destination}\n${routeText}\n`).blocks[0];
  if (!block || block.elements.length === 0 || block.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const result = expandRoute(block, db, undefined, { firstFix: 'nearestDeparture' });
  // A point not found or an airway mismatch (warnings) leaves a path that is not the one filed.
  const doubtful = result.findings.some((f) => f.severity === 'error' || f.severity === 'warning');
  if (result.cancelled || doubtful || result.points.length < 2) return undefined;
  return routeLegs(result).totalNm;
}
