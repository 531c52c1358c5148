/**
 * The route layer of the map: the block's points (resolved, unresolved, ambiguous) with the
 * elements they come from, and the geodesic legs between the resolved ones, with the facts the
 * hover gives. Pure: the expansion result comes in as data.
 */
import {
  FIX_TYPE_LABEL,
  pointOf,
  type ExpandedPoint,
  type ExpansionResult,
  type Range,
  type RouteBlock,
} from '../route/model';
import type { MapHighlight, MapLeg, MapPoint, MapPosition } from '../../../common/protocol/mapMessages';
import { formatDegreesMinutes } from '../geo/degreesMinutes';
import { legTracks, tracksText, variationSource } from '../geo/magnetic';
import { flightDateMs } from '../route/flightDate';
import { rangesIntersect } from '../route/ranges';
import { denseLeg, splitAtAntimeridian } from '../geo/geometry';

export interface RouteLayer {
  points: MapPoint[];
  legs: MapLeg[];
}

const round1 = (v: number) => Math.round(v * 10) / 10;

function elementRange(block: RouteBlock, point: ExpandedPoint, position: number, count: number): Range {
  if (point.elementIndex >= 0) return block.elements[point.elementIndex]?.range ?? block.range;
  const directive = position === 0 ? block.origin : position === count - 1 ? block.destination : undefined;
  return directive?.range ?? block.range;
}

/** The airway or DCT that leads to a point, scanning back from its element. */
function legVia(
  block: RouteBlock,
  to: ExpandedPoint,
  toRange: Range,
): { via: string; range: Range; elementIndex: number } {
  if (to.elementIndex < 0) return { via: 'DCT', range: toRange, elementIndex: to.elementIndex };
  const own = block.elements[to.elementIndex];
  if (own && (own.kind === 'airway' || own.kind === 'track')) {
    // Where two airways meet, the junction carries the second airway's index and the first one's name.
    const named = to.via?.toUpperCase();
    if (named && named !== own.text.toUpperCase()) {
      for (let i = to.elementIndex - 1; i >= 0; i--) {
        const e = block.elements[i]!;
        if ((e.kind === 'airway' || e.kind === 'track') && e.text.toUpperCase() === named)
          return { via: named, range: e.range, elementIndex: i };
      }
    }
    return { via: named ?? own.text.toUpperCase(), range: own.range, elementIndex: to.elementIndex };
  }
  for (let i = to.elementIndex - 1; i >= 0; i--) {
    const e = block.elements[i]!;
    if (e.kind === 'airway' || e.kind === 'track')
      return { via: e.text.toUpperCase(), range: e.range, elementIndex: i };
    if (e.kind === 'direct') return { via: 'DCT', range: e.range, elementIndex: i };
    if (pointOf(e)) break;
  }
  return { via: 'DCT', range: toRange, elementIndex: to.elementIndex };
}

/**
 * The SID or STAR a leg flies: into one of its fixes, or from its last fix on to the point where
 * it ends (a SID) or the destination (a STAR).
 */
function procedureVia(block: RouteBlock, fix: ExpandedPoint): { via: string; range: Range; elementIndex: number } {
  const element = block.elements[fix.elementIndex];
  return {
    via: fix.via ?? element?.text.toUpperCase() ?? '',
    range: element?.range ?? block.range,
    elementIndex: fix.elementIndex,
  };
}

