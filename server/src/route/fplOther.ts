/**
 * Field 18 of an FPL message (other information): `0`, or indicators such as DOF/ REG/ RMK/,
 * each followed by its value (ICAO Doc 4444 App. 2, Item 18; the IFPS Users Manual for the
 * EUROCONTROL indicators). Each item is checked alone here; the rules that tie it to other
 * fields are in fplRules.ts.
 */
import type { DiagnosticSink } from './diagnostics';
import { lineRange, spanRange } from './diagnostics';
import { referenceNow } from './clock';
import type { FplMessage, Range } from './model';
import { isBlankCode, skipBlanks } from './routeText';
import type { TextSegments } from './segments';
import { textFix } from './textFixes';

/** Field 18 items kept in the model: real messages have a few dozen; garbage must not cost an object a word. */
export const MAX_MODEL_ITEMS = 500;

/** One item of field 18 as read: where it lies, where its value starts. */
export interface OtherItem {
  indicator: string;
  value: string;
  fromLine: number;
  fromChar: number;
  toLine: number;
  toChar: number;
}

/** The indicators of Doc 4444 App. 2, Item 18, in the order the field writes them. */
export const ITEM_18_ORDER: readonly string[] = [
  'STS',
  'PBN',
  'NAV',
  'COM',
  'DAT',
  'SUR',
  'DEP',
  'DEST',
  'DOF',
  'REG',
  'EET',
  'SEL',
  'TYP',
  'CODE',
  'DLE',
  'OPR',
  'ORGN',
  'PER',
  'ALTN',
  'RALT',
  'TALT',
  'RIF',
  'RMK',
];

const ICAO_INDICATORS = new Set(ITEM_18_ORDER);

/** Indicators the EUROCONTROL IFPS reads that are not in Doc 4444 (IFPS Users Manual), with what they are. */
const IFPS_INDICATORS: Record<string, string> = {
  RFP: 'replacement flight plan',
  IFP: 'IFPS error tag',
  EUR: 'EUR protected',
  AWR: 'air route rerouting proposal accepted',
  RVR: 'runway visual range',
  SRC: 'source of the flight plan',
};

/** Field 19 indicators (App. 2, Item 19): written in field 18 they mean a missing '-'. */
const FIELD_19_LETTERS = 'EPRSJDANC';

/** Indicators one message gives once: a second, different value leaves the flight plan undecided. */
const SINGLE_VALUED = new Set(['DOF', 'REG', 'SEL', 'CODE', 'PER', 'DEP', 'DEST', 'OPR', 'ORGN', 'PBN', 'TYP']);

const STS_VALUES = new Set([
  'ALTRV',
  'ATFMX',
  'FFR',
  'FLTCK',
  'HAZMAT',
  'HEAD',
  'HOSP',
  'HUM',
  'MARSA',
  'MEDEVAC',
  'NONRVSM',
  'SAR',
  'STATE',
]);

/** PBN/ codes of Doc 4444 App. 2 (Item 18, PBN/). */
const PBN_CODES = new Set([
  'A1',
  'B1',
  'B2',
  'B3',
  'B4',
  'B5',
  'B6',
  'C1',
  'C2',
  'C3',
  'C4',
  'D1',
  'D2',
  'D3',
  'D4',
  'L1',
  'O1',
  'O2',
  'O3',
  'O4',
  'S1',
  'S2',
  'T1',
  'T2',
]);

/** For a letter and a digit ((letter - A) * 10 + digit): one more than the PBN code's index, 0 for none. */
const PBN_BIT = new Int8Array(260);
[...PBN_CODES].forEach((code, index) => {
  PBN_BIT[(code.charCodeAt(0) - 65) * 10 + code.charCodeAt(1) - 48] = index + 1;
});

/**
 * Whether a PBN/ value (upper case) is what it nearly always is: at most 8 known codes of a
 * letter and a digit, none twice; read without a string cut or an array (the messages, when it
 * is not, come from the full test in itemProblem).
 */
