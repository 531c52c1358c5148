/**
 * The sequence rules of Doc 4444 Item 15 (numbers as in notes/icao-route.md §1), checked over
 * the elements of one route. Element-level syntax was checked while reading; unreadable
 * elements already carry an error and are not judged again here.
 */
import type { DiagnosticSink } from './diagnostics';
import { lineRange } from './diagnostics';
import type { Level, Range, RouteElement } from './model';

function isPointLike(e: RouteElement): boolean {
  switch (e.kind) {
    case 'point':
    case 'latLon':
    case 'bearingDistance':
    case 'pointChange':
    case 'cruiseClimb':
      return true;
    default:
      return false;
  }
}

/** Coordinates-like points, between which DCT may be left out. */
function isComputedPoint(e: RouteElement): boolean {
  const p = e.kind === 'pointChange' || e.kind === 'cruiseClimb' ? e.point : e;
  return p.kind === 'latLon' || p.kind === 'bearingDistance';
}

/** Elements that say something about the point before them: VFR/IFR, OAT/GAT, IFPSTOP/START, STAY. */
function isAnnotation(e: RouteElement): boolean {
  return e.kind === 'flightRules' || e.kind === 'trafficType' || e.kind === 'ifps' || e.kind === 'stay';
}

function isRoute(e: RouteElement): boolean {
  return e.kind === 'airway' || e.kind === 'track';
}

/** "ATS route UL9", "DCT", "point KONAN": what was found, for messages. */
export function nameOf(e: RouteElement, written: string = e.text): string {
  const text = written.toUpperCase();
  switch (e.kind) {
    case 'airway':
      return `ATS route ${text}`;
    case 'track':
      return `track ${text}`;
    case 'direct':
      return 'DCT';
    case 'speedLevel':
      return `speed/level group ${text}`;
    case 'sid':
      return text === 'SID' ? 'SID' : `SID ${text}`;
    case 'star':
      return text === 'STAR' ? 'STAR' : `STAR ${text}`;
    case 'aerodrome':
      return `aerodrome ${text}`;
    case 'flightRules':
      return `flight rules change ${text}`;
    case 'truncation':
      return 'T (truncation)';
    case 'unknown':
      return `'${text}'`;
    default:
      return isPointLike(e) ? `point ${text}` : text;
  }
}

/** A usual cruising flight level (hundreds of feet): a multiple of 5, and of 10 from FL200 (half levels are VFR, below FL200). */
export function isUsualFlightLevel(level: number): boolean {
  return level % 5 === 0 && (level < 200 || level % 10 === 0);
}

/** Warns on a flight level that ends `endOffset` characters before `elementEnd` on `line`. */
function checkFlightLevel(
  line: number,
  elementEnd: number,
  level: Level,
  endOffset: number,
  sink: DiagnosticSink,
): void {
  if (level.unit !== 'flightLevel') return;
  const v = level.value;
  if (!isUsualFlightLevel(v)) {
    const below = String(v - (v % 10)).padStart(3, '0');
    const above = String(v - (v % 10) + 10).padStart(3, '0');
    sink.add(
      'R210',
      `flight level ${level.text} is not a usual cruising level: levels are multiples ` +
        `of 5, and of 10 from FL200 (e.g. F${below} or F${above})`,
      lineRange(line, elementEnd - endOffset - level.text.length, elementEnd - endOffset),
    );
  }
}

/** UL9 and L9: the same route number, one of them in the upper airspace. */
function sameRouteOtherLayer(a: string, b: string): boolean {
  return a !== b && (a === `U${b}` || b === `U${a}`);
}

function up(written: string): string {
  return written.toUpperCase();
}

/**
 * The level rules of one element (R210), checked as it is read: the check pass keeps only a
 * placeholder of the element afterwards.
 */
