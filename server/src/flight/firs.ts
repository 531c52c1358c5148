/**
 * The FIRs a route crosses: first by the boxes the hub's FIR detail gives (gml:boundedBy), then,
 * where the FIR's own outline is known (its airspace of type FIR), by that outline. A route over
 * an ocean crosses the oceanic FIRs like any other. Pure.
 */
import type { MapPolygons } from '../../../common/protocol/mapMessages';
import type { Crossing, RouteCorridor } from './corridor';

export interface FirEntry {
  prefix: string;
  designator: string;
  name: string;
  /** [west, south, east, north]; west > east for a box across the antimeridian. */
  bbox: [number, number, number, number];
  /** The FIR's outline when known; else only the box is. */
  polygons?: MapPolygons;
  /** The file the outline came from (icaoRoute.map.firBoundariesFile), when the hub's navigation gives none. */
  boundaryFile?: string;
}

export interface FirCrossed extends FirEntry {
  crossings: Crossing[];
  /** True when only the box was tested (the outline is not known). */
  approximate: boolean;
}

/** The box as polygons no wider than 90° each, so that no edge is read as going the other way round. */
export function boxPolygon([w, s, e, n]: FirEntry['bbox']): MapPolygons {
  const east = e < w ? e + 360 : e;
  const pieces: MapPolygons = [];
  for (let west = w; west < east || pieces.length === 0; west += 90) {
    const to = Math.min(east, west + 90);
    pieces.push([
      [
        [west, s],
        [to, s],
        [to, n],
        [west, n],
        [west, s],
      ],
    ]);
    if (to >= east) break;
  }
  return pieces;
}

/** The FIRs whose box the route touches, then those whose outline it crosses, in the order flown. */
export function firsCrossed(route: RouteCorridor, firs: readonly FirEntry[]): FirCrossed[] {
  const out: FirCrossed[] = [];
  for (const fir of firs) {
    const box = route.crossings(boxPolygon(fir.bbox));
    if (box.length === 0 && !(route.legs.length === 0 && route.points[0] && inBox(route.points[0], fir.bbox))) continue;
    if (fir.polygons && fir.polygons.length > 0) {
      const crossings = route.legs.length > 0 ? route.crossings(fir.polygons) : box;
      if (crossings.length > 0) out.push({ ...fir, crossings, approximate: false });
    } else {
      out.push({ ...fir, crossings: box, approximate: true });
    }
  }
  return out.sort((a, b) => (a.crossings[0]?.entryNm ?? 0) - (b.crossings[0]?.entryNm ?? 0));
}

function inBox(p: { lat: number; lon: number }, [w, s, e, n]: FirEntry['bbox']): boolean {
  if (p.lat < s || p.lat > n) return false;
  return w <= e ? p.lon >= w && p.lon <= e : p.lon >= w || p.lon <= e;
}
