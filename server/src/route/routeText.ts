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
import { placeholderOf, quickCheck } from './quickCheck';
import { quickForm } from './quickForms';
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
import type { TextSegments } from './segments';
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
}

// Token buffers reused across calls (parsing is synchronous, never re-entered). A token is
// (segment, start, end) in typed arrays, so a route of millions of tokens costs a few bytes per
// token; its own string is sliced only when someone needs it (textAt).
let tokSegments: TextSegments | undefined;
let tokSeg = new Int32Array(256);
let tokLine = new Int32Array(256);
let tokStart = new Int32Array(256);
let tokEnd = new Int32Array(256);
/** Each segment's text from its first to its last token, and whether single spaces separate all tokens. */
const pieces: string[] = [];
let singleSpaced = true;

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

function tokenize(segments: TextSegments, withPieces: boolean): number {
  let count = 0;
  pieces.length = 0;
  singleSpaced = true;
  tokSegments = segments;
  // The buffers in locals: module variables are read through the module's context on every use.
  let seg = tokSeg;
  let lineOf = tokLine;
  let starts = tokStart;
  let ends = tokEnd;
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
      if (spaced && first >= 0 && (i - gap !== 1 || s.charCodeAt(gap) !== 32)) spaced = false;
      const from = i;
      while (++i < end) {
        c = s.charCodeAt(i);
        if (!(c > 32 && c < 127) && isBlankCode(c)) break;
      }
      if (first < 0) first = from;
      lastEnd = i;
      if (count === seg.length) {
        seg = tokSeg = grow(seg);
        lineOf = tokLine = grow(lineOf);
        starts = tokStart = grow(starts);
        ends = tokEnd = grow(ends);
      }
      seg[count] = k;
      lineOf[count] = line;
      starts[count] = from;
      ends[count] = i;
      count++;
    }
    if (withPieces && first >= 0) pieces.push(s.slice(first, lastEnd));
  }
  singleSpaced = spaced;
  return count;
}

/** The token's text as written. */
function textAt(k: number): string {
  return tokSegments!.text(tokSeg[k]).slice(tokStart[k], tokEnd[k]);
}

function release(count: number): void {
  tokSegments = undefined;
  // Let a huge parse's buffers go; small buffers are kept for the next call.
  if (count > 4096) {
    checkBuffer = [];
    tokSeg = new Int32Array(256);
    tokLine = new Int32Array(256);
    tokStart = new Int32Array(256);
    tokEnd = new Int32Array(256);
  }
}

/**
 * False when token k cannot be an aerodrome word, seen without slicing it: an ASCII token keeps
 * its length when upper-cased, and an aerodrome word has 4 letters (other characters may
 * upper-case to several, so they take the full test).
 */
function mayBeAerodrome(k: number): boolean {
  if (tokEnd[k] - tokStart[k] === 4) return true;
  const s = tokSegments!.text(tokSeg[k]);
  for (let i = tokStart[k]; i < tokEnd[k]; i++) if (s.charCodeAt(i) > 127) return true;
  return false;
}

/** The check pass's elements, reused: nothing of them outlives the pass. */
let checkBuffer: RouteElement[] = [];

/** Reads every element with its position rules. */
function readElements(count: number, reader: ElementReader, sink: DiagnosticSink | null): RouteElement[] {
  const check = sink !== null;
  const elements: RouteElement[] = check ? checkBuffer : new Array(count);
  let firstFlags = 0;
  let start = 0;
  if (count > 1 && mayBeAerodrome(0) && isAerodromeWord(textAt(0).toUpperCase())) {
    firstFlags = FIRST_WORD;
    start = 1;
  }
  const sidSlot = looksLikeSpeedLevel(textAt(start).toUpperCase()) ? start + 1 : start;
  let starSlot = count - 1;
  let lastFlags = 0;
  if (count - 1 > start && mayBeAerodrome(count - 1) && isAerodromeWord(textAt(count - 1).toUpperCase())) {
    lastFlags = LAST_WORD;
    starSlot = count - 2;
  }
  const segments = tokSegments!;
  const seg = tokSeg;
  const starts = tokStart;
  const ends = tokEnd;
  let lineText = '';
  let lineSeg = -1;
  for (let k = 0; k < count; k++) {
    if (check) {
      if (seg[k] !== lineSeg) {
        lineSeg = seg[k];
        lineText = segments.text(lineSeg);
      }
      const quick = quickCheck(lineText, starts[k], ends[k]);
      if (quick) {
        elements[k] = quick;
        continue;
      }
      const form = quickForm(lineText, starts[k], ends[k]);
      if (form) {
        // What the reader would have read; it still must know that the token was not a bare speed.
        reader.skipped();
        elements[k] = form;
        continue;
      }
    }
    let flags = 0;
    if (k === 0) flags |= firstFlags;
    if (k === count - 1) flags |= lastFlags;
    if (k === sidSlot) flags |= SID_SLOT;
    if (k === starSlot && k > start) flags |= STAR_SLOT;
    const e = reader.read(textAt(k), tokLine[k], tokStart[k], flags);
    if (sink) {
      checkLevels(e, tokLine[k], tokEnd[k], sink);
      elements[k] = placeholderOf(e);
    } else {
      elements[k] = e;
    }
  }
  return elements;
}

function tokenRange(k: number): Range {
  return lineRange(tokLine[k], tokStart[k], tokEnd[k]);
}

/** The reader of the check pass, reused: a block costs no reader of its own. */
let checkReader: ElementReader | undefined;

/**
 * The check pass: findings into `sink`, and what the block needs to know. `withWords` false
 * leaves `firstWords` empty, for a block whose name does not come from them.
 */
export function checkRouteText(segments: TextSegments, sink: DiagnosticSink, withWords = true): RouteTextFacts {
  const count = tokenize(segments, false);
  if (count === 0) return { count, firstWords: '' };
  const reader = (checkReader ??= new ElementReader(null, false));
  reader.startCheck(sink);
  const elements = readElements(count, reader, sink);
  reader.startCheck(null);
  checkSequence(elements, count, textAt, tokLine, tokStart, tokEnd, sink);
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
  const last = count - 1;
  facts.routeRange = {
    start: { line: tokLine[0], character: tokStart[0] },
    end: { line: tokLine[last], character: tokEnd[last] },
  };
  const first = elements[0];
  if (first.kind === 'aerodrome') facts.firstAerodrome = { value: first.icao, range: tokenRange(0) };
  const end = elements[last];
  if (end.kind === 'aerodrome' && last > 0) facts.lastAerodrome = { value: end.icao, range: tokenRange(last) };
  release(count);
  return facts;
}

/**
 * The route text as one line, elements in upper case joined by single spaces (built on demand:
 * the check pass does not need it). From the source lines when they are single-spaced already.
 */
export function buildRouteText(segments: TextSegments): string {
  const count = tokenize(segments, true);
  let routeText: string;
  if (singleSpaced) {
    routeText = pieces.length === 1 ? pieces[0] : pieces.join(' ');
  } else {
    const words: string[] = new Array(count);
    for (let k = 0; k < count; k++) words[k] = textAt(k);
    routeText = words.join(' ');
  }
  release(count);
  return routeText.toUpperCase();
}

/** The build pass: the complete elements of route text already checked. */
export function buildElements(segments: TextSegments): RouteElement[] {
  const count = tokenize(segments, false);
  if (count === 0) return [];
  const elements = readElements(count, new ElementReader(null, true), null);
  release(count);
  return elements;
}
