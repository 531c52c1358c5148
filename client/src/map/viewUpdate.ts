/**
 * What the host posts for a new view of the block on screen. After a filter change the geometry
 * usually stays (same document version, same areas, same coordinates) and only the verdicts,
 * the crossing table and the profile move: then a `verdicts` message lets the page restyle its
 * features by id instead of taking a whole snapshot again (posting one costs more than drawing
 * it with 2,000 airspaces and 5,000 NOTAMs). Pure, so it is unit-tested without VS Code.
 */
import type { HostToMapMessage, MapView, PackedShape } from '../../../common/protocol/mapMessages';

/**
 * The `verdicts` message that brings the page from `drawn` to `next`, or undefined when `next`
 * changes anything else the page draws (then it needs a snapshot). Both views packed (see
 * packMapView), as posted.
 */
export function verdictsUpdate(drawn: MapView | null, next: MapView): HostToMapMessage | undefined {
  if (!drawn || !next.verdicts) return undefined;
  if (drawn.uri !== next.uri || drawn.version !== next.version || drawn.blockIndex !== next.blockIndex)
    return undefined;
  if (!sameDrawing(drawn, next, next.verdicts)) return undefined;
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
 * Whether the page draws both views alike apart from the verdicts, crossings and profile: the
 * same ids, names, labels and route facts, and the shapes at the same places in the packed
 * coordinates (compared apart). A NOTAM without a verdict is drawn by its corridor flag, so
 * that flag counts too. Field by field: a JSON string of 7,000 areas took 100 ms.
 */
function sameDrawing(a: MapView, b: MapView, verdicts: NonNullable<MapView['verdicts']>): boolean {
  if (a.title !== b.title || !sameJson(a.bbox, b.bbox) || !sameJson(a.notices, b.notices)) return false;
  return (
    sameList(
      a.points,
      b.points,
      (p, q) =>
        p.name === q.name &&
        p.kind === q.kind &&
        p.status === q.status &&
        sameJson([p.position, p.facts, p.range], [q.position, q.facts, q.range]),
    ) &&
    sameList(a.legs, b.legs, (l, m) => l.via === m.via && sameShape(l, m) && sameJson(l.range, m.range)) &&
    sameList(a.firs, b.firs, (f, g) => f.designator === g.designator && f.name === g.name && sameShape(f, g)) &&
    sameList(
      a.airspaces,
      b.airspaces,
      (x, y) =>
        x.name === y.name &&
        x.type === y.type &&
        x.airspaceClass === y.airspaceClass &&
        x.label === y.label &&
        x.schedule === y.schedule &&
        x.crossed === y.crossed &&
        sameShape(x, y),
    ) &&
    sameList(
      a.notams,
      b.notams,
      (n, o) =>
        n.number === o.number &&
        n.subject === o.subject &&
        n.text === o.text &&
        (verdicts[n.id] !== undefined || n.inCorridor === o.inCorridor) &&
        sameShape(n, o) &&
        (n.circle?.ring.length ?? -1) === (o.circle?.ring.length ?? -1),
    ) &&
    sameList(a.microlights, b.microlights, (m, n) => m.name === n.name && sameJson(m.position, n.position))
  );
}

function sameList<T extends { id: string }>(a: T[], b: T[], same: (x: T, y: T) => boolean): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.id !== b[i]!.id || !same(a[i]!, b[i]!)) return false;
  return true;
}

/** Same place in the packed coordinates (the numbers themselves are compared once, for the whole array). */
function sameShape(a: { shape?: PackedShape }, b: { shape?: PackedShape }): boolean {
  if (!a.shape || !b.shape) return a.shape === b.shape;
  const [x, y] = [a.shape.ends, b.shape.ends];
  if (a.shape.start !== b.shape.start || x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    if (x[i]!.length !== y[i]!.length) return false;
    for (let j = 0; j < x[i]!.length; j++) if (x[i]![j] !== y[i]![j]) return false;
  }
  return true;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
export type LightSnapshot = Pick<Extract<HostToMapMessage, { type: 'snapshot' }>, 'keepShapes' | 'order'> & {
  view: MapView;
};

export function lightSnapshot(drawn: MapView | null, next: MapView): LightSnapshot | undefined {
  if (!drawn || !drawn.packedCoordinates || !next.packedCoordinates) return undefined;
  if (drawn.uri !== next.uri || drawn.blockIndex !== next.blockIndex) return undefined;
  const had = new Map<string, Float64Array>();
  const old = drawn.packedCoordinates;
  /** What the page has of each area apart from its shape, to leave out the areas that did not change at all. */
  const data = new Map<string, object>();
  for (const item of [...drawn.firs, ...drawn.airspaces, ...drawn.notams]) {
    if (item.shape) had.set(item.id, slice(old, item.shape));
    data.set(item.id, item);
  }
  const coordinates = next.packedCoordinates;
  const parts: Float64Array[] = [];
  let length = 0;
  /** The item without its shape when the page has the same, else with its shape moved into the new array. */
  const lighter = <T extends { id: string; shape?: PackedShape }>(item: T): T | undefined => {
    const before = data.get(item.id);
    const sameData = before !== undefined && sameApartFromShape(before, item);
    if (!item.shape) return sameData && had.get(item.id) === undefined ? undefined : item;
    const coords = slice(coordinates, item.shape);
    const shapeBefore = had.get(item.id);
    if (shapeBefore && equal(shapeBefore, coords)) {
      if (sameData) return undefined;
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
  const changed = <T extends { id: string; shape?: PackedShape }>(items: T[]) =>
    items.map(lighter).filter((item): item is T => item !== undefined);
  const view: MapView = {
    ...next,
    legs,
    firs: changed(next.firs),
    airspaces: changed(next.airspaces),
    notams: changed(next.notams),
  };
  const packed = new Float64Array(length);
  let offset = 0;
  for (const part of parts) {
    packed.set(part, offset);
    offset += part.length;
  }
  view.packedCoordinates = packed;
  const ids = (items: { id: string }[]) => items.map((item) => item.id);
  return {
    view,
    keepShapes: true,
    order: { firs: ids(next.firs), airspaces: ids(next.airspaces), notams: ids(next.notams) },
  };
}

/**
 * Whether two areas carry the same data apart from their shape, as their JSON would say (a key
 * set to undefined is a key left out). Compared value by value, stopping at the first difference:
 * a JSON string of each of 7,000 areas, twice, took most of a light snapshot.
 */
function sameApartFromShape(a: object, b: object): boolean {
  return sameJsonValue(a, b, 'shape');
}

function sameJsonValue(a: unknown, b: unknown, skipKey?: string): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJsonValue(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (key !== skipKey && !sameJsonValue(x[key], y[key])) return false;
  // Keys only `b` has (with a value): a difference.
  for (const key in y) if (key !== skipKey && !(key in x) && y[key] !== undefined) return false;
  return true;
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
