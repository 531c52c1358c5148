/**
 * What route expansion made of the element under the cursor, for the hover: the resolved fix,
 * its type and position for a point; the points an airway passes between entry and exit; the
 * candidates of an ambiguous first fix. Pure: the expansion result comes in as data.
 */
import {
  FIX_TYPE_LABEL,
  pointOf,
  type AirwayElement,
  type ExpandedPoint,
  type ExpansionResult,
  type RouteElement,
  type SpeedLevelElement,
  type TrackElement,
} from '../route/model';
import { escapeMarkdown, inlineCode } from '../route/markdown';
import { rangesIntersect } from '../route/ranges';
import { formatDuration, formatNm, routeLegs, trueAirspeedKt } from './routeLegs';
import { formatDegreesMinutes } from '../geo/degreesMinutes';
import { procedureHoverSection } from './procedureHover';
import { legTracks, tracksText, variationSource } from '../geo/magnetic';

/** Longest airway listing shown in full; longer ones show both ends and a count. */
const MAX_LISTED = 25;

/**
 * Order of a point along the route: its element index, with the origin and destination given as
 * directives (index -1) before and after every element.
 */
function order(point: ExpandedPoint, position: number): number {
  if (point.elementIndex >= 0) return point.elementIndex;
  return position === 0 ? -1 : Number.POSITIVE_INFINITY;
}

function pointLine(point: ExpandedPoint): string {
  const parts = [
    `${inlineCode(point.designator)} ${FIX_TYPE_LABEL[point.type] ?? point.type}`,
    formatDegreesMinutes(point.lat, point.lon),
  ];
  if (point.elevationFt !== undefined && point.type === 'aerodrome')
    parts.push(`elevation ${Math.round(point.elevationFt)} ft`);
  return parts.join(', ');
}

function resolvedLines(point: ExpandedPoint): string[] {
  const lines = [
    `**Resolved:** ${FIX_TYPE_LABEL[point.type] ?? point.type} at ${formatDegreesMinutes(point.lat, point.lon)}`,
  ];
  if (point.resolvedFix) lines.push('', escapeMarkdown(point.resolvedFix));
  if (point.elevationFt !== undefined && point.type === 'aerodrome')
    lines.push('', `Elevation ${Math.round(point.elevationFt)} ft.`);
  return lines;
}

/** The hover section for an element, or undefined when the expansion has nothing to say of it. */
export function expansionHoverSection(
  element: RouteElement,
  elementIndex: number,
  result: ExpansionResult,
  sourceName: string,
  next?: RouteElement,
  /** The flight's date (route/flightDate.ts), for the magnetic variation; absent: today. */
  dateMs: number = Date.now(),
): string | undefined {
  const from = `*Route expansion (${sourceName})*`;
  if (element.kind === 'airway' || element.kind === 'track')
    return airwaySection(element, elementIndex, result, from, next);
  if (element.kind === 'speedLevel') return totalSection(element, result, from);
  if (element.kind === 'sid' || element.kind === 'star')
    return procedureHoverSection(element, elementIndex, result, from);
  const point = pointOf(element);
  if (!point) return undefined;
  const at = result.points.findIndex((p) => p.elementIndex === elementIndex && p.via === undefined);
  const placed = result.points[at];
  if (placed) return [from, '', ...resolvedLines(placed), ...legLines(result, at, dateMs)].join('\n');

  const ambiguous = result.ambiguousFirstFix;
  if (ambiguous && rangesIntersect(ambiguous.range, point.range)) {
    const lines = [
      from,
      '',
      `**Not selected:** ${inlineCode(ambiguous.ident)} names several places and the route gives no \`referenceFix:\`.`,
    ];
    if (ambiguous.candidates.length > 0) {
      lines.push('', 'Candidates:', '');
      for (const c of ambiguous.candidates) {
        const what = [FIX_TYPE_LABEL[c.type] ?? c.type, c.region, c.name]
          .filter(Boolean)
          .map((s) => escapeMarkdown(String(s)))
          .join(' ');
        const away =
          c.distanceToOriginNm !== undefined ? `, ${Math.round(c.distanceToOriginNm)} NM from the origin` : '';
        lines.push(`- ${inlineCode(c.ident)} ${what}, ${formatDegreesMinutes(c.lat, c.lon)}${away}`);
      }
    }
    return lines.join('\n');
  }
  const problems = result.findings.filter((f) => rangesIntersect(f.range, point.range));
  if (problems.length === 0) return undefined;
  return [from, '', '**Not resolved:**', '', ...problems.map((f) => `- ${f.code}: ${escapeMarkdown(f.message)}`)].join(
    '\n',
  );
}

