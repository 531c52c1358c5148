/**
 * What the check pass (findings only, see routeText.ts) hands back instead of complete
 * elements, and its shortcut for the commonest element shapes.
 */
import type {
  BearingDistanceElement,
  CodedPointElement,
  LatLonElement,
  PointElement,
  Range,
  RouteElement,
} from './model';

export const NO_RANGE: Range = Object.freeze({
  start: Object.freeze({ line: 0, character: 0 }),
  end: Object.freeze({ line: 0, character: 0 }),
});

// What the check pass hands back for the common kinds: the sequence rules need only the kind.
export const CHECK_DIRECT: RouteElement = Object.freeze({ kind: 'direct', text: '', range: NO_RANGE, description: '' });
export const CHECK_POINT: CodedPointElement = Object.freeze({
  kind: 'point',
  text: '',
  range: NO_RANGE,
  description: '',
  ident: '',
});
export const CHECK_AIRWAY: RouteElement = Object.freeze({
  kind: 'airway',
  text: '',
  range: NO_RANGE,
  description: '',
  designator: '',
});
export const CHECK_LATLON: LatLonElement = Object.freeze({
  kind: 'latLon',
  text: '',
  range: NO_RANGE,
  description: '',
  lat: 0,
  lon: 0,
  precision: 'degrees',
});
export const CHECK_BEARING: BearingDistanceElement = Object.freeze({
  kind: 'bearingDistance',
  text: '',
  range: NO_RANGE,
  description: '',
  ident: '',
  bearing: 0,
  distanceNm: 0,
});

/**
 * The check pass's shortcut for the commonest shapes, read straight from the line without
 * slicing the token: DCT, a 2–3 or 5-letter point, an ATS route of 1–2 letters + digits (+ one
 * letter). Null for anything else (including lower case), which takes the full reader; what it
 * returns is what the full reader would decide, whatever the position.
 */
export function quickCheck(s: string, from: number, to: number): RouteElement | null {
  const n = to - from;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) break;
    i++;
  }
  const letters = i - from;
  if (letters === 0) return null;
  if (i === to) {
    if (n === 2) return CHECK_POINT;
    if (n === 3) {
      const a = s.charCodeAt(from);
      const b = s.charCodeAt(from + 1);
      const c = s.charCodeAt(from + 2);
      if (a === 68 && b === 67 && c === 84) return CHECK_DIRECT; // DCT
      // VFR IFR OAT GAT SID are keywords: the full reader decides.
      if (b === 70 && c === 82) return null;
      if (b === 65 && c === 84) return null;
      if (a === 83 && b === 73 && c === 68) return null;
      return CHECK_POINT;
    }
    if (n === 5 && !(s.charCodeAt(from) === 80 && s.charCodeAt(from + 1) === 84 && s.charCodeAt(from + 2) === 83))
      return CHECK_POINT;
    return null;
  }
  if (letters > 2 || n > 6) return null;
  let d = i;
  while (d < to) {
    const c = s.charCodeAt(d);
    if (c < 48 || c > 57) break;
    d++;
  }
  if (d === i) return null;
  if (d < to - 1) return null;
  if (d === to - 1) {
    const c = s.charCodeAt(d);
    if (c < 65 || c > 90) return null;
  }
  const c0 = s.charCodeAt(from);
  if (letters === 1 && (c0 === 78 || c0 === 75) && d - i === 4 && d === to) return null; // speed without level
  if (letters === 1 && d === to && lonePartOf(c0, d - i, s.charCodeAt(i))) return null; // F370, M082: R117
  return CHECK_AIRWAY;
}

const placeholders = new Map<string, RouteElement>();
/** The commonest placeholders, found without building a key. */
let plainSpeedLevel: RouteElement | undefined;
let codedPointChange: RouteElement | undefined;

/**
 * What the check pass keeps of an element the full reader built: a shared placeholder with the
 * facts the sequence rules read (kind, flight rules, a VFR level, a computed point), so a route of
 * millions of elements keeps a pointer per element and no more. Aerodromes are kept as read (the
 * block takes its origin and destination from them; there are two at most).
 */
export function placeholderOf(e: RouteElement): RouteElement {
  if (e.kind === 'aerodrome') return e;
  if (e.kind === 'speedLevel' && e.level.unit !== 'vfr') return (plainSpeedLevel ??= makePlaceholder(e));
  if (e.kind === 'pointChange' && e.point.kind === 'point' && e.speedLevel.level.unit !== 'vfr')
    return (codedPointChange ??= makePlaceholder(e));
  let key: string;
  switch (e.kind) {
    case 'flightRules':
      key = e.rules;
      break;
    case 'speedLevel':
      key = 'slVFR';
      break;
    case 'pointChange':
    case 'cruiseClimb':
      key = `${e.kind}${e.point.kind}${e.kind === 'pointChange' && e.speedLevel.level.unit === 'vfr'}`;
      break;
    default:
      key = e.kind;
  }
  let p = placeholders.get(key);
  if (!p) {
    p = makePlaceholder(e);
    placeholders.set(key, p);
  }
  return p;
}

function makePlaceholder(e: RouteElement): RouteElement {
  let point: PointElement | undefined;
  let vfr = false;
  if (e.kind === 'speedLevel') vfr = e.level.unit === 'vfr';
  if (e.kind === 'pointChange' || e.kind === 'cruiseClimb') {
    point = e.point.kind === 'latLon' || e.point.kind === 'bearingDistance' ? CHECK_LATLON : CHECK_POINT;
    vfr = e.kind === 'pointChange' && e.speedLevel.level.unit === 'vfr';
  }
  const level = { unit: vfr ? 'vfr' : 'flightLevel', value: 0, text: '' };
  const speed = { unit: 'knots', value: 0, text: '' };
  const sl = { kind: 'speedLevel', text: '', range: NO_RANGE, description: '', speed, level };
  const base = { ...e, text: '', range: NO_RANGE, description: '' } as Record<string, unknown>;
  if (e.kind === 'speedLevel') Object.assign(base, { speed, level });
  if (e.kind === 'pointChange') Object.assign(base, { point, speedLevel: sl });
  if (e.kind === 'cruiseClimb') Object.assign(base, { point, speed, fromLevel: level, toLevel: null });
  return Object.freeze(base) as unknown as RouteElement;
}

/**
 * Whether one letter (char code `c0`) + `digits` digits (the first `first`) is a level or a Mach
 * number, not an ATS route: F + 3 and S or M + 4 digits are levels; A + 3 (altitude) and M + 3
 * (Mach) when the first digit is 0, since A and M routes are numbered from 1 (A470, M603).
 */
export function lonePartOf(c0: number, digits: number, first: number): boolean {
  if (c0 === 70) return digits === 3; // F
  if (c0 === 83) return digits === 4; // S
  if (c0 === 77) return digits === 4 || (digits === 3 && first === 48); // M
  if (c0 === 65) return digits === 3 && first === 48; // A
  return false;
}
