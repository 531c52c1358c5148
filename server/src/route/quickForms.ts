/**
 * The check pass's second shortcut, for the composite shapes that fill real routes besides
 * points and airways: a speed/level group (N0450F350), a point with a change of speed/level
 * (KONAN/N0450F350, 46N030W/M082F350), a cruise climb (C/46N030W/M082F290F350), a lat/lon
 * (46N030W, 4620N07805W) and a bearing/distance point (DVR142067).
 *
 * Read straight from the line, without slicing the token or building the element. It answers
 * only when the full reader would read the token without a single finding (the levels a rule
 * questions, VFR, 4-letter points and every malformed variant go to the full reader), and then
 * with the kind code (kinds.ts) of the full reader's element, in any position.
 */
import {
  COMPUTED,
  K_BEARING_DISTANCE,
  K_CRUISE_CLIMB,
  K_LAT_LON,
  K_POINT,
  K_POINT_CHANGE,
  K_SPEED_LEVEL,
} from './kinds';
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

/**
 * The point before a '/': 2, 3 or 5 letters (not a keyword), a lat/lon or a bearing/distance; its
 * kind code, or -1.
 */
function pointKind(s: string, from: number, to: number): number {
  const len = to - from;
  if (len <= 0) return -1;
  if (isDigit(s.charCodeAt(from))) return latLon(s, from, to) ? LAT_LON : -1;
  const letters = letterRun(s, from, to);
  if (letters === len) {
    if (len === 2 || len === 5 || (len === 3 && !isThreeLetterKeyword(s, from))) return K_POINT;
    return -1;
  }
  return bearingDistance(s, from, to, letters) ? BEARING_DISTANCE : -1;
}

/** A speed and a level filling exactly [from, to). */
function speedLevel(s: string, from: number, to: number): boolean {
  return speed(s, from, to) && level(s, at, to) && at === to;
}

const LAT_LON = K_LAT_LON | COMPUTED;
const BEARING_DISTANCE = K_BEARING_DISTANCE | COMPUTED;

/** A change of speed/level or a cruise climb at a point of kind `point`: computed when the point is. */
function withPoint(kind: number, point: number): number {
  return kind | (point & COMPUTED);
}

/**
 * The kind code of the token at [from, to) of `s`, when it is one of the shapes above and reads
 * without a finding; -1 for anything else.
 */
export function quickForm(s: string, from: number, to: number): number {
  if (to - from < 7) return -1;
  let slash = -1;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 47) {
      if (slash >= 0) return formAfterScan(s, from, to, slash, i);
      slash = i;
    } else if (!isDigit(c) && !isLetter(c)) return -1;
  }
  return formAfterScan(s, from, to, slash, -1);
}

/**
 * quickForm of a token already scanned: its characters are capitals, digits and '/' up to its
 * second '/' at `second` (all of them when there is none, -1); its first '/' is at `slash` (-1:
 * none). The check pass's tokenizer scans each token once and hands over what it saw.
 */
export function formAfterScan(s: string, from: number, to: number, slash: number, second: number): number {
  const n = to - from;
  if (n < 7) return -1;
  const c0 = s.charCodeAt(from);
  // Only a cruise climb has two: C/point/speed levels.
  if (second >= 0) return c0 === 67 && slash === from + 1 ? climb(s, from, to, second) : -1;
  if (slash < 0) {
    if (isDigit(c0)) return latLon(s, from, to) ? LAT_LON : -1;
    if ((c0 === 78 || c0 === 75 || c0 === 77) && isDigit(s.charCodeAt(from + 1))) {
      return speedLevel(s, from, to) ? K_SPEED_LEVEL : -1;
    }
    return bearingDistance(s, from, to, letterRun(s, from, to)) ? BEARING_DISTANCE : -1;
  }
  if (slash === from + 1 && c0 === 67) return -1; // C/ without its second '/'
  if (startsWithStay(s, from, to)) return -1;
  const point = pointKind(s, from, slash);
  if (point < 0 || !speedLevel(s, slash + 1, to)) return -1;
  return withPoint(K_POINT_CHANGE, point);
}

/** C/point/speed level level or C/point/speed level PLUS, with the second '/' at `second`. */
function climb(s: string, from: number, to: number, second: number): number {
  if (s.indexOf('/', second + 1) >= 0 && s.indexOf('/', second + 1) < to) return -1;
  const point = pointKind(s, from + 2, second);
  if (point < 0 || !speed(s, second + 1, to) || !level(s, at, to)) return -1;
  if (at + 4 === to && s.startsWith('PLUS', at)) return withPoint(K_CRUISE_CLIMB, point);
  if (!level(s, at, to) || at !== to) return -1;
  return withPoint(K_CRUISE_CLIMB, point);
}
