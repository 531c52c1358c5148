/**
 * The check pass's second shortcut, for the composite shapes that fill real routes besides
 * points and airways: a speed/level group (N0450F350), a point with a change of speed/level
 * (KONAN/N0450F350, 46N030W/M082F350), a cruise climb (C/46N030W/M082F290F350), a lat/lon
 * (46N030W, 4620N07805W) and a bearing/distance point (DVR142067).
 *
 * Read straight from the line, without slicing the token or building the element. It answers
 * only when the full reader would read the token without a single finding (the levels a rule
 * questions, VFR, 4-letter points and every malformed variant go to the full reader), and then
 * with the placeholder the full reader's element would have got: what it returns is what the
 * check pass would have kept, in any position.
 */
import { CHECK_BEARING, CHECK_LATLON, CHECK_POINT, NO_RANGE, placeholderOf } from './quickCheck';
import type { LatLonElement, RouteElement } from './model';
import { isUsualFlightLevel } from './sequence';

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return c >= 65 && c <= 90;
}

/** Where the cursor stands after a read; -1 when the shape does not fit. */
let at = 0;

/** `count` digits at `from` followed by no further digit before `to`; their value, or -1. */
function digits(s: string, from: number, count: number, to: number): number {
  if (from + count > to) return -1;
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    v = v * 10 + (c - 48);
  }
  if (from + count < to && isDigit(s.charCodeAt(from + count))) return -1;
  return v;
}

/** A speed N/K + 4 digits or M + 3 at `from`; sets `at` past it. */
function speed(s: string, from: number, to: number): boolean {
  const c = s.charCodeAt(from);
  const want = c === 78 || c === 75 ? 4 : c === 77 ? 3 : 0;
  if (want === 0 || digits(s, from + 1, want, to) < 0) return false;
  at = from + 1 + want;
  return true;
}

/** A level F/A + 3 digits or S/M + 4 at `from`, a flight level only when usual (R210 asks about the rest); sets `at`. */
function level(s: string, from: number, to: number): boolean {
  if (from >= to) return false;
  const c = s.charCodeAt(from);
  const want = c === 70 || c === 65 ? 3 : c === 83 || c === 77 ? 4 : 0;
  if (want === 0) return false;
  const v = digits(s, from + 1, want, to);
  if (v < 0 || (c === 70 && !isUsualFlightLevel(v))) return false;
  at = from + 1 + want;
  return true;
}

/** ddNdddW or ddmmNdddmmW at exactly [from, to), within range. */
function latLon(s: string, from: number, to: number): boolean {
  const len = to - from;
  const lat = len === 7 ? 2 : len === 11 ? 4 : 0;
  if (lat === 0) return false;
  const ns = s.charCodeAt(from + lat);
  const ew = s.charCodeAt(to - 1);
  if ((ns !== 78 && ns !== 83) || (ew !== 69 && ew !== 87)) return false;
  const latDeg = digits(s, from, 2, from + 2);
  const lonDeg = digits(s, from + lat + 1, 3, from + lat + 4);
  if (latDeg < 0 || lonDeg < 0) return false;
  let latMin = 0;
  let lonMin = 0;
  if (lat === 4) {
    latMin = digits(s, from + 2, 2, from + 4);
    lonMin = digits(s, from + 8, 2, from + 10);
    if (latMin < 0 || lonMin < 0 || latMin > 59 || lonMin > 59) return false;
  }
  return (latDeg < 90 || (latDeg === 90 && latMin === 0)) && (lonDeg < 180 || (lonDeg === 180 && lonMin === 0));
}

/** Letters from `from` while before `to`. */
function letterRun(s: string, from: number, to: number): number {
  let i = from;
  while (i < to && isLetter(s.charCodeAt(i))) i++;
  return i - from;
}

/** 2–5 letters (not STAY…) + 3-digit bearing up to 360 + 3-digit distance at exactly [from, to). */
function bearingDistance(s: string, from: number, to: number, letters: number): boolean {
  if (letters < 2 || letters > 5 || to - from !== letters + 6 || startsWithStay(s, from, to)) return false;
  const bearing = digits(s, from + letters, 3, from + letters + 3);
  return bearing >= 0 && bearing <= 360 && digits(s, from + letters + 3, 3, to) >= 0;
}

function startsWithStay(s: string, from: number, to: number): boolean {
  return to - from >= 4 && s.startsWith('STAY', from);
}

/** The 3-letter words that are keywords, never points (DCT SID VFR IFR OAT GAT). */
function isThreeLetterKeyword(s: string, from: number): boolean {
  const a = s.charCodeAt(from);
  const b = s.charCodeAt(from + 1);
  const c = s.charCodeAt(from + 2);
  return (
    (a === 68 && b === 67 && c === 84) ||
    (a === 83 && b === 73 && c === 68) ||
    (b === 70 && c === 82 && (a === 86 || a === 73)) ||
    (b === 65 && c === 84 && (a === 79 || a === 71))
  );
}