function isPlainPbn(v: string): boolean {
  const n = v.length;
  if (n === 0 || n % 2 !== 0 || n > 16) return false;
  let seen = 0;
  for (let i = 0; i < n; i += 2) {
    const letter = v.charCodeAt(i) - 65;
    const digit = v.charCodeAt(i + 1) - 48;
    if (letter < 0 || letter > 25 || digit < 0 || digit > 9) return false;
    const index = PBN_BIT[letter * 10 + digit] ?? 0;
    if (index === 0 || seen & (1 << index)) return false;
    seen |= 1 << index;
  }
  return true;
}

/** SELCAL letters: A–S without I, N and O. */
const SELCAL_LETTERS = /^[ABCDEFGHJKLMPQRS]{4}$/;

/** The months' English names, January first (dates written out in messages and hovers). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function twoDigits(u: string, at: number): number {
  return (u.charCodeAt(at) - 48) * 10 + (u.charCodeAt(at + 1) - 48);
}

/** The date of a YYMMDD value as milliseconds at 00:00 UTC, or undefined when it is no real date. */
export function dateOf(v: string): number | undefined {
  if (v.length !== 6) return undefined;
  for (let i = 0; i < 6; i++) if (v.charCodeAt(i) < 48 || v.charCodeAt(i) > 57) return undefined;
  const year = 2000 + twoDigits(v, 0);
  const month = twoDigits(v, 2);
  const day = twoDigits(v, 4);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days ? Date.UTC(year, month - 1, day) : undefined;
}

/** "21 November 2026". */
export function dayName(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The text in upper case: itself when it has no lower-case letter (nearly always, and no copy then). */
function upper(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c > 127) return text.toUpperCase();
  }
  return text;
}

/** Whether every blank-separated word of `v` (single spaces, as items are read) passes `ok`. */
function everyWord(v: string, ok: (w: string, from: number, to: number) => boolean): boolean {
  let from = 0;
  for (;;) {
    const space = v.indexOf(' ', from);
    const to = space < 0 ? v.length : space;
    if (to > from && !ok(v, from, to)) return false;
    if (space < 0) return true;
    from = space + 1;
  }
}

/**
 * What EET/ estimates: a FIR boundary (the FIR's 4 letters) or a significant point as Item 15
 * writes it (Doc 4444 App. 2): a coded designator of 2, 3 or 5 letters, degrees (2 + 3 figures) or
 * degrees and minutes (4 + 5 figures) of latitude and longitude, or a point, bearing and distance.
 */
const SIGNIFICANT_OR_FIR = /^(?:[A-Z]{2,5}|\d{2}(?:\d{2})?[NS]\d{3}(?:\d{2})?[EW]|[A-Z]{2,5}\d{6})$/;

/** An EET/ or DLE/ word at [from, to): a point or FIR designator ending in a letter (2–11 characters) + hhmm. */
function isPointAndTimeAt(v: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < 6 || n > 15) return false;
  for (let i = to - 4; i < to; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  if (v.charCodeAt(to - 2) > 53 /* minutes 00–59 */) return false;
  const last = v.charCodeAt(to - 5);
  if (last < 65 || last > 90) return false;
  for (let i = from; i < to - 5; i++) {
    const c = v.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57))) return false;
  }
  return true;
}