export function routeLayer(block: RouteBlock, result: ExpansionResult | undefined): RouteLayer {
  const placed = result?.points ?? [];
  const points: MapPoint[] = [];
  const legs: MapLeg[] = [];
  const placedAt = new Set(placed.filter((p) => p.via === undefined).map((p) => p.elementIndex));
  const dateMs = flightDateMs(block);

  // Point elements the expansion could not place, inserted where their element stands.
  const missing: MapPoint[] = [];
  block.elements.forEach((element, elementIndex) => {
    const point = pointOf(element);
    if (!point || placedAt.has(elementIndex)) return;
    const ambiguous = result?.ambiguousFirstFix && rangesIntersect(result.ambiguousFirstFix.range, point.range);
    const problems = (result?.findings ?? [])
      .filter((f) => rangesIntersect(f.range, point.range))
      .map((f) => `${f.code}: ${f.message}`);
    missing.push({
      id: '',
      name: point.text.toUpperCase(),
      kind: point.kind === 'latLon' ? 'latLon' : point.kind === 'aerodrome' ? 'aerodrome' : 'fix',
      status: ambiguous ? 'ambiguous' : 'unresolved',
      range: point.range,
      elementIndex,
      facts: ambiguous
        ? [`${point.text.toUpperCase()} names several places and the route gives no referenceFix:.`, ...problems]
        : problems.length > 0
          ? problems
          : [result ? 'Not resolved by route expansion.' : 'Not expanded yet.'],
    });
  });

  let previous: { point: ExpandedPoint; id: string; index: number } | undefined;
  let cumulative = 0;
  /** The points left out since the last one placed: the next leg jumps over them. */
  let skipped: MapPoint[] = [];
  const addMissingBefore = (order: number) => {
    while (missing.length > 0 && missing[0]!.elementIndex < order) {
      const point = { ...missing.shift()!, id: `p${points.length}` };
      points.push(point);
      skipped.push(point);
    }
  };
  placed.forEach((p, position) => {
    const order = p.elementIndex >= 0 ? p.elementIndex : position === 0 ? -1 : Number.POSITIVE_INFINITY;
    addMissingBefore(order);
    const range = elementRange(block, p, position, placed.length);
    const id = `p${points.length}`;
    const facts = [`${FIX_TYPE_LABEL[p.type] ?? p.type} at ${formatDegreesMinutes(p.lat, p.lon)}`];
    if (p.resolvedFix) facts.push(`Resolved: ${p.resolvedFix}`);
    if (p.procedure)
      facts.push(`A fix of the ${p.procedure === 'sid' ? 'SID' : 'STAR'} ${p.via ?? ''}, from the procedures data`);
    if (p.elevationFt !== undefined && p.type === 'aerodrome') facts.push(`Elevation ${Math.round(p.elevationFt)} ft`);
    const mapPoint: MapPoint = {
      id,
      name: p.designator,
      kind: p.type,
      status: 'resolved',
      position: [p.lon, p.lat],
      range,
      elementIndex: p.elementIndex,
      facts,
    };
    if (previous) {
      const leg = denseLeg(previous.point, p);
      cumulative += leg.distanceNm;
      const procedure = p.procedure ?? previous.point.procedure;
      const via = procedure
        ? procedureVia(block, procedure === p.procedure ? p : previous.point)
        : legVia(block, p, range);
      const tracks = legTracks(previous.point, leg.trackDeg, dateMs);
      legs.push({
        id: `l${previous.index}`,
        fromId: previous.id,
        toId: id,
        via: via.via,
        range: via.range,
        elementIndex: via.elementIndex,
        paths: splitAtAntimeridian(leg.vertices),
        distanceNm: round1(leg.distanceNm),
        trackDeg: round1(leg.trackDeg),
        magneticTrackDeg: round1(tracks.magneticDeg),
        ...(procedure ? { procedure } : {}),
      });
      mapPoint.legNm = round1(leg.distanceNm);
      mapPoint.trackDeg = round1(leg.trackDeg);
      mapPoint.magneticTrackDeg = round1(tracks.magneticDeg);
      mapPoint.cumulativeNm = round1(cumulative);
      facts.push(
        `Leg from ${previous.point.designator} (${via.via}): ${round1(leg.distanceNm)} NM, ${tracksText(tracks)}`,
        `Magnetic track: ${variationSource(tracks)}`,
      );
      if (skipped.length > 0) {
        const names = skipped.map((m) => m.name);
        legs[legs.length - 1]!.unplaced = {
          names,
          range: skipped[0]!.range,
          from: previous.point.designator,
          to: p.designator,
        };
        facts.push(
          `Drawn straight over ${names.join(', ')}, which could not be placed: the route there is not known and no area is judged on this leg.`,
        );
      }
      facts.push(`Cumulative distance: ${round1(cumulative)} NM`);
    } else {
      mapPoint.cumulativeNm = 0;
    }
    points.push(mapPoint);
    previous = { point: p, id, index: points.length - 1 };
    skipped = [];
  });
  addMissingBefore(Number.POSITIVE_INFINITY);
  return { points, legs };
}

function contains(range: Range, position: MapPosition): boolean {
  const after = (a: MapPosition, b: MapPosition) =>
    a.line > b.line || (a.line === b.line && a.character >= b.character);
  return after(position, range.start) && after(range.end, position);
}

/** The points and legs of the element (or origin/destination directive) at a position. */
export function highlightAt(block: RouteBlock, layer: RouteLayer, position: MapPosition): MapHighlight {
  const elementIndex = block.elements.findIndex((e) => contains(e.range, position));
  if (elementIndex >= 0) {
    const element = block.elements[elementIndex]!;
    const legIds = layer.legs.filter((l) => l.elementIndex === elementIndex).map((l) => l.id);
    const pointIds = layer.points
      .filter(
        (p) =>
          p.elementIndex === elementIndex &&
          (pointOf(element) !== undefined || element.kind === 'airway' || element.kind === 'track'),
      )
      .map((p) => p.id);
    return { pointIds, legIds };
  }
  const byRange = layer.points.filter((p) => p.elementIndex < 0 && contains(p.range, position)).map((p) => p.id);
  return { pointIds: byRange, legIds: [] };
}
