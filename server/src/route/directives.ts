/** `key: value` lines of a block: origin, destination, referenceFix and departure (keys case-insensitive). */
import { DEPARTURE_EXAMPLE, readDepartureValue } from './departure';
import type { DiagnosticSink } from './diagnostics';
import { lineRange } from './diagnostics';
import type { Directive, DirectiveKey, Range } from './model';
import { NO_RANGE } from './quickCheck';
import { skipBlanks, trimmedEnd } from './routeText';

const KEYS: Record<string, DirectiveKey> = {
  origin: 'origin',
  destination: 'destination',
  referencefix: 'referenceFix',
  departure: 'departure',
};

/** The keys as the documentation writes them, for messages. */
export const DIRECTIVE_KEYS_TEXT = 'origin, destination, referenceFix or departure';

/** Levenshtein distance, for "did you mean" on short keys only. */
function distance(a: string, b: string): number {
  // row has b.length + 1 entries: every j below reads one of them.
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

function suggestion(key: string): string {
  const k = key.toLowerCase();
  let best = '';
  let bestD = 3;
  for (const [low, name] of Object.entries(KEYS)) {
    const d = distance(k, low);
    if (d < bestD) {
      bestD = d;
      best = name;
    }
  }
  return best ? ` (did you mean ${best}?)` : '';
}

const POINT_RE = /^([A-Z]{2,5}|\d{2}[NS]\d{3}[EW]|\d{4}[NS]\d{5}[EW]|[A-Z]{2,5}\d{6})$/;

/** Whether `key` is a word that can be a key: a letter, then letters, digits, '_' and '-'. */
function isKeyWord(key: string): boolean {
  const n = key.length;
  if (n === 0) return false;
  let c = key.charCodeAt(0) | 32;
  if (c < 97 || c > 122) return false;
  for (let i = 1; i < n; i++) {
    c = key.charCodeAt(i);
    const lower = c | 32;
    if (!((lower >= 97 && lower <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 45)) return false;
  }
  return true;
}

/** Whether `u` is 4 capital letters A–Z. */
function isFourLetters(u: string): boolean {
  if (u.length !== 4) return false;
  for (let i = 0; i < 4; i++) {
    const c = u.charCodeAt(i);
    if (c < 65 || c > 90) return false;
  }
  return true;
}

/** `s` in upper case; the same string when it has no lower-case or non-ASCII letter. */
function upperCase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || (c >= 97 && c <= 122)) return s.toUpperCase();
  }
  return s;
}

/** The range of the key of a directive line with a colon at `colon`. */
export function keyRangeOf(text: string, line: number, colon: number): Range {
  const ks = skipBlanks(text, 0, colon);
  return lineRange(line, ks, trimmedEnd(text, ks, colon));
}

/** The check pass's directive, reused: the block reads its key and value at once and keeps nothing. */
const checked: Directive = { key: '', value: '', range: NO_RANGE, keyRange: NO_RANGE, valueRange: NO_RANGE };

/** After a block: the reused directive keeps no text of it. */
export function releaseCheckedDirective(): void {
  checked.key = '';
  checked.value = '';
}

/** Whether the line with a colon at `colon` is a directive (readDirective gives one), without reading it. */
export function isDirectiveLine(text: string, colon: number): boolean {
  const ks = skipBlanks(text, 0, colon);
  return isKeyWord(text.slice(ks, trimmedEnd(text, ks, colon)));
}

/**
 * Reads a line with a colon at `colon` (content ends at `end`). Returns the directive, or
 * undefined when the text before the colon is no key (route text with a stray colon). With
 * `build` false (the check pass) only key and value are real (its ranges are NO_RANGE; the key's
 * is keyRangeOf), and the object is the same for every line.
 */
export function readDirective(
  text: string,
  line: number,
  colon: number,
  end: number,
  sink: DiagnosticSink,
  build = true,
): Directive | undefined {
  const ks = skipBlanks(text, 0, colon);
  const ke = trimmedEnd(text, ks, colon);
  const key = text.slice(ks, ke);
  // Not a key: route text with a stray colon, which the element reader reports (R007).
  if (!isKeyWord(key)) return undefined;
  const vs = skipBlanks(text, colon + 1, end);
  const ve = trimmedEnd(text, vs, end);
  const value = text.slice(vs, ve);
  // Keys as the documentation writes them need no lower-casing.
  const known: DirectiveKey | undefined =
    key === 'origin' || key === 'destination' || key === 'referenceFix' || key === 'departure'
      ? key
      : KEYS[key.toLowerCase()];
  let directive: Directive;
  if (build) {
    const keyRange = lineRange(line, ks, ke);
    const valueRange = lineRange(line, vs, ve);
    // The whole directive's range shares its ends with the key and value ranges.
    const rangeEnd = ve > colon ? valueRange.end : { line, character: colon + 1 };
    directive = {
      key: known ?? key,
      value: upperCase(value),
      range: { start: keyRange.start, end: rangeEnd },
      keyRange,
      valueRange,
    };
  } else {
    directive = checked;
    directive.key = known ?? key;
    directive.value = upperCase(value);
  }
  if (!known) {
    sink.add(
      'R002',
      `unknown directive '${key}'${suggestion(key)}: expected ${DIRECTIVE_KEYS_TEXT}`,
      lineRange(line, ks, ke),
    );
    return directive;
  }
  if (!value) {
    const example = known === 'referenceFix' ? 'DVR' : known === 'departure' ? DEPARTURE_EXAMPLE : 'EGLL';
    sink.add('R003', `${known}: has no value: expected e.g. '${known}: ${example}'`, lineRange(line, ks, colon + 1));
    return directive;
  }
  const upper = directive.value;
  if (known === 'departure') {
    const read = readDepartureValue(value);
    if ('problem' in read) {
      const { message, start, end } = read.problem;
      sink.add('R011', `departure: ${message}`, lineRange(line, vs + start, vs + end));
    }
  } else if (known !== 'referenceFix' && !isFourLetters(upper)) {
    sink.add(
      'R005',
      `${known} '${value}' is not an aerodrome: expected a 4-letter ICAO location indicator, e.g. EGLL`,
      lineRange(line, vs, ve),
    );
  } else if (known === 'referenceFix' && !POINT_RE.test(upper)) {
    sink.add(
      'R006',
      `referenceFix '${value}' is not a significant point: expected a navaid or named ` +
        `point (DVR, KONAN), lat/lon (46N078W) or bearing/distance (DUB180040)`,
      lineRange(line, vs, ve),
    );
  }
  return directive;
}
