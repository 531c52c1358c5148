/**
 * The expanded route of a block as a file another tool can read: GeoJSON (RFC 7946), GPX 1.1 or
 * KML 2.2.
 * Built from the map's own route layer (routePoints.ts), so an export shows the same points, legs,
 * distances and tracks as the map and the hover. Points the expansion could not place are listed
 * by name, never given invented coordinates. Pure: data in, text out.
 */
import type { ClimbDescent } from '../flight/vertical';
import { XMLBuilder } from 'fast-xml-parser';
import type { ExportRouteResult, RouteExportFormat } from '../../../common/protocol/lspMessages';
import type { LonLat, MapLeg, MapPoint } from '../../../common/protocol/mapMessages';
import type { ExpansionResult, RouteBlock } from '../route/model';
import { routeAerodromes } from '../flight/judgedFlight';
import { routeLayer, type RouteLayer } from './routePoints';
import { roundCoordinate, xsdDecimal } from '../geo/fileCoordinates';
import { flightOf, type FlightProfile } from '../flight';

export type { RouteExportFormat };
export const ROUTE_EXPORT_FORMATS: readonly RouteExportFormat[] = ['geojson', 'gpx', 'kml'];
export const ROUTE_EXPORT_EXTENSION: Record<RouteExportFormat, string> = { geojson: 'geojson', gpx: 'gpx', kml: 'kml' };

/** What the exports are made of: the route layer, named. */
export interface RouteExportInput {
  /** "EGLL → EDDF", or the first and last point. */
  title: string;
  /** The route text as written (Item 15). */
  routeText: string;
  layer: RouteLayer;
  /** The flight's plan at each placed point (by MapPoint id): its planned level and ETO. */
  plan?: ReadonlyMap<string, PointPlan>;
}

/** What the flight plans at a point: the level of the leg flown from it, and the time over it. */
export interface PointPlan {
  /** "FL350", "FL330–FL370 (cruise climb)", "VFR", "level not given". */
  level: string;
  /** The level in feet (the lower end of a cruise climb), when known. */
  levelFt?: number;
  /** Estimated time over, ISO 8601 UTC to the minute, when a speed and a time are known. */
  eto?: string;
}

/**
 * The plan of each placed point of the layer, from the flight's profile (flight/profile.ts: the
 * same levels and ETOs the map's crossing table shows). A point's level is that of the leg
 * leaving it; the last point's, that of the leg reaching it.
 */
export function pointPlans(layer: RouteLayer, profile: FlightProfile): Map<string, PointPlan> {
  const plans = new Map<string, PointPlan>();
  for (const p of layer.points) {
    if (p.status !== 'resolved' || p.cumulativeNm === undefined) continue;
    const k = profile.points.findIndex((q) => q.designator === p.name && Math.abs(q.alongNm - p.cumulativeNm!) < 0.5);
    if (k < 0) continue;
    const leg = profile.legs.find((l) => l.from === k) ?? profile.legs.find((l) => l.to === k);
    const eto = profile.points[k]?.etoMs; // k from findIndex above: there
    plans.set(p.id, {
      level: leg?.levelText ?? 'level not given',
      // The altitude at the point itself: on the climb or the descent, not the leg's level.
      ...(leg?.band ? { levelFt: (leg.from === k ? leg.startFt : leg.endFt) ?? leg.band.lowerFt } : {}),
      ...(eto !== undefined
        ? { eto: new Date(Math.round(eto / 60_000) * 60_000).toISOString().replace(/:00\.000Z$/, 'Z') }
        : {}),
    });
  }
  return plans;
}

/** "FL350, ETO 2026-11-26T10:42Z" for the descriptions. */
function planText(plan: PointPlan | undefined): string[] {
  if (!plan) return [];
  return [`planned ${plan.level}${plan.eto ? `, ETO ${plan.eto}` : ''}`];
}

export type RouteExportOutcome = ExportRouteResult;

const lonLat = ([lon, lat]: LonLat): LonLat => [roundCoordinate(lon), roundCoordinate(lat)];

