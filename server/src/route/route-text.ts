/**
 * Item 15 route text spread over pieces of lines (a block's route lines, or field 15 of an FPL
 * message): a single pass over char codes splits it into tokens, the element reader classifies
 * each by its position, and the sequence rules run over the result.
 */
import type { DiagnosticSink } from './diagnostics';
import {
  ElementReader,
  FIRST_WORD,
  LAST_WORD,
  SID_SLOT,
  STAR_SLOT,
  isAerodromeWord,
  looksLikeSpeedLevel,
} from './elements';
import type { RouteElement } from './model';
import { checkSequence } from './sequence';

/** Characters [start, end) of one line that hold route text. */
export interface TextSegment {
  line: number;
  text: string;
  start: number;
  end: number;
}

/** Blanks between elements: space, tab, CR, VT, FF, no-break space, byte-order mark. */
export function isBlankCode(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 11 || c === 12 || c === 160 || c === 0xfeff;
}

export interface RouteTextResult {
  elements: RouteElement[];
  /** The tokens in upper case joined by single spaces. */
  routeText: string;
}

// Token buffers reused across calls (parsing is synchronous, never re-entered).
let tokText: string[] = [];
let tokLine: number[] = [];
let tokStart: number[] = [];

export function readRouteText(segments: readonly TextSegment[], sink: DiagnosticSink): RouteTextResult {
  let count = 0;
  for (const seg of segments) {
    const s = seg.text;
    let i = seg.start;
    const end = seg.end;
    while (i < end) {
      while (i < end && isBlankCode(s.charCodeAt(i))) i++;
      if (i >= end) break;
      const from = i;
      while (i < end && !isBlankCode(s.charCodeAt(i))) i++;
      tokText[count] = s.slice(from, i);
      tokLine[count] = seg.line;
      tokStart[count] = from;
      count++;
    }
  }
  const elements: RouteElement[] = new Array(count);
  if (count === 0) return { elements, routeText: '' };

  // Positions that change how a token reads.
  let firstFlags = 0;
  let start = 0;
  if (count > 1 && isAerodromeWord(tokText[0].toUpperCase())) {
    firstFlags = FIRST_WORD;
    start = 1;
  }
  const sidSlot = looksLikeSpeedLevel(tokText[start].toUpperCase()) ? start + 1 : start;
  let starSlot = count - 1;
  let lastFlags = 0;
  if (count - 1 > start && isAerodromeWord(tokText[count - 1].toUpperCase())) {
    lastFlags = LAST_WORD;
    starSlot = count - 2;
  }

  const reader = new ElementReader(sink);
  let routeText = '';
  for (let k = 0; k < count; k++) {
    let flags = 0;
    if (k === 0) flags |= firstFlags;
    if (k === count - 1) flags |= lastFlags;
    if (k === sidSlot) flags |= SID_SLOT;
    if (k === starSlot && k > start) flags |= STAR_SLOT;
    const e = reader.read(tokText[k], tokLine[k], tokStart[k], flags);
    elements[k] = e;
    routeText = k === 0 ? e.text : routeText + ' ' + e.text;
  }
  // Release the strings for the garbage collector when a huge parse is done.
  if (count > 4096) {
    tokText = [];
    tokLine = [];
    tokStart = [];
  }
  checkSequence(elements, sink);
  return { elements, routeText: routeText.toUpperCase() };
}
