/**
 * Reads one whitespace-separated token of Item 15 into a route element. Classification depends
 * on where the token stands (the caller passes position flags): a SID only right after the
 * first speed/level group, a STAR only last, an aerodrome only as the first or last word.
 * One reader is reused for every token of a parse: no per-token closures.
 */
import { characterName, isInvisibleFormat, textFix } from './textFixes';
import type { DiagnosticSink } from './diagnostics';
import { lineRange } from './diagnostics';
import type { DiagnosticCode } from './codes';
import { describeLatLon, describeLevel, describeSpeed, describeSpeedLevel } from './describe';
import type {
  AerodromeElement,
  BearingDistanceElement,
  CodedPointElement,
  LatLonElement,
  PointElement,
  Range,
  RouteElement,
  SpeedLevelElement,
} from './model';
import { readLevel, readSpeed, type SubReport } from './speedLevel';
import {
  CHECK_AIRWAY,
  CHECK_BEARING,
  CHECK_DIRECT,
  CHECK_LATLON,
  CHECK_POINT,
  NO_RANGE,
  lonePartOf,
} from './quickCheck';

// Local copies of the char helpers: calls across modules cost a property read each under the
// CommonJS transform, and these run for every character of every element.
function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetterCode(c: number): boolean {
  return c >= 65 && c <= 90;
}

function digitRun(u: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = u.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  return i - from;
}

function digitsValue(u: string, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) v = v * 10 + (u.charCodeAt(i) - 48);
  return v;
}

/** Position flags of a token in its route. */
export const FIRST_WORD = 1;
export const LAST_WORD = 2;
export const SID_SLOT = 4;
export const STAR_SLOT = 8;

const EXPECTED =
  'expected a speed/level group (N0450F350), DCT, an ATS route (UL607), a point ' +
  '(DVR, KONAN, 46N078W, 4620N07805W, DUB180040) or point/speed level ' +
  '(LN/N0284A045)';

/** 4 letters that are not a keyword or track: an aerodrome designator when first or last. */
export function isAerodromeWord(u: string): boolean {
  if (u.length !== 4) return false;
  for (let i = 0; i < 4; i++) if (!isLetterCode(u.charCodeAt(i))) return false;
  return u !== 'STAR' && !u.startsWith('NAT') && !u.startsWith('PTS');
}

/** Whether a token (upper case) reads as a speed/level group, so position rules can find it. */
export function looksLikeSpeedLevel(u: string): boolean {
  const c = u.charCodeAt(0);
  return (c === 78 || c === 75 || c === 77) && u.length >= 7 && isDigitCode(u.charCodeAt(1)) && u.indexOf('/') < 0;
}

/** Words that are never a significant point. */
const KEYWORDS = new Set(['DCT', 'SID', 'STAR', 'VFR', 'IFR', 'OAT', 'GAT', 'IFPSTOP', 'IFPSTART', 'T']);

export class ElementReader {
  /** The last token read was a speed without a level (N0450): a level right after it is its partner. */
  private bareSpeed = false;
  private text = '';
  /** The last token read, in upper case. */
  u = '';
  private line = 0;
  private start = 0;
  private flags = 0;
  private readonly cursor = { end: 0 };
  private readonly subReport: SubReport;

  /**
   * `build` false: the check pass, which only needs kinds and findings, so elements get a
   * shared placeholder range and no description (nothing survives the pass). `build` true:
   * the elements handed out, complete, with `sink` null (findings were taken in the check pass).
   */
  constructor(
    private sink: DiagnosticSink | null,
    private readonly build: boolean,
  ) {
    this.subReport = (code, message, from, to) => this.report(code, message, from, to);
  }

  /** Starts the check pass of another route with findings into `sink` (null when done). */
  startCheck(sink: DiagnosticSink | null): void {
    this.sink = sink;
    this.bareSpeed = false;
    this.afterBareSpeed = false;
  }

  /** Reads the token `text` found at (line, start). */
  read(text: string, line: number, start: number, flags: number): RouteElement {
    this.text = text;
    this.line = line;
    this.start = start;
    this.flags = flags;
    this.u = text;
    const wasBareSpeed = this.bareSpeed;
    this.bareSpeed = false;
    this.afterBareSpeed = wasBareSpeed;
    return this.classify();
  }

