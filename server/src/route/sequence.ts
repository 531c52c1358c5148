/**
 * The sequence rules of Doc 4444 Item 15 (numbers as in notes/icao-route.md §1), checked over
 * the elements of one route. Element-level syntax was checked while reading; unreadable
 * elements already carry an error and are not judged again here.
 */
import type { DiagnosticSink } from './diagnostics';
import { lineRange } from './diagnostics';
import type { Level, Range, RouteElement } from './model';
import {
  COMPUTED,
  KIND,
  K_AERODROME,
  K_AIRWAY,
  K_DIRECT,
  K_FLIGHT_RULES,
  K_IFPS,
  K_POINT_CHANGE,
  K_SID,
  K_SPEED_LEVEL,
  K_STAR,
  K_STAY,
  K_TRACK,
  K_TRAFFIC_TYPE,
  K_TRUNCATION,
  K_UNKNOWN,
  VFR,
  isAnnotationCode,
  isPointCode,
  isRouteCode,
} from './kinds';

/** "ATS route UL9", "DCT", "point KONAN": what was found (an element of kind `code`), for messages. */
export function nameOf(code: number, written: string): string {
  const text = written.toUpperCase();
  switch (code & KIND) {
    case K_AIRWAY:
      return `ATS route ${text}`;
    case K_TRACK:
      return `track ${text}`;
    case K_DIRECT:
      return 'DCT';
    case K_SPEED_LEVEL:
      return `speed/level group ${text}`;
    case K_SID:
      return text === 'SID' ? 'SID' : `SID ${text}`;
    case K_STAR:
      return text === 'STAR' ? 'STAR' : `STAR ${text}`;
    case K_AERODROME:
      return `aerodrome ${text}`;
    case K_FLIGHT_RULES:
      return `flight rules change ${text}`;
    case K_TRUNCATION:
      return 'T (truncation)';
    case K_UNKNOWN:
      return `'${text}'`;
    default:
      return isPointCode(code) ? `point ${text}` : text;
  }
}

/**
 * A usual cruising flight level (hundreds of feet): a multiple of 5 (half levels are VFR, below
 * FL200), of 10 from FL200 to FL410, and above FL410 every 2,000 ft (FL430, FL450 …; Annex 2
 * App. 3).
 */
export function isUsualFlightLevel(level: number): boolean {
  if (level < 200) return level % 5 === 0;
  if (level <= 410) return level % 10 === 0;
  return level % 20 === 10;
}