export function checkLevels(e: RouteElement, line: number, end: number, sink: DiagnosticSink): void {
  switch (e.kind) {
    case 'speedLevel':
      checkFlightLevel(line, end, e.level, 0, sink);
      break;
    case 'pointChange':
      checkFlightLevel(line, end, e.speedLevel.level, 0, sink);
      break;
    case 'cruiseClimb':
      checkFlightLevel(line, end, e.fromLevel, e.toLevel ? e.toLevel.text.length : 4, sink);
      if (e.toLevel) checkFlightLevel(line, end, e.toLevel, 0, sink);
      break;
  }
}

/**
 * Checks the elements. Their texts and ranges come from `textAt`/`lines`/`starts`/`ends`: the check
 * pass gives elements shared placeholders, and ranges are built only for findings.
 */
export function checkSequence(
  elements: readonly RouteElement[],
  count: number,
  textAt: (k: number) => string,
  lines: ArrayLike<number>,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
  sink: DiagnosticSink,
): void {
  const n = count;
  const rangeAt = (k: number): Range => lineRange(lines[k], starts[k], ends[k]);
  if (n === 0) return;
  const start = elements[0].kind === 'aerodrome' && n > 1 ? 1 : 0;
  const first = elements[start];
  if (first.kind !== 'speedLevel' && first.kind !== 'unknown') {
    sink.add(
      'R201',
      `the route must begin with a speed/level group such as N0450F350, found ${nameOf(first, textAt(start))}`,
      rangeAt(start),
    );
  }
  const sidSlot = first.kind === 'speedLevel' ? start + 1 : start;
  if (first.kind === 'speedLevel' && (n === start + 1 || (n === start + 2 && elements[n - 1].kind === 'aerodrome'))) {
    // Doc 4444 Item 15: the speed/level group is followed by the route; DCT alone when there is none.
    sink.add(
      'R217',
      `the speed/level group ${up(textAt(start))} is not followed by a route: write ` +
        `the route, or DCT for a flight direct to the destination, e.g. ` +
        `${up(textAt(start))} DCT`,
      rangeAt(start),
      {
        insert: ' DCT',
        at: rangeAt(start).end,
      },
    );
  }
  let last = n - 1;
  if (elements[last].kind === 'aerodrome' && last > start) last--;
  let vfr = first.kind === 'speedLevel' && first.level.unit === 'vfr';
  /** The last point, while only annotations have followed it; -1 otherwise. */
  let point = -1;
  /** The element an annotation at i belongs to: the one before, past other annotations. */
  let anchor = -1;

  /** Whether the element before i is an annotation (judged once per element). */
  let afterAnnotation = false;
  for (let i = 0; i < n; i++) {
    const e = elements[i];
    const next = i + 1 < n ? elements[i + 1] : undefined;
    if (i > 0 && !afterAnnotation) anchor = i - 1;
    const prev = anchor >= 0 ? elements[anchor] : undefined;
    switch (e.kind) {
      case 'airway':
      case 'track':
        if (!next) {
          sink.add(
            'R202',
            `${nameOf(e, textAt(i))} must be followed by the point where it is left; the route ends here`,
            rangeAt(i),
          );
        } else if (next.kind === 'direct') {
          sink.add(
            'R205',
            `DCT cannot follow ${nameOf(e, textAt(i))}: write the point where ${up(textAt(i))} is left, then DCT`,
            rangeAt(i + 1),
          );
        } else if (isRoute(next) && sameRouteOtherLayer(up(textAt(i)), up(textAt(i + 1)))) {
          // Doc 4444 asks for the point where a route is left; a route continuing as its own upper
          // (or lower) part shares every point, so the transition is readable without it.
          sink.add(
            'R216',
            `${up(textAt(i + 1))} continues ${up(textAt(i))} in the other airspace layer: ` +
              `the transition point is usually written, e.g. ${up(textAt(i))} POINT ` +
              `${up(textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        } else if (isRoute(next)) {
          sink.add(
            'R203',
            `${nameOf(e, textAt(i))} and ${nameOf(next, textAt(i + 1))} need their joining ` +
              `point between them, e.g. ${up(textAt(i))} POINT ${up(textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        } else if (!isPointLike(next) && next.kind !== 'unknown') {
          sink.add(
            'R202',
            `${nameOf(e, textAt(i))} must be followed by the point where it is left, found ${nameOf(next, textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        }
        break;
      case 'direct':
        // Doc 4444: DCT alone after the speed/level group is a flight direct from departure to destination.
        if (i === sidSlot && first.kind === 'speedLevel' && (!next || (i + 1 === n - 1 && next.kind === 'aerodrome')))
          break;
        if (!next) {
          sink.add('R204', 'DCT must be followed by a point; the route ends here', rangeAt(i));
        } else if (!isPointLike(next) && next.kind !== 'aerodrome' && next.kind !== 'unknown') {
          sink.add('R204', `DCT must be followed by a point, found ${nameOf(next, textAt(i + 1))}`, rangeAt(i + 1));
        }
        break;
      case 'speedLevel':
        if (i !== start) {
          sink.add(
            'R209',
            `${nameOf(e, textAt(i))} must be attached to a point with '/', e.g. POINT/${up(textAt(i))}; only the first group stands alone`,
            rangeAt(i),
          );
        }
        break;
      case 'sid':
        if (i !== sidSlot) {
          sink.add(
            'R207',
            `a SID may appear only as the first route element, right after the speed/level ` +
              `group; found ${up(textAt(i))} at element ${i + 1}`,
            rangeAt(i),
          );
        } else if (next && (next.kind === 'direct' || isRoute(next) || next.kind === 'sid' || next.kind === 'star')) {
          // Doc 4444: a SID is followed by its last point, where the rest of the route begins.
          sink.add(
            'R215',
            `${nameOf(e, textAt(i))} must be followed by the point where it ends, found ` +
              `${nameOf(next, textAt(i + 1))}: write that point before ${up(textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        }
        break;
      case 'star':
        if (i !== last) {
          sink.add(
            'R208',
            `a STAR may appear only as the last route element; ${up(textAt(i))} is followed ` +
              `by ${next ? nameOf(next, textAt(i + 1)) : 'more'}`,
            rangeAt(i),
          );
        }
        break;
      case 'truncation':
        if (i !== n - 1)
          sink.add(
            'R211',
            `T (truncation) may appear only as the last element; it is followed by ${next ? nameOf(next, textAt(i + 1)) : 'more'}`,
            rangeAt(i),
          );
        break;
      case 'flightRules':
        if (!prev || !isPointLike(prev)) {
          sink.add(
            'R213',
            `a change to ${e.rules} must follow the point where it happens, e.g. ` +
              `ROM/N0180A090 ${e.rules}; found ` +
              `${prev ? nameOf(prev, textAt(anchor)) : 'nothing'} before it`,
            rangeAt(i),
          );
        } else if (e.rules === 'IFR' && vfr && prev.kind !== 'pointChange') {
          sink.add(
            'R212',
            `the change to IFR at ${up(textAt(anchor))} normally gives the new speed and level, e.g. ${up(textAt(anchor))}/N0450F350 IFR`,
            rangeAt(i),
          );
        }
        vfr = e.rules === 'VFR';
        break;
      case 'trafficType':
      case 'ifps':
      case 'stay':
        if (!prev || !isPointLike(prev)) {
          sink.add(
            'R214',
            `${up(textAt(i))} must follow the point where it applies; found ${prev ? nameOf(prev, textAt(anchor)) : 'nothing'} before it`,
            rangeAt(i),
          );
        }
        break;
    }
    if (e.kind === 'pointChange' && e.speedLevel.level.unit === 'vfr') vfr = true;
    afterAnnotation = isAnnotation(e);
    if (isPointLike(e)) {
      if (point >= 0 && !(isComputedPoint(elements[point]) && isComputedPoint(e))) {
        sink.add(
          'R206',
          `write DCT between ${up(textAt(point))} and ${up(textAt(i))} (or the ATS route that joins them)`,
          rangeAt(i),
          {
            insert: 'DCT ',
            at: rangeAt(i).start,
          },
        );
      }
      point = i;
    } else if (!afterAnnotation) {
      point = -1;
    }
  }
}
