/**
 * Cruising levels by magnetic track (X014): each level the route sets (its first speed/level
 * group, each change at a point) is judged against the magnetic track of the first leg flown at
 * it, by the table of cruising levels (route/cruisingLevels.ts). The track is the true track of
 * the geodesic (geo/geodesy.ts) less the World Magnetic Model's variation at the leg's start
 * (geo/magnetic.ts) on the flight's date: the FPL's DOF/, else today. Works on the expansion's
 * points, the offline engine's or the hub's, and says which they are. A warning, never an error:
 * regional schemes differ, ATC may clear otherwise, and the data can be older than the route.
 */
import type { ExpandedPoint, Level, Range, RouteBlock, RouteElement } from '../route/model';
import {
  columnWords,
  directionOfLevel,
  directionOfTrack,
  nearestLevels,
  SEMICIRCULAR_RULE,
  type Direction,
  type Rules,
} from '../route/cruisingLevels';
import { flightDateMs } from '../route/flightDate';
import { levelFeet, levelWords } from '../route/plannedLevels';
import { inverse } from '../geo/geodesy';
import { magneticModel, magneticTrack, trackText, variationText, wholeDegrees } from '../geo/magnetic';

/** `icao`: the table of Annex 2, Appendix 3; `off`: no check (a region with its own scheme). */
export type SemicircularRule = 'icao' | 'off';

export const SEMICIRCULAR_SETTING = 'icaoRoute.levels.semicircular';

export interface CruisingLevelOptions {
  rule: SemicircularRule;
  /** Where the points come from, for the words: "in the navigation data, cycle 2013.10", "on the hub's points". */
  pointsSource: string;
}

export interface CruisingLevelFinding {
  code: 'X014' | 'X016';
  range: Range;
  message: string;
  /** X014: the level as written and the levels of the leg's direction nearest it (the quick fixes). */
  data?: { level: string; levels: string[] };
}

/** Shorter legs (a point written twice) have no track worth judging. */
const MIN_LEG_NM = 0.5;

/**
 * The climb and the descent, at this gradient from each aerodrome (the profile's default descent,
 * icaoRoute.flight.descentFtPerNm; the climb taken at the same): a leg there is not flown at the
 * cruising level, and a later leg's turn is judged only between them.
 */
const CLIMB_DESCENT_FT_PER_NM = 300;

/** A later stretch in the other semicircle shorter than this is not judged (X016), NM. */
export const MIN_TURN_NM = 100;

/** A leg of the route at one level, and its magnetic track. */
interface JudgedLeg {
  from: ExpandedPoint;
  to: ExpandedPoint;
  /** Distance flown from the first point to `from` and to `to`, NM. */
  fromNm: number;
  toNm: number;
  trueTrack: number;
  variation: number;
  magnetic: number;
  direction: Direction;
}

/**
 * The flight rules each element is flown under: field 8 of an FPL (V and Z begin VFR), else VFR
 * when the first level is VFR, else IFR; each VFR or IFR element switches from the point it
 * follows, and a change of level written at that point (LN/N0120A045 VFR) is already the new rules'.
 */
export function rulesOfElements(block: RouteBlock): Rules[] {
  const elements: readonly RouteElement[] = block.elements;
  const field8 = block.fpl?.fields
    .find((f) => f.number === 8)
    ?.text.trim()
    .toUpperCase()[0];
  const first = elements.find((e) => e.kind === 'speedLevel');
  let rules: Rules =
    field8 === 'V' || field8 === 'Z' || (!field8 && first?.kind === 'speedLevel' && first.level.unit === 'vfr')
      ? 'VFR'
      : 'IFR';
  const out: Rules[] = [];
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    if (e.kind === 'flightRules') rules = e.rules;
    const next = elements[i + 1];
    out.push(e.kind === 'pointChange' && next?.kind === 'flightRules' ? next.rules : rules);
  }
  return out;
}

