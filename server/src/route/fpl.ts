/**
 * An ICAO FPL message `(FPL-7-8-9-10-13-15-16-18)` that may span several lines: fields are
 * split on '-', each keeps its exact range; field 15 goes through the route-text reader.
 */
import type { DiagnosticSink } from './diagnostics';
import { lineRange, spanRange } from './diagnostics';
import type { FplField, FplMessage, Located, Range } from './model';
import { MAX_MODEL_ITEMS, readOtherInformation, releaseOtherItems, type OtherInformation } from './fplOther';
import { checkBetweenFields } from './fplRules';
import { checkRouteText, isBlankCode, skipBlanks, trimmedEnd, type RouteEvent, type RouteTextFacts } from './routeText';
import { TextSegments } from './segments';
import { characterName, textFix } from './textFixes';

/** The lines of a block with where their content (before any '#') ends. */
export interface BlockLines {
  lines: readonly string[];
  contentEnd: ArrayLike<number>;
  firstLine: number;
}

export interface FplResult {
  fpl: FplMessage;
  /** Where field 15 lives, for building the elements on demand. */
  routeSegments: TextSegments;
  route: RouteTextFacts;
  origin?: Located<string>;
  destination?: Located<string>;
  /** Index (in the block) of the line holding the closing parenthesis, or the last line. */
  endIndex: number;
}

const FIELD_NUMBERS = [7, 8, 9, 10, 13, 15, 16, 18, 19] as const;
type FieldNumber = (typeof FIELD_NUMBERS)[number];
const FIELD_NAMES: Record<FieldNumber, string> = {
  7: 'aircraft identification',
  8: 'flight rules and type of flight',
  9: 'number and type of aircraft and wake turbulence category',
  10: 'equipment and capabilities',
  13: 'departure aerodrome and time',
  15: 'route',
  16: 'destination aerodrome, total EET and alternates',
  18: 'other information',
  19: 'supplementary information',
};

interface RawField {
  segments: TextSegments;
  /** Where the field starts (just after its '-'), for an empty field's range. */
  line: number;
  character: number;
}

/** Whether char code c is printable ASCII other than the space (never trimmed). */
function isPrintable(c: number): boolean {
  return c > 32 && c < 127;
}

function fieldText(f: RawField): string {
  const g = f.segments;
  if (g.length === 1) {
    // One piece that starts and ends with a printable character (nearly every field) needs no trim.
    const text = g.text(0);
    const a = g.start(0);
    const b = g.end(0);
    if (b > a && isPrintable(text.charCodeAt(a)) && isPrintable(text.charCodeAt(b - 1))) return text.slice(a, b);
  }
  const pieces: string[] = [];
  for (let k = 0; k < g.length; k++) {
    const piece = g.text(k).slice(g.start(k), g.end(k)).trim();
    if (piece) pieces.push(piece);
  }
  return pieces.join(' ');
}

function fieldRange(f: RawField): Range {
  const g = f.segments;
  let first = -1;
  let firstAt = 0;
  let last = -1;
  let lastEnd = 0;
  for (let k = 0; k < g.length; k++) {
    const text = g.text(k);
    const a = skipBlanks(text, g.start(k), g.end(k));
    if (a >= g.end(k)) continue;
    const b = trimmedEnd(text, a, g.end(k));
    if (first < 0) {
      first = k;
      firstAt = a;
    }
    last = k;
    lastEnd = b;
  }
  if (first < 0) return lineRange(f.line, f.character, f.character);
  return spanRange(g.line(first), firstAt, g.line(last), lastEnd);
}

const CHECKS: Record<
  number,
  { re: RegExp; code: 'R303' | 'R304' | 'R305' | 'R306' | 'R307' | 'R308'; expected: string }
> = {
  7: {
    re: /^[A-Z0-9]{1,7}(\/[AC]\d{4})?$/,
    code: 'R303',
    expected: 'up to 7 letters and digits, e.g. DLH4AB (optionally /A1234)',
  },
  // App. 2: the type of flight is inserted "if so prescribed by the appropriate ATS authority".
  8: {
    re: /^[IVYZ][SNGMX]?$/,
    code: 'R304',
    expected: 'flight rules I, V, Y or Z, then the type of flight S, N, G, M or X where prescribed, e.g. IS',
  },
  9: {
    re: /^(\d{1,2})?[A-Z][A-Z0-9]{1,3}\/[LMHJ]$/,
    code: 'R305',
    expected: 'optional number + type designator / wake category L, M, H or J, e.g. A320/M',
  },
  10: {
    re: /^[A-Z0-9]+\/[A-Z0-9]+$/,
    code: 'R306',
    expected: 'equipment / surveillance codes, e.g. SDE2E3FGIJ1RWY/LB1',
  },
  13: { re: /^[A-Z]{4}\d{4}$/, code: 'R307', expected: 'departure aerodrome + time hhmm, e.g. EGLL1200' },
  16: {
    re: /^[A-Z]{4}\d{4}(\s+[A-Z]{4}){0,2}$/,
    code: 'R308',
    expected: 'destination + total EET hhmm + up to two alternates, e.g. EDDF0105 EDDK',
  },
};

