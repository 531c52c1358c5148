/** Turning database points and computed points into the expansion's output. */
import { FIX_TYPE_LABEL, type ExpandedPoint } from '../route/model';
import type { NavDatabase } from '../navdata/loader';
import { direct } from '../geo/geodesy';
import { formatPosition } from '../geo/decimalPosition';

/** `DVR VOR 51.16N 001.36E (DOVER VOR-DME)` */
export function describePoint(db: NavDatabase, i: number): string {
  const name = db.points.name[i];
  const region = db.points.region[i];
  let text = `${db.ident(i)} ${FIX_TYPE_LABEL[db.type(i)]}${region ? ` ${region}` : ''} ${formatPosition(db.lat(i), db.lon(i))}`;
  if (name) text += ` (${name})`;
  if (db.isAirwayEndOnly(i)) text += ' (known only as an airway end)';
  return text;
}

export function databasePoint(
  db: NavDatabase,
  i: number,
  designator: string,
  elementIndex: number,
  via?: string,
): ExpandedPoint {
  const point: ExpandedPoint = {
    designator,
    resolvedFix: describePoint(db, i),
    lat: db.lat(i),
    lon: db.lon(i),
    type: db.type(i),
    elementIndex,
  };
  const elevation = db.elevationFt(i);
  if (elevation !== undefined) point.elevationFt = elevation;
  if (via) point.via = via;
  return point;
}

/**
 * A bearing/distance point from a base. The bearing is magnetic; converting it needs the
 * variation, which the data has only for VORs (their declination). From any other base the
 * bearing is taken as true, and the description says so.
 */
export function bearingDistancePoint(
  db: NavDatabase,
  base: number,
  magneticBearing: number,
  distanceNm: number,
): { lat: number; lon: number; description: string } {
  const variation = db.variation(base);
  const known = variation !== undefined && db.type(base) === 'vor';
  const trueBearing = known ? (magneticBearing + variation + 360) % 360 : magneticBearing;
  const at = direct(db.at(base), trueBearing, distanceNm);
  const bearingText = String(magneticBearing).padStart(3, '0');
  const how = known
    ? `magnetic ${bearingText}° (true ${trueBearing.toFixed(0).padStart(3, '0')}°, ` +
      `variation ${Math.abs(variation).toFixed(0)}°${variation < 0 ? 'W' : 'E'} at ` +
      `${db.ident(base)})`
    : `${bearingText}° taken as true (no magnetic variation known for ${db.ident(base)} ${FIX_TYPE_LABEL[db.type(base)]})`;
  return {
    lat: at.lat,
    lon: at.lon,
    description: `${distanceNm} NM on ${how} from ${describePoint(db, base)}: ${formatPosition(at.lat, at.lon)}`,
  };
}
