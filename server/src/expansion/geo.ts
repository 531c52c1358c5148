/** Distances and the geodesic direct problem for expansion. */
import { Geodesic } from 'geographiclib-geodesic';

const EARTH_RADIUS_NM = 3440.065;
const RAD = Math.PI / 180;
const METRES_PER_NM = 1852;

/** Great-circle distance in NM: precise enough to choose between namesakes and to flag far points. */
export function distanceNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point at a true bearing and distance from a start point, on the WGS84 ellipsoid. */
export function destination(
  lat: number,
  lon: number,
  trueBearing: number,
  distance: number,
): { lat: number; lon: number } {
  const result = Geodesic.WGS84.Direct(lat, lon, trueBearing, distance * METRES_PER_NM);
  return { lat: result.lat2 ?? lat, lon: normaliseLongitude(result.lon2 ?? lon) };
}

function normaliseLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** `51.16N 001.36E` */
export function formatPosition(lat: number, lon: number): string {
  const la = `${Math.abs(lat).toFixed(2).padStart(5, '0')}${lat < 0 ? 'S' : 'N'}`;
  const lo = `${Math.abs(lon).toFixed(2).padStart(6, '0')}${lon < 0 ? 'W' : 'E'}`;
  return `${la} ${lo}`;
}

/**
 * The geodesic between two points on the WGS84 ellipsoid: its length in NM and its initial true
 * track (0–360°). What a route page shows for a leg; `distanceNm` stays the quick spherical
 * measure the engine uses to choose namesakes.
 */
export function geodesicLeg(
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number,
): { distanceNm: number; trackDeg: number } {
  const result = Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2);
  const track = result.azi1 ?? 0;
  return { distanceNm: (result.s12 ?? 0) / METRES_PER_NM, trackDeg: ((track % 360) + 360) % 360 };
}
