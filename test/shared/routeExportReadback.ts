/**
 * Reads an exported route (GPX or GeoJSON) back the way another tool would: GPX through
 * @tmcw/togeojson on @xmldom/xmldom, GeoJSON through JSON.parse. Used by the unit readback test
 * and the e2e export steps, so both check the files with a reader that is not ours.
 */
import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';

export interface ExportedPoint {
  name: string;
  lon: number;
  lat: number;
}

export interface ReadBack {
  /** The named points: GPX waypoints, or the GeoJSON's Point features. */
  points: ExportedPoint[];
  /** The GPX route's points ([lon, lat]), in order (GeoJSON: the points' coordinates). */
  route: [number, number][];
  /** The drawn line(s): the GPX track's segments, or the GeoJSON's (Multi)LineString. */
  track: [number, number][][];
}

interface Feature {
  type: string;
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown> | null;
}

const linesOf = (geometry: Feature['geometry']): [number, number][][] =>
  geometry?.type === 'LineString'
    ? [geometry.coordinates as [number, number][]]
    : geometry?.type === 'MultiLineString'
      ? (geometry.coordinates as [number, number][][])
      : [];

const pointsOf = (features: Feature[]): ExportedPoint[] =>
  features
    .filter((f) => f.geometry?.type === 'Point')
    .map((f) => {
      const [lon, lat] = f.geometry!.coordinates as [number, number];
      return { name: String(f.properties?.name ?? ''), lon, lat };
    });

export function readBackExport(content: string, format: 'gpx' | 'geojson'): ReadBack {
  if (format === 'geojson') {
    const collection = JSON.parse(content) as { type: string; features: Feature[] };
    if (collection.type !== 'FeatureCollection') throw new Error(`not a FeatureCollection: ${collection.type}`);
    const points = pointsOf(collection.features);
    return {
      points,
      route: points.map((p) => [p.lon, p.lat]),
      track: collection.features.flatMap((f) => linesOf(f.geometry)),
    };
  }
  const problems: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => {
      problems.push(`${level}: ${message}`);
    },
  }).parseFromString(content, 'text/xml');
  if (problems.length > 0) throw new Error(`the GPX is not well-formed XML: ${problems.join('; ')}`);
  const features = gpx(document).features as Feature[];
  const route = features.find((f) => f.properties?._gpxType === 'rte');
  const track = features.find((f) => f.properties?._gpxType === 'trk');
  return {
    points: pointsOf(features),
    route: linesOf(route?.geometry ?? null)[0] ?? [],
    track: linesOf(track?.geometry ?? null),
  };
}
