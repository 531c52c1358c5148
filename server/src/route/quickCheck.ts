/**
 * What the full reader hands the check pass (findings only, see routeText.ts) instead of
 * complete elements, and the check pass's shortcut for the commonest element shapes.
 */
import { K_AIRWAY, K_DIRECT, K_POINT } from './kinds';
import type { BearingDistanceElement, CodedPointElement, LatLonElement, Range, RouteElement } from './model';

export const NO_RANGE: Range = Object.freeze({
  start: Object.freeze({ line: 0, character: 0 }),
  end: Object.freeze({ line: 0, character: 0 }),
});

// What the full reader hands the check pass for the common kinds: the sequence rules need only the kind.
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
 * The kind code of a token of `n` capital letters and nothing else: DCT, or a point of 2, 3 or 5
 * letters; -1 for the rest (VFR IFR OAT GAT SID and PTS… are keywords), which the full reader
 * decides.
 */
export function lettersOnlyKind(s: string, from: number, n: number): number {
  if (n === 2) return K_POINT;
  if (n === 3) {
    const a = s.charCodeAt(from);
    const b = s.charCodeAt(from + 1);
    const c = s.charCodeAt(from + 2);
    if (a === 68 && b === 67 && c === 84) return K_DIRECT; // DCT
    if (b === 70 && c === 82) return -1; // VFR IFR
    if (b === 65 && c === 84) return -1; // OAT GAT
    if (a === 83 && b === 73 && c === 68) return -1; // SID
    return K_POINT;
  }
  if (n === 5 && !(s.charCodeAt(from) === 80 && s.charCodeAt(from + 1) === 84 && s.charCodeAt(from + 2) === 83))
    return K_POINT;
  return -1;
}

/**
 * The check pass's shortcut for the commonest shapes, read straight from the line without
 * slicing the token: DCT, a 2–3 or 5-letter point, an ATS route of 1–2 letters + digits (+ one
 * letter), as a kind code (kinds.ts). -1 for anything else (including lower case), which takes
 * the full reader; what it returns is what the full reader would decide, whatever the position.
 */
export function quickCheck(s: string, from: number, to: number): number {
  const n = to - from;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) break;
    i++;
  }
  const letters = i - from;
  if (letters === 0) return -1;
  if (i === to) return lettersOnlyKind(s, from, n);
  if (letters > 2 || n > 6) return -1;
  let d = i;
  while (d < to) {
    const c = s.charCodeAt(d);
    if (c < 48 || c > 57) break;
    d++;
  }
  if (d === i) return -1;
  if (d < to - 1) return -1;
  if (d === to - 1) {
    const c = s.charCodeAt(d);
    if (c < 65 || c > 90) return -1;
  }
  const c0 = s.charCodeAt(from);
  if (letters === 1 && (c0 === 78 || c0 === 75) && d - i === 4 && d === to) return -1; // speed without level
  if (letters === 1 && d === to && lonePartOf(c0, d - i, s.charCodeAt(i))) return -1; // F370, M082: R117
  return K_AIRWAY;
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