/** The first four characters of a field as an aerodrome, when they are letters. */
function aerodromeOf(f: RawField, text: string): Located<string> | undefined {
  if (!/^[A-Z]{4}/.test(text)) return undefined;
  const r = fieldRange(f);
  return { value: text.slice(0, 4), range: lineRange(r.start.line, r.start.character, r.start.character + 4) };
}

/** What each field looks like by its content, to recognise it when one is missing. */
const LOOKS_LIKE: Record<FieldNumber, RegExp> = {
  7: /^[A-Z0-9]{1,7}(\/[AC]\d{4})?$/,
  8: /^[IVYZ][SNGMX]?$/,
  9: /^(\d{1,2})?[A-Z][A-Z0-9]{1,3}\/[LMHJ]$/,
  10: /^[A-Z0-9]+\/[A-Z0-9]+$/,
  13: /^[A-Z]{4}\d{4}$/,
  15: /^[KNM]\d{3,4}(F\d{3}|A\d{3}|S\d{4}|M\d{4}|VFR)?(\s|$)/,
  16: /^[A-Z]{4}\d{4}(\s+[A-Z]{4})*$/,
  18: /^(0|[A-Z]{2,4}\/)/,
  19: /^[A-Z]\//,
};

/** A field the message lacks, and the index of the field it should come before (none: at the end). */
interface MissingField {
  number: FieldNumber;
  before?: number;
}

interface FieldNumbers {
  /** The number of each field by its index in the message (index 0 is the message type); undefined for an extra field. */
  numbers: readonly (FieldNumber | undefined)[];
  missing: readonly MissingField[];
}

/** Every field where its position puts it (past field 19, none: extra fields). */
const BY_POSITION: FieldNumbers = Object.freeze({
  numbers: Object.freeze([undefined, ...FIELD_NUMBERS]),
  missing: Object.freeze([]),
});

/**
 * Field numbers by position while the count fits (8 fields, or 9 with 19); otherwise each field
 * is recognised by its content so that a missing field is named as missing and the fields after
 * it are still checked as what they are.
 */
function assignFieldNumbers(fields: readonly RawField[]): FieldNumbers {
  const present = fields.length - 1;
  const numbers: (FieldNumber | undefined)[] = [undefined];
  const text = (k: number): string => textOf(fields, k).toUpperCase();
  const fits = present >= 9 || (present === 8 && !(LOOKS_LIKE[19].test(text(8)) && !LOOKS_LIKE[18].test(text(8))));
  if (fits) return BY_POSITION;
  const missing: MissingField[] = [];
  let e = 0;
  for (let k = 1; k < fields.length; k++) {
    const expected = FIELD_NUMBERS[e];
    if (expected === undefined) {
      numbers.push(undefined);
      continue;
    }
    const t = text(k);
    let j = e;
    if (!LOOKS_LIKE[expected].test(t)) {
      // A field that is not what comes next but is what comes later means the ones between are absent.
      j = FIELD_NUMBERS.findIndex((n, at) => at > e && LOOKS_LIKE[n].test(t));
      if (j < 0) j = e;
    }
    for (const number of FIELD_NUMBERS.slice(e, j)) missing.push({ number, before: k });
    numbers.push(FIELD_NUMBERS[j]);
    e = j + 1;
  }
  // Field 19 is optional.
  for (const number of FIELD_NUMBERS.slice(e, -1)) missing.push({ number });
  return { numbers, missing };
}

/** The check pass's fields, reused from message to message (reading is never re-entered). */
const fieldPool: RawField[] = [];
const pooledFields: RawField[] = [];
/** The check pass's message and its empty route, reused (nothing is added to them but the identification). */
const checkMessage: FplMessage = { fields: [], otherInformation: [] };
const NO_SEGMENTS = new TextSegments([], 0);
/** Each field's text, read once per message (index as in the message's fields). */
const fieldTexts: (string | undefined)[] = [];

/**
 * Lets go of what the check pass's reused fields and message hold of the last block (its lines,
 * through the fields' segments, its field texts, its aircraft identification) and of a pool
 * grown by one message of very many fields.
 */
export function releaseFplCheck(): void {
  releaseOtherItems();
  eventPool.length = 0;
  for (const field of fieldPool) field.segments.release();
  if (fieldPool.length > 64) fieldPool.length = 64;
  pooledFields.length = 0;
  fieldTexts.length = 0;
  checkMessage.aircraftId = undefined;
}

/** The text of field k of the message being read, read once (empty past the last field). */
function textOf(fields: readonly RawField[], k: number): string {
  const field = fields[k];
  return field ? (fieldTexts[k] ??= fieldText(field)) : '';
}

/**
 * Where the text of a message that is never closed ends: just after its last non-blank
 * character (after the '(' when there is none).
 */
