/**
 * One block of a .route file: comments, directives, and either route text (all other lines,
 * joined) or an FPL message. Ranges are absolute in the document.
 */
import type { RawBlock } from './blocks';
import { DiagnosticSink, spanRange } from './diagnostics';
import { isDirectiveLine, keyRangeOf, readDirective, releaseCheckedDirective } from './directives';
import { fplRouteSegments, readFpl, releaseFplCheck, type FplResult } from './fpl';
import type { Directive, Located, Range, RouteBlock } from './model';
import {
  buildRouteText,
  checkRouteText,
  KEEP_TOKENS,
  ROUTE_TEXT,
  skipBlanks,
  trimmedEnd,
  type RouteTextFacts,
} from './routeText';
import { TextSegments } from './segments';
import { NO_RANGE } from './quickCheck';
import { textFix } from './textFixes';

export type BlockData = Omit<RouteBlock, 'elements' | 'routeText'>;

function blockName(
  kind: RouteBlock['kind'],
  origin: Located<string> | undefined,
  destination: Located<string> | undefined,
  firstWords: string,
  aircraftId: string | undefined,
): string {
  const o = origin?.value;
  const d = destination?.value;
  const route = o && d ? `${o} → ${d}` : '';
  if (kind === 'fpl') return route ? `${aircraftId ?? 'FPL'} ${route}` : (aircraftId ?? 'FPL');
  return route || firstWords || 'route';
}

/** A block read completely: its data, and where its route text lives (for the elements). */
export interface BlockRead {
  data: BlockData;
  routeSegments: TextSegments;
  /** The check pass with KEEP_FACTS: the route text, made before its segments go to the next block. */
  routeText?: string;
  /** The check pass: its tokens for the elements (keptTokens.ts), when they fit. */
  tokens?: string;
}

/** Where each line's content ends, reused from block to block (reading is never re-entered). */
let contentEnds = new Int32Array(64);

/** The check pass's route segments, reused from block to block: nothing of them outlives the pass. */
let checkPieces: TextSegments | undefined;

function checkSegments(lines: readonly string[], firstLine: number): TextSegments {
  if (!checkPieces) return (checkPieces = new TextSegments(lines, firstLine));
  checkPieces.reset(lines, firstLine);
  return checkPieces;
}

/** A bit for each documented key (0 for any other), to tell the keys a block gave twice. */
function keyBit(key: string): number {
  return key === 'origin' ? 1 : key === 'destination' ? 2 : key === 'referenceFix' ? 4 : 0;
}

/**
 * Reads one block with every check and keeps all of it (directives, FPL fields, route
 * segments, range); a block of nothing but comments gives undefined.
 */
export function readBlock(raw: RawBlock): BlockRead | undefined {
  return readBlockWith(raw, true);
}

// What `checkBlock` keeps beside a block's kind, name and findings: one of these bits, or 0.

/** The route's tokens, for the elements of a block the parse hands out (keptTokens.ts). */
export const KEEP_TOKENS_FOR_ELEMENTS = KEEP_TOKENS;
/**
 * The block's range, origin, destination, referenceFix and route text: what the checker's JSON
 * reports of it. The same bit as ROUTE_TEXT, since checkRouteText makes the facts' route text.
 */
export const KEEP_FACTS = ROUTE_TEXT;

/**
 * The check pass of one block: every check of `readBlock`, but only kind, name and findings are
 * real: directives and FPL fields are checked but not kept, the range is NO_RANGE, and the route
 * segments returned are empty (their buffer is the next block's). `keeps` adds
 * KEEP_TOKENS_FOR_ELEMENTS (a block the parse hands out: its tokens for the elements,
 * keptTokens.ts) or KEEP_FACTS (the checker's facts of the block); not both, since a read with
 * its facts gives back no tokens.
 */
export function checkBlock(raw: RawBlock, keeps = 0): BlockRead | undefined {
  const read = readBlockWith(raw, false, keeps);
  checkPieces?.release();
  releaseFplCheck();
  releaseCheckedDirective();
  return read;
}

