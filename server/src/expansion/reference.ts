/**
 * The `referenceFix:` directive: a literal fix (`OCK`), a fix radial (`GWC270020`: radial 270,
 * 20 NM) or a coordinate (`5057N00121W`, `51N001W`). It picks among the namesakes of the
 * route's first point.
 */
import type { NavDatabase } from '../navdata/loader';
import { bearingDistancePoint } from './expandedPoints';
import { distanceNm } from '../geo/geodesy';

export type ReferenceFixSpec =
  | { kind: 'coordinate'; lat: number; lon: number }
  | { kind: 'fix'; ident: string }
  | { kind: 'radial'; ident: string; bearing: number; distanceNm: number };

const COORDINATE = /^(\d{2})(\d{2})?([NS])(\d{3})(\d{2})?([EW])$/;
const RADIAL = /^([A-Z]{2,5})(\d{3})(\d{3})$/;
const FIX = /^[A-Z]{2,5}$/;

/** Reads the directive's value; undefined when it has none of the three forms. */
export function parseReferenceFix(value: string): ReferenceFixSpec | undefined {
  const text = value.trim().toUpperCase();
  const c = COORDINATE.exec(text);
  if (c && (c[2] === undefined) === (c[5] === undefined)) {
    const lat = Number(c[1]) + Number(c[2] ?? 0) / 60;
    const lon = Number(c[4]) + Number(c[5] ?? 0) / 60;
    if (lat > 90 || lon > 180 || Number(c[2] ?? 0) > 59 || Number(c[5] ?? 0) > 59) return undefined;
    return { kind: 'coordinate', lat: c[3] === 'S' ? -lat : lat, lon: c[6] === 'W' ? -lon : lon };
  }
  const r = RADIAL.exec(text);
  if (r) {
    const bearing = Number(r[2]);
    if (bearing > 360) return undefined;
    // RADIAL's three groups are not optional: a match captures each.
    return { kind: 'radial', ident: r[1]!, bearing: bearing % 360, distanceNm: Number(r[3]) };
  }
  if (FIX.test(text)) return { kind: 'fix', ident: text };
  return undefined;
}

export interface ReferencePosition {
  lat: number;
  lon: number;
  /** How the position was found, for messages. */
  description: string;
}

/**
 * The reference position. A named reference can itself have namesakes: the one closest to any
 * of the `near` positions (the first point's candidates) is taken, which is what a dispatcher
 * naming a nearby fix means. Undefined when the name is unknown.
 */
export function resolveReferenceFix(
  spec: ReferenceFixSpec,
  db: NavDatabase,
  near: readonly { lat: number; lon: number }[],
): ReferencePosition | undefined {
  if (spec.kind === 'coordinate') return { lat: spec.lat, lon: spec.lon, description: 'coordinate' };
  let candidates = [...db.lookup(spec.ident)];
  const aerodrome = db.aerodrome(spec.ident);
  if (aerodrome !== undefined) candidates.push(aerodrome);
  if (near.length > 0) {
    const score = (i: number) => Math.min(...near.map((p) => distanceNm(db.at(i), p)));
    candidates = candidates
      .map((i) => ({ i, d: score(i) }))
      .sort((a, b) => a.d - b.d)
      .map((x) => x.i);
  }
  const [base] = candidates;
  if (base === undefined) return undefined;
  if (spec.kind === 'fix')
    return { lat: db.lat(base), lon: db.lon(base), description: `${spec.ident} ${db.type(base).toUpperCase()}` };
  const computed = bearingDistancePoint(db, base, spec.bearing, spec.distanceNm);
  return { lat: computed.lat, lon: computed.lon, description: computed.description };
}
