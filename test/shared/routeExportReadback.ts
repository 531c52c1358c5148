/**
 * Reads an exported route (GPX, KML or GeoJSON) back the way another tool would: GPX and KML
 * through @tmcw/togeojson on @xmldom/xmldom, GeoJSON through JSON.parse. Used by the unit readback test
 * and the e2e export steps, so both check the files with a reader that is not ours.
 */
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';

export interface ExportedPoint {
  name: string;
  lon: number;
  lat: number;
}

export interface ReadBack {
  /** The named points: GPX waypoints, KML point placemarks, or the GeoJSON's Point features. */
  points: ExportedPoint[];
  /** The GPX route's points ([lon, lat]), in order (GeoJSON and KML: the points' coordinates). */
  route: [number, number][];
  /** The drawn line(s): the GPX track's segments, the KML's LineStrings, the GeoJSON's (Multi)LineString. */
  track: [number, number][][];
}

interface Feature {
  type: string;
  geometry: Geometry;
  properties: Record<string, unknown> | null;
}

type Geometry = { type: string; coordinates?: unknown; geometries?: Geometry[] } | null;

const linesOf = (geometry: Geometry): [number, number][][] =>
  geometry?.type === 'LineString'
    ? [geometry.coordinates as [number, number][]]
    : geometry?.type === 'MultiLineString'
      ? (geometry.coordinates as [number, number][][])
      : geometry?.type === 'GeometryCollection'
        ? (geometry.geometries ?? []).flatMap(linesOf)
        : [];

const pointsOf = (features: Feature[]): ExportedPoint[] =>
  features
    .filter((f) => f.geometry?.type === 'Point')
    .map((f) => {
      const [lon, lat] = f.geometry!.coordinates as [number, number];
      return { name: String(f.properties?.name ?? ''), lon, lat };
    });

export function readBackExport(content: string, format: 'gpx' | 'geojson' | 'kml'): ReadBack {
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
  if (problems.length > 0) throw new Error(`the ${format} is not well-formed XML: ${problems.join('; ')}`);
  if (format === 'kml') {
    const features = kml(document).features as Feature[];
    const points = pointsOf(features);
    return {
      points,
      route: points.map((p) => [p.lon, p.lat]),
      track: features.flatMap((f) => linesOf(f.geometry)),
    };
  }
  const features = gpx(document).features as Feature[];
  const route = features.find((f) => f.properties?._gpxType === 'rte');
  const track = features.find((f) => f.properties?._gpxType === 'trk');
  return {
    points: pointsOf(features),
    route: linesOf(route?.geometry ?? null)[0] ?? [],
    track: linesOf(track?.geometry ?? null),
  };
}
