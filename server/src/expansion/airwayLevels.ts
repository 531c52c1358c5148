/**
 * What the navigation data says about flying an airway stretch, beyond its points: each
 * segment's level band (awy.dat: low or high airway, base and top flight level) against the level
 * planned there, and one-way segments flown the other way (awy 1100). The data can be older than
 * the route, so each finding names the data cycle it rests on and is a warning, never an error.
 */
import type { ExpandedPoint, Range, RouteElement } from '../route/model';
import type { Airway, AirwaySegment, NavDatabase } from '../navdata/loader';
import { BACKWARD_ONLY, FORWARD_ONLY } from '../navdata/airway';
import { plannedLevels, type PlannedLevel } from '../route/plannedLevels';

/** An airway flown between two of its points: `path` (database indices) from entry to exit. */
export interface AirwayStretch {
  airway: Airway;
  /** The airway element's range and index in the block. */
  range: Range;
  elementIndex: number;
  path: readonly number[];
  /** Index in the expansion's points of the entry (path[0]); the others follow in order. */
  firstPoint: number;
}

export interface AirwayFinding {
  code: 'X012' | 'X013';
  range: Range;
  message: string;
  data?: unknown;
}

/** "in the navigation data, cycle 2013.10", or the file's format when its header names no cycle. */
export function dataSource(db: NavDatabase): string {
  const file = db.report.files.find((f) => f.kind === 'awy');
  if (file?.cycle) return `in the navigation data, cycle ${file.cycle}`;
  return file ? `in the navigation data (${file.format}; its header names no cycle)` : 'in the navigation data';
}

const fl = (n: number) => `FL${String(n).padStart(3, '0')}`;
const LEVEL_TYPE = ['', 'low airway', 'high airway'];

function bandText(s: AirwaySegment): string {
  const type = LEVEL_TYPE[s.levelType] ?? '';
  return `${fl(s.baseFl)}–${fl(s.topFl)}${type ? ` (${type})` : ''}`;
}

/** Segments without limits in the data (zeros) are never judged by them. */
const hasLimits = (s: AirwaySegment) => s.topFl > 0;

/**
 * True when the planned level fits the segment's band: a level within it; a cruise climb's
 * layer overlapping it (the climb can be flown there at some point of the layer).
 */
function fits(level: PlannedLevel, s: AirwaySegment): boolean {
  const band = level.band!;
  const base = s.baseFl * 100,
    top = s.topFl * 100;
  return level.climb ? band.upperFt >= base && band.lowerFt <= top : band.lowerFt >= base && band.upperFt <= top;
}

/** Whether the pair a→b of `airway` may be flown at `level`: undefined when the data gives no limits. */
function pairFits(airway: Airway, a: number, b: number, level: PlannedLevel): boolean | undefined {
  const known = airway.segmentsBetween(a, b).filter(hasLimits);
  if (known.length === 0) return undefined;
  return known.some((s) => fits(level, s));
}

/** The other airways that join the same points in the same order, each segment at `level`. */
function airwaysCovering(db: NavDatabase, airway: Airway, path: readonly number[], level: PlannedLevel): string[] {
  const found: string[] = [];
  for (const name of db.airwaysThrough(path[0]!)) {
    if (name === airway.name) continue;
    const other = db.airway(name)!;
    const along = other.path(path[0]!, [path[path.length - 1]!]);
    if (!along || along.length !== path.length || along.some((n, k) => n !== path[k])) continue;
    let ok = true;
    for (let k = 0; k + 1 < path.length && ok; k++) ok = pairFits(other, path[k]!, path[k + 1]!, level) === true;
    if (ok) found.push(name);
  }
  return found.sort().slice(0, 4);
}

const MAX_NAMED = 4;

/** X012 for every stretch flown at a level outside the band of one or more of its segments. */
export function airwayLevelFindings(
  db: NavDatabase,
  elements: readonly RouteElement[],
  points: readonly ExpandedPoint[],
  stretches: readonly AirwayStretch[],
): AirwayFinding[] {
  if (stretches.length === 0) return [];
  const levels = plannedLevels(elements, points);
  const findings: AirwayFinding[] = [];
  for (const stretch of stretches) {
    const { airway, path, firstPoint } = stretch;
    const level = levels[firstPoint];
    if (!level?.band || path.length < 2) continue;
    const outside: string[] = [];
    let above = false;
    for (let k = 0; k + 1 < path.length; k++) {
      const a = path[k]!,
        b = path[k + 1]!;
      if (pairFits(airway, a, b, level) !== false) continue;
      const known = airway.segmentsBetween(a, b).filter(hasLimits);
      above ||= known.every((s) => level.band!.lowerFt > s.topFl * 100);
      outside.push(`${db.ident(a)}–${db.ident(b)} ${known.map(bandText).join(' or ')}`);
    }
    if (outside.length === 0) continue;
    const segments = outside.length === 1 ? 'segment' : 'segments';
    // A long stretch names its first segments and its last, not a paragraph of them.
    if (outside.length > MAX_NAMED)
      outside.splice(MAX_NAMED - 1, outside.length - MAX_NAMED, `… (${outside.length - MAX_NAMED} more)`);
    const alternatives = airwaysCovering(db, airway, path, level);
    const covers = `${db.ident(path[0]!)}–${db.ident(path[path.length - 1]!)} at ${level.text}`;
    const instead = alternatives.length
      ? ` ${alternatives.join(', ')} ${alternatives.length === 1 ? 'covers' : 'cover'} the same points at that level.`
      : ' Plan a level within the band, or another airway.';
    findings.push({
      code: 'X012',
      range: stretch.range,
      message:
        `${airway.name} is not for ${level.text} on the ${segments} ${outside.join('; ')} ` +
        `${dataSource(db)}: the level planned there is ${above ? 'above' : 'below'} the band.${instead}`,
      data: alternatives.length ? { airways: alternatives, covers } : undefined,
    });
  }
  return findings;
}

/** May `s` be flown from `a` (one of its ends)? */
function allowsFrom(s: AirwaySegment, a: number): boolean {
  if (s.direction === FORWARD_ONLY) return s.from === a;
  if (s.direction === BACKWARD_ONLY) return s.to === a;
  return true;
}

/**
 * X013 when `airway` joins `entry` to `exit` only against one-way segments: undefined when there
 * is no way even ignoring the direction (separate pieces: the general X007).
 */
export function againstDirection(
  db: NavDatabase,
  airway: Airway,
  entry: number,
  exit: number,
  range: Range,
): AirwayFinding | undefined {
  const path = airway.pathIgnoringDirection(entry, [exit]);
  if (!path) return undefined;
  const against: string[] = [];
  for (let k = 0; k + 1 < path.length; k++) {
    const a = path[k]!,
      b = path[k + 1]!;
    const segments = airway.segmentsBetween(a, b);
    if (!segments.some((s) => allowsFrom(s, a))) against.push(`${db.ident(b)}→${db.ident(a)}`);
  }
  if (against.length === 0) return undefined;
  return {
    code: 'X013',
    range,
    message:
      `${airway.name} from ${db.ident(entry)} to ${db.ident(exit)} is flown against its one-way ` +
      `direction ${dataSource(db)}: ${against.length === 1 ? 'the segment is' : 'the segments are'} ` +
      `one-way ${against.join(', ')}. Fly it the other way, or use another airway or DCT.`,
  };
}
