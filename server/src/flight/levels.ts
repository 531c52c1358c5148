/**
 * Levels and speeds of Item 15 as numbers the applicability rules compare: feet for every level
 * (flight levels as pressure altitude, no QNH correction) and knots of true airspeed for every
 * speed (Mach through the ISA speed of sound at the level). Pure.
 */
import type { Speed } from '../route/model';
import { FEET_PER_METRE, type LevelBand } from '../route/plannedLevels';
import type { VerticalLimit } from '../airspace/model';

// Levels in feet and words are the route's own (route/plannedLevels.ts); kept here for the flight's readers.
export { FEET_PER_METRE, levelFeet, levelWords, type LevelBand } from '../route/plannedLevels';
const METRES_PER_SECOND_PER_KNOT = 1852 / 3600;

/** ISA temperature (K) at a pressure altitude: −6.5 K/km to the tropopause at 11 000 m, then 216.65 K (to 20 km). */
export function isaTemperatureK(altitudeFt: number): number {
  const metres = Math.max(0, altitudeFt) / FEET_PER_METRE;
  return metres <= 11000 ? 288.15 - 0.0065 * metres : 216.65;
}

/** ISA speed of sound (kt) at a pressure altitude: a = √(γ·R·T), γ = 1.4, R = 287.05287 J/(kg·K). */
export function speedOfSoundKt(altitudeFt: number): number {
  return Math.sqrt(1.4 * 287.05287 * isaTemperatureK(altitudeFt)) / METRES_PER_SECOND_PER_KNOT;
}

/**
 * True airspeed in knots. Doc 4444 Item 15: "Kilometres per hour, expressed as K followed by 4
 * figures", "Knots, expressed as N followed by 4 figures", "True Mach number, when so prescribed
 * by the appropriate ATS authority, to the nearest hundredth of unit Mach, expressed as M
 * followed by 3 figures". Mach needs the level (`altitudeFt`), taken in ISA.
 */
export function trueAirspeedKt(speed: Speed, altitudeFt: number): number {
  switch (speed.unit) {
    case 'knots':
      return speed.value;
    case 'kmh':
      return speed.value / 1.852;
    case 'mach':
      return (speed.value / 100) * speedOfSoundKt(altitudeFt);
  }
}

/** "FL350", "FL350–FL390", "SFC–FL100", "FL350 and above": feet written as flight levels (or SFC / UNL). */
export function feetText(ft: number): string {
  if (ft <= 0) return 'SFC';
  if (!Number.isFinite(ft)) return 'UNL';
  return `FL${String(Math.round(ft / 100)).padStart(3, '0')}`;
}

export function bandText(band: LevelBand): string {
  if (band.lowerFt === band.upperFt) return feetText(band.lowerFt);
  if (!Number.isFinite(band.upperFt)) return `${feetText(band.lowerFt)} and above`;
  return `${feetText(band.lowerFt)}–${feetText(band.upperFt)}`;
}

export function bandsOverlap(a: LevelBand, b: LevelBand): boolean {
  return a.lowerFt <= b.upperFt && b.lowerFt <= a.upperFt;
}

/** An area's vertical limits in feet, with what was assumed on the way. */
export interface AreaBand extends LevelBand {
  /** Notes on assumptions, e.g. "AGL limit taken above mean sea level". */
  notes: string[];
  /** Set when a limit is given in a form that leaves the band open (FLOOR, CEILING): why, in words. */
  open?: string;
  /** Which limit is not known when `open` is set: the other still bounds the area. */
  openSide?: OpenSide;
}

/** The limit of an area's band that is not known: its ceiling, its floor, or both. */
export type OpenSide = 'upper' | 'lower' | 'both';

/**
 * AIXM 5.1's coded vertical values that name a limit instead of giving a height
 * (ValDistanceVerticalBaseType: a number, UNL, GND, FLOOR or CEILING; coded with uom OTHER and no
 * reference). The AIXM coding guidelines: FLOOR is "from the bottom of the airspace/route,
 * whatever that one is", CEILING "to the top of the airspace/route, whatever that one is", meant
 * for the layers of an airspace's activation or a route's availability. The level they stand for
 * is given elsewhere, never in the limit itself: unknown here, so never taken as SFC or UNL.
 */
const RELATIVE_LIMITS: Record<string, string> = {
  FLOOR: "AIXM's FLOOR: the bottom of the airspace or route it belongs to, a level given elsewhere",
  CEILING: "AIXM's CEILING: the top of the airspace or route it belongs to, a level given elsewhere",
};