/** The element that produces the leg into `to`: the airway or DCT before it, else the point itself. */
function legElement(elements: readonly RouteElement[], to: ExpandedPoint): RouteElement | undefined {
  if (to.elementIndex < 0) return undefined;
  const own = elements[to.elementIndex];
  if (own?.kind === 'airway' || own?.kind === 'track') {
    const named = to.via?.toUpperCase();
    if (named && named !== own.text.toUpperCase())
      for (let i = to.elementIndex - 1; i >= 0; i--) {
        const e = elements[i]!;
        if (e.kind === 'airway' && e.text.toUpperCase() === named) return e;
      }
    return own;
  }
  for (let i = to.elementIndex - 1; i >= 0; i--) {
    const e = elements[i]!;
    if (e.kind === 'airway' || e.kind === 'direct') return e;
    if (e.kind === 'point' || e.kind === 'latLon' || e.kind === 'bearingDistance' || e.kind === 'pointChange') break;
  }
  return own;
}

/**
 * The legs flown at the level set at point `start`, up to the point where the next level is set
 * (`end`, exclusive of the legs after it): none into the destination aerodrome (the descent) and
 * none along an oceanic track, whose levels its track message gives (NAT OTS).
 */
function legsAtLevel(
  elements: readonly RouteElement[],
  points: readonly ExpandedPoint[],
  along: readonly number[],
  start: number,
  end: number,
  model: ReturnType<typeof magneticModel>,
): JudgedLeg[] {
  const legs: JudgedLeg[] = [];
  let from = points[start]!;
  let fromNm = along[start]!;
  for (let k = start + 1; k < points.length && k <= end; k++) {
    const to = points[k]!;
    // The leg into the destination aerodrome (or a STAR) is the descent, not a leg at the cruising level.
    if ((to.type === 'aerodrome' && to.elementIndex < 0) || to.procedure === 'star') break;
    if (elements.slice(Math.max(0, from.elementIndex), to.elementIndex).some((e) => e.kind === 'track')) {
      from = to;
      fromNm = along[k]!;
      continue;
    }
    const leg = inverse(from, to);
    if (leg.distanceNm < MIN_LEG_NM) continue;
    const variation = model.variation(from.lat, from.lon);
    const magnetic = magneticTrack(leg.trackDeg, variation);
    legs.push({
      from,
      to,
      fromNm,
      toNm: along[k]!,
      trueTrack: leg.trackDeg,
      variation,
      magnetic,
      direction: directionOfTrack(wholeDegrees(magnetic)),
    });
    from = to;
    fromNm = along[k]!;
  }
  return legs;
}

/**
 * X014 for each level set whose first leg's magnetic track is of the other direction, and X016 for
 * each later leg at that level where the route turns into the other semicircle (the first leg of
 * each such turn), by the IFR or the VFR columns of the table as the part of the flight is flown.
 */