/**
 * Where a block's route text lies (its route lines, or field 15 of its FPL message), found as
 * `readBlock` finds it but without reading directives, fields or route text: all the elements
 * and the route text need. Undefined for a block of nothing but comments.
 */
export function readRouteSegments(raw: RawBlock): TextSegments | undefined {
  // Findings are the check pass's: these are dropped.
  const sink = (quietSink ??= new DiagnosticSink());
  const { lines, firstLine } = raw;
  const n = lines.length;
  const contentEnd = contentEndsOf(lines);
  const segments = new TextSegments(lines, firstLine);
  let directives = 0;
  let found: TextSegments | undefined;
  for (let li = 0; li < n && !found; li++) {
    const text = lines[li]!; // li < n, and contentEndsOf gave each of the n lines its end
    const end = contentEnd[li]!;
    const s = skipBlanks(text, 0, end);
    if (s >= end) continue;
    if (segments.length === 0 && text.charCodeAt(s) === 40 /* ( */) {
      // What follows the message is directives or text readBlock reports: never route text.
      found = fplRouteSegments({ lines, contentEnd, firstLine }, li, s, sink);
      continue;
    }
    const colon = text.indexOf(':', s);
    if (colon >= 0 && colon < end && isDirectiveLine(text, colon)) {
      directives++;
      continue;
    }
    segments.push(firstLine + li, s, end);
  }
  sink.list.length = 0;
  if (found) return found;
  return segments.length === 0 && directives === 0 ? undefined : segments;
}

/**
 * Where each line's content ends (its comment's `#`, or its end), in a buffer shared from block to
 * block; a huge block's buffer is not kept for the next one.
 */
function contentEndsOf(lines: readonly string[]): Int32Array {
  const n = lines.length;
  if (n <= 4096 && contentEnds.length < n) contentEnds = new Int32Array(Math.max(n, contentEnds.length * 2));
  const contentEnd = n > 4096 ? new Int32Array(n) : contentEnds;
  for (let li = 0; li < n; li++) {
    const hash = lines[li]!.indexOf('#');
    contentEnd[li] = hash < 0 ? lines[li]!.length : hash;
  }
  return contentEnd;
}

/** The sink of readRouteSegments (findings of cutting an FPL message), emptied after each block. */
let quietSink: DiagnosticSink | undefined;

/**
 * `build` true is readBlock, false the check pass (checkBlock). With KEEP_FACTS in `wants` the
 * check pass also gives what the checker's JSON says of a block (range, origin, destination,
 * referenceFix and route text), for much less than a read with `build`. `wants` goes on to
 * checkRouteText and readFpl as their KEEP_TOKENS and ROUTE_TEXT bits.
 */