function endOfText(block: BlockLines, index: number, paren: number): Range {
  const { lines, contentEnd, firstLine } = block;
  for (let li = lines.length - 1; li >= index; li--) {
    const from = li === index ? paren + 1 : 0;
    const text = lines[li]!; // li within [index, lines.length)
    const e = trimmedEnd(text, from, contentEnd[li] ?? text.length);
    if (e > from) return lineRange(firstLine + li, e, e);
  }
  return lineRange(firstLine + index, paren + 1, paren + 1);
}

/** Doc 4444 App. 3: only space, CR and LF separate the elements of an ATS message. */
function nonStandardBlank(c: number, line: number, ch: number, sink: DiagnosticSink): void {
  const what = characterName(c);
  const range = lineRange(line, ch, ch + 1);
  sink.add(
    'R325',
    `${what} is not a blank of an ATS message: only space, CR and LF separate its elements; replace it with a space`,
    range,
    textFix(`Replace ${what} with a space`, range, ' '),
  );
}

/**
 * A hyphen inside field 7 (HB-XYZ): the registration's hyphen splits the message, and every
 * later field would be read one place off. When the fields after it are where they belong once
 * the two parts are one field 7, the hyphen is the one finding, and the second part is dropped
 * from the field list (its text is part of field 7).
 */
function joinHyphenatedIdentification(fields: RawField[], sink: DiagnosticSink): string | undefined {
  const second = fields[2];
  if (fields.length < 10 || !second) return undefined;
  const t = (k: number): string => textOf(fields, k).toUpperCase();
  const joined = t(1) + t(2);
  if (LOOKS_LIKE[8].test(t(2)) || !LOOKS_LIKE[8].test(t(3)) || !/^[A-Z0-9]{2,7}$/.test(joined)) return undefined;
  const hyphen = lineRange(second.line, second.character - 1, second.character);
  sink.add(
    'R327',
    `hyphen inside field 7: '${t(1)}-${t(2)}' is one aircraft identification, written without ` +
      `hyphens (${joined}); a '-' starts the next field`,
    hyphen,
    textFix(`Write ${joined} (remove the hyphen)`, hyphen, ''),
  );
  fields.splice(2, 1);
  fieldTexts.length = 0;
  fieldTexts[1] = joined;
  return joined;
}

/**
 * Calls `visit` with each blank-separated word of a field, across its pieces, as (text, line,
 * from, to) in place: no word is cut out. Stops when `visit` returns true; says whether it did.
 */
function someWord(f: RawField, visit: (text: string, line: number, from: number, to: number) => boolean): boolean {
  const g = f.segments;
  for (let k = 0; k < g.length; k++) {
    const text = g.text(k);
    const end = g.end(k);
    let i = g.start(k);
    while (i < end) {
      i = skipBlanks(text, i, end);
      if (i >= end) break;
      const from = i;
      while (i < end && !isBlankCode(text.charCodeAt(i))) i++;
      if (visit(text, g.line(k), from, i)) return true;
    }
  }
  return false;
}

/** Field 16 words after the first: the alternates, with their ranges (only when one is ZZZZ). */
function alternatesOf(f: RawField): Located<string>[] {
  const out: Located<string>[] = [];
  let words = 0;
  someWord(f, (text, line, from, to) => {
    if (words++ > 0) out.push({ value: text.slice(from, to).toUpperCase(), range: lineRange(line, from, to) });
    return false;
  });
  return out;
}

/** The range of character `offset` of a field's text (as fieldText joins its pieces). */
function fieldCharRange(f: RawField, offset: number): Range | undefined {
  const g = f.segments;
  let acc = 0;
  for (let k = 0; k < g.length; k++) {
    const text = g.text(k);
    const a = skipBlanks(text, g.start(k), g.end(k));
    if (a >= g.end(k)) continue;
    const b = trimmedEnd(text, a, g.end(k));
    if (offset <= acc + (b - a)) return lineRange(g.line(k), a + offset - acc, a + offset - acc + 1);
    acc += b - a + 1;
  }
  return undefined;
}

/**
 * Whether field 15 writes the point `ident` (upper case): alone, as the point of a change of
 * speed/level (KONAN/N0450F350) or of a cruise climb (C/KONAN/…). Read in place: no word is cut out.
 */
function routeHasPoint(f: RawField, ident: string): boolean {
  const n = ident.length;
  return someWord(f, (text, _line, start, to) => {
    let from = start;
    if ((text.charCodeAt(from) | 32) === 99 /* c */ && text.charCodeAt(from + 1) === 47) from += 2;
    const stop = from + n;
    if (stop > to || (stop < to && text.charCodeAt(stop) !== 47)) return false;
    for (let j = 0; j < n; j++) {
      const c = text.charCodeAt(from + j);
      if ((c >= 97 && c <= 122 ? c - 32 : c) !== ident.charCodeAt(j)) return false;
    }
    return true;
  });
}

/** Any character past ASCII; global, for a search from lastIndex. */
const NON_ASCII = /[^\u0000-\u007f]/g;

/** Whether [from, end) of `text` holds a character past ASCII (a native search). */
function hasNonAscii(text: string, from: number, end: number): boolean {
  NON_ASCII.lastIndex = from;
  const found = NON_ASCII.exec(text);
  return found !== null && found.index < end;
}

