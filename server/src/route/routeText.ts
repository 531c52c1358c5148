/**
 * Item 15 route text spread over pieces of lines (a block's route lines, or field 15 of an FPL
 * message): a single pass over char codes splits it into tokens, the element reader classifies
 * each by its position, and the sequence rules run over the result.
 *
 * Two modes share this code. The check pass (`build` false) produces the findings and the facts
 * a block needs, allocating nothing that outlives it; the build pass (`build` true, no sink)
 * produces the complete elements when someone reads `block.elements`.
 */
import type { DiagnosticSink } from './diagnostics';
import { lineRange } from './diagnostics';
import { NO_RANGE, lettersOnlyKind, lonePartOf, quickCheck } from './quickCheck';
import { formAfterScan } from './quickForms';
import {
  KIND,
  K_AERODROME,
  K_AIRWAY,
  K_CRUISE_CLIMB,
  K_FLIGHT_RULES,
  K_POINT_CHANGE,
  K_SID,
  K_SPEED_LEVEL,
  K_STAR,
  K_TRACK,
  kindCode,
} from './kinds';
import {
  ElementReader,
  FIRST_WORD,
  LAST_WORD,
  SID_SLOT,
  STAR_SLOT,
  isAerodromeWord,
  looksLikeSpeedLevel,
} from './elements';
import type { Located, Range, RouteElement } from './model';
import { TextSegments } from './segments';
import { ElementStore, SLOT_COUNT, storeSpace } from './elementViews';
import { encodeTokens } from './keptTokens';
import { checkLevels, checkSequence } from './sequence';

export { TextSegments } from './segments';

/**
 * Blanks between elements. One rule: every Unicode white space separates elements, silently
 * (space, tab, CR, VT, FF, no-break space, byte-order mark, the Unicode space separators and
 * U+2028/U+2029, which LSP does not count as line ends); text pasted from a word processor or
 * a PDF reads as it looks.
 */
export function isBlankCode(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 13 ||
    c === 11 ||
    c === 12 ||
    c === 160 ||
    c === 0xfeff ||
    (c > 0x1000 && isWideBlank(c))
  );
}