/** The point before a '/': 2, 3 or 5 letters (not a keyword), a lat/lon or a bearing/distance. */
function pointKind(s: string, from: number, to: number): 'point' | 'latLon' | 'bearingDistance' | null {
  const len = to - from;
  if (len <= 0) return null;
  if (isDigit(s.charCodeAt(from))) return latLon(s, from, to) ? 'latLon' : null;
  const letters = letterRun(s, from, to);
  if (letters === len) {
    if (len === 2 || len === 5 || (len === 3 && !isThreeLetterKeyword(s, from))) return 'point';
    return null;
  }
  return bearingDistance(s, from, to, letters) ? 'bearingDistance' : null;
}

/** A speed and a level filling exactly [from, to). */
function speedLevel(s: string, from: number, to: number): boolean {
  return speed(s, from, to) && level(s, at, to) && at === to;
}

const KNOTS = { unit: 'knots', value: 0, text: '' } as const;
const FLIGHT_LEVEL = { unit: 'flightLevel', value: 0, text: '' } as const;
const GROUP = {
  kind: 'speedLevel',
  text: '',
  range: NO_RANGE,
  description: '',
  speed: KNOTS,
  level: FLIGHT_LEVEL,
} as const satisfies RouteElement;

/** The placeholders, made once by the check pass's own placeholderOf from model elements of each shape. */
let groupPlaceholder: RouteElement | undefined;
const changePlaceholders = new Map<string, RouteElement>();
const climbPlaceholders = new Map<string, RouteElement>();

function pointOfKind(kind: 'point' | 'latLon' | 'bearingDistance'): RouteElement {
  return kind === 'point' ? CHECK_POINT : kind === 'latLon' ? CHECK_LATLON : CHECK_BEARING;
}

function changePlaceholder(kind: 'point' | 'latLon' | 'bearingDistance'): RouteElement {
  let p = changePlaceholders.get(kind);
  if (!p) {
    const point = pointOfKind(kind) as LatLonElement;
    p = placeholderOf({ kind: 'pointChange', text: '', range: NO_RANGE, description: '', point, speedLevel: GROUP });
    changePlaceholders.set(kind, p);
  }
  return p;
}

function climbPlaceholder(kind: 'point' | 'latLon' | 'bearingDistance'): RouteElement {
  let p = climbPlaceholders.get(kind);
  if (!p) {
    const point = pointOfKind(kind) as LatLonElement;
    p = placeholderOf({
      kind: 'cruiseClimb',
      text: '',
      range: NO_RANGE,
      description: '',
      point,
      speed: KNOTS,
      fromLevel: FLIGHT_LEVEL,
      toLevel: null,
    });
    climbPlaceholders.set(kind, p);
  }
  return p;
}

/**
 * The token at [from, to) of `s` as the check pass would keep it, when it is one of the shapes
 * above and reads without a finding; null for anything else.
 */
export function quickForm(s: string, from: number, to: number): RouteElement | null {
  const n = to - from;
  if (n < 7) return null;
  const c0 = s.charCodeAt(from);
  let slash = -1;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 47) {
      if (slash >= 0) {
        // Only a cruise climb has two: C/point/speed levels.
        return c0 === 67 && slash === from + 1 ? climb(s, from, to, i) : null;
      }
      slash = i;
    } else if (!isDigit(c) && !isLetter(c)) return null;
  }
  if (slash < 0) {
    if (isDigit(c0)) return latLon(s, from, to) ? CHECK_LATLON : null;
    if ((c0 === 78 || c0 === 75 || c0 === 77) && isDigit(s.charCodeAt(from + 1))) {
      return speedLevel(s, from, to) ? (groupPlaceholder ??= placeholderOf(GROUP)) : null;
    }
    return bearingDistance(s, from, to, letterRun(s, from, to)) ? CHECK_BEARING : null;
  }
  if (slash === from + 1 && c0 === 67) return null; // C/ without its second '/'
  if (startsWithStay(s, from, to)) return null;
  const kind = pointKind(s, from, slash);
  if (!kind || !speedLevel(s, slash + 1, to)) return null;
  return changePlaceholder(kind);
}

/** C/point/speed level level or C/point/speed level PLUS, with the second '/' at `second`. */
function climb(s: string, from: number, to: number, second: number): RouteElement | null {
  if (s.indexOf('/', second + 1) >= 0 && s.indexOf('/', second + 1) < to) return null;
  const kind = pointKind(s, from + 2, second);
  if (!kind || !speed(s, second + 1, to) || !level(s, at, to)) return null;
  if (at + 4 === to && s.startsWith('PLUS', at)) return climbPlaceholder(kind);
  if (!level(s, at, to) || at !== to) return null;
  return climbPlaceholder(kind);
}