/** Where char `code` first occurs in [from, end) of `text`; `end` when it does not. */
function indexBefore(text: string, char: string, from: number, end: number): number {
  const at = text.indexOf(char, from);
  return at < 0 || at >= end ? end : at;
}

/** The check pass's field 15 events, reused from message to message. */
const eventPool: RouteEvent[] = [];

/** A message cut into its fields: where each lies, where the message closes. */
interface SplitMessage {
  fields: RawField[];
  closed: Range | undefined;
  /** Block index of the line after the one holding ')', or of the end of the block. */
  li: number;
  /** Fields after the first extra one, which are only counted. */
  extraFields: number;
}

/**
 * Cuts the message whose '(' is at (block line `index`, `paren`) into its fields on '-' (findings
 * of the cutting into `sink`). `build` false: the fields are the check pass's pooled ones. `quiet`:
 * the same fields, without the findings (for where the route text lies, read after the check pass).
 */
function splitFields(
  block: BlockLines,
  index: number,
  paren: number,
  sink: DiagnosticSink,
  build: boolean,
  quiet = false,
): SplitMessage {
  const { lines, contentEnd, firstLine } = block;
  const fields = build ? [] : pooledFields;
  fields.length = 0;
  fieldTexts.length = 0;
  const newField = (line: number, character: number): RawField => {
    // The check pass keeps nothing of its fields: their objects and pieces serve the next message too.
    const pooled = build ? undefined : fieldPool[fields.length];
    if (pooled) {
      pooled.segments.reset(lines, firstLine);
      pooled.line = line;
      pooled.character = character;
      return pooled;
    }
    const made = { segments: new TextSegments(lines, firstLine), line, character };
    if (!build) fieldPool[fields.length] = made;
    return made;
  };
  let current = newField(firstLine + index, paren + 1);
  fields.push(current);
  let closed: Range | undefined;
  let li = index;
  let extraFields = 0;
  for (; li < lines.length && !closed; li++) {
    const text = lines[li]!; // li < lines.length
    const line = firstLine + li;
    let pieceStart = li === index ? paren + 1 : 0;
    const end = contentEnd[li] ?? text.length;

    if (quiet) {
      // Only '-' and ')' cut the message: found by the native search, no character read here.
      let dash = text.indexOf('-', pieceStart);
      let close = text.indexOf(')', pieceStart);
      for (;;) {
        if (dash >= end) dash = -1;
        if (close >= end) close = -1;
        if (dash < 0 && close < 0) break;
        if (close >= 0 && (dash < 0 || close < dash)) {
          current.segments.push(line, pieceStart, close);
          closed = lineRange(line, close, close + 1);
          break;
        }
        if (fields.length > FIELD_NUMBERS.length + 1) extraFields++;
        else {
          current.segments.push(line, pieceStart, dash);
          pieceStart = dash + 1;
          current = newField(line, dash + 1);
          fields.push(current);
        }
        dash = text.indexOf('-', dash + 1);
      }
      if (!closed) current.segments.push(line, pieceStart, end);
      continue;
    }
    // A line of ASCII only (nearly every one) has no blank to report: the native search finds
    // its '-', ')' and '(' (in order), and no other character is read here.
    const ascii = !hasNonAscii(text, pieceStart, end);
    let dash = -1;
    let close = -1;
    let open = -1;
    for (let ch = pieceStart - 1; ;) {
      let c: number;
      if (ascii) {
        if (dash <= ch) dash = indexBefore(text, '-', ch + 1, end);
        if (close <= ch) close = indexBefore(text, ')', ch + 1, end);
        if (open <= ch) open = indexBefore(text, '(', ch + 1, end);
        ch = Math.min(dash, close, open);
        if (ch >= end) break;
        c = text.charCodeAt(ch);
      } else {
        if (++ch >= end) break;
        c = text.charCodeAt(ch);
        // Letters, digits, '/' and blanks (nearly every character) end nothing.
        if (c > 45 || c < 40) {
          if (c > 127 && isBlankCode(c)) nonStandardBlank(c, line, ch, sink);
          continue;
        }
      }
      if (c === 45 /* - */ || c === 41 /* ) */) {
        // Past field 19 every further '-' only counts: the extra fields are reported as one, so a
        // message of a million dashes costs no more than its text.
        if (c === 45 && fields.length > FIELD_NUMBERS.length + 1) {
          extraFields++;
          continue;
        }
        current.segments.push(line, pieceStart, ch);
        pieceStart = ch + 1;
        if (c === 41) {
          closed = lineRange(line, ch, ch + 1);
          const rest = skipBlanks(text, ch + 1, end);
          if (rest < end) {
            sink.add(
              'R008',
              `text after the end of the FPL message: '${text.slice(rest, end).trim()}'; put ` +
                `other routes in their own block after a blank line`,
              lineRange(line, rest, end),
            );
          }
          break;
        }
        current = newField(line, ch + 1);
        fields.push(current);
      } else if (c === 40 /* ( */) {
        sink.add(
          'R301',
          "unexpected '(' inside the FPL message: parentheses only open and close the message",
          lineRange(line, ch, ch + 1),
        );
      }
    }
    if (!closed) current.segments.push(line, pieceStart, end);
  }
  return { fields, closed, li, extraFields };
}