/** The value of one field 18 item, by its indicator; a message when it is wrong. */
function itemProblem(indicator: string, value: string): string | undefined {
  // Values are read word by word and joined by single spaces: they have no blanks to trim.
  const v = upper(value);
  switch (indicator) {
    case 'DOF':
      return dateOf(v) !== undefined
        ? undefined
        : `DOF/${value}: the date of flight is a real date YYMMDD, e.g. DOF/261121`;
    case 'EET': {
      if (!everyWord(v, isPointAndTimeAt))
        return `EET/${value}: each estimate is a point or FIR designator + elapsed time hhmm (4 digits, mm 00–59), e.g. EET/EDUU0015 LFFF0050`;
      const odd = v.split(' ').find((w) => !SIGNIFICANT_OR_FIR.test(w.slice(0, -4)));
      return odd
        ? `EET/${value}: '${odd.slice(0, -4)}' (in ${odd}) is neither a FIR (4 letters) nor a significant point: a ` +
            `name of 2, 3 or 5 letters, a latitude/longitude (50N007E, 5030N00715E) or a bearing and distance (DUB180040)`
        : undefined;
    }
    case 'PBN': {
      if (isPlainPbn(v)) return undefined;
      if (!/^([A-Z]\d)+$/.test(v))
        return `PBN/${value}: PBN/ is a list of codes of a letter and a digit written together, e.g. PBN/A1B1C1D1`;
      const codes: string[] = v.match(/../g) ?? [];
      const unknown = codes.filter((c) => !PBN_CODES.has(c));
      if (unknown.length > 0)
        return `PBN/${value}: ${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not a PBN code: expected A1 B1–B6 C1–C4 D1–D4 L1 O1–O4 S1 S2 T1 T2`;
      const repeated = codes.filter((c, i) => codes.indexOf(c) !== i);
      if (repeated.length > 0) return `PBN/${value}: ${repeated.join(', ')} given twice: write each code once`;
      if (codes.length > 8)
        return `PBN/${value}: ${codes.length} codes, but PBN/ holds at most 8; list the others in NAV/ (Doc 4444 App. 2)`;
      // Without R in field 10a: fplRules.ts, which states the fix.
      return undefined;
    }
    case 'STS':
      for (const w of v.split(/\s+/))
        if (!STS_VALUES.has(w))
          return `STS/${value}: '${w}' is not a special handling reason: expected ${[...STS_VALUES].join(' ')}`;
      return undefined;
    case 'REG':
      return /^[A-Z0-9]{1,7}(\s+[A-Z0-9]{1,7})*$/.test(v)
        ? undefined
        : `REG/${value}: the registration is up to 7 letters and digits without hyphens, e.g. REG/DAIPX`;
    case 'SEL':
      if (!SELCAL_LETTERS.test(v))
        return `SEL/${value}: the SELCAL code is 4 letters from A–S without I, N and O, e.g. SEL/ABCD`;
      if (v[0] === v[1] || v[2] === v[3])
        return `SEL/${value}: a SELCAL code is two pairs of two different letters, e.g. SEL/ABCD`;
      return undefined;
    case 'PER':
      return /^[A-EH]$/.test(v)
        ? undefined
        : `PER/${value}: the aircraft performance category is one letter A, B, C, D, E or H (PANS-OPS), e.g. PER/C`;
    case 'CODE':
      return /^[0-9A-F]{6}$/.test(v)
        ? undefined
        : `CODE/${value}: the aircraft address is 6 hexadecimal characters, e.g. CODE/3C4B1A`;
    case 'RIF': {
      // Doc 4444: "the route details to the revised destination aerodrome, followed by the ICAO
      // four-letter location indicator of the aerodrome".
      const last = v.slice(v.lastIndexOf(' ') + 1);
      return /^[A-Z]{4}$/.test(last)
        ? undefined
        : `RIF/${value}: the revised route ends with the ICAO location indicator of the revised destination ` +
            `(4 letters), e.g. RIF/DTA HEC KLAX; '${last}' is none`;
    }
    case 'DLE':
      return everyWord(v, isPointAndTimeAt)
        ? undefined
        : `DLE/${value}: a delay is a point on the route + duration hhmm, e.g. DLE/MDG0030`;
    default:
      return undefined;
  }
}

function itemRange(item: OtherItem): Range {
  return spanRange(item.fromLine, item.fromChar, item.toLine, item.toChar);
}

