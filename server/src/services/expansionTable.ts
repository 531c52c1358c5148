/**
 * "ICAO Route: Show Expansion": the expanded routes of a document as plain-text tables (point,
 * type, coordinates, airway, leg distance, magnetic and true track, cumulative distance), one per route block,
 * as a read-only document beside the route. Pure: expansion results come in through the lookup.
 */
import {
  FIX_TYPE_LABEL,
  pointOf,
  type CancellationToken,
  type ExpandedPoint,
  type ExpansionResult,
  type RouteBlock,
  type RouteDocument,
} from '../route/model';
import { formatDegreesMinutes } from '../geo/degreesMinutes';
import { legTracks, variationText, type LegTracks } from '../geo/magnetic';
import { flightDateMs } from '../route/flightDate';
import { formatNm, formatTrack, routeLegs } from './routeLegs';

const HEADER = ['#', 'point', 'type', 'coordinates', 'airway', 'leg', 'track (M)', 'track (T)', 'var', 'cumulative'];

export function expansionTable(
  document: RouteDocument,
  resultFor: (block: RouteBlock) => ExpansionResult | undefined,
  token: CancellationToken,
  sourceName: string,
  title = 'route expansion',
): string {
  const out = [`# ${title} (${sourceName})`, ''];
  let routes = 0;
  for (const block of document.blocks) {
    if (token.isCancellationRequested) return '';
    if (block.elements.length === 0) continue;
    routes++;
    out.push(`## ${block.name.trim() || 'route'} (line ${block.range.start.line + 1})`, '');
    const result = resultFor(block);
    if (!result) {
      out.push('Not expanded yet (or beyond the routes expanded per document).', '');
      continue;
    }
    out.push(...blockTable(block, result), '');
    const problems = result.findings.length;
    if (problems > 0)
      out.push(`${problems} expansion finding${problems === 1 ? '' : 's'} in this route: see the Problems panel.`, '');
  }
  if (routes === 0) out.push('No route in this document.');
  return out.join('\n');
}

/**
 * The airway (or DCT) a point is reached by: an interior point's own, else the element written
 * before it, so that an exit point (SRN after UL612) names its airway as the GeoJSON's `via` does.
 */
function reachedBy(block: RouteBlock, point: ExpandedPoint): string {
  if (point.via) return point.via;
  for (const element of block.elements.slice(0, Math.max(0, point.elementIndex)).reverse()) {
    if (element.kind === 'airway' || element.kind === 'track') return element.text.toUpperCase();
    if (element.kind === 'direct') return 'DCT';
    if (pointOf(element)) return '';
  }
  return '';
}

function blockTable(block: RouteBlock, result: ExpansionResult): string[] {
  const { legs, totalNm } = routeLegs(result);
  if (legs.length === 0) return ['No point resolved.'];
  const dateMs = flightDateMs(block);
  let model = '';
  const tracksOf = (k: number): LegTracks | undefined => {
    const leg = legs[k]!;
    if (k === 0 || leg.trackDeg === undefined) return undefined;
    const tracks = legTracks(legs[k - 1]!.point, leg.trackDeg, dateMs);
    model = tracks.model;
    return tracks;
  };
  const rows = legs.map((leg, k) => [
    String(k + 1),
    leg.point.designator,
    FIX_TYPE_LABEL[leg.point.type] ?? leg.point.type,
    formatDegreesMinutes(leg.point.lat, leg.point.lon),
    reachedBy(block, leg.point),
    k === 0 ? '' : formatNm(leg.legNm),
    ...((tracks) =>
      tracks
        ? [formatTrack(tracks.magneticDeg), formatTrack(tracks.trueDeg), variationText(tracks.variationDeg)]
        : ['', '', ''])(tracksOf(k)),
    formatNm(leg.cumulativeNm),
  ]);
  // Every row has a cell per HEADER column, so `r[c]` and `widths[c]` are there; `?? ''` and `?? 0` only type it.
  const widths = HEADER.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  // Numbers right-aligned, words left-aligned: a table a dispatcher reads down the columns.
  const right = new Set([0, 5, 6, 7, 8, 9]);
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (right.has(c) ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  return [
    line(HEADER),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
    `Total ${formatNm(totalNm)} over ${legs.length} points.`,
    ...(model
      ? [
          `Tracks at each leg's start, from the point before: magnetic (M) is true (T) less the variation (var) of the World Magnetic Model ${model}.`,
        ]
      : []),
  ];
}