// ---- GeoJSON -------------------------------------------------------------------------------

export interface GeoJsonFeature {
  type: 'Feature';
  geometry:
    | { type: 'Point'; coordinates: LonLat }
    | { type: 'LineString'; coordinates: LonLat[] }
    | { type: 'MultiLineString'; coordinates: LonLat[][] }
    | null;
  properties: Record<string, unknown>;
}
export interface GeoJsonFeatureCollection {
  type: 'FeatureCollection';
  features: GeoJsonFeature[];
}

/**
 * The legs' drawn parts joined into as few lines as possible: a leg continues the line when it
 * starts where the line ends; a new line starts only where a leg crosses the antimeridian (RFC
 * 7946 §3.1.9), so one route that never crosses it is one LineString.
 */
export function routeLines(legs: readonly MapLeg[]): LonLat[][] {
  const lines: LonLat[][] = [];
  for (const leg of legs) {
    for (const path of leg.paths) {
      // Compared as written: a leg's last vertex is computed, the next leg's first is the point itself.
      const part = path.map(lonLat);
      const line = lines[lines.length - 1];
      const end = line?.[line.length - 1];
      const start = part[0];
      if (line && end && start && end[0] === start[0] && end[1] === start[1]) line.push(...part.slice(1));
      else lines.push(part);
    }
  }
  return lines;
}

/** One feature a line: small enough for big routes, still readable and diffable. */
export function geoJsonText(collection: GeoJsonFeatureCollection): string {
  const features = collection.features.map((f) => JSON.stringify(f)).join(',\n');
  return `{"type":"FeatureCollection","features":[\n${features}\n]}\n`;
}

/** The airway or DCT leading to each resolved point, by point id. */
function viaOf(legs: readonly MapLeg[]): Map<string, string> {
  return new Map(legs.map((l) => [l.toId, l.via]));
}

function unresolvedOf(points: readonly MapPoint[]) {
  return points
    .map((p, sequence) => ({ p, sequence }))
    .filter(({ p }) => p.status !== 'resolved' || !p.position)
    .map(({ p, sequence }) => ({ name: p.name, status: p.status, sequence, reason: p.facts.join(' ') }));
}

export function routeGeoJson(input: RouteExportInput): GeoJsonFeatureCollection {
  const { points, legs } = input.layer;
  const lines = routeLines(legs);
  const via = viaOf(legs);
  const total = points.reduce((max, p) => Math.max(max, p.cumulativeNm ?? 0), 0);
  const route: GeoJsonFeature = {
    type: 'Feature',
    geometry:
      lines.length === 0
        ? null
        : lines.length === 1
          ? { type: 'LineString', coordinates: lines[0]! }
          : { type: 'MultiLineString', coordinates: lines },
    properties: {
      name: input.title,
      route: input.routeText,
      totalNm: total,
      legs: legs.map((l) => ({
        from: points.find((p) => p.id === l.fromId)?.name,
        to: points.find((p) => p.id === l.toId)?.name,
        via: l.via,
        distanceNm: l.distanceNm,
        trackDeg: l.trackDeg,
        magneticTrackDeg: l.magneticTrackDeg,
      })),
      unresolved: unresolvedOf(points),
    },
  };
  const waypoints: GeoJsonFeature[] = [];
  points.forEach((p, sequence) => {
    if (p.status !== 'resolved' || !p.position) return;
    waypoints.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: lonLat(p.position) },
      properties: {
        name: p.name,
        kind: p.kind,
        sequence,
        ...(via.has(p.id) ? { via: via.get(p.id) } : {}),
        ...(input.plan?.get(p.id)
          ? {
              plannedLevel: input.plan.get(p.id)!.level,
              ...(input.plan.get(p.id)!.levelFt !== undefined ? { plannedLevelFt: input.plan.get(p.id)!.levelFt } : {}),
              ...(input.plan.get(p.id)!.eto ? { eto: input.plan.get(p.id)!.eto } : {}),
            }
          : {}),
        ...(p.legNm !== undefined ? { legNm: p.legNm } : {}),
        ...(p.trackDeg !== undefined ? { trackDeg: p.trackDeg } : {}),
        ...(p.magneticTrackDeg !== undefined ? { magneticTrackDeg: p.magneticTrackDeg } : {}),
        cumulativeNm: p.cumulativeNm ?? 0,
        facts: p.facts,
      },
    });
  });
  return { type: 'FeatureCollection', features: [route, ...waypoints] };
}