/** Checks one item alone: its indicator, its value, a date in the past. */
function checkItem(item: OtherItem, sink: DiagnosticSink): void {
  const { indicator, value } = item;
  if (!ICAO_INDICATORS.has(indicator)) {
    const ifps = IFPS_INDICATORS[indicator] ?? (/^STAYINFO\d$/.test(indicator) ? 'STAY information' : undefined);
    if (ifps) {
      sink.add(
        'R322',
        `${indicator}/ (${ifps}) is not a Doc 4444 indicator: it is the EUROCONTROL IFPS's own; ` +
          `other ATS units may reject it (elsewhere write it in RMK/)`,
        itemRange(item),
      );
    } else if (indicator.length === 1) {
      sink.add(
        'R309',
        `${indicator}/ is a field 19 indicator, not a field 18 one: field 19 starts with '-' after field 18, e.g. -${indicator}/${value.trim()}`,
        itemRange(item),
      );
      return;
    } else {
      sink.add(
        'R309',
        `${indicator}/ is not a field 18 indicator: expected STS PBN NAV COM DAT ` +
          `SUR DEP DEST DOF REG EET SEL TYP CODE DLE OPR ORGN PER ALTN RALT TALT RIF RMK`,
        itemRange(item),
      );
      return;
    }
  }
  if (!value) {
    sink.add('R309', `${indicator}/ is empty: write its value after the '/', or remove the indicator`, itemRange(item));
    return;
  }
  const problem = itemProblem(indicator, value);
  if (problem) {
    // PBN/ without R: adding R to field 10a is the certain fix, stated by the caller (fplRules.ts).
    sink.add('R309', problem, itemRange(item));
    return;
  }
  if (indicator === 'DOF') {
    const now = referenceNow();
    const date = dateOf(value);
    if (now !== undefined && date !== undefined) {
      const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
      if (date < today) {
        const days = Math.round((today - date) / 86_400_000);
        sink.add(
          'R326',
          `DOF/${value} is ${dayName(date)}, ${days} day${days > 1 ? 's' : ''} before today (${dayName(today)}): ` +
            `the date of flight is in the past`,
          itemRange(item),
        );
      }
    }
  }
}

/** Twice the same indicator: the same value is a duplicate (removed by its fix); another value, for one that is given once, an error. */
function checkRepeats(items: readonly OtherItem[], count: number, sink: DiagnosticSink): void {
  // The first `count` items are this field's (count <= items.length).
  for (let b = 1; b < count; b++) {
    const later = items[b]!;
    for (let a = 0; a < b; a++) {
      const first = items[a]!;
      if (first.indicator !== later.indicator) continue;
      const same = upper(first.value) === upper(later.value);
      if (same) {
        // From the end of the item before to its own end: the text reads as before the duplicate.
        const before = items[b - 1]!;
        const removal = spanRange(before.toLine, before.toChar, later.toLine, later.toChar);
        sink.add(
          'R323',
          `${later.indicator}/${later.value} is given twice: remove the second`,
          itemRange(later),
          textFix(`Remove the duplicated ${later.indicator}/${later.value}`, removal, ''),
        );
      } else if (SINGLE_VALUED.has(later.indicator)) {
        sink.add(
          'R324',
          `${later.indicator}/ is given twice with different values (${first.indicator}/${first.value} and ` +
            `${later.indicator}/${later.value}): a flight plan gives one; keep the right one`,
          itemRange(later),
        );
      }
      break;
    }
  }
}

type KeptItem = FplMessage['otherInformation'][number];

/** An item whose value is complete: into the model when kept, and checked alone. */
function closeItem(item: OtherItem, kept: KeptItem | undefined, sink: DiagnosticSink): void {
  if (kept) {
    kept.value = item.value;
    kept.range = itemRange(item);
  }
  checkItem(item, sink);
}

