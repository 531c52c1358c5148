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
    ...(next.profile && { profile: next.profile }),
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
  // A few alternates at most: the navigation data may place them only once loaded.
  if (!sameJson(a.alternates, b.alternates)) return false;
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

function equal(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
