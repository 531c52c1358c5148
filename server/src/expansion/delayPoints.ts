/**
 * DLE/ at a point not on the expanded route (X015). Field 18's DLE/ plans a delay at a significant
 * point of the route; the parser (R320) can judge only a route that writes every point it passes.
 * Here the expansion's points, airway interior points included, say which points the route passes,
 * the offline engine's or the hub's, and the message says which. Judged only when the expansion is
 * whole: a point it could not place, an airway it could not fly, an oceanic track or a procedure it
 * does not expand could hide the point.
 */
import type { ExpandedPoint, Range, RouteBlock, RouteDiagnostic } from '../route/model';

export interface DelayPointFinding {
  code: 'X015';
  range: Range;
  message: string;
}

/** Findings that leave out points of the route (unknown points, airways not flown, first fix not chosen). */
const INCOMPLETE_CODES: ReadonlySet<string> = new Set([
  'X001',
  'X002',
  'X003',
  'X005',
  'X006',
  'X007',
  'X009',
  'H001',
  'H002',
  'H003',
  'H004',
  'H005',
]);

/**
 * Whether the expanded points are every point the route passes: no point or airway left out, no
 * oceanic track or procedure flown without its points (an EET/ or DLE/ point may lie there).
 */
export function routeWhole(
  block: RouteBlock,
  findings: readonly RouteDiagnostic[],
  procedures: readonly unknown[] = [],
): boolean {
  if (findings.some((f) => INCOMPLETE_CODES.has(f.code))) return false;
  if (procedures.length > 0) return false;
  return !block.elements.some((e) => e.kind === 'track' || e.kind === 'sid' || e.kind === 'star');
}

/** A DLE/ word: the point and four digits of time (its format is the parser's, R309). */
const DELAY_WORD = /^([A-Z0-9]{1,10}[A-Z])(\d{4})$/;

/** X015 for each DLE/ point that is none of the expanded route's points. */
export function delayPointFindings(
  block: RouteBlock,
  points: readonly ExpandedPoint[],
  findings: readonly RouteDiagnostic[],
  pointsSource: string,
): DelayPointFinding[] {
  const items = block.fpl?.otherInformation.filter((i) => i.indicator === 'DLE');
  if (!items?.length || points.length === 0) return [];
  if (!routeWhole(block, findings)) return [];
  const onRoute = new Set(points.map((p) => p.designator.toUpperCase()));
  const out: DelayPointFinding[] = [];
  for (const item of items) {
    const words = item.value.toUpperCase().split(' ');
    words.forEach((word, k) => {
      const m = DELAY_WORD.exec(word);
      if (!m || onRoute.has(m[1]!)) return;
      // The item's range covers DLE/ and its first word; a later word has no range of its own.
      const { start, end } = item.range;
      const range: Range =
        k === 0 && start.line === end.line
          ? { start: { line: start.line, character: start.character + 4 }, end }
          : item.range;
      out.push({
        code: 'X015',
        range,
        message:
          `DLE/${word}: ${m[1]} is not a point of the expanded route (airway points included), ` +
          `${pointsSource}; a delay is planned at a significant point on the route`,
      });
    });
  }
  return out;
}