/** A number for 1–4 capital letters, the same for the same letters. */
function lettersKey(text: string, from: number, to: number): number {
  let key = 0;
  for (let i = from; i < to; i++) key = key * 32 + (text.charCodeAt(i) - 64);
  return key;
}

/** The indicators known by name, and their index there by their letters' number: one string each, not one per item read. */
const KNOWN_LIST = [...ITEM_18_ORDER, ...Object.keys(IFPS_INDICATORS), ...FIELD_19_LETTERS];
const KNOWN_NAMES = new Map<number, number>();
KNOWN_LIST.forEach((name, index) => KNOWN_NAMES.set(lettersKey(name, 0, name.length), index));
/** The index in KNOWN_LIST of the name indicatorName gave last, -1 for another name. */
let lastKnown = -1;
/** For each known indicator, the number of the field 18 that last gave it (to tell a repeat without comparing names). */
const seenIn = new Int32Array(KNOWN_LIST.length);
let fieldNumber = 0;

/**
 * The letters [from, to) of an indicator in upper case. A known indicator written in capitals
 * (nearly every one) is its constant name: no string is cut, and comparing it with the names
 * the checks know is comparing two references.
 */
function indicatorName(text: string, from: number, to: number): string {
  if (to - from <= 4) {
    let capitals = true;
    for (let i = from; i < to && capitals; i++) capitals = text.charCodeAt(i) <= 90;
    const known = capitals ? KNOWN_NAMES.get(lettersKey(text, from, to)) : undefined;
    const name = known === undefined ? undefined : KNOWN_LIST[known];
    if (known !== undefined && name !== undefined) {
      lastKnown = known;
      return name;
    }
  }
  lastKnown = -1;
  return text.slice(from, to).toUpperCase();
}

