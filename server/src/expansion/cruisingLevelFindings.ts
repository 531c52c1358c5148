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
} from '../route/cruisingLevels';
import { flightDateMs } from '../route/flightDate';
import { levelWords } from '../route/plannedLevels';
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
  code: 'X014';
  range: Range;
  message: string;
  /** The level as written and the levels of the leg's direction nearest it (the quick fixes). */
  data: { level: string; levels: string[] };
}

/** Shorter legs (a point written twice) have no track worth judging. */
const MIN_LEG_NM = 0.5;

/**
 * The leg from the point at `start` to the next point at a distance, or undefined: the route ends
 * there, or the leg flies an oceanic track, whose levels its track message gives (NAT OTS).
 */
function firstLeg(
  elements: readonly RouteElement[],
  points: readonly ExpandedPoint[],
  start: number,
): [ExpandedPoint, ExpandedPoint] | undefined {
  const from = points[start]!;
  for (let k = start + 1; k < points.length; k++) {
    const to = points[k]!;
    // The leg into the destination aerodrome (or a STAR) is the descent, not a leg at the cruising level.
    if ((to.type === 'aerodrome' && to.elementIndex < 0) || to.procedure === 'star') return undefined;
    if (elements.slice(Math.max(0, from.elementIndex), to.elementIndex).some((e) => e.kind === 'track'))
      return undefined;
    if (inverse(from, to).distanceNm >= MIN_LEG_NM) return [from, to];
  }
  return undefined;
}

/** X014 for each level set whose first leg's magnetic track is of the other direction. */
export function cruisingLevelFindings(
  block: RouteBlock,
  points: readonly ExpandedPoint[],
  options: CruisingLevelOptions,
): CruisingLevelFinding[] {
  if (options.rule === 'off' || points.length < 2) return [];
  const elements: readonly RouteElement[] = block.elements;
  const findings: CruisingLevelFinding[] = [];
  let initialSeen = false;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i]!;
    let level: Level;
    let start: number;
    if (element.kind === 'speedLevel' && !initialSeen) {
      initialSeen = true;
      level = element.level;
      // The SID climbs: the cruising level is flown from the point where it ends.
      start = points.findIndex((p) => p.elementIndex >= 0 && p.procedure === undefined);
    } else if (element.kind === 'pointChange') {
      level = element.speedLevel.level;
      start = points.findIndex((p) => p.elementIndex === i);
    } else continue;
    const levelDirection = directionOfLevel(level);
    if (!levelDirection || start < 0) continue;
    const leg = firstLeg(elements, points, start);
    if (!leg) continue;
    const [from, to] = leg;
    const model = magneticModel(flightDateMs(block));
    const trueTrack = inverse(from, to).trackDeg;
    const variation = model.variation(from.lat, from.lon);
    const magnetic = magneticTrack(trueTrack, variation);
    const legDirection = directionOfTrack(wholeDegrees(magnetic));
    if (legDirection === levelDirection) continue;
    const nearest = nearestLevels(level, legDirection);
    const words = levelWords(level);
    findings.push({
      code: 'X014',
      range: element.range,
      message:
        `${words} is ${levelDirection === 'eastbound' ? 'an' : 'a'} ${levelDirection} level ` +
        `(${columnWords(level, levelDirection)}), but the first leg flown at it, ${from.designator}–${to.designator}, ` +
        `is ${legDirection}: magnetic track ${trackText(magnetic)} (true ${trackText(trueTrack)}, variation ` +
        `${variationText(variation)}, World Magnetic Model ${model.text}). Rule: ${SEMICIRCULAR_SETTING} ` +
        `'${options.rule}', ${SEMICIRCULAR_RULE}. ` +
        (nearest.length
          ? `Nearest ${legDirection} level${nearest.length > 1 ? 's' : ''} (${columnWords(level, legDirection)}): ` +
            `${nearest.map((l) => l.text).join(' or ')}. `
          : '') +
        `Points ${options.pointsSource}; ATC or the State's publication may set other levels.`,
      data: { level: level.text, levels: nearest.map((l) => l.text) },
    });
  }
  return findings;
}