  private afterBareSpeed = false;

  /** A token the check pass read through a shortcut (quickForm) and that is not a bare speed. */
  skipped(): void {
    this.bareSpeed = false;
  }

  /** Lower case costs a toUpperCase only when a lower-case letter is present. */
  private toUpper(): void {
    const text = this.text;
    this.u = text.toUpperCase();
    if (this.sink)
      this.report('R102', `write '${text}' in upper case: ${this.u}`, 0, text.length, { replacement: this.u });
  }

  private range(from: number, to: number): Range {
    return this.build ? lineRange(this.line, this.start + from, this.start + to) : NO_RANGE;
  }

  private report(code: DiagnosticCode, message: string, from: number, to: number, data?: unknown): void {
    if (this.sink)
      this.sink.add(code, message, lineRange(this.line, this.start + from, this.start + Math.max(to, from)), data);
  }

  private unknown(code: DiagnosticCode, message: string, from = 0, to = this.text.length): RouteElement {
    this.report(code, message, from, to);
    return this.unknownQuiet();
  }

  /**
   * One pass over the token as written, so every position is a position in the source. Lower
   * case is upper-cased (and reported) only once the token is known to hold nothing else that is
   * not allowed before it: a character such as 'ß' or 'ſ', whose upper case is A–Z, is reported
   * like any other, and never becomes letters of a point.
   */
  private classify(): RouteElement {
    const text = this.text;
    const n = text.length;
    let lower = false;
    let slash = -1;
    let digits = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (isDigitCode(c)) digits++;
      else if (c === 47) {
        if (slash < 0) slash = i;
      } else if (!isLetterCode(c)) {
        if (c >= 97 && c <= 122) {
          lower = true;
          continue;
        }
        if (lower) this.toUpper();
        if (c === 58) {
          return this.unknown(
            'R007',
            "a colon never occurs in ICAO route text: a directive line is 'key: value' with key origin, destination, referenceFix or departure",
            i,
            i + 1,
          );
        }
        if (isInvisibleFormat(c)) {
          // Pasted text carries these unseen: say what it is, and remove it.
          const what = characterName(c);
          this.report(
            'R114',
            `invisible character ${what} in '${text.slice(0, i)}${text.slice(i + 1)}' is not allowed in route text: remove it`,
            i,
            i + 1,
            textFix(`Remove the invisible ${what}`, lineRange(this.line, this.start + i, this.start + i + 1), ''),
          );
          return this.unknownQuiet();
        }
        // A character outside the BMP is two UTF-16 units: the finding covers both.
        const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
        const shown = c < 32 || c === 127 ? `\\u${c.toString(16).padStart(4, '0')}` : text.slice(i, i + pair);
        return this.unknown(
          'R114',
          `character '${shown}' is not allowed in route text: use letters A–Z, digits and '/'`,
          i,
          i + pair,
        );
      }
    }
    if (lower) this.toUpper();
    if (slash >= 0) return this.slashForm(slash);
    if (digits === 0) return this.lettersOnly();
    if (isDigitCode(text.charCodeAt(0))) return this.latLonStandalone();
    return this.alphanumeric();
  }

  private lettersOnly(): RouteElement {
    const u = this.u;
    const text = this.text;
    const range = this.range(0, text.length);
    switch (u) {
      case 'DCT':
        if (!this.build) return CHECK_DIRECT;
        return { kind: 'direct', text, range, description: 'direct: a straight line to the next point' };
      case 'T':
        return {
          kind: 'truncation',
          text,
          range,
          description: this.build ? 'truncation: the route continues outside this plan' : '',
        };
      case 'VFR':
      case 'IFR':
        return {
          kind: 'flightRules',
          text,
          range,
          rules: u,
          description: this.build ? `change of flight rules to ${u} at the preceding point` : '',
        };
      case 'OAT':
        return {
          kind: 'trafficType',
          text,
          range,
          traffic: 'OAT',
          description: this.build ? 'operational air traffic (OAT) from the preceding point' : '',
        };
      case 'GAT':
        return {
          kind: 'trafficType',
          text,
          range,
          traffic: 'GAT',
          description: this.build ? 'general air traffic (GAT) from the preceding point' : '',
        };
      case 'IFPSTOP':
        return {
          kind: 'ifps',
          text,
          range,
          mode: 'IFPSTOP',
          description: this.build ? 'IFPS route checking stops at the preceding point' : '',
        };
      case 'IFPSTART':
        return {
          kind: 'ifps',
          text,
          range,
          mode: 'IFPSTART',
          description: this.build ? 'IFPS route checking resumes at the preceding point' : '',
        };
      case 'SID':
        return {
          kind: 'sid',
          text,
          range,
          designator: null,
          description: this.build ? 'standard instrument departure (designator not given)' : '',
        };
      case 'STAR':
        return {
          kind: 'star',
          text,
          range,
          designator: null,
          description: this.build ? 'standard arrival route (designator not given)' : '',
        };
    }
    if (u.length === 4 && u.startsWith('NAT')) {
      return {
        kind: 'track',
        text,
        range,
        system: 'NAT',
        designator: u,
        description: this.build ? `North Atlantic track ${u[3]}` : '',
      };
    }
    if (u.length >= 4 && u.length <= 6 && u.startsWith('PTS')) {
      return {
        kind: 'track',
        text,
        range,
        system: 'PTS',
        designator: u,
        description: this.build ? `Pacific organised track (PACOTS) ${u.slice(3)}` : '',
      };
    }
    if (u.length === 1) {
      return this.unknown('R101', `'${text}' is a single letter: ${EXPECTED}`);
    }
    if (u.length > 5) {
      return this.unknown(
        'R101',
        `'${text}' has ${u.length} letters: a point is a 2–3 letter navaid or a 5-letter name; ${EXPECTED}`,
      );
    }
    return this.codedPoint(0, u.length, true);
  }

  /** A coded point of 2–5 letters at [from, to); `whole` when it is the entire token. */
  private codedPoint(from: number, to: number, whole: boolean): CodedPointElement | AerodromeElement {
    const len = to - from;
    if (len !== 4 && !this.build) return CHECK_POINT;
    // The whole token: share its strings (upper case is the same string when written so).
    const ident = whole ? this.u : this.u.slice(from, to);
    const text = whole ? this.text : this.text.slice(from, to);
    const range = this.range(from, to);
    if (len === 4) {
      const edge = whole ? this.flags & (FIRST_WORD | LAST_WORD) : this.flags & FIRST_WORD;
      if (edge) {
        const where =
          this.flags & FIRST_WORD ? 'first word: the departure aerodrome' : 'last word: the destination aerodrome';
        return {
          kind: 'aerodrome',
          text,
          range,
          icao: ident,
          description: this.build ? `aerodrome ${ident} (${where})` : '',
        };
      }
      this.report(
        'R115',
        `'${text}' has 4 letters: a point is a 2–3 letter navaid or a 5-letter name; an ` +
          `aerodrome belongs only at the start or end of the route`,
        from,
        to,
      );
      if (!this.build) return CHECK_POINT;
      return {
        kind: 'point',
        text,
        range,
        ident,
        description: `${ident}: 4-letter designator, not a standard point (aerodrome?)`,
      };
    }
    const description = this.build ? (len <= 3 ? `navaid ${ident}` : `named point ${ident}`) : '';
    return { kind: 'point', text, range, ident, description };
  }

  private alphanumeric(): RouteElement {
    const u = this.u;
    const n = u.length;
    const c0 = u.charCodeAt(0);
    if (n >= 4 && n <= 6 && u.startsWith('PTS')) {
      return {
        kind: 'track',
        text: this.text,
        range: this.range(0, n),
        system: 'PTS',
        designator: u,
        description: this.build ? `Pacific organised track (PACOTS) ${u.slice(3)}` : '',
      };
    }
    if (looksLikeSpeedLevel(u)) return this.speedLevel(0, n, true) ?? this.unknownQuiet();
    if (u.startsWith('STAY')) {
      return this.unknown(
        'R113',
        `'${this.text}' is not a STAY element: expected STAYn/hhmm with n 1–9, e.g. STAY1/0030`,
      );
    }
    if ((c0 === 78 || c0 === 75) && n === 5 && digitRun(u, 1, n) === 4) {
      this.bareSpeed = true;
      return this.unknown(
        'R104',
        `speed '${this.text}' without a level: write speed and level together, e.g. ${u}F350`,
      );
    }
    let letters = 0;
    while (letters < n && isLetterCode(u.charCodeAt(letters))) letters++;
    const tailDigits = digitRun(u, letters, n);
    if (letters === 1 && tailDigits === n - 1 && lonePartOf(c0, tailDigits, u.charCodeAt(1))) return this.lonePart();
    // Speed + level with another letter for the unit: X0450F350.
    if (
      letters === 1 &&
      tailDigits >= 3 &&
      tailDigits <= 4 &&
      n >= 8 &&
      c0 !== 78 &&
      c0 !== 75 &&
      c0 !== 77 &&
      !u.startsWith('PTS')
    ) {
      const lv = u.charCodeAt(1 + tailDigits);
      if (
        (lv === 70 || lv === 83 || lv === 65 || lv === 77 || lv === 86) &&
        (lv === 86 || digitRun(u, 2 + tailDigits, n) === n - 2 - tailDigits)
      ) {
        return this.unknown(
          'R103',
          `'${u[0]}' is not a speed unit: a speed is N (knots) or K (km/h) + 4 digits, or M (Mach) + 3 digits, e.g. N${u.slice(1)}`,
          0,
          1,
        );
      }
    }
    // A point with bearing/distance needs a 2–5 letter point and both 3-digit parts.
    if (letters === 1 && tailDigits === 6 && n === 7) {
      return this.unknown(
        'R101',
        `'${this.text}' reads like a bearing/distance point, but a navaid or named point has 2–5 letters, not 1: e.g. DUB180040`,
      );
    }
    // Two digits after the letters are a route number (Japan's OTR15), not a bearing/distance.
    if (letters >= 3 && letters <= 5 && tailDigits >= 3 && letters + tailDigits === n && tailDigits !== 6) {
      return this.unknown(
        'R101',
        `'${this.text}' reads like a bearing/distance point but has ${tailDigits} ` +
          `digits: expected a 2–5 letter point + 3-digit bearing + 3-digit distance, e.g. ` +
          `${u.slice(0, letters)}180040 (a SID or STAR has one digit)`,
      );
    }
    if (letters + tailDigits === n && letters >= 2 && letters <= 5 && n > 7) {
      if (tailDigits === 6) return this.bearingDistance(0, n, letters);
      return this.unknown(
        'R101',
        `'${this.text}' reads like a bearing/distance point but has ${tailDigits} ` +
          `digits: expected a 2–5 letter point + 3-digit bearing + 3-digit distance, e.g. ` +
          `DUB180040`,
      );
    }
    if (n > 7) {
      return this.unknown(
        'R110',
        `'${this.text}' has ${n} characters: an ATS route or procedure designator has 2–7; ${EXPECTED}`,
      );
    }
    return this.routeDesignator(letters);
  }

  /** F370, M082, S1130 alone: a level or a Mach number without its partner and its point. */
  private lonePart(): RouteElement {
    const u = this.u;
    if (this.afterBareSpeed) return this.unknownQuiet(); // N0450 F350: the speed already carries the finding
    const mach = u.charCodeAt(0) === 77 && u.length === 4;
    const example = mach ? `KONAN/${u}F350` : `KONAN/N0450${u}`;
    return this.unknown(
      'R117',
      `${mach ? 'Mach number' : 'level'} ${u} alone is not a route element: a change ` +
        `of speed/level is written at the point where it applies, speed and level ` +
        `together, e.g. ${example}`,
    );
  }

  private unknownQuiet(): RouteElement {
    return {
      kind: 'unknown',
      text: this.text,
      range: this.range(0, this.text.length),
      description: this.build ? 'unreadable element' : '',
    };
  }

  /** 2–7 letters and digits with a digit: an ATS route, or a SID/STAR in its slot. */
  private routeDesignator(leadingLetters: number): RouteElement {
    const u = this.u;
    const text = this.text;
    const range = this.range(0, u.length);
    // Procedures are a name (3–5 letters) + digit + letter; ATS routes have a 1–2 letter prefix.
    const procedureLike = leadingLetters >= 3;
    if (procedureLike && this.flags & SID_SLOT) {
      return {
        kind: 'sid',
        text,
        range,
        designator: u,
        description: this.build ? `standard instrument departure ${u}` : '',
      };
    }
    if (procedureLike && this.flags & STAR_SLOT) {
      return { kind: 'star', text, range, designator: u, description: this.build ? `standard arrival route ${u}` : '' };
    }
    // Outside its slot only the usual procedure shape warns: name + one digit + letter (KONA1A).
    if (procedureLike && u.length === leadingLetters + 2 && isLetterCode(u.charCodeAt(u.length - 1))) {
      this.report(
        'R116',
        `'${text}' looks like a SID/STAR designator: a SID belongs right after the first ` +
          `speed/level group, a STAR at the end; as an ATS route it is unusual`,
        0,
        u.length,
      );
    }
    if (!this.build) return CHECK_AIRWAY;
    return { kind: 'airway', text, range, designator: u, description: `ATS route ${u}` };
  }

  private bearingDistance(from: number, to: number, letters: number): BearingDistanceElement {
    const u = this.u;
    const bearing = digitsValue(u, from + letters, 3);
    if (bearing > 360) {
      this.report(
        'R108',
        `bearing ${u.slice(from + letters, from + letters + 3)}° is out of range: expected 000–360 degrees magnetic`,
        from + letters,
        from + letters + 3,
      );
    }
    if (!this.build) return CHECK_BEARING;
    const ident = u.slice(from, from + letters);
    const distanceNm = digitsValue(u, from + letters + 3, 3);
    const b = u.slice(from + letters, from + letters + 3);
    return {
      kind: 'bearingDistance',
      text: this.text.slice(from, to),
      range: this.range(from, to),
      ident,
      bearing,
      distanceNm,
      description: `${b}° magnetic, ${distanceNm} NM from ${ident}`,
    };
  }

  private latLonStandalone(): RouteElement {
    return this.latLon(0, this.u.length) ?? this.unknownQuiet();
  }

  /** ddNdddW or ddmmNdddmmW at [from, to); reports and returns null when malformed. */
  private latLon(from: number, to: number): LatLonElement | null {
    const u = this.u;
    const len = to - from;
    const latDigits = len === 7 ? 2 : len === 11 ? 4 : -1;
    const ns = u.charCodeAt(from + latDigits);
    const ew = u.charCodeAt(to - 1);
    if (
      latDigits < 0 ||
      digitRun(u, from, to) !== latDigits ||
      (ns !== 78 && ns !== 83) ||
      (ew !== 69 && ew !== 87) ||
      digitRun(u, from + latDigits + 1, to) !== latDigits + 1
    ) {
      this.report(
        'R109',
        `'${this.text.slice(from, to)}' is not a latitude/longitude: expected ddNdddW (7 ` +
          `characters, e.g. 46N078W) or ddmmNdddmmW (11 characters, e.g. 4620N07805W), ` +
          `zero-padded`,
        from,
        to,
      );
      return null;
    }
    const minutes = latDigits === 4;
    const latDeg = digitsValue(u, from, 2);
    const latMin = minutes ? digitsValue(u, from + 2, 2) : 0;
    const lonAt = from + latDigits + 1;
    const lonDeg = digitsValue(u, lonAt, 3);
    const lonMin = minutes ? digitsValue(u, lonAt + 3, 2) : 0;
    if (minutes && latMin > 59)
      this.report(
        'R107',
        `minutes of latitude '${u.slice(from + 2, from + 4)}' out of range: expected 00–59`,
        from + 2,
        from + 4,
      );
    if (minutes && lonMin > 59)
      this.report(
        'R107',
        `minutes of longitude '${u.slice(lonAt + 3, lonAt + 5)}' out of range: expected 00–59`,
        lonAt + 3,
        lonAt + 5,
      );
    if (latDeg > 90 || (latDeg === 90 && latMin > 0)) {
      const shown = minutes
        ? `${u.slice(from, from + 2)}°${u.slice(from + 2, from + 4)}'${u[from + latDigits]}`
        : `${u.slice(from, from + 2)}°${u[from + latDigits]}`;
      this.report('R105', `latitude ${shown} out of range: expected at most 90°00'`, from, from + latDigits);
    }
    if (lonDeg > 180 || (lonDeg === 180 && lonMin > 0)) {
      const shown = minutes
        ? `${u.slice(lonAt, lonAt + 3)}°${u.slice(lonAt + 3, lonAt + 5)}'${u[to - 1]}`
        : `${u.slice(lonAt, lonAt + 3)}°${u[to - 1]}`;
      this.report('R106', `longitude ${shown} out of range: expected at most 180°00'`, lonAt, lonAt + latDigits + 1);
    }
    if (!this.build) return CHECK_LATLON;
    const nsL = ns === 78 ? 'N' : 'S';
    const ewL = ew === 69 ? 'E' : 'W';
    const lat = (latDeg + latMin / 60) * (nsL === 'N' ? 1 : -1);
    const lon = (lonDeg + lonMin / 60) * (ewL === 'E' ? 1 : -1);
    return {
      kind: 'latLon',
      text: this.text.slice(from, to),
      range: this.range(from, to),
      lat,
      lon,
      precision: minutes ? 'minutes' : 'degrees',
      description: describeLatLon(latDeg, latMin, nsL, lonDeg, lonMin, ewL, minutes),
    };
  }

  /** Any point form at [from, to) inside a slash element; reports and returns null otherwise. */
  private point(from: number, to: number, what: 'R111' | 'R112'): PointElement | null {
    const u = this.u;
    const len = to - from;
    if (len === 0) {
      this.report(what, `point missing before '/': expected e.g. LN/N0284A045`, from, from + 1);
      return null;
    }
    if (isDigitCode(u.charCodeAt(from))) return this.latLon(from, to);
    let letters = 0;
    while (from + letters < to && isLetterCode(u.charCodeAt(from + letters))) letters++;
    if (letters === len && KEYWORDS.has(u.slice(from, to))) {
      this.report(
        what,
        `${u.slice(from, to)} is not a significant point: a change of speed/level is ` +
          `attached to the point where it applies, e.g. DVR/N0450F350 (write ` +
          `${u.slice(from, to)} and the point apart)`,
        from,
        to,
      );
      return null;
    }
    if (letters === len && len >= 2 && len <= 5) return this.codedPoint(from, to, false);
    if (letters >= 2 && letters <= 5 && len === letters + 6 && digitRun(u, from + letters, to) === 6) {
      return this.bearingDistance(from, to, letters);
    }
    this.report(
      what,
      `'${this.text.slice(from, to)}' is not a point: expected a 2–3 letter navaid, ` +
        `5-letter name, lat/lon (46N078W, 4620N07805W) or bearing/distance (DUB180040)`,
      from,
      to,
    );
    return null;
  }

  /** A speed/level group at [from, to); `first` allows VFR as level. */
  private speedLevel(from: number, to: number, first: boolean): SpeedLevelElement | null {
    const u = this.u;
    const speed = readSpeed(u, from, to, this.cursor, this.subReport);
    if (!speed) return null;
    const level = readLevel(u, this.cursor.end, to, this.cursor, first, this.subReport);
    if (!level) return null;
    if (this.cursor.end < to) {
      this.report(
        'R104',
        `unexpected '${this.text.slice(this.cursor.end, to)}' after the level ` +
          `${level.text}: a speed/level group is speed + one level, e.g. N0450F350`,
        this.cursor.end,
        to,
      );
      return null;
    }
    return {
      kind: 'speedLevel',
      text: this.text.slice(from, to),
      range: this.range(from, to),
      speed,
      level,
      description: this.build ? describeSpeedLevel(speed, level) : '',
    };
  }

  private slashForm(slash: number): RouteElement {
    const u = this.u;
    const n = u.length;
    if (slash === 1 && u.charCodeAt(0) === 67 /* C */) return this.cruiseClimb();
    if (u.startsWith('STAY')) return this.stay(slash);
    if (u.indexOf('/', slash + 1) >= 0) {
      return this.unknown(
        'R111',
        `'${this.text}' has more than one '/': a change of speed/level is point/speed ` +
          `level, e.g. LN/N0284A045; a cruise climb starts with C/`,
      );
    }
    const point = this.point(0, slash, 'R111');
    if (slash + 1 >= n) {
      this.report(
        'R111',
        `speed/level missing after '/': expected e.g. ${u.slice(0, slash)}/N0284A045`,
        slash,
        slash + 1,
      );
      return this.unknownQuiet();
    }
    // VFR as the level: the change to VFR at the point (DVR/N0120VFR).
    const sl = this.speedLevel(slash + 1, n, true);
    if (!point || !sl) return this.unknownQuiet();
    // Doc 4444 says 21 characters at most, yet its own parts make 22 (4620N07805W/K0830S1130):
    // every part was checked above, so no length rule is added.
    return {
      kind: 'pointChange',
      text: this.text,
      range: this.range(0, n),
      point,
      speedLevel: sl,
      description: this.build ? `at ${point.description}: ${sl.description}` : '',
    };
  }

  private cruiseClimb(): RouteElement {
    const u = this.u;
    const n = u.length;
    const second = u.indexOf('/', 2);
    if (second < 0) {
      return this.unknown(
        'R112',
        `cruise climb '${this.text}' needs C/point/speed levels, e.g. C/48N050W/M082F290F350 or C/48N050W/M082F290PLUS`,
      );
    }
    if (u.indexOf('/', second + 1) >= 0) {
      return this.unknown(
        'R112',
        `cruise climb '${this.text}' has too many '/': expected C/point/speed levels, e.g. C/48N050W/M082F290F350`,
      );
    }
    const point = this.point(2, second, 'R112');
    const speed = readSpeed(u, second + 1, n, this.cursor, this.subReport);
    if (!speed) return this.unknownQuiet();
    const from = readLevel(u, this.cursor.end, n, this.cursor, false, this.subReport);
    if (!from) return this.unknownQuiet();
    let to = null;
    if (u.startsWith('PLUS', this.cursor.end)) {
      this.cursor.end += 4;
    } else if (this.cursor.end >= n) {
      this.report(
        'R112',
        `cruise climb needs a second level or PLUS after ${from.text}, e.g. ${u}F350 or ${u}PLUS`,
        n - from.text.length,
        n,
      );
      return this.unknownQuiet();
    } else {
      to = readLevel(u, this.cursor.end, n, this.cursor, false, this.subReport);
      if (!to) return this.unknownQuiet();
    }
    if (this.cursor.end < n) {
      this.report(
        'R112',
        `unexpected '${this.text.slice(this.cursor.end)}' at the end of the cruise climb: expected speed + two levels or one level + PLUS`,
        this.cursor.end,
        n,
      );
      return this.unknownQuiet();
    }
    if (!point) return this.unknownQuiet();
    const band = !this.build
      ? ''
      : to
        ? `between ${describeLevel(from)} and ${describeLevel(to)}`
        : `from ${describeLevel(from)} and above`;
    return {
      kind: 'cruiseClimb',
      text: this.text,
      range: this.range(0, n),
      point,
      speed,
      fromLevel: from,
      toLevel: to,
      description: this.build ? `cruise climb from ${point.description} at ${describeSpeed(speed)} ${band}` : '',
    };
  }

  private stay(slash: number): RouteElement {
    const u = this.u;
    const n = u.length;
    const ok =
      slash === 5 && isDigitCode(u.charCodeAt(4)) && u.charCodeAt(4) !== 48 && n === 10 && digitRun(u, 6, n) === 4;
    if (!ok) {
      return this.unknown(
        'R113',
        `'${this.text}' is not a STAY element: expected STAYn/hhmm with n 1–9, e.g. STAY1/0030`,
      );
    }
    const hours = digitsValue(u, 6, 2);
    const mins = digitsValue(u, 8, 2);
    if (mins > 59) {
      this.report('R113', `minutes '${u.slice(8, 10)}' out of range in STAY time: expected hhmm with mm 00–59`, 8, 10);
    }
    const index = u.charCodeAt(4) - 48;
    const minutes = hours * 60 + mins;
    return {
      kind: 'stay',
      text: this.text,
      range: this.range(0, n),
      index,
      minutes,
      description: this.build ? `stay ${index}: ${hours ? `${hours} h ` : ''}${mins} min at the preceding point` : '',
    };
  }
}