// ---- GPX -----------------------------------------------------------------------------------

/** Characters XML 1.0 does not allow at all, escaped or not (control characters, lone surrogates). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** Text fit for an XML document; the builder escapes & < > " ' in it. */
export const xmlText = (text: string): string => text.replace(NOT_XML, '');

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  // Escapes & < > " ' in text and attributes (the default, stated because names come from the user).
  processEntities: true,
});

/** GPX's `ele` is metres; its `time` the ETO. Both come before `name` (GPX 1.1's wptType order). */
function gpxPoint(p: MapPoint & { position: LonLat }, via: string | undefined, plan: PointPlan | undefined) {
  const [lon, lat] = p.position;
  return {
    '@_lat': xsdDecimal(lat),
    '@_lon': xsdDecimal(lon),
    ...(plan?.levelFt !== undefined && Number.isFinite(plan.levelFt)
      ? { ele: xsdDecimal(Math.round(plan.levelFt * 0.3048 * 10) / 10) }
      : {}),
    ...(plan?.eto ? { time: plan.eto.replace(/Z$/, ':00Z') } : {}),
    name: xmlText(p.name),
    ...(via ? { cmt: xmlText(`via ${via}`) } : {}),
    desc: xmlText([...planText(plan), ...p.facts].join('; ')),
    type: xmlText(p.kind),
  };
}

/** The route text, and the points that could not be placed with the reason. */
function summaryOf(input: RouteExportInput): string {
  const unresolved = unresolvedOf(input.layer.points);
  return [
    input.routeText,
    ...(unresolved.length > 0
      ? [`Not placed (no coordinates): ${unresolved.map((u) => `${u.name} (${u.reason})`).join('; ')}`]
      : []),
  ].join('\n');
}

/**
 * GPX 1.1: a `wpt` per resolved point (what most readers list by name), the route as `rte` with
 * one `rtept` per resolved point (what flight planners and GPS units load), and the densified
 * great-circle legs as `trk`, one `trkseg` per part between antimeridian crossings, so that a
 * viewer that joins points with straight lines still draws the legs as flown.
 */
export function routeGpx(input: RouteExportInput): string {
  const { points, legs } = input.layer;
  const via = viaOf(legs);
  const resolved = points.filter((p): p is MapPoint & { position: LonLat } => p.status === 'resolved' && !!p.position);
  const summary = summaryOf(input);
  const lines = routeLines(legs);
  const gpx = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    gpx: {
      '@_version': '1.1',
      '@_creator': 'ICAO Route for VS Code',
      '@_xmlns': 'http://www.topografix.com/GPX/1/1',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:schemaLocation': 'http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd',
      metadata: { name: xmlText(input.title), desc: xmlText(summary) },
      wpt: resolved.map((p) => gpxPoint(p, via.get(p.id), input.plan?.get(p.id))),
      rte: {
        name: xmlText(input.title),
        desc: xmlText(summary),
        rtept: resolved.map((p) => gpxPoint(p, via.get(p.id), input.plan?.get(p.id))),
      },
      ...(lines.length > 0
        ? {
            trk: {
              name: xmlText(`${input.title} (great circles)`),
              trkseg: lines.map((line) => ({
                trkpt: line.map(([lon, lat]) => ({ '@_lat': xsdDecimal(lat), '@_lon': xsdDecimal(lon) })),
              })),
            },
          }
        : {}),
    },
  };
  return builder.build(gpx) as string;
}

// ---- KML -------------------------------------------------------------------------------------

const kmlCoordinates = (line: readonly LonLat[]) =>
  line.map(([lon, lat]) => `${xsdDecimal(lon)},${xsdDecimal(lat)}`).join(' ');

