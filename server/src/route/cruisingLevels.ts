/**
 * The table of cruising levels by magnetic track, ICAO Annex 2, Appendix 3 (IFR columns): which
 * direction a level belongs to, and the nearest levels of a direction. Pure.
 *
 * - Feet (F flight levels, A altitudes, in hundreds of feet), table a): magnetic track 000°–179°
 *   (eastbound) odd thousands FL010 … FL410, then FL450, FL490, FL530 … (2,000 ft steps each way
 *   above FL410); 180°–359° (westbound) even thousands FL020 … FL400, then FL430, FL470, FL510 ….
 *   Between FL290 and FL410 the levels are 1,000 ft apart (RVSM).
 * - Metres (S standard metric levels, M altitudes, in tens of metres), table b): eastbound 300 m,
 *   900 m … 8 100 m, then 8 900 m … 12 500 m every 600 m, then 13 700 m, 14 900 m … every
 *   1 200 m; westbound 600 m … 8 400 m, then 9 200 m … 12 200 m every 600 m, then 13 100 m,
 *   14 300 m … every 1 200 m (300 m vertical separation between 8 900 m and 12 500 m).
 *
 * VFR flights above 3,000 ft above the ground cruise at the IFR levels + 500 ft (+ 150 m): the
 * VFR columns (`rules` 'VFR'). A level in neither column of its rules (F375, or A045 for IFR) has
 * no direction here and is not judged by the rule.
 */
import type { Level } from './model';

export type Direction = 'eastbound' | 'westbound';

/** Which columns of the table: IFR, or VFR (the IFR levels + 500 ft, + 150 m in the metric table). */
export type Rules = 'IFR' | 'VFR';

/** What the finding says the rule is. */
export const SEMICIRCULAR_RULE =
  'the ICAO table of cruising levels (Annex 2, Appendix 3: magnetic track 000°–179° eastbound, 180°–359° westbound)';

/** The direction of a magnetic track in whole degrees [0, 360). */
export function directionOfTrack(wholeDegrees: number): Direction {
  return wholeDegrees < 180 ? 'eastbound' : 'westbound';
}

/** The IFR levels of one direction in hundreds of feet, up to FL990. */
function feetColumn(direction: Direction): number[] {
  const levels: number[] = [];
  for (let v = direction === 'eastbound' ? 10 : 20; v <= 410; v += 20) levels.push(v);
  for (let v = direction === 'eastbound' ? 450 : 430; v <= 990; v += 40) levels.push(v);
  return levels;
}

/** The IFR levels of one direction in tens of metres, up to 20 000 m. */
function metricColumn(direction: Direction): number[] {
  const east = direction === 'eastbound';
  const levels: number[] = [];
  for (let m = east ? 300 : 600; m <= 8400; m += 600) levels.push(m / 10);
  for (let m = east ? 8900 : 9200; m <= 12500; m += 600) levels.push(m / 10);
  for (let m = east ? 13700 : 13100; m <= 20000; m += 1200) levels.push(m / 10);
  return levels;
}

/**
 * The VFR levels of one direction in hundreds of feet: the IFR levels + 500 ft from 3,500 ft
 * (eastbound) and 4,500 ft (westbound), below 3,000 ft above the ground no level applies, up to
 * FL275 and FL285 (above FL290 with RVSM there is no VFR level, Annex 2, 4.4).
 */
function vfrFeetColumn(direction: Direction): number[] {
  const levels: number[] = [];
  for (let v = direction === 'eastbound' ? 35 : 45; v <= 285; v += 20) levels.push(v);
  return levels;
}

/** The VFR levels of one direction in tens of metres: the IFR levels + 150 m, 1 050 m … 8 250 m and 1 350 m … 8 550 m. */
function vfrMetricColumn(direction: Direction): number[] {
  const levels: number[] = [];
  for (let m = direction === 'eastbound' ? 1050 : 1350; m <= 8550; m += 600) levels.push(m / 10);
  return levels;
}