/**
 * Where field 15 of the message at (block line `index`, `paren`) lies, found as readFpl finds it
 * but without reading the fields (the elements of an FPL block need no more); empty segments
 * when the message has no field 15.
 */
export function fplRouteSegments(block: BlockLines, index: number, paren: number, sink: DiagnosticSink): TextSegments {
  // The check pass's pooled fields: only field 15's pieces are copied out.
  const { fields } = splitFields(block, index, paren, sink, false, true);
  joinHyphenatedIdentification(fields, sink);
  const { numbers } = assignFieldNumbers(fields);
  const route = new TextSegments(block.lines, block.firstLine);
  for (let k = 1; k < fields.length; k++) {
    if (numbers[k] !== 15) continue;
    const g = fields[k]!.segments; // k < fields.length
    for (let j = 0; j < g.length; j++) route.push(g.line(j), g.start(j), g.end(j));
    break;
  }
  releaseFplCheck();
  return route;
}

/** Reads the message whose '(' is at (block line `index`, `paren`). */
export function readFpl(
  block: BlockLines,
  index: number,
  paren: number,
  sink: DiagnosticSink,
  build = true,
  wants = 0,
): FplResult {
  const { lines, firstLine } = block;
  const { fields, closed, li, extraFields } = splitFields(block, index, paren, sink, build);
  const endIndex = closed ? li - 1 : lines.length - 1;
  const endRange = closed ?? endOfText(block, index, paren);
  if (!closed) {
    sink.add('R301', "the FPL message is not closed: expected ')' after field 18 (other information)", endRange);
  }

  const typeText = textOf(fields, 0).toUpperCase();
  if (typeText !== 'FPL') {
    sink.add(
      'R312',
      `message type '${textOf(fields, 0)}' is not FPL: this block is read as an FPL message, which starts with (FPL-`,
      fieldRange(fields[0]!), // splitFields always makes the first field (the message type)
    );
  }

  // The check pass keeps only the aircraft identification (the block's name) of its message.
  const fpl: FplMessage = build ? { fields: [], otherInformation: [] } : checkMessage;
  if (!build) fpl.aircraftId = undefined;
  const result: FplResult = {
    fpl,
    routeSegments: build ? new TextSegments(lines, firstLine) : NO_SEGMENTS,
    route: { count: 0, firstWords: '' },
    endIndex,
  };
  joinHyphenatedIdentification(fields, sink);
  const { numbers, missing } = assignFieldNumbers(fields);
  const trailing = missing.length === 0 ? [] : missing.filter((m) => m.before === undefined).map((m) => m.number);
  for (const m of missing) {
    // The '-' that opens the field after the gap is where the missing field belongs.
    const next = m.before === undefined ? undefined : fields[m.before];
    if (!next) continue;
    sink.add(
      'R302',
      `field ${m.number} (${FIELD_NAMES[m.number]}) is missing: expected it before this field; ` +
        'an FPL message is (FPL-7-8-9-10-13-15-16-18)',
      lineRange(next.line, Math.max(0, next.character - 1), next.character),
    );
  }
  const [n] = trailing;
  if (trailing.length === 1 && n !== undefined) {
    const hint = n === 18 ? '; write -0 when there is no other information' : '';
    sink.add(
      'R302',
      `field ${n} (${FIELD_NAMES[n]}) is missing: the message ends before it${hint}; ` +
        'expected (FPL-7-8-9-10-13-15-16-18)',
      endRange,
    );
  } else if (trailing.length > 1) {
    const names = trailing.map((n) => `${n} (${FIELD_NAMES[n]})`);
    sink.add(
      'R302',
      `the FPL message has ${8 - missing.length} of its 8 fields: missing fields ${names.join(', ')}; ` +
        'expected (FPL-7-8-9-10-13-15-16-18)',
      endRange,
    );
  }
  let typeZzzz = false;
  let equipment = '';
  let surveillance = '';
  let rules = '';
  let rulesField: RawField | undefined;
  let equipmentField: RawField | undefined;
  let routeField = -1;
  let alternates: Located<string>[] = [];
  let eobt: string | undefined;
  let totalEet: string | undefined;
  let endurance: { text: string; range: Range } | undefined;
  let other: OtherInformation | undefined;
  let otherField: RawField | undefined;
  const events = build ? [] : eventPool;
  events.length = 0;
  for (let k = 1; k < fields.length; k++) {
    const number = numbers[k];
    const raw = fields[k]!; // k < fields.length
    if (number === undefined) {
      const what = extraFields > 0 ? `${extraFields + 1} unexpected extra fields` : 'unexpected extra field';
      const them = extraFields > 0 ? 'them' : 'it';
      sink.add(
        'R310',
        `${what} after field 19: an FPL message ends with field 18 (or 19); remove ${them} or join ${them} to field 18`,
        fieldRange(raw),
      );
      continue;
    }
    // The route's text is read token by token; only the model keeps it whole.
    const text = number === 15 && !build ? '' : textOf(fields, k);
    if (number === 19 && !/^[A-Z]\//i.test(text)) {
      sink.add(
        'R328',
        `'-${text}' reads as a field after field 18: a hyphen inside field 18 text (as in OPR/AIR-LINK) ends ` +
          `field 18 and starts a new field, and '${text}' is no field 19; write field 18 text without '-'`,
        fieldRange(raw),
      );
      continue;
    }
    if (build) fpl.fields.push({ number, text, range: fieldRange(raw) } satisfies FplField);
    const upper = number === 15 ? text : text.toUpperCase();
    if (upper !== text) {
      sink.add('R102', `write field ${number} in upper case: ${upper}`, fieldRange(raw), { replacement: upper });
    }
    const check = CHECKS[number];
    if (check && !check.re.test(upper)) {
      sink.add(
        check.code,
        `field ${number} (${FIELD_NAMES[number]}) '${text}' is malformed: expected ${check.expected}`,
        fieldRange(raw),
      );
    } else if (check) {
      checkFieldContents(number, upper, raw, sink);
      if (number === 8) {
        rules = upper.charAt(0);
        rulesField = raw;
      } else if (number === 10) {
        equipment = beforeSlash(upper);
        surveillance = upper.slice(equipment.length + 1);
        equipmentField = raw;
      } else if (number === 16) {
        totalEet = upper.slice(4, 8);
        if (upper.length > 8) alternates = alternatesOf(raw);
      } else if (number === 13) eobt = upper.slice(4, 8);
    }
    if (number === 9) typeZzzz = /^(\d{1,2})?ZZZZ\//.test(upper);
    switch (number) {
      case 7:
        if (text) fpl.aircraftId = beforeSlash(upper);
        break;
      case 13: {
        const origin = aerodromeOf(raw, upper);
        if (origin) result.origin = origin;
        break;
      }
      case 16: {
        const destination = aerodromeOf(raw, upper);
        if (destination) result.destination = destination;
        break;
      }
      case 15: {
        // An FPL block is named by its aircraft identification, not by its first words.
        const route = checkRouteText(raw.segments, sink, false, build, events, wants);
        routeField = k;
        result.route = route;
        result.routeSegments = raw.segments;
        if (route.count === 0) {
          sink.add(
            'R311',
            'field 15 (route) is empty: expected speed/level and route, e.g. N0450F350 DET L6 DVR',
            fieldRange(raw),
          );
        }
        break;
      }
      case 18:
        other = readOtherInformation(raw.segments, fpl, sink, build);
        otherField = raw;
        if (typeZzzz && !other.items.slice(0, other.count).some((i) => i.indicator === 'TYP')) {
          sink.add(
            'R309',
            'field 9 gives the aircraft type as ZZZZ: field 18 must name it with TYP/, e.g. TYP/2F15 5F5',
            fieldRange(raw),
          );
        }
        break;
      case 19:
        endurance = readSupplementaryInformation(raw, fpl, sink, build);
        break;
    }
  }
  const eqField = equipmentField;
  const otherAt = otherField;
  checkBetweenFields(
    {
      rules,
      rulesRange: () => (rulesField ? fieldRange(rulesField) : endRange),
      equipment,
      surveillance,
      ...(eqField ? { equipmentCharRange: (offset: number) => fieldCharRange(eqField, offset) } : {}),
      ...(result.origin ? { departure: result.origin } : {}),
      ...(result.destination ? { destination: result.destination } : {}),
      alternates,
      ...(eobt ? { eobt } : {}),
      ...(totalEet ? { totalEet: { text: totalEet } } : {}),
      ...(endurance ? { endurance } : {}),
      events,
      routeHasPoint: (ident) => {
        const route = fields[routeField];
        return route !== undefined && routeHasPoint(route, ident);
      },
      fliesNamedRoute: result.route.fliesNamedRoute === true,
      ...(other ? { other } : {}),
      // A lone 0 is replaced; otherwise a new item goes first.
      otherStart: () => {
        if (!otherAt) return undefined;
        const range = fieldRange(otherAt);
        return fieldText(otherAt) === '0' ? range : { start: range.start, end: range.start };
      },
      lineText: (line) => lines[line - firstLine] ?? '',
    },
    sink,
  );
  if (!build) events.length = 0;
  return result;
}