function readBlockWith(raw: RawBlock, build: boolean, wants = 0): BlockRead | undefined {
  const facts = (wants & KEEP_FACTS) !== 0;
  const sink = new DiagnosticSink();
  const { lines, firstLine } = raw;
  const n = lines.length;
  const contentEnd = contentEndsOf(lines);

  const segments = build ? new TextSegments(lines, firstLine) : checkSegments(lines, firstLine);
  // The check pass keeps no directive: only the first value of each key, for the block's name.
  const directives: Directive[] = [];
  let directiveCount = 0;
  let seenKeys = 0;
  let seenOthers: Set<string> | undefined;
  let origin: Located<string> | undefined;
  let destination: Located<string> | undefined;
  let referenceFix: Located<string> | undefined;
  /** The first `departure:` key, said to be ignored when the block is an FPL message. */
  let departureKey: Range | undefined;
  let fpl: FplResult | undefined;
  for (let li = 0; li < n; li++) {
    const text = lines[li]!; // li < n, and contentEndsOf gave each of the n lines its end
    const line = firstLine + li;
    const end = contentEnd[li]!;
    const s = skipBlanks(text, 0, end);
    if (s >= end) continue;
    if (!fpl && segments.length === 0 && text.charCodeAt(s) === 40 /* ( */) {
      fpl = readFpl({ lines, contentEnd, firstLine }, li, s, sink, build, wants);
      li = fpl.endIndex;
      continue;
    }
    const colon = text.indexOf(':', s);
    if (colon >= 0 && colon < end) {
      const d = readDirective(text, line, colon, end, sink, build);
      if (d) {
        directiveCount++;
        if (build) directives.push(d);
        if (d.key === 'departure') departureKey ??= build ? d.keyRange : keyRangeOf(text, line, colon);
        // First occurrence of each key counts; later ones are reported.
        const bit = keyBit(d.key);
        if (bit ? seenKeys & bit : seenOthers?.has(d.key)) {
          sink.add(
            'R004',
            `${d.key} is given twice in this block: the first one counts; remove this one`,
            build ? d.keyRange : keyRangeOf(text, line, colon),
          );
        } else {
          if (bit) seenKeys |= bit;
          else (seenOthers ??= new Set()).add(d.key);
          if (d.value) {
            const located: Located<string> = { value: d.value, range: d.valueRange };
            if (d.key === 'origin') origin = located;
            else if (d.key === 'destination') destination = located;
            else if (d.key === 'referenceFix') referenceFix = located;
          }
        }
        continue;
      }
    }
    if (fpl) {
      const e = trimmedEnd(text, s, end);
      sink.add(
        'R008',
        'text after the end of the FPL message: put other routes in their own block after a blank line',
        spanRange(line, s, line, e),
      );
      continue;
    }
    segments.push(line, s, end);
  }

  if (!fpl && segments.length === 0 && directiveCount === 0) return undefined;
  if (fpl && departureKey) {
    const line = departureKey.start.line;
    sink.add(
      'R012',
      "departure: is not used in an FPL message's block: the flight is timed by its EOBT (field 13) and DOF/ (field 18); remove this line",
      departureKey,
      textFix('Remove departure: (the FPL message has its own EOBT and DOF/)', spanRange(line, 0, line + 1, 0), ''),
    );
  }

  // The first words name a block only when the directives do not give both aerodromes.
  const route: RouteTextFacts = fpl
    ? fpl.route
    : checkRouteText(segments, sink, !(origin && destination), build, undefined, wants);
  const routeSegments = fpl ? fpl.routeSegments : segments;
  const noRoute = route.count === 0 && !fpl;

  // Block range: first to last non-blank line (comments included); the check pass keeps none.
  // A block with content has lines (one without returned above).
  const firstText = lines[0]!;
  const lastText = lines[n - 1]!;
  const startChar = skipBlanks(firstText, 0, firstText.length);
  const range: Range =
    build || noRoute
      ? spanRange(firstLine, startChar, firstLine + n - 1, trimmedEnd(lastText, 0, lastText.length))
      : NO_RANGE;

  origin ??= fpl?.origin ?? route.firstAerodrome;
  destination ??= fpl?.destination ?? route.lastAerodrome;
  if (noRoute) {
    sink.add(
      'R009',
      'this block has directives but no route text: add the route, e.g. N0450F350 DET L6 DVR UL9 KONAN',
      range,
    );
  }
  const kind = fpl ? 'fpl' : 'route';
  const name = blockName(kind, origin, destination, route.firstWords, fpl?.fpl.aircraftId);
  if (!build && facts) {
    const fullRange = noRoute
      ? range
      : spanRange(firstLine, startChar, firstLine + n - 1, trimmedEnd(lastText, 0, lastText.length));
    const data: BlockData = { kind, range: fullRange, name, directives: [], diagnostics: sink.finish() };
    return {
      data: { ...data, origin, destination, referenceFix },
      routeSegments: segments,
      // Made by the check pass from its own cut of the text (ROUTE_TEXT); none for no route.
      routeText: route.routeText ?? buildRouteText(routeSegments),
    };
  }
  if (!build) {
    const read: BlockRead = {
      data: { kind, range, name, directives: [], diagnostics: sink.finish() },
      routeSegments: segments,
    };
    if (route.tokens !== undefined) read.tokens = route.tokens;
    return read;
  }

  const data: BlockData = {
    kind,
    range,
    name,
    directives,
    diagnostics: sink.finish(),
    origin,
    destination,
    referenceFix,
    routeRange: route.routeRange,
    fpl: fpl?.fpl,
  };
  return { data, routeSegments };
}