export function cruisingLevelFindings(
  block: RouteBlock,
  points: readonly ExpandedPoint[],
  options: CruisingLevelOptions,
): CruisingLevelFinding[] {
  if (options.rule === 'off' || points.length < 2) return [];
  const elements: readonly RouteElement[] = block.elements;
  const rulesAt = rulesOfElements(block);
  const model = magneticModel(flightDateMs(block));
  const sets: { element: RouteElement; index: number; level: Level }[] = [];
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    if (e.kind === 'speedLevel' && sets.length === 0) sets.push({ element: e, index: i, level: e.level });
    else if (e.kind === 'pointChange') sets.push({ element: e, index: i, level: e.speedLevel.level });
    else if (e.kind === 'cruiseClimb') sets.push({ element: e, index: i, level: e.fromLevel });
  }
  const along: number[] = [0];
  for (let k = 1; k < points.length; k++) along.push(along[k - 1]! + inverse(points[k - 1]!, points[k]!).distanceNm);
  const totalNm = along[along.length - 1]!;
  const fromAerodrome = points[0]!.type === 'aerodrome';
  const toAerodrome = points[points.length - 1]!.type === 'aerodrome';
  const findings: CruisingLevelFinding[] = [];
  sets.forEach((set, n) => {
    // A cruise climb's band is not one level: it only ends the level before it.
    if (set.element.kind === 'cruiseClimb') return;
    const rules = rulesAt[set.index] ?? 'IFR';
    const levelDirection = directionOfLevel(set.level, rules);
    // The SID climbs: the first level is flown from the point where it ends.
    const start =
      n === 0
        ? points.findIndex((p) => p.elementIndex >= 0 && p.procedure === undefined)
        : points.findIndex((p) => p.elementIndex === set.index);
    if (!levelDirection || start < 0) return;
    const nextSet = sets[n + 1];
    const nextAt = nextSet ? points.findIndex((p) => p.elementIndex >= nextSet.index) : -1;
    const end = nextAt > start ? nextAt : points.length - 1;
    const legs = legsAtLevel(elements, points, along, start, end, model);
    const feet = levelFeet(set.level) ?? 0;
    const climbEndNm = fromAerodrome ? feet / CLIMB_DESCENT_FT_PER_NM : 0;
    const descentStartNm = toAerodrome ? totalNm - feet / CLIMB_DESCENT_FT_PER_NM : Infinity;
    const atCruise = (leg: JudgedLeg) => leg.fromNm >= climbEndNm && leg.toNm <= descentStartNm;
    const words = levelWords(set.level);
    const vfr = rules === 'VFR' ? ' VFR' : '';
    const what = `${words} is ${levelDirection === 'eastbound' ? 'an' : 'a'} ${levelDirection}${vfr} level (${columnWords(set.level, levelDirection, rules)})`;
    const trackWords = (leg: JudgedLeg) =>
      `magnetic track ${trackText(leg.magnetic)} (true ${trackText(leg.trueTrack)}, variation ` +
      `${variationText(leg.variation)}, World Magnetic Model ${model.text})`;
    const nearestWords = (direction: Direction) => {
      const nearest = nearestLevels(set.level, direction, rules);
      return {
        nearest,
        text: nearest.length
          ? `Nearest ${direction}${vfr} level${nearest.length > 1 ? 's' : ''} (${columnWords(set.level, direction, rules)}): ` +
            `${nearest.map((l) => l.text).join(' or ')}. `
          : '',
      };
    };
    const rule = `Rule: ${SEMICIRCULAR_SETTING} '${options.rule}', ${SEMICIRCULAR_RULE}.`;
    const source = `Points ${options.pointsSource}; ATC or the State's publication may set other levels.`;
    // The first leg, then the legs flown at the cruising level (not in the climb or the descent).
    const judged = legs.filter((leg, k) => k === 0 || atCruise(leg));
    judged.forEach((leg, k) => {
      if (leg.direction === levelDirection) return;
      // One finding per turn into the other semicircle: the first leg of each run.
      if (k > 0 && judged[k - 1]!.direction === leg.direction) return;
      // A later turn counts when the route stays in the other semicircle for a stretch: a track
      // that wanders about north or south for a leg or two is no turn to plan a level for.
      let runNm = 0;
      for (let j = k; j < judged.length && judged[j]!.direction === leg.direction; j++)
        runNm += judged[j]!.toNm - judged[j]!.fromNm;
      if (k > 0 && runNm < MIN_TURN_NM) return;
      const { nearest, text } = nearestWords(leg.direction);
      if (k === 0) {
        findings.push({
          code: 'X014',
          range: set.element.range,
          message:
            `${what}, but the first leg flown at it, ${leg.from.designator}–${leg.to.designator}, is ` +
            `${leg.direction}: ${trackWords(leg)}. ${rule} ${text}${source}`,
          data: { level: set.level.text, levels: nearest.map((l) => l.text) },
        });
        return;
      }
      const element = legElement(elements, leg.to);
      findings.push({
        code: 'X016',
        range: element?.range ?? set.element.range,
        message:
          `${what}, set at ${n === 0 ? 'the start' : (points[start]?.designator ?? 'its point')}, but the route turns ` +
          `${leg.direction} at ${leg.from.designator} for ${Math.round(runNm)} NM: ${leg.from.designator}–${leg.to.designator}, ` +
          `${trackWords(leg)}, is flown at it. ${rule} ${text}Write a change of level where the route turns, e.g. ` +
          `${leg.from.designator}/…${nearest[0]?.text ?? ''}. ${source}`,
      });
    });
  });
  return findings;
}