/** The blanks (routeText.ts isBlankCode) other than the space; global, for a search from lastIndex. */
const OTHER_BLANK = /[\t\v\f\r\u00a0\ufeff\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;

/** Whether [from, end) of `text` holds a blank other than the space (a native search). */
function hasOtherBlank(text: string, from: number, end: number): boolean {
  OTHER_BLANK.lastIndex = from;
  const found = OTHER_BLANK.exec(text);
  return found !== null && found.index < end;
}

/** The items read from the last field 18 (check pass: reused from message to message). */
const itemPool: OtherItem[] = [];

/** What field 18 gave, for the rules between fields. */
export interface OtherInformation {
  items: readonly OtherItem[];
  count: number;
}

/**
 * Reads field 18 from `g`: each item checked alone and against the others; returns the items
 * (valid until the next message in the check pass).
 */
export function readOtherInformation(
  g: TextSegments,
  fpl: FplMessage,
  sink: DiagnosticSink,
  build: boolean,
): OtherInformation {
  const items: OtherItem[] = build ? [] : itemPool;
  let count = 0;
  let words = 0;
  /** Where a lone `0` stands, when it is the first word. */
  let zeroLine = -1;
  let zeroChar = 0;
  let kept: KeptItem | undefined;
  let item: OtherItem | undefined;
  // Whether an indicator may be given twice: known ones are told apart by index, others are compared.
  let mayRepeat = false;
  if (fieldNumber === 0x7fffffff) {
    fieldNumber = 0;
    seenIn.fill(0);
  }
  const field = ++fieldNumber;
  for (let k = 0; k < g.length; k++) {
    const text = g.text(k);
    const line = g.line(k);
    const end = g.end(k);
    let i = g.start(k);
    // Spaces the only blanks (nearly always): the native search finds each word's end.
    const spacesOnly = !hasOtherBlank(text, i, end);
    while (i < end) {
      let from: number;
      if (spacesOnly) {
        while (i < end && text.charCodeAt(i) === 32) i++;
        if (i >= end) break;
        from = i;
        const space = text.indexOf(' ', i);
        i = space < 0 || space > end ? end : space;
      } else {
        i = skipBlanks(text, i, end);
        if (i >= end) break;
        from = i;
        while (i < end && !isBlankCode(text.charCodeAt(i))) i++;
      }
      words++;
      // An indicator: 2–4 letters and '/', e.g. DOF/ REG/ CODE/; a field 19 letter (E/, a missing
      // '-'); STAYINFO1/ to 9 (IFPS).
      let j = 0;
      while (from + j < i && j < 9 && (text.charCodeAt(from + j) | 32) >= 97 && (text.charCodeAt(from + j) | 32) <= 122)
        j++;
      let at = from + j;
      const digit = at < i && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57;
      if (digit) at++;
      const slash = at < i && text.charCodeAt(at) === 47;
      const name = slash ? indicatorName(text, from, from + j) : '';
      const isIndicator =
        slash &&
        ((!digit && j >= 2 && j <= 4) ||
          (!digit && j === 1 && FIELD_19_LETTERS.includes(name)) ||
          (digit && name === 'STAYINFO'));
      if (isIndicator) {
        if (item) closeItem(item, kept, sink);
        // Past the model's limit one spare item serves: each is still checked alone.
        if (count >= MAX_MODEL_ITEMS) item = overflowItem;
        else {
          item = (build ? undefined : items[count]) ?? newItem();
          items[count] = item;
        }
        count++;
        item.indicator = digit ? text.slice(from, at).toUpperCase() : name;
        if (digit || lastKnown < 0 || seenIn[lastKnown] === field) mayRepeat = true;
        else seenIn[lastKnown] = field;
        item.value = text.slice(at + 1, i);
        item.fromLine = item.toLine = line;
        item.fromChar = from;
        item.toChar = i;
        kept = undefined;
        if (count === MAX_MODEL_ITEMS + 1) {
          sink.add(
            'R309',
            `field 18 has more than ${MAX_MODEL_ITEMS} items: an FPL message has a few dozen at most; the rest are checked but not kept`,
            lineRange(line, from, i),
          );
        }
        if (build && count <= MAX_MODEL_ITEMS) {
          kept = { indicator: item.indicator, value: item.value, range: lineRange(line, from, i) };
          fpl.otherInformation.push(kept);
        }
      } else if (item) {
        const word = text.slice(from, i);
        item.value = item.value ? `${item.value} ${word}` : word;
        item.toLine = line;
        item.toChar = i;
      } else if (words === 1 && i - from === 1 && text.charCodeAt(from) === 48 /* 0 */) {
        zeroLine = line;
        zeroChar = from;
      } else {
        sink.add(
          'R309',
          `'${text.slice(from, i)}' in field 18 has no indicator: expected 0 or items like DOF/261121 REG/DAIPX RMK/TEXT`,
          lineRange(line, from, i),
        );
      }
    }
  }
  if (item) closeItem(item, kept, sink);
  const first = items[0];
  if (zeroLine >= 0 && count > 0 && first) {
    sink.add(
      'R309',
      `0 means "no other information", but field 18 has other items: remove the 0`,
      lineRange(zeroLine, zeroChar, zeroChar + 1),
      textFix('Remove the 0', spanRange(zeroLine, zeroChar, first.fromLine, first.fromChar), ''),
    );
  }
  // Items past the model's limit are still checked one by one, but not against each other.
  const keptCount = Math.min(count, MAX_MODEL_ITEMS);
  if (mayRepeat) checkRepeats(items, keptCount, sink);
  return { items, count: keptCount };
}

function newItem(): OtherItem {
  return { indicator: '', value: '', fromLine: 0, fromChar: 0, toLine: 0, toChar: 0 };
}

const overflowItem = newItem();

/** Lets go of the strings the reused items hold, and of a pool grown by one message of very many items. */
export function releaseOtherItems(): void {
  if (itemPool.length > 64) itemPool.length = 64;
  for (const item of itemPool) item.value = item.indicator = '';
  overflowItem.value = '';
}