/** The white space above U+1000: Ogham space, U+2000–U+200A, line/paragraph separators, U+202F, U+205F, U+3000. */
export function isWideBlank(c: number): boolean {
  return (
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** The first non-blank character of [from, end), or `end` when there is none. */
export function skipBlanks(text: string, from: number, end: number): number {
  let i = from;
  while (i < end && isBlankCode(text.charCodeAt(i))) i++;
  return i;
}

/** The end of [from, end) without its trailing blanks. */
export function trimmedEnd(text: string, from: number, end: number): number {
  let i = end;
  while (i > from && isBlankCode(text.charCodeAt(i - 1))) i--;
  return i;
}

export interface RouteTextFacts {
  count: number;
  /** The first three elements in upper case (and … when there are more), for a block's name. */
  firstWords: string;
  /** From the first to the last element. */
  routeRange?: Range;
  /** Aerodromes written as the first / last word. */
  firstAerodrome?: Located<string>;
  lastAerodrome?: Located<string>;
  /**
   * Whether the route flies an ATS route, an oceanic track or a SID/STAR: a stretch whose interior
   * points the text does not name (set only when the caller collects an FPL's events).
   */
  fliesNamedRoute?: boolean;
  /** The tokens' kinds and places for the elements (keptTokens.ts), when the caller asked to keep them and they fit. */
  tokens?: string;
  /** The route text, when the caller asked for it (ROUTE_TEXT). */
  routeText?: string;
}

/** What checkRouteText's caller wants beside the findings (its `wants`). */
export const KEEP_TOKENS = 1;
export const ROUTE_TEXT = 2;

// Token buffers reused across calls (parsing is synchronous, never re-entered). A token is
// (segment, start, end) in typed arrays, so a route of millions of tokens costs a few bytes per
// token; its own string is sliced only when someone needs it (textAt). tokenize grows every
// buffer before it writes a token, so token k below the count it returned is in range of each:
// the reads of token k say so with `!` (no check in the per-token paths).
let tokSegments: TextSegments | undefined;
let tokSeg = new Int32Array(256);
let tokLine = new Int32Array(256);
let tokStart = new Int32Array(256);
let tokEnd = new Int32Array(256);
/**
 * The check pass's kind code of each token (kinds.ts), found as the token is cut out; FULL_READ
 * for a token the shortcuts leave to the full reader, with FORM added for a token the composite
 * shortcut read (the reader must know it was no bare speed).
 */
let tokKind = new Int32Array(256);
const FULL_READ = -1;
const FORM = 128;
/** Each segment's text from its first to its last token, and whether single spaces separate all tokens. */
const pieces: string[] = [];
let singleSpaced = true;

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/**
 * Cuts the text into tokens. `classify` (the check pass) also gives each token its kind code
 * through the shortcuts, while its characters are at hand.
 */
function tokenize(segments: TextSegments, withPieces: boolean, classify: boolean): number {
  let count = 0;
  pieces.length = 0;
  singleSpaced = true;
  tokSegments = segments;
  // The buffers in locals: module variables are read through the module's context on every use.
  let seg = tokSeg;
  let lineOf = tokLine;
  let starts = tokStart;
  let ends = tokEnd;
  let kinds = tokKind;
  let spaced = true;
  for (let k = 0; k < segments.length; k++) {
    const s = segments.text(k);
    const end = segments.end(k);
    const line = segments.line(k);
    let i = segments.start(k);
    let first = -1;
    let lastEnd = -1;
    while (i < end) {
      const gap = i;
      let c = s.charCodeAt(i);
      // Printable ASCII other than the space (nearly every character) is tested first.
      while (!(c > 32 && c < 127) && isBlankCode(c)) {
        if (++i >= end) break;
        c = s.charCodeAt(i);
      }
      if (i >= end) break;
      if (withPieces && spaced && first >= 0 && (i - gap !== 1 || s.charCodeAt(gap) !== 32)) spaced = false;
      const from = i;
      let code = FULL_READ;
      if (classify) {
        // The shape of nearly every token, read as it is cut out: capital letters, digits, and at
        // most one letter after the digits (KONAN, DCT, UL607, W615A). The end of the text reads as a blank.
        while (c >= 65 && c <= 90) c = ++i < end ? s.charCodeAt(i) : 32;
        const lettersEnd = i;
        while (c >= 48 && c <= 57) c = ++i < end ? s.charCodeAt(i) : 32;
        const digitsEnd = i;
        if (digitsEnd > lettersEnd && c >= 65 && c <= 90) c = ++i < end ? s.charCodeAt(i) : 32;
        if ((c > 32 && c < 127) || !isBlankCode(c)) {
          // Some other shape (none the first shortcut takes): the token goes on, and what the
          // composite shortcut must know of it is noted on the way.
          let slash = -1;
          let second = -1;
          let odd = -1;
          for (;;) {
            if (c === 47) {
              if (slash < 0) slash = i;
              else if (second < 0) second = i;
            } else if (odd < 0 && !((c >= 65 && c <= 90) || (c >= 48 && c <= 57))) odd = i;
            if (++i >= end) break;
            c = s.charCodeAt(i);
            if (!(c > 32 && c < 127) && isBlankCode(c)) break;
          }
          // quickForm gives up at a character other than capitals, digits and '/' before a second '/'.
          const form = odd >= 0 && (second < 0 || odd < second) ? -1 : formAfterScan(s, from, i, slash, second);
          code = form >= 0 ? form | FORM : FULL_READ;
        } else {
          code = shapeKind(s, from, lettersEnd, digitsEnd, i);
        }
      } else {
        while (++i < end) {
          c = s.charCodeAt(i);
          if (!(c > 32 && c < 127) && isBlankCode(c)) break;
        }
      }
      if (first < 0) first = from;
      lastEnd = i;
      if (count === seg.length) {
        seg = tokSeg = grow(seg);
        lineOf = tokLine = grow(lineOf);
        starts = tokStart = grow(starts);
        ends = tokEnd = grow(ends);
        kinds = tokKind = grow(kinds);
      }
      seg[count] = k;
      lineOf[count] = line;
      starts[count] = from;
      ends[count] = i;
      kinds[count] = code;
      count++;
    }
    if (withPieces && first >= 0) pieces.push(s.slice(first, lastEnd));
  }
  singleSpaced = spaced;
  return count;
}

/**
 * The kind code of a token of capital letters to `lettersEnd`, digits to `digitsEnd` and at most one
 * letter after them: what quickCheck decides, without reading the token again where the counts
 * settle it (a 2, 3 or 5-letter point, DCT, an ATS route); the shortcuts for the rest.
 */
function shapeKind(s: string, from: number, lettersEnd: number, digitsEnd: number, to: number): number {
  const letters = lettersEnd - from;
  const n = to - from;
  if (letters > 0 && digitsEnd === lettersEnd) {
    const kind = lettersOnlyKind(s, from, n);
    if (kind >= 0) return kind;
  } else if ((letters === 1 || letters === 2) && n <= 6) {
    const digits = digitsEnd - lettersEnd;
    const c0 = s.charCodeAt(from);
    // N0450 (a speed without level) and F370, M082 (a level or Mach number alone) are no routes.
    const lone =
      letters === 1 &&
      to === digitsEnd &&
      (((c0 === 78 || c0 === 75) && digits === 4) || lonePartOf(c0, digits, s.charCodeAt(lettersEnd)));
    if (!lone) return K_AIRWAY;
  }
  // Capitals and digits only: quickForm need not look at its characters again.
  const quick = quickCheck(s, from, to);
  if (quick >= 0) return quick;
  const form = formAfterScan(s, from, to, -1, -1);
  return form >= 0 ? form | FORM : FULL_READ;
}

/**
 * The kind code the check pass's tokenizer gives each token of `line` (-1: left to the full
 * reader). For tests: it must be what quickCheck, else quickForm, gives the token alone.
 */
export function tokenKinds(line: string): number[] {
  const segments = new TextSegments([line], 0);
  segments.push(0, 0, line.length);
  const count = tokenize(segments, false, true);
  const kinds: number[] = [];
  for (let k = 0; k < count; k++) {
    const kind = tokKind[k]!;
    kinds.push(kind === FULL_READ ? -1 : kind & ~FORM);
  }
  release(count);
  return kinds;
}

/** The token's text as written. */
function textAt(k: number): string {
  return tokSegments!.text(tokSeg[k]!).slice(tokStart[k]!, tokEnd[k]!);
}

function release(count: number): void {
  tokSegments = undefined;
  // The pieces are slices of the block's lines: kept, they would keep the lines alive.
  pieces.length = 0;
  // Let a huge parse's buffers go; small buffers are kept for the next call.
  if (count > 4096) {
    tokKind = new Int32Array(256);
    tokSeg = new Int32Array(256);
    tokLine = new Int32Array(256);
    tokStart = new Int32Array(256);
    tokEnd = new Int32Array(256);
  }
}

/** Whether token k is all ASCII: its upper case then has its length, and only a–z change. */
function isAsciiToken(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** The upper case of an ASCII char code. */
function upperCode(c: number): number {
  return c >= 97 && c <= 122 ? c - 32 : c;
}

/**
 * isAerodromeWord of token k in upper case, read in place when the token is ASCII (nearly
 * always): no string is cut or upper-cased for it. Other characters may upper-case to several
 * (ß to SS), so such a token takes the test on its upper case.
 */
function isAerodromeToken(k: number): boolean {
  const s = tokSegments!.text(tokSeg[k]!);
  const from = tokStart[k]!;
  const to = tokEnd[k]!;
  if (!isAsciiToken(s, from, to)) return isAerodromeWord(textAt(k).toUpperCase());
  if (to - from !== 4) return false;
  const a = upperCode(s.charCodeAt(from));
  const b = upperCode(s.charCodeAt(from + 1));
  const c = upperCode(s.charCodeAt(from + 2));
  const d = upperCode(s.charCodeAt(from + 3));
  if (a < 65 || a > 90 || b < 65 || b > 90 || c < 65 || c > 90 || d < 65 || d > 90) return false;
  // Not STAR, and no NAT… or PTS… track.
  return (
    !(a === 83 && b === 84 && c === 65 && d === 82) &&
    !(a === 78 && b === 65 && c === 84) &&
    !(a === 80 && b === 84 && c === 83)
  );
}

/** looksLikeSpeedLevel of token k in upper case, read in place when the token is ASCII. */
function isSpeedLevelToken(k: number): boolean {
  const s = tokSegments!.text(tokSeg[k]!);
  const from = tokStart[k]!;
  const to = tokEnd[k]!;
  if (!isAsciiToken(s, from, to)) return looksLikeSpeedLevel(textAt(k).toUpperCase());
  const c = upperCode(s.charCodeAt(from));
  if (!(c === 78 || c === 75 || c === 77) || to - from < 7) return false;
  const d = s.charCodeAt(from + 1);
  if (d < 48 || d > 57) return false;
  for (let i = from + 2; i < to; i++) if (s.charCodeAt(i) === 47) return false;
  return true;
}

/** Position flags of the tokens, set by positions(): where a SID, a STAR or an aerodrome may stand. */
let firstFlags = 0;
let lastFlags = 0;
/** The first token after a first-word aerodrome. */
let routeStart = 0;
let sidSlot = 0;
let starSlot = 0;

function positions(count: number): void {
  firstFlags = 0;
  routeStart = 0;
  if (count > 1 && isAerodromeToken(0)) {
    firstFlags = FIRST_WORD;
    routeStart = 1;
  }
  sidSlot = isSpeedLevelToken(routeStart) ? routeStart + 1 : routeStart;
  starSlot = count - 1;
  lastFlags = 0;
  if (count - 1 > routeStart && isAerodromeToken(count - 1)) {
    lastFlags = LAST_WORD;
    starSlot = count - 2;
  }
}

/** The position flags of token k of `count` (positions() first). */
function flagsOf(k: number, count: number): number {
  let flags = 0;
  if (k === 0) flags |= firstFlags;
  if (k === count - 1) flags |= lastFlags;
  if (k === sidSlot) flags |= SID_SLOT;
  if (k === starSlot && k > routeStart) flags |= STAR_SLOT;
  return flags;
}

/**
 * The kind code of token k when it is a procedure designator in its slot: 3–5 capitals, a digit
 * and a capital (KERAX2B), a SID right after the first speed/level, a STAR last; elsewhere an
 * ATS route (K_AIRWAY) when `inSlotOnly` is false (the element pass: the check pass reads such a
 * token in full, for its warning). FULL_READ for any other token. The reader's own answer for
 * this shape (ElementReader.alphanumeric, then routeDesignator), without cutting the token out:
 * a third of the tokens the shortcuts leave to the reader are these.
 */
function procedureKind(k: number, flags: number, inSlotOnly: boolean): number {
  const s = tokSegments!.text(tokSeg[k]!);
  const from = tokStart[k]!;
  const to = tokEnd[k]!;
  const n = to - from;
  if (n < 5 || n > 7) return FULL_READ;
  let i = from;
  while (i < to && s.charCodeAt(i) >= 65 && s.charCodeAt(i) <= 90) i++;
  if (i - from !== n - 2) return FULL_READ;
  const digit = s.charCodeAt(i);
  const last = s.charCodeAt(i + 1);
  if (digit < 48 || digit > 57 || last < 65 || last > 90) return FULL_READ;
  const c0 = s.charCodeAt(from);
  const c1 = s.charCodeAt(from + 1);
  const c2 = s.charCodeAt(from + 2);
  // PTS… is a Pacific track, STAY… a malformed STAY element.
  if (c0 === 80 && c1 === 84 && c2 === 83) return FULL_READ;
  if (c0 === 83 && c1 === 84 && c2 === 65 && s.charCodeAt(from + 3) === 89) return FULL_READ;
  if (flags & SID_SLOT) return K_SID;
  if (flags & STAR_SLOT) return K_STAR;
  return inSlotOnly ? FULL_READ : K_AIRWAY;
}

/** Reads every element with its position rules (the build pass). */
function readElements(count: number, reader: ElementReader): RouteElement[] {
  const elements: RouteElement[] = new Array(count);
  positions(count);
  for (let k = 0; k < count; k++) elements[k] = reader.read(textAt(k), tokLine[k]!, tokStart[k]!, flagsOf(k, count));
  return elements;
}

/** The aerodromes the check pass found as first and last word. */
let firstIcao: string | undefined;
let lastIcao: string | undefined;

/**
 * The check pass over tokens the tokenizer classified: the full reader reads, in order, the
 * tokens the shortcuts left (its findings and the level rules into `sink`), and every token
 * ends with its kind code in tokKind.
 */
function readKinds(count: number, reader: ElementReader, sink: DiagnosticSink): void {
  const kinds = tokKind;
  firstIcao = lastIcao = undefined;
  positions(count);
  for (let k = 0; k < count; k++) {
    const quick = kinds[k]!;
    if (quick !== FULL_READ) {
      // What the reader would have read: it still must know that the token was not a bare speed
      // (N0450 DVR F350: F350 is no partner of N0450, whatever path read DVR).
      reader.skipped();
      if (quick & FORM) kinds[k] = quick & ~FORM;
      continue;
    }
    const flags = flagsOf(k, count);
    const procedure = procedureKind(k, flags, true);
    if (procedure !== FULL_READ) {
      reader.skipped();
      kinds[k] = procedure;
      continue;
    }
    const e = reader.read(textAt(k), tokLine[k]!, tokStart[k]!, flags);
    checkLevels(e, tokLine[k]!, tokEnd[k]!, sink);
    kinds[k] = kindCode(e);
    if (e.kind === 'aerodrome') {
      if (k === 0) firstIcao = e.icao;
      if (k === count - 1) lastIcao = e.icao;
    }
  }
}

function tokenRange(k: number): Range {
  return lineRange(tokLine[k]!, tokStart[k]!, tokEnd[k]!);
}

/** One element of an FPL's field 15 that the rules between fields read (see fplRules.ts). */
export interface RouteEvent {
  /** Its kind code (kinds.ts). */
  code: number;
  text: string;
  line: number;
  start: number;
  end: number;
  /** Its index among the route's elements, and their count. */
  index: number;
  count: number;
}

/** The kinds an FPL's rules between fields read: levels, changes of flight rules, aerodromes, points. */
const EVENT_KINDS =
  (1 << K_SPEED_LEVEL) | (1 << K_POINT_CHANGE) | (1 << K_CRUISE_CLIMB) | (1 << K_FLIGHT_RULES) | (1 << K_AERODROME);

/** The elements that stand for points the text does not name: an airway's, a track's, a procedure's. */
const NAMED_ROUTE_KINDS: ReadonlySet<number> = new Set([K_AIRWAY, K_TRACK, K_SID, K_STAR]);

/** Collects the elements the rules between an FPL's fields read (only for FPL messages: never plain route text). */
function collectEvents(count: number, out: RouteEvent[]): void {
  for (let k = 0; k < count; k++) {
    const code = tokKind[k]!;
    if (!((EVENT_KINDS >> (code & KIND)) & 1)) continue;
    out.push({ code, text: textAt(k), line: tokLine[k]!, start: tokStart[k]!, end: tokEnd[k]!, index: k, count });
  }
}

/** The reader of the check pass, reused: a block costs no reader of its own. */
let checkReader: ElementReader | undefined;

/**
 * The check pass: findings into `sink`, and what the block needs to know. `withWords` false
 * leaves `firstWords` empty, for a block whose name does not come from them; `withRange` false
 * leaves out `routeRange` (and the aerodromes' ranges are NO_RANGE). `wants` adds to the facts:
 * KEEP_TOKENS the tokens for the elements (keptTokens.ts), for a block that keeps them;
 * ROUTE_TEXT the route text (as buildRouteText makes it), from the same cut of the text.
 */
export function checkRouteText(
  segments: TextSegments,
  sink: DiagnosticSink,
  withWords = true,
  withRange = true,
  events?: RouteEvent[],
  wants = 0,
): RouteTextFacts {
  const count = tokenize(segments, (wants & ROUTE_TEXT) !== 0, true);
  if (count === 0) return { count, firstWords: '' };
  const reader = (checkReader ??= new ElementReader(null, false));
  reader.startCheck(sink);
  readKinds(count, reader, sink);
  reader.startCheck(null);
  // The kinds and places as the elements will want them (keptTokens.ts), while they are at hand.
  const tokens =
    wants & KEEP_TOKENS
      ? encodeTokens(
          count,
          tokKind,
          tokLine,
          tokStart,
          tokEnd,
          [firstFlags, lastFlags, routeStart, sidSlot, starSlot],
          segments.source.firstLine,
        )
      : undefined;
  checkSequence(tokKind, count, textAt, tokLine, tokStart, tokEnd, sink);
  let fliesNamedRoute = false;
  if (events) {
    collectEvents(count, events);
    for (let k = 0; k < count && !fliesNamedRoute; k++) fliesNamedRoute = NAMED_ROUTE_KINDS.has(tokKind[k]! & KIND);
  }
  let firstWords = '';
  if (withWords) {
    firstWords = textAt(0);
    if (count > 1) firstWords += ' ' + textAt(1);
    if (count > 2) firstWords += ' ' + textAt(2);
    // Upper case before the ellipsis: a string of Latin-1 only is the cheap kind to convert.
    firstWords = firstWords.toUpperCase();
    if (count > 3) firstWords += ' …';
  }
  const facts: RouteTextFacts = { count, firstWords };
  if (fliesNamedRoute) facts.fliesNamedRoute = true;
  if (tokens !== undefined) facts.tokens = tokens;
  if (wants & ROUTE_TEXT) facts.routeText = joinedRouteText(count);
  const last = count - 1;
  if (withRange) {
    facts.routeRange = {
      start: { line: tokLine[0]!, character: tokStart[0]! },
      end: { line: tokLine[last]!, character: tokEnd[last]! },
    };
  }
  if (firstIcao !== undefined) facts.firstAerodrome = { value: firstIcao, range: withRange ? tokenRange(0) : NO_RANGE };
  if (lastIcao !== undefined && last > 0)
    facts.lastAerodrome = { value: lastIcao, range: withRange ? tokenRange(last) : NO_RANGE };
  release(count);
  return facts;
}

/**
 * The route text as one line, elements in upper case joined by single spaces (built on demand:
 * the check pass does not need it). From the source lines when they are single-spaced already.
 */
export function buildRouteText(segments: TextSegments): string {
  const count = tokenize(segments, true, false);
  const routeText = joinedRouteText(count);
  release(count);
  return routeText;
}

/** The route text of the `count` tokens just cut out with their pieces (tokenize's `withPieces`). */
function joinedRouteText(count: number): string {
  let routeText: string;
  if (singleSpaced) {
    const [only] = pieces;
    routeText = pieces.length === 1 && only !== undefined ? only : pieces.join(' ');
  } else {
    const words: string[] = new Array(count);
    for (let k = 0; k < count; k++) words[k] = textAt(k);
    routeText = words.join(' ');
  }
  return routeText.toUpperCase();
}

/** The reader that finds the kinds of the tokens the shortcuts leave, when elements are built (no findings). */
let kindReader: ElementReader | undefined;

/**
 * The elements of route text already checked, as a store of kind codes and spans that views
 * read (elementViews.ts): the check pass's tokenizer and shortcuts give the kinds, the reader
 * (without findings) those they leave; no element object, range or string is made here.
 */
export function scanElements(segments: TextSegments): ElementStore {
  const count = tokenize(segments, false, true);
  const { lines, firstLine } = segments.source;
  // Codes, lines, starts and ends: the tokenizer's buffers copied in one loop (a subarray to
  // copy from for each was an object each, for a route of a few dozen tokens); then the slots.
  const at = storeSpace.take(count * 4 + SLOT_COUNT);
  const data = storeSpace.data;
  const kinds = tokKind;
  const lineOf = tokLine;
  const starts = tokStart;
  const ends = tokEnd;
  for (let k = 0; k < count; k++) {
    data[at + k] = kinds[k]!;
    data[at + count + k] = lineOf[k]!;
    data[at + 2 * count + k] = starts[k]!;
    data[at + 3 * count + k] = ends[k]!;
  }
  if (count > 0) positions(count);
  ElementStore.writeSlots(data, at, count, firstFlags, lastFlags, routeStart, sidSlot, starSlot);
  const reader = (kindReader ??= new ElementReader(null, false));
  reader.startCheck(null);
  for (let k = 0; k < count; k++) {
    const quick = data[at + k]!; // written just above (take made room for it)
    if (quick === FULL_READ) {
      const flags = flagsOf(k, count);
      const procedure = procedureKind(k, flags, false);
      if (procedure === FULL_READ) data[at + k] = kindCode(reader.read(textAt(k), tokLine[k]!, tokStart[k]!, flags));
      else {
        reader.skipped();
        data[at + k] = procedure;
      }
    } else if (quick & FORM) data[at + k] = quick & ~FORM;
  }
  release(count);
  return new ElementStore(count, data, at, lines, firstLine);
}

/** The build pass: the complete elements of route text already checked. */
export function buildElements(segments: TextSegments): RouteElement[] {
  const count = tokenize(segments, false, false);
  if (count === 0) return [];
  const elements = readElements(count, new ElementReader(null, true));
  release(count);
  return elements;
}