/** Field 18: `0`, or indicators like DOF/ REG/ RMK/ each followed by its value. */
// ICAO Doc 4444 App. 2, field 10a (equipment and capabilities) and 10b (surveillance).
const EQUIPMENT =
  /^(N|(S|A|B|C|D|E1|E2|E3|F|G|H|I|J1|J2|J3|J4|J5|J6|J7|K|L|M1|M2|M3|O|P1|P2|P3|P4|P5|P6|P7|P8|P9|R|T|U|V|W|X|Y|Z)+)$/;
const SURVEILLANCE = /^(N|(A|C|E|H|I|L|P|S|X|B1|B2|U1|U2|V1|V2|D1|G1)+)$/;

function twoDigits(u: string, at: number): number {
  return (u.charCodeAt(at) - 48) * 10 + (u.charCodeAt(at + 1) - 48);
}

/** The text before the first '/' (all of it when there is none). */
function beforeSlash(u: string): string {
  const slash = u.indexOf('/');
  return slash < 0 ? u : u.slice(0, slash);
}

/** Length of the field 10 code at i: a letter, with its digit when it is one of `withDigit` (E1, B2 …). */
function codeLengthAt(part: string, i: number, withDigit: string): number {
  const d = part.charCodeAt(i + 1);
  return d >= 48 && d <= 57 && withDigit.includes(part.charAt(i)) ? 2 : 1;
}

