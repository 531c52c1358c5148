/**
 * Route geometry on the WGS84 ellipsoid (geographiclib): legs as densified geodesics with the
 * distance flown at every vertex, split for drawing where they cross the antimeridian, and the
 * distance from a point to a leg. Pure: numbers in, numbers out.
 */
import { Geodesic } from 'geographiclib-geodesic';
import type { LonLat } from '../../../common/protocol/mapMessages';
import { METRES_PER_NM, WGS84, distanceNm, normaliseTrack, type GeoPoint } from './geodesy';

const geod = WGS84;
/** Radius of the auxiliary sphere's arc lengths in NM (a12 is in degrees of that sphere). */
const NM_PER_ARC_DEGREE = (geod.a * (Math.PI / 180)) / METRES_PER_NM;
const RAD = Math.PI / 180;

/** A leg as drawn and measured: vertices every `stepNm` or less, longitudes unrolled (continuous). */
export interface DenseLeg {
  from: GeoPoint;
  to: GeoPoint;
  distanceNm: number;
  trackDeg: number;
  /** Unrolled vertices, [lon, lat]; the first is `from`, the last `to`. */
  vertices: LonLat[];
  /** Distance from the leg's start at each vertex, NM. */
  along: number[];
}

export const DEFAULT_STEP_NM = 20;

export function denseLeg(from: GeoPoint, to: GeoPoint, stepNm = DEFAULT_STEP_NM): DenseLeg {
  const line = geod.InverseLine(
    from.lat,
    from.lon,
    to.lat,
    to.lon,
    Geodesic.STANDARD | Geodesic.DISTANCE_IN | Geodesic.LONG_UNROLL,
  );
  const total = (line.s13 ?? 0) / METRES_PER_NM;
  const steps = Math.max(1, Math.ceil(total / stepNm));
  const vertices: LonLat[] = [];
  const along: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const s = (total * i) / steps;
    const p = line.Position(s * METRES_PER_NM, Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.LONG_UNROLL);
    vertices.push([p.lon2 ?? from.lon, p.lat2 ?? from.lat]);
    along.push(s);
  }
  return { from, to, distanceNm: total, trackDeg: normaliseTrack(line.azi1 ?? 0), vertices, along };
}

/**
 * Unrolled vertices into drawable parts with longitudes in [-180, 180]: a part ends on the
 * antimeridian where the line crosses it and the next starts on the other side.
 */
export function splitAtAntimeridian(unrolled: readonly LonLat[]): LonLat[][] {
  if (unrolled.length === 0) return [];
  const world = (lon: number) => Math.floor((lon + 180) / 360);
  const parts: LonLat[][] = [];
  let shift = world(unrolled[0]![0]) * 360;
  let part: LonLat[] = [[unrolled[0]![0] - shift, unrolled[0]![1]]];
  for (let i = 1; i < unrolled.length; i++) {
    const [lon0, lat0] = unrolled[i - 1]!;
    const [lon1, lat1] = unrolled[i]!;
    if (Math.abs(lon1 - lon0) >= 179.999) {
      // Over the pole the longitude turns by 180° at once: up to the pole, down on the other side.
      const pole = lat0 + lat1 >= 0 ? 90 : -90;
      part.push([lon0 - shift, pole]);
      parts.push(part);
      shift = world(lon1) * 360;
      part = [
        [lon1 - shift, pole],
        [lon1 - shift, lat1],
      ];
      continue;
    }
    let w0 = world(lon0);
    const w1 = world(lon1);
    // One boundary at a time, so a line that wraps twice still ends every part on ±180.
    while (w0 !== w1) {
      const east = w1 > w0;
      const boundary = east ? (w0 + 1) * 360 - 180 : w0 * 360 - 180;
      const t = (boundary - lon0) / (lon1 - lon0);
      const lat = lat0 + t * (lat1 - lat0);
      part.push([east ? 180 : -180, lat]);
      parts.push(part);
      part = [[east ? -180 : 180, lat]];
      w0 += east ? 1 : -1;
      shift = w0 * 360;
    }
    part.push([lon1 - shift, lat1]);
  }
  parts.push(part);
  return parts.filter((p) => p.length >= 2);
}

/** Where a point lies relative to a leg: its least distance and how far along the leg that is. */
export interface LegDistance {
  distanceNm: number;
  /** Distance along the leg to the nearest point of it, NM (0 … leg length). */
  alongNm: number;
}

/**
 * Cross-track distance: geodesic distance and azimuths from geographiclib, combined on the
 * auxiliary sphere (good to a fraction of a percent, plenty for corridors of tens of NM). Beyond
 * either end of the leg, the distance to that end.
 */
export function distanceToLeg(point: GeoPoint, leg: DenseLeg): LegDistance {
  const toPoint = geod.Inverse(leg.from.lat, leg.from.lon, point.lat, point.lon, Geodesic.DISTANCE | Geodesic.AZIMUTH);
  const d13 = (toPoint.a12 ?? 0) * RAD;
  const dAzimuth = ((toPoint.azi1 ?? 0) - leg.trackDeg) * RAD;
  const crossArc = Math.asin(Math.max(-1, Math.min(1, Math.sin(d13) * Math.sin(dAzimuth))));
  const alongArc = Math.atan2(Math.sin(d13) * Math.cos(dAzimuth), Math.cos(d13) * Math.cos(crossArc));
  const alongNm = (alongArc / RAD) * NM_PER_ARC_DEGREE;
  const fromStart = (toPoint.s12 ?? 0) / METRES_PER_NM;
  if (alongNm <= 0) return { distanceNm: fromStart, alongNm: 0 };
  if (alongNm >= leg.distanceNm)
    return { distanceNm: Math.min(fromStart, distanceNm(point, leg.to)), alongNm: leg.distanceNm };
  return { distanceNm: Math.abs(crossArc / RAD) * NM_PER_ARC_DEGREE, alongNm };
}

/**
 * A geodesic circle of `radiusNm` around a centre, closed, as [lon, lat] (longitudes unrolled
 * about the centre). By default a vertex every 10° for big circles, fewer for small ones (a
 * 25 NM circle with 20 vertices is off by under 0.3 NM, finer than anything a NOTAM says).
 */
export function circleRing(
  center: GeoPoint,
  radiusNm: number,
  vertices = radiusNm < 5 ? 12 : radiusNm < 30 ? 20 : 36,
): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i < vertices; i++) {
    const r = geod.Direct(
      center.lat,
      center.lon,
      (360 * i) / vertices,
      radiusNm * METRES_PER_NM,
      Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.LONG_UNROLL,
    );
    ring.push([r.lon2 ?? center.lon, r.lat2 ?? center.lat]);
  }
  ring.push(ring[0]!);
  return ring;
}
