/**
 * The one place that asks geographiclib for point-to-point geodesy on the WGS84 ellipsoid:
 * distance and initial true track between two points, and the point at a track and distance.
 * Expansion, completion, hovers and the map all measure with these, so a leg has one length
 * wherever it is shown. Pure: numbers in, numbers out.
 */
import { Geodesic } from 'geographiclib-geodesic';

export const WGS84 = Geodesic.WGS84;
export const METRES_PER_NM = 1852;

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Longitude in [-180, 180). */
export function normaliseLon(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Degrees in [0, 360). */
export function normaliseTrack(azimuth: number): number {
  return ((azimuth % 360) + 360) % 360;
}

export interface Inverse {
  distanceNm: number;
  /** True track at the start, [0, 360). */
  trackDeg: number;
  /** Arc on the auxiliary sphere, degrees. */
  arcDeg: number;
}

/** The geodesic from one point to another: its length, initial true track and arc. */
export function inverse(from: GeoPoint, to: GeoPoint): Inverse {
  const r = WGS84.Inverse(from.lat, from.lon, to.lat, to.lon, Geodesic.DISTANCE | Geodesic.AZIMUTH);
  return { distanceNm: (r.s12 ?? 0) / METRES_PER_NM, trackDeg: normaliseTrack(r.azi1 ?? 0), arcDeg: r.a12 ?? 0 };
}

/** Geodesic distance in NM. */
export function distanceNm(from: GeoPoint, to: GeoPoint): number {
  return (WGS84.Inverse(from.lat, from.lon, to.lat, to.lon, Geodesic.DISTANCE).s12 ?? 0) / METRES_PER_NM;
}

/** The point at a true track and distance (NM) from a start point. */
export function direct(from: GeoPoint, trackDeg: number, nm: number): GeoPoint {
  const r = WGS84.Direct(from.lat, from.lon, trackDeg, nm * METRES_PER_NM);
  return { lat: r.lat2 ?? from.lat, lon: normaliseLon(r.lon2 ?? from.lon) };
}
