/**
 * What the host posts for a new view of the block on screen. After a filter change the geometry
 * usually stays (same document version, same areas, same coordinates) and only the verdicts,
 * the crossing table and the profile move: then a `verdicts` message lets the page restyle its
 * features by id instead of taking a whole snapshot again (posting one costs more than drawing
 * it with 2,000 airspaces and 5,000 NOTAMs). Pure, so it is unit-tested without VS Code.
 */
import type { HostToMapMessage, MapView, PackedShape } from '../../../server/src/protocol/mapMessages';

/**
 * The `verdicts` message that brings the page from `drawn` to `next`, or undefined when `next`
 * changes anything else the page draws (then it needs a snapshot). Both views packed (see
 * packMapView), as posted.
 */
export function verdictsUpdate(drawn: MapView | null, next: MapView): HostToMapMessage | undefined {
  if (!drawn || !next.verdicts) return undefined;
  if (drawn.uri !== next.uri || drawn.version !== next.version || drawn.blockIndex !== next.blockIndex)
    return undefined;
  if (drawingKey(drawn, next.verdicts) !== drawingKey(next, next.verdicts)) return undefined;
  if (!sameCoordinates(drawn.packedCoordinates, next.packedCoordinates)) return undefined;
  return {
    type: 'verdicts',
    uri: next.uri,
    version: next.version,
    blockIndex: next.blockIndex,
    filters: next.filters,
    verdicts: next.verdicts,
    crossings: next.crossings ?? [],
    profile: next.profile,
  };
}

/**
 * Everything of a view that the page draws apart from the verdicts, crossings and profile, as
 * one string: ids, names, labels, the route's facts, and the shapes' places in the packed
 * coordinates. A NOTAM without a verdict is drawn by its corridor flag, so that flag counts too.
 */
function drawingKey(view: MapView, verdicts: NonNullable<MapView['verdicts']>): string {
  const parts: unknown[] = [view.title, view.bbox, view.notices];
  for (const p of view.points) parts.push(p.id, p.name, p.kind, p.status, p.position, p.facts, p.range);
  for (const l of view.legs) parts.push(l.id, l.via, l.shape ?? l.paths, l.range);
  for (const f of view.firs) parts.push(f.id, f.designator, f.name, f.shape ?? f.polygons);
  for (const a of view.airspaces)
    parts.push(a.id, a.name, a.type, a.airspaceClass, a.label, a.schedule, a.crossed, a.shape ?? a.polygons);
  for (const n of view.notams)
    parts.push(n.id, n.number, n.subject, n.text.length, verdicts[n.id] ? '' : n.inCorridor, n.shape ?? n.circle);
  for (const m of view.microlights) parts.push(m.id, m.name, m.position);
  return JSON.stringify(parts);
}

function sameCoordinates(a: Float64Array | undefined, b: Float64Array | undefined): boolean {
  if (!a || !b) return a === b;
  return equal(a, b);
}

/**
 * The snapshot that brings the page from `drawn` to `next` when both are views of the same block
 * (an edit, a corridor change that adds and drops areas, new answers from the hub): the FIRs,
 * airspaces and NOTAMs whose shape the page already has, at the same coordinates under the same
 * id, go without it, and the packed coordinates carry only the new or moved shapes and the
 * route. Undefined for another document or block (the page needs it whole). Both views packed.
 */
export function lightSnapshot(drawn: MapView | null, next: MapView): MapView | undefined {
  if (!drawn || !drawn.packedCoordinates || !next.packedCoordinates) return undefined;
  if (drawn.uri !== next.uri || drawn.blockIndex !== next.blockIndex) return undefined;
  const had = new Map<string, Float64Array>();
  const old = drawn.packedCoordinates;
  for (const item of [...drawn.firs, ...drawn.airspaces, ...drawn.notams])
    if (item.shape) had.set(item.id, slice(old, item.shape));
  const coordinates = next.packedCoordinates;
  const parts: Float64Array[] = [];
  let length = 0;
  /** The item without its shape when the page has the same, else with its shape moved into the new array. */
  const lighter = <T extends { id: string; shape?: PackedShape }>(item: T): T => {
    if (!item.shape) return item;
    const coords = slice(coordinates, item.shape);
    const before = had.get(item.id);
    if (before && equal(before, coords)) {
      const { shape: _kept, ...rest } = item;
      return rest as T;
    }
    parts.push(coords);
    const shape = { start: length, ends: item.shape.ends };
    length += coords.length;
    return { ...item, shape };
  };
  // The route is small and always drawn again: its shapes travel.
  const legs = next.legs.map((leg) => {
    if (!leg.shape) return leg;
    const coords = slice(coordinates, leg.shape);
    parts.push(coords);
    const shape = { start: length, ends: leg.shape.ends };
    length += coords.length;
    return { ...leg, shape };
  });
  const view: MapView = {
    ...next,
    legs,
    firs: next.firs.map(lighter),
    airspaces: next.airspaces.map(lighter),
    notams: next.notams.map(lighter),
  };
  const packed = new Float64Array(length);
  let offset = 0;
  for (const part of parts) {
    packed.set(part, offset);
    offset += part.length;
  }
  view.packedCoordinates = packed;
  return view;
}

/** The numbers of one packed shape (its ends count from its start). */
function slice(coordinates: Float64Array, shape: PackedShape): Float64Array {
  const size = Math.max(0, ...shape.ends.map((ends) => ends[ends.length - 1] ?? 0));
  return coordinates.subarray(shape.start, shape.start + size);
}

function equal(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
