/**
 * What the host posts after an edit (or new answers) for the block the page shows: only what
 * changed. The route always travels (it is small and moves with every edit); of the FIRs,
 * airspaces and NOTAMs only the new and changed ones do, and of those only the shapes the page
 * does not have; the rest are referenced by id (`order`) and the page keeps their features.
 *
 * Compared on the views as the language server sent them, before any packing: the page has
 * `drawn` (the last view posted to it), and only the changed areas are packed. Packing every
 * area and comparing the packed copies cost about 100 ms with 2,000 airspaces and 5,000 NOTAMs.
 * Pure, so it is unit-tested without VS Code.
 */
import type { HostToMapMessage, LonLat, MapNotam, MapPolygons, MapView } from '../../../common/protocol/mapMessages';
import { packMapView } from '../../../common/protocol/packedMapView';

type Area = MapView['firs'][number] | MapView['airspaces'][number] | MapNotam;

/** A snapshot of what changed: the packed view of the changed areas, and every area's id in order. */
export type ViewDelta = Pick<Extract<HostToMapMessage, { type: 'snapshot' }>, 'keepShapes' | 'order'> & {
  view: MapView;
};

/**
 * The snapshot that brings the page from `drawn` to `next` (both as the server sent them,
 * unpacked), or undefined when the page needs the whole view (nothing drawn, another document
 * or block).
 */
export function viewDelta(drawn: MapView | null, next: MapView): ViewDelta | undefined {
  if (!drawn || drawn.uri !== next.uri || drawn.blockIndex !== next.blockIndex) return undefined;
  /** Changed ids whose shape the page has already, at the same place: sent without it. */
  const shapeKept = new Set<string>();
  const changed = <T extends Area>(before: T[], now: T[], hasShape: (item: T) => boolean): T[] => {
    const had = new Map<string, T>();
    for (const item of before) had.set(item.id, item);
    const out: T[] = [];
    for (const item of now) {
      const old = had.get(item.id);
      if (!old) {
        out.push(item);
        continue;
      }
      // The page has the old shape only where it drew it (a NOTAM out of the corridor travels without).
      const sameShape = hasShape(old) && hasShape(item) && sameGeometry(old, item);
      const sameData = sameApartFromGeometry(old, item);
      if (sameData && (sameShape || (!hasShape(old) && !hasShape(item)))) continue;
      if (sameShape) shapeKept.add(item.id);
      out.push(item);
    }
    return out;
  };
  const always = () => true;
  const view = packMapView({
    ...next,
    firs: changed(drawn.firs, next.firs, always),
    airspaces: changed(drawn.airspaces, next.airspaces, always),
    notams: changed(drawn.notams, next.notams, notamDrawn),
  });
  // Their coordinates were packed too (a few changed areas: cheaper than a second pass), but
  // without a shape the page keeps the feature's geometry.
  if (shapeKept.size) {
    const strip = <T extends { id: string; shape?: unknown }>(items: T[]) => {
      for (const item of items) if (shapeKept.has(item.id)) delete item.shape;
    };
    strip(view.firs);
    strip(view.airspaces);
    strip(view.notams);
  }
  const ids = (items: { id: string }[]) => items.map((item) => item.id);
  return {
    view,
    keepShapes: true,
    order: { firs: ids(next.firs), airspaces: ids(next.airspaces), notams: ids(next.notams) },
  };
}

/** Whether the page draws a NOTAM's shape: inside the corridor, with a circle or an area (see packMapView). */
function notamDrawn(n: MapNotam): boolean {
  return n.inCorridor && Boolean(n.circle?.ring.length || n.polygons?.length);
}

/** Same coordinates, in the same order: the polygons, and a NOTAM's circle ring. */
function sameGeometry(a: Area, b: Area): boolean {
  if (!samePolygons(a.polygons, b.polygons)) return false;
  const [x, y] = [(a as MapNotam).circle?.ring, (b as MapNotam).circle?.ring];
  return x === y || (x !== undefined && y !== undefined && sameRing(x, y));
}

function samePolygons(a: MapPolygons | undefined, b: MapPolygons | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [p, q] = [a[i]!, b[i]!];
    if (p.length !== q.length) return false;
    for (let j = 0; j < p.length; j++) if (!sameRing(p[j]!, q[j]!)) return false;
  }
  return true;
}

function sameRing(a: LonLat[], b: LonLat[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [p, q] = [a[i]!, b[i]!];
    if (p[0] !== q[0] || p[1] !== q[1]) return false;
  }
  return true;
}

/** The keys whose values sameGeometry compares (a NOTAM's circle: its centre and radius here). */
const GEOMETRY = new Set(['polygons', 'shape']);

/**
 * Whether two areas carry the same data apart from their coordinates, as their JSON would say (a
 * key set to undefined is a key left out). Value by value, stopping at the first difference.
 */
function sameApartFromGeometry(a: Area, b: Area): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const key in x) {
    if (GEOMETRY.has(key)) continue;
    if (key === 'circle') {
      const [c, d] = [(a as MapNotam).circle, (b as MapNotam).circle];
      if (!c || !d) {
        if (c !== d) return false;
      } else if (c.radiusNm !== d.radiusNm || !sameValue(c.center, d.center)) return false;
      continue;
    }
    if (!sameValue(x[key], y[key])) return false;
  }
  for (const key in y) if (!GEOMETRY.has(key) && !(key in x) && y[key] !== undefined) return false;
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (!sameValue(x[key], y[key])) return false;
  for (const key in y) if (!(key in x) && y[key] !== undefined) return false;
  return true;
}