/** Digits seen after each letter (bit d for digit d, bit 10 for the letter alone), reused. */
const seenCodes = new Int32Array(26);

/** The codes of a field 10 part that occur more than once, joined; '' when none (and then no string is made). */
function repeatedCodes(part: string, withDigit: string): string {
  let twice = '';
  seenCodes.fill(0);
  for (let i = 0; i < part.length;) {
    const n = codeLengthAt(part, i, withDigit);
    const letter = part.charCodeAt(i) - 65;
    const bit = n === 2 ? 1 << (part.charCodeAt(i + 1) - 48) : 1 << 10;
    if (letter >= 0 && letter < 26) {
      const seen = seenCodes[letter]!; // letter within the 26 letters
      if (seen & bit) {
        const code = part.slice(i, i + n);
        if (!twice.split(', ').includes(code)) twice = twice ? `${twice}, ${code}` : code;
      }
      seenCodes[letter] = seen | bit;
    }
    i += n;
  }
  return twice;
}

/** Field 10b: each code once, one SSR capability, one of each B1/B2, U1/U2, V1/V2 pair. */
function checkSurveillance(b: string, range: () => Range, sink: DiagnosticSink): void {
  const twice = repeatedCodes(b, 'BUVDG');
  if (twice) sink.add('R306', `field 10b '${b}' gives ${twice} more than once: write each code once`, range());
  let capabilities = 0;
  for (let i = 0; i < b.length; i += codeLengthAt(b, i, 'BUVDG'))
    if (codeLengthAt(b, i, 'BUVDG') === 1 && 'ACEHILPSX'.includes(b.charAt(i)) && b.indexOf(b.charAt(i)) === i)
      capabilities++;
  if (capabilities > 1) {
    const ssr = b.replace(/[BUVDG]\d/g, '').match(/[ACEHILPSX]/g) ?? [];
    sink.add(
      'R306',
      `field 10b '${b}' gives ${ssr.length} SSR capabilities (${ssr.join(' ')}): give the one that applies, ` +
        `one of A C E H I L P S X`,
      range(),
    );
  }
  for (const [x, y] of [
    ['B1', 'B2'],
    ['U1', 'U2'],
    ['V1', 'V2'],
  ] as const) {
    if (b.includes(x) && b.includes(y)) {
      sink.add(
        'R306',
        `field 10b '${b}' gives both ${x} and ${y}: ${y} includes ${x}'s capability (out and in); write only ${y}`,
        range(),
      );
    }
  }
}

/** Field contents beyond their shape: ICAO code lists, real times. */
function checkFieldContents(number: number, u: string, raw: RawField, sink: DiagnosticSink): void {
  // The range is built only for a finding: a correct field costs none.
  const range = (): Range => fieldRange(raw);
  if (number === 10) {
    const slash = u.indexOf('/');
    const a = u.slice(0, slash);
    const b = u.slice(slash + 1);
    if (!EQUIPMENT.test(a)) {
      sink.add(
        'R306',
        `field 10a '${a}' holds codes not in the ICAO list: N alone, or S and/or A B C D ` +
          `E1–E3 F G H I J1–J7 K L M1–M3 O P1–P9 R T U V W X Y Z, each once`,
        range(),
      );
    }
    if (!SURVEILLANCE.test(b)) {
      sink.add(
        'R306',
        `field 10b '${b}' holds codes not in the ICAO list: N alone, or A C E H I L P S X B1 B2 U1 U2 V1 V2 D1 G1`,
        range(),
      );
    } else {
      checkSurveillance(b, range, sink);
    }
    if (EQUIPMENT.test(a)) {
      const twice = repeatedCodes(a, 'EJMP');
      if (twice) sink.add('R306', `field 10a '${a}' gives ${twice} more than once: write each code once`, range());
    }
  } else if (number === 7) {
    const [id = '', ssr] = u.split('/');
    if (id.length < 2) {
      sink.add(
        'R303',
        `field 7 (aircraft identification) '${id}' has 1 character: it has 2–7 letters and digits, e.g. DLH4AB`,
        range(),
      );
    }
    if (ssr && /[89]/.test(ssr)) {
      sink.add(
        'R303',
        `field 7 SSR code '${ssr.slice(1)}' is not octal: SSR codes use the digits 0–7, e.g. /A1230`,
        range(),
      );
    }
  } else if (number === 9) {
    if (/^0*[01][A-Z]/.test(u) && /^\d/.test(u)) {
      const digits = /^\d+/.exec(u)![0];
      sink.add(
        'R305',
        `field 9 number of aircraft '${digits}': the number is given only for more than one aircraft; write ${u.slice(digits.length)}`,
        range(),
        textFix(`Write ${u.slice(digits.length)}`, range(), u.slice(digits.length)),
      );
    }
  } else if (number === 13) {
    if (twoDigits(u, 4) > 23 || twoDigits(u, 6) > 59) {
      sink.add(
        'R307',
        `field 13 estimated off-block time '${u.slice(4, 8)}' is not a time: expected hhmm with hh 00–23 and mm 00–59`,
        range(),
      );
    }
  } else if (number === 16) {
    if (twoDigits(u, 6) > 59) {
      sink.add('R308', `field 16 total EET '${u.slice(4, 8)}' is not a duration: expected hhmm with mm 00–59`, range());
    }
  }
}