/** Leg from the point before, distance flown and distance to go. */
function legLines(result: ExpansionResult, at: number, dateMs: number): string[] {
  const { legs } = routeLegs(result);
  const leg = legs[at];
  if (!leg || legs.length < 2) return [];
  const lines = [''];
  const previous = legs[at - 1]?.point;
  if (previous) {
    const tracks = leg.trackDeg === undefined ? undefined : legTracks(previous, leg.trackDeg, dateMs);
    lines.push(
      `**Leg** from ${inlineCode(previous.designator)}: ${formatNm(leg.legNm)}` +
        (tracks ? `, ${tracksText(tracks)} (geodesic; ${variationSource(tracks)})` : ' (geodesic)'),
      '',
    );
  }
  lines.push(
    `**Flown** ${formatNm(leg.cumulativeNm)}, **to go** ${formatNm(leg.remainingNm)} of ${formatNm(leg.cumulativeNm + leg.remainingNm)}.`,
  );
  return lines;
}

/** On the speed/level group: the route's length and, from the speed, the time in still air. */
function totalSection(element: SpeedLevelElement, result: ExpansionResult, from: string): string | undefined {
  const { legs, totalNm } = routeLegs(result);
  const [first] = legs;
  const last = legs.at(-1);
  if (legs.length < 2 || !first || !last) return undefined;
  const lines = [
    from,
    '',
    `**Route distance:** ${formatNm(totalNm)} over ${legs.length} points (geodesic, ${inlineCode(first.point.designator)} to ${inlineCode(last.point.designator)})`,
  ];
  const tas = trueAirspeedKt(element.speed, element.level);
  if (tas.knots > 0) {
    lines.push(
      '',
      `**Time en route in still air:** ${formatDuration(totalNm / tas.knots)} at ${Math.round(tas.knots)} kt TAS${tas.assumption ? ` (${escapeMarkdown(tas.assumption)})` : ''}.`,
    );
  }
  return lines.join('\n');
}

function airwaySection(
  element: AirwayElement | TrackElement,
  elementIndex: number,
  result: ExpansionResult,
  from: string,
  next?: RouteElement,
): string | undefined {
  const { text, designator } = element;
  // When the expansion says the airway cannot be flown as written, drawing a segment would contradict it.
  // An X002 on the point after the airway is this airway's "does not pass" (it underlines the name).
  const exitPoint = next && pointOf(next);
  const refused = result.findings.filter(
    (f) =>
      f.code === 'X002' &&
      (rangesIntersect(f.range, element.range) ||
        (exitPoint !== undefined && rangesIntersect(f.range, exitPoint.range))),
  );
  if (refused.length > 0)
    return [from, '', '**Not expanded:**', '', ...refused.map((f) => `- ${f.code}: ${escapeMarkdown(f.message)}`)].join(
      '\n',
    );
  const ordered = result.points.map((p, i) => ({ p, at: order(p, i) }));
  const mine = ordered.filter((o) => o.at === elementIndex).map((o) => o.p);
  // Where two airways meet, the junction carries the second airway's index and the first one's name.
  const interior = mine.filter((p) => p.via === undefined || p.via.toUpperCase() === designator.toUpperCase());
  const junction = mine.filter((p) => !interior.includes(p));
  const entry = junction[junction.length - 1] ?? [...ordered].reverse().find((o) => o.at < elementIndex)?.p;
  const exit = ordered.find((o) => o.at > elementIndex)?.p;
  if (!entry && !exit && interior.length === 0) return undefined;
  const name = (p: ExpandedPoint | undefined) => (p ? inlineCode(p.designator) : 'an unresolved point');
  const lines = [from, '', `${inlineCode(text)} from ${name(entry)} to ${name(exit)}:`, ''];
  const all = [entry, ...interior, exit].filter((p): p is ExpandedPoint => p !== undefined);
  const shown = all.length > MAX_LISTED ? [...all.slice(0, MAX_LISTED - 2), undefined, all[all.length - 1]] : all;
  for (const p of shown) lines.push(p ? `- ${pointLine(p)}` : `- … ${all.length - MAX_LISTED + 1} more points`);
  if (interior.length === 0) lines.push('', 'No points in between.');
  return lines.join('\n');
}