/** The usual levels just below and above a flight level that is not one (R210's examples). */
export function usualLevelsAround(level: number): [number, number] {
  let below = level - 1;
  while (below > 0 && !isUsualFlightLevel(below)) below--;
  let above = level + 1;
  while (!isUsualFlightLevel(above)) above++;
  return [Math.max(0, below), above];
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
    const [below, above] = usualLevelsAround(v).map((l) => String(l).padStart(3, '0'));
    sink.add(
      'R210',
      `flight level ${level.text} is not a usual cruising level: levels are multiples ` +
        `of 5, of 10 from FL200, and every 2,000 ft above FL410 (FL430, FL450 …) (e.g. F${below} or F${above})`,
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
 * Checks the elements, given by their kind codes (kinds.ts). Their texts and ranges come from
 * `textAt`/`lines`/`starts`/`ends`: ranges are built only for findings. Each of the four arrays
 * holds (at least) `count` entries, so an element index below `count` reads with `!`.
 */
export function checkSequence(
  kinds: ArrayLike<number>,
  count: number,
  textAt: (k: number) => string,
  lines: ArrayLike<number>,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
  sink: DiagnosticSink,
): void {
  const n = count;
  const rangeAt = (k: number): Range => lineRange(lines[k]!, starts[k]!, ends[k]!);
  if (n === 0) return;
  const start = (kinds[0]! & KIND) === K_AERODROME && n > 1 ? 1 : 0;
  const first = kinds[start]!;
  const firstKind = first & KIND;
  if (firstKind !== K_SPEED_LEVEL && firstKind !== K_UNKNOWN) {
    sink.add(
      'R201',
      `the route must begin with a speed/level group such as N0450F350, found ${nameOf(first, textAt(start))}`,
      rangeAt(start),
    );
  }
  const sidSlot = firstKind === K_SPEED_LEVEL ? start + 1 : start;
  if (firstKind === K_SPEED_LEVEL && (n === start + 1 || (n === start + 2 && (kinds[n - 1]! & KIND) === K_AERODROME))) {
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
  if ((kinds[last]! & KIND) === K_AERODROME && last > start) last--;
  let vfr = firstKind === K_SPEED_LEVEL && (first & VFR) !== 0;
  /** The last point, while only annotations have followed it; -1 otherwise. */
  let point = -1;
  /** The element an annotation at i belongs to: the one before, past other annotations. */
  let anchor = -1;

  /** Whether the element before i is an annotation (judged once per element). */
  let afterAnnotation = false;
  for (let i = 0; i < n; i++) {
    const e = kinds[i]!;
    const kind = e & KIND;
    const hasNext = i + 1 < n;
    const next = hasNext ? kinds[i + 1]! : 0;
    const nextKind = next & KIND;
    if (i > 0 && !afterAnnotation) anchor = i - 1;
    const prev = anchor >= 0 ? kinds[anchor]! : -1;
    switch (kind) {
      case K_AIRWAY:
      case K_TRACK:
        if (!hasNext) {
          sink.add(
            'R202',
            `${nameOf(e, textAt(i))} must be followed by the point where it is left; the route ends here`,
            rangeAt(i),
          );
        } else if (nextKind === K_DIRECT) {
          sink.add(
            'R205',
            `DCT cannot follow ${nameOf(e, textAt(i))}: write the point where ${up(textAt(i))} is left, then DCT`,
            rangeAt(i + 1),
          );
        } else if (isRouteCode(next) && sameRouteOtherLayer(up(textAt(i)), up(textAt(i + 1)))) {
          // Doc 4444 asks for the point where a route is left; a route continuing as its own upper
          // (or lower) part shares every point, so the transition is readable without it.
          sink.add(
            'R216',
            `${up(textAt(i + 1))} continues ${up(textAt(i))} in the other airspace layer: ` +
              `the transition point is usually written, e.g. ${up(textAt(i))} POINT ` +
              `${up(textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        } else if (isRouteCode(next)) {
          sink.add(
            'R203',
            `${nameOf(e, textAt(i))} and ${nameOf(next, textAt(i + 1))} need their joining ` +
              `point between them, e.g. ${up(textAt(i))} POINT ${up(textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        } else if (!isPointCode(next) && nextKind !== K_UNKNOWN) {
          sink.add(
            'R202',
            `${nameOf(e, textAt(i))} must be followed by the point where it is left, found ${nameOf(next, textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        }
        break;
      case K_DIRECT:
        // Doc 4444: DCT alone after the speed/level group is a flight direct from departure to destination.
        if (i === sidSlot && firstKind === K_SPEED_LEVEL && (!hasNext || (i + 1 === n - 1 && nextKind === K_AERODROME)))
          break;
        if (!hasNext) {
          sink.add('R204', 'DCT must be followed by a point; the route ends here', rangeAt(i));
        } else if (!isPointCode(next) && nextKind !== K_AERODROME && nextKind !== K_UNKNOWN) {
          sink.add('R204', `DCT must be followed by a point, found ${nameOf(next, textAt(i + 1))}`, rangeAt(i + 1));
        }
        break;
      case K_SPEED_LEVEL:
        if (i !== start) {
          sink.add(
            'R209',
            `${nameOf(e, textAt(i))} must be attached to a point with '/', e.g. POINT/${up(textAt(i))}; only the first group stands alone`,
            rangeAt(i),
          );
        }
        break;
      case K_SID:
        if (i !== sidSlot) {
          sink.add(
            'R207',
            `a SID may appear only as the first route element, right after the speed/level ` +
              `group; found ${up(textAt(i))} at element ${i + 1}`,
            rangeAt(i),
          );
        } else if (
          hasNext &&
          (nextKind === K_DIRECT || isRouteCode(next) || nextKind === K_SID || nextKind === K_STAR)
        ) {
          // Doc 4444: a SID is followed by its last point, where the rest of the route begins.
          sink.add(
            'R215',
            `${nameOf(e, textAt(i))} must be followed by the point where it ends, found ` +
              `${nameOf(next, textAt(i + 1))}: write that point before ${up(textAt(i + 1))}`,
            rangeAt(i + 1),
          );
        }
        break;
      case K_STAR:
        if (i !== last) {
          sink.add(
            'R208',
            `a STAR may appear only as the last route element; ${up(textAt(i))} is followed ` +
              `by ${hasNext ? nameOf(next, textAt(i + 1)) : 'more'}`,
            rangeAt(i),
          );
        }
        break;
      case K_TRUNCATION:
        if (i !== n - 1)
          sink.add(
            'R211',
            `T (truncation) may appear only as the last element; it is followed by ${hasNext ? nameOf(next, textAt(i + 1)) : 'more'}`,
            rangeAt(i),
          );
        else if (prev < 0 || !(isPointCode(prev) || isRouteCode(prev) || (prev & KIND) === K_DIRECT))
          // Doc 4444: the route is truncated at a point; after a route or DCT R202/R204 already say so.
          sink.add(
            'R218',
            `T (truncation) must follow the point where the route is truncated; found ` +
              `${prev >= 0 ? nameOf(prev, textAt(anchor)) : 'nothing'} before it, e.g. ${up(textAt(Math.max(0, anchor)))} POINT T`,
            rangeAt(i),
          );
        break;
      case K_FLIGHT_RULES: {
        const rules = e & VFR ? 'VFR' : 'IFR';
        if (prev < 0 || !isPointCode(prev)) {
          sink.add(
            'R213',
            `a change to ${rules} must follow the point where it happens, e.g. ` +
              `ROM/N0180A090 ${rules}; found ` +
              `${prev >= 0 ? nameOf(prev, textAt(anchor)) : 'nothing'} before it`,
            rangeAt(i),
          );
        } else if (rules === 'IFR' && vfr && (prev & KIND) !== K_POINT_CHANGE) {
          sink.add(
            'R212',
            `the change to IFR at ${up(textAt(anchor))} normally gives the new speed and level, e.g. ${up(textAt(anchor))}/N0450F350 IFR`,
            rangeAt(i),
          );
        }
        vfr = rules === 'VFR';
        break;
      }
      case K_TRAFFIC_TYPE:
      case K_IFPS:
      case K_STAY:
        if (prev < 0 || !isPointCode(prev)) {
          sink.add(
            'R214',
            `${up(textAt(i))} must follow the point where it applies; found ${prev >= 0 ? nameOf(prev, textAt(anchor)) : 'nothing'} before it`,
            rangeAt(i),
          );
        }
        break;
    }
    if (kind === K_POINT_CHANGE && e & VFR) vfr = true;
    afterAnnotation = isAnnotationCode(e);
    if (isPointCode(e)) {
      if (point >= 0 && !(kinds[point]! & COMPUTED && e & COMPUTED)) {
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