/**
 * KML 2.2: the legs as one Placemark (a LineString, or a MultiGeometry of them split at the
 * antimeridian, which KML readers would otherwise join the short way or the long way as they
 * please) and a Placemark per placed point in a "Waypoints" folder.
 */
export function routeKml(input: RouteExportInput): string {
  const { points, legs } = input.layer;
  const via = viaOf(legs);
  const lines = routeLines(legs);
  const lineString = (line: readonly LonLat[]) => ({ tessellate: 1, coordinates: kmlCoordinates(line) });
  const kml = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    kml: {
      '@_xmlns': 'http://www.opengis.net/kml/2.2',
      Document: {
        name: xmlText(input.title),
        description: xmlText(summaryOf(input)),
        Placemark: {
          name: xmlText(input.title),
          description: xmlText(summaryOf(input)),
          ...(lines.length === 1
            ? { LineString: lineString(lines[0]!) }
            : lines.length > 1
              ? { MultiGeometry: { LineString: lines.map(lineString) } }
              : {}),
        },
        Folder: {
          name: 'Waypoints',
          Placemark: points
            .filter((p): p is MapPoint & { position: LonLat } => p.status === 'resolved' && !!p.position)
            .map((p) => ({
              name: xmlText(p.name),
              description: xmlText(
                [
                  ...(via.has(p.id) ? [`via ${via.get(p.id)}`] : []),
                  ...planText(input.plan?.get(p.id)),
                  ...p.facts,
                ].join('; '),
              ),
              Point: { coordinates: kmlCoordinates([p.position]) },
            })),
        },
      },
    },
  };
  return builder.build(kml) as string;
}

// ---- from a block ----------------------------------------------------------------------------

/** The map's title rule: origin → destination, else the first and last placed point, else the block's name. */
export function routeTitle(block: RouteBlock, layer: RouteLayer): string {
  const { origin, destination } = routeAerodromes(block);
  const placed = layer.points.filter((p) => p.status === 'resolved');
  if (origin && destination) return `${origin} → ${destination}`;
  if (placed.length >= 2) return `${placed[0]!.name} → ${placed[placed.length - 1]!.name}`;
  return block.name;
}

/** A file name from the route file's and the route's names: letters, digits, '-' and '_' only. */
export function exportFileName(documentName: string, title: string, format: RouteExportFormat): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const base = slug(documentName.replace(/\.[^.]*$/, '')) || 'route';
  const route = slug(title);
  return `${route ? `${base}-${route}` : base}.${ROUTE_EXPORT_EXTENSION[format]}`;
}

/**
 * The block's expanded route in a format, or why there is nothing to export (the route is not
 * expanded, or none of its points could be placed).
 */
export function exportRoute(
  block: RouteBlock,
  expansion: ExpansionResult | undefined,
  format: RouteExportFormat,
  documentName: string,
  /** When plain route text is flown (the setting, else now); an FPL is timed by its EOBT and DOF. */
  referenceMs = Date.now(),
  /** The profile's climb rate and descent gradient (`icaoRoute.flight.*`): the levels at the points. */
  climbDescent?: ClimbDescent,
): RouteExportOutcome {
  if (!expansion)
    return {
      error:
        'This route is not expanded yet (route expansion needs a hub key or navigation data): there are no coordinates to export.',
    };
  const layer = routeLayer(block, expansion);
  if (!layer.points.some((p) => p.status === 'resolved' && p.position))
    return { error: 'No point of this route could be placed: there are no coordinates to export.' };
  const title = routeTitle(block, layer);
  const plan = pointPlans(layer, flightOf(block, expansion.points, referenceMs, climbDescent).profile);
  const input: RouteExportInput = { title, routeText: block.routeText, layer, plan };
  const content =
    format === 'gpx' ? routeGpx(input) : format === 'kml' ? routeKml(input) : geoJsonText(routeGeoJson(input));
  return { fileName: exportFileName(documentName, title, format), content };
}
