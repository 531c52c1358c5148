/** Route blocks from real parser output, with their lat/lon points as the expansion would place them. */
import { Geodesic } from 'geographiclib-geodesic';
import { parseRouteDocument, pointOf, type ExpandedPoint, type RouteBlock } from '../../../server/src/route';

export function block(text: string, allowDiagnostics = false): RouteBlock {
  const b = parseRouteDocument(text).blocks[0];
  if (!b) throw new Error('no block');
  if (b.diagnostics.length > 0 && !allowDiagnostics) throw new Error(b.diagnostics.map((d) => d.message).join('; '));
  return b;
}

/** The lat/lon points of a block, in order, as ExpandedPoints (what an expansion gives for them). */
export function latLonPoints(b: RouteBlock): ExpandedPoint[] {
  const out: ExpandedPoint[] = [];
  b.elements.forEach((e, elementIndex) => {
    const p = pointOf(e);
    if (p?.kind !== 'latLon') return;
    out.push({ designator: p.text, resolvedFix: p.text, lat: p.lat, lon: p.lon, type: 'latLon', elementIndex });
  });
  return out;
}

/** Geodesic NM between two points, straight from geographiclib (the expected values' own measure). */
export function geodesicNm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  return (Geodesic.WGS84.Inverse(a.lat, a.lon, b.lat, b.lon).s12 ?? NaN) / 1852;
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