/** Field 19's E/: the fuel endurance. */
const ENDURANCE = { re: /^\d\d[0-5]\d$/, expected: 'the fuel endurance is hhmm (mm 00–59), e.g. E/0745' };

/** Field 19 indicators of Doc 4444 App. 2, Item 19, and what each value must look like. */
const SUPPLEMENTARY: Record<string, { re: RegExp; expected: string }> = {
  E: ENDURANCE,
  P: { re: /^(\d{1,3}|TBN)$/, expected: 'the persons on board are a number of up to 3 figures, or TBN, e.g. P/123' },
  R: {
    re: /^(?!.*(.).*\1)[UVE]{1,3}$/,
    expected: 'the emergency radio is U (UHF 243.0 MHz), V (VHF 121.5 MHz) and/or E (ELT), each once, e.g. R/VE',
  },
  S: {
    re: /^(?!.*(.).*\1)[PDMJ]{1,4}$/,
    expected: 'the survival equipment is P (polar), D (desert), M (maritime) and/or J (jungle), each once, e.g. S/PM',
  },
  J: {
    re: /^(?!.*(.).*\1)[LFUV]{1,4}$/,
    expected:
      'the life jackets are L (light), F (fluorescein), U (UHF radio) and/or V (VHF radio), each once, e.g. J/LF',
  },
  D: {
    re: /^\d{1,2}(\s+\d{1,3})?(\s+C)?(\s+[A-Z].*)?$/,
    expected: 'the dinghies are their number, total capacity, C if covered and their colour, e.g. D/2 8 C YELLOW',
  },
  A: { re: /\S/, expected: 'the aircraft colour and markings, e.g. A/WHITE BLUE TAIL' },
  N: { re: /\S/, expected: 'plain-language remarks, e.g. N/DOG ON BOARD' },
  C: { re: /\S/, expected: 'the name of the pilot in command, e.g. C/SMITH' },
};

/**
 * Field 19: items like E/0745 P/123 R/VE, each a one-letter indicator followed by its value.
 * Returns the fuel endurance E/ when it is well formed (the rules between fields compare it).
 */
function readSupplementaryInformation(
  raw: RawField,
  fpl: FplMessage,
  sink: DiagnosticSink,
  build: boolean,
): { text: string; range: Range } | undefined {
  type Item = { indicator: string; value: string; range: Range };
  const items: Item[] = [];
  const check = (item: Item | undefined): void => {
    if (!item) return;
    const rule = SUPPLEMENTARY[item.indicator];
    if (!rule) {
      sink.add(
        'R313',
        `${item.indicator}/ is not a field 19 indicator: expected E/ P/ R/ S/ J/ D/ A/ N/ C/`,
        item.range,
      );
    } else if (!rule.re.test(item.value.trim().toUpperCase())) {
      sink.add('R313', `${item.indicator}/${item.value}: ${rule.expected}`, item.range);
    }
  };
  let item: Item | undefined;
  someWord(raw, (text, line, from, to) => {
    const word = text.slice(from, to);
    if (/^[A-Za-z]\//.test(word)) {
      check(item);
      item = { indicator: word.charAt(0).toUpperCase(), value: word.slice(2), range: lineRange(line, from, to) };
      if (items.length < MAX_MODEL_ITEMS) items.push(item);
    } else if (item) {
      item.value = item.value ? `${item.value} ${word}` : word;
      item.range = spanRange(item.range.start.line, item.range.start.character, line, to);
    } else {
      sink.add(
        'R313',
        `'${word}' in field 19 has no indicator: expected items like E/0745 P/123 R/VE`,
        lineRange(line, from, to),
      );
    }
    return false;
  });
  check(item);
  if (build) fpl.supplementaryInformation = items;
  const e = items.find((i) => i.indicator === 'E');
  const text = e?.value.trim() ?? '';
  return e && ENDURANCE.re.test(text) ? { text, range: e.range } : undefined;
}