const COLUMNS = {
  feet: { eastbound: new Set(feetColumn('eastbound')), westbound: new Set(feetColumn('westbound')) },
  metres: { eastbound: new Set(metricColumn('eastbound')), westbound: new Set(metricColumn('westbound')) },
};

const VFR_COLUMNS = {
  feet: { eastbound: new Set(vfrFeetColumn('eastbound')), westbound: new Set(vfrFeetColumn('westbound')) },
  metres: { eastbound: new Set(vfrMetricColumn('eastbound')), westbound: new Set(vfrMetricColumn('westbound')) },
};

function tableOf(level: Level, rules: Rules = 'IFR'): (typeof COLUMNS)['feet'] | undefined {
  const columns = rules === 'VFR' ? VFR_COLUMNS : COLUMNS;
  switch (level.unit) {
    case 'flightLevel':
    case 'altitudeFeet':
      return columns.feet;
    case 'metricLevel':
    case 'altitudeMetres':
      return columns.metres;
    case 'vfr':
      return undefined;
  }
}

/** The direction whose column of `rules` lists the level, or undefined (VFR, or a level in neither column). */
export function directionOfLevel(level: Level, rules: Rules = 'IFR'): Direction | undefined {
  const table = tableOf(level, rules);
  if (!table) return undefined;
  if (table.eastbound.has(level.value)) return 'eastbound';
  if (table.westbound.has(level.value)) return 'westbound';
  return undefined;
}

/** The level of the same unit with another value, as Item 15 writes it (F360, S1130, A050, M0600). */
export function withValue(level: Level, value: number): Level {
  const letter = level.text.charAt(0).toUpperCase();
  const digits = level.unit === 'metricLevel' || level.unit === 'altitudeMetres' ? 4 : 3;
  return { unit: level.unit, value, text: `${letter}${String(value).padStart(digits, '0')}` };
}

/**
 * The levels of `direction` nearest the level, in its unit: one, or the one below and the one
 * above when both are as near (F370 westbound: F360 and F380), lower first.
 */
export function nearestLevels(level: Level, direction: Direction, rules: Rules = 'IFR'): Level[] {
  const table = tableOf(level, rules);
  if (!table) return [];
  let best = Infinity;
  let found: number[] = [];
  for (const value of table[direction]) {
    const distance = Math.abs(value - level.value);
    if (distance < best) [best, found] = [distance, [value]];
    else if (distance === best) found.push(value);
  }
  return found.sort((a, b) => a - b).map((value) => withValue(level, value));
}

/** How the column of a level's unit reads for a direction, for the message: "odd thousands of feet". */
export function columnWords(level: Level, direction: Direction, rules: Rules = 'IFR'): string {
  const east = direction === 'eastbound';
  if (rules === 'VFR') {
    if (tableOf(level, rules) === VFR_COLUMNS.metres)
      return east
        ? 'VFR, the IFR levels + 150 m: 1 050 m, 1 650 m … 8 250 m'
        : 'VFR, the IFR levels + 150 m: 1 350 m, 1 950 m … 8 550 m';
    return east ? 'VFR, odd thousands + 500 ft: 3,500 ft … FL275' : 'VFR, even thousands + 500 ft: 4,500 ft … FL285';
  }
  if (tableOf(level) === COLUMNS.metres)
    return east
      ? 'metric table: 300 m, 900 m … 8 100 m, 8 900 m … 12 500 m every 600 m, 13 700 m, 14 900 m …'
      : 'metric table: 600 m, 1 200 m … 8 400 m, 9 200 m … 12 200 m every 600 m, 13 100 m, 14 300 m …';
  if (level.value > 410) return east ? 'above FL410: FL450, FL490, FL530 …' : 'above FL410: FL430, FL470, FL510 …';
  return east ? 'odd thousands of feet' : 'even thousands of feet';
}