/** Feet per unit of the AIXM vertical units: FT, M, FL (hundreds of feet), SM (standard metres: tens of metres, a metric level). */
function uomFeet(uom: string): number | undefined {
  switch (uom) {
    case '':
    case 'FT':
      return 1;
    case 'FL':
      return 100;
    case 'M':
      return FEET_PER_METRE;
    case 'SM':
      return 10 * FEET_PER_METRE;
    default:
      return undefined;
  }
}

/**
 * One airspace limit in feet: FL (pressure altitude), FT or M above MSL; SFC/GND as 0, UNL as
 * infinity. AGL limits are taken above MSL (the terrain height is not known here), which is said
 * in the notes. Undefined when the limit is missing or unreadable.
 */
export function limitFeet(limit: VerticalLimit | undefined, notes: string[]): number | undefined {
  if (!limit || limit.value === undefined || String(limit.value).trim() === '') return undefined;
  const value = String(limit.value).trim().toUpperCase();
  const uom = (limit.uom ?? '').toUpperCase();
  const reference = (limit.reference ?? '').toUpperCase();
  if (value === 'UNL' || value === 'UNLIMITED') return Infinity;
  if (value === 'GND' || value === 'SFC') return 0;
  const number = Number(value);
  const factor = uomFeet(uom);
  if (!Number.isFinite(number) || factor === undefined) return undefined;
  if ((reference === 'SFC' || reference === 'GND' || reference === 'AGL') && number > 0)
    notes.push(`${number} ${uom === 'M' ? 'm' : 'ft'} ${reference} taken above mean sea level`);
  return number * factor;
}

/** Why a limit leaves the band open, or undefined when it is a height (or absent). */
function openLimit(limit: VerticalLimit | undefined, which: string): string | undefined {
  if (!limit || limit.value === undefined) return undefined;
  const value = String(limit.value).trim().toUpperCase();
  const uom = String(limit.uom ?? '').toUpperCase();
  if (RELATIVE_LIMITS[value]) return `${which} limit '${value}' (${RELATIVE_LIMITS[value]}) is not known here`;
  if (value !== '' && value !== 'UNL' && value !== 'UNLIMITED' && value !== 'GND' && value !== 'SFC') {
    if (!Number.isFinite(Number(value))) return `${which} limit '${value}' is given in a form not read`;
    if (uomFeet(uom) === undefined) return `${which} limit ${value} is in a unit not read ('${limit.uom}')`;
  }
  return undefined;
}

/** An airspace's band from its hub limits; a missing lower limit is SFC, a missing upper one UNL (said in the notes). */
export function airspaceBand(lower: VerticalLimit | undefined, upper: VerticalLimit | undefined): AreaBand {
  const notes: string[] = [];
  const [lowerOpen, upperOpen] = [openLimit(lower, 'lower'), openLimit(upper, 'upper')];
  const open = [lowerOpen, upperOpen].filter(Boolean).join('; ') || undefined;
  let lowerFt = limitFeet(lower, notes);
  let upperFt = limitFeet(upper, notes);
  if (open) {
    const openSide: OpenSide = lowerOpen && upperOpen ? 'both' : lowerOpen ? 'lower' : 'upper';
    if (openSide === 'upper' && lowerFt === undefined) notes.push('no lower limit given, taken as SFC');
    if (openSide === 'lower' && upperFt === undefined) notes.push('no upper limit given, taken as UNL');
    return { lowerFt: lowerFt ?? 0, upperFt: upperFt ?? Infinity, notes, open, openSide };
  }
  if (lowerFt === undefined) {
    lowerFt = 0;
    notes.push('no lower limit given, taken as SFC');
  }
  if (upperFt === undefined) {
    upperFt = Infinity;
    notes.push('no upper limit given, taken as UNL');
  }
  return { lowerFt, upperFt, notes };
}

/**
 * A NOTAM's band from item Q's lower and upper limits (`minimumFL`, `maximumFL`). Doc 8126 /
 * PANS-AIM, item Q: "Lower/upper limits … shall only be expressed in flight levels (FL)" and
 * "when no specific vertical limits … insert 000 for the lower and 999 for the upper limit".
 * A NOTAM without them applies at all levels (undefined).
 */
export function notamBand(minimumFL: string | undefined, maximumFL: string | undefined): LevelBand | undefined {
  const lower = minimumFL !== undefined && /^\s*\d{1,3}\s*$/.test(minimumFL) ? Number(minimumFL) : undefined;
  const upper = maximumFL !== undefined && /^\s*\d{1,3}\s*$/.test(maximumFL) ? Number(maximumFL) : undefined;
  if (lower === undefined && upper === undefined) return undefined;
  const lowerFt = (lower ?? 0) * 100;
  const upperFt = upper === undefined || upper >= 999 ? Infinity : upper * 100;
  if (lowerFt === 0 && upperFt === Infinity) return undefined;
  return { lowerFt, upperFt };
}
