/**
 * Magnetic variation from the World Magnetic Model, through the `geomagnetism` library (NOAA's
 * WMM coefficients, the epoch chosen by date): the one place that asks it. A magnetic track is
 * the true track (geodesy.ts) less the variation east. Never hand-written: the model is a
 * spherical-harmonic expansion with yearly coefficients that NOAA replaces every five years.
 */
import { model as wmmModel, type GeomagnetismModel } from 'geomagnetism';
import { normaliseTrack, type GeoPoint } from './geodesy';

/**
 * The dates the library's models cover (WMM-2015 from 15 Dec 2014, WMM-2025 until 13 Nov 2029).
 * Outside them the library throws (or, asked to, writes to the console, which a language server
 * on stdio must not): the date is brought to the nearest covered day, and the words say so.
 * test/unit/geo/magnetic.test.ts fails when the library's range moves.
 */
export const WMM_FIRST_DAY = Date.UTC(2014, 11, 16);
export const WMM_LAST_DAY = Date.UTC(2029, 10, 12);

const DAY_MS = 86_400_000;

/** The model as used for one day. */
export interface MagneticModel {
  /** "WMM-2025 on 26 Nov 2026", or "WMM-2025 on 12 Nov 2029 (the last day it covers; the flight is on 1 Jan 2031)". */
  text: string;
  /** Variation in degrees, east positive, at a position (sea level). */
  variation(lat: number, lon: number): number;
}

const models = new Map<number, MagneticModel>();

/** The World Magnetic Model for the UTC day of `ms` (kept per day: a route asks it for every leg). */
export function magneticModel(ms: number): MagneticModel {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  let found = models.get(day);
  if (!found) {
    const used = Math.min(Math.max(day, WMM_FIRST_DAY), WMM_LAST_DAY);
    const wmm: GeomagnetismModel = wmmModel(new Date(used + DAY_MS / 2));
    const note =
      used === day ? '' : ` (the ${used < day ? 'last' : 'first'} day it covers; the flight is on ${dayText(day)})`;
    found = {
      text: `${wmm.name} on ${dayText(used)}${note}`,
      variation: (lat, lon) => wmm.point([lat, lon]).decl,
    };
    if (models.size > 16) models.clear();
    models.set(day, found);
  }
  return found;
}

/** The magnetic track of a true track where the variation is `variationDeg` (east positive), in [0, 360). */
export function magneticTrack(trueTrackDeg: number, variationDeg: number): number {
  return normaliseTrack(trueTrackDeg - variationDeg);
}

/** A leg's tracks: the true track at its start and the magnetic one, with the variation and model used. */
export interface LegTracks {
  trueDeg: number;
  magneticDeg: number;
  variationDeg: number;
  /** The model's words ("WMM-2025 on 26 Nov 2026"). */
  model: string;
}

/** The tracks of a leg leaving `from` on a true track, on the day of `dateMs`. */
export function legTracks(from: GeoPoint, trueTrackDeg: number, dateMs: number): LegTracks {
  const model = magneticModel(dateMs);
  const variationDeg = model.variation(from.lat, from.lon);
  return {
    trueDeg: trueTrackDeg,
    magneticDeg: magneticTrack(trueTrackDeg, variationDeg),
    variationDeg,
    model: model.text,
  };
}

/** "magnetic track 273°, true track 275°": what the hover, the tables and the map say of a leg. */
export function tracksText(tracks: LegTracks): string {
  return `magnetic track ${trackText(tracks.magneticDeg)}, true track ${trackText(tracks.trueDeg)}`;
}

/** "variation 2°E, World Magnetic Model WMM-2025 on 26 Nov 2026": what the magnetic track rests on. */
export function variationSource(tracks: LegTracks): string {
  return `variation ${variationText(tracks.variationDeg)}, World Magnetic Model ${tracks.model}`;
}

/** "7°E", "12°W", "0°": a variation as charts write it. */
export function variationText(variationDeg: number): string {
  const rounded = Math.round(variationDeg);
  return rounded === 0 ? '0°' : `${Math.abs(rounded)}°${rounded > 0 ? 'E' : 'W'}`;
}

/** A track in whole degrees, [0, 360): what the table of cruising levels reads ("from 000° to 179°"). */
export function wholeDegrees(trackDeg: number): number {
  return Math.round(normaliseTrack(trackDeg)) % 360;
}

/** "087°": a track in whole degrees, as the table of cruising levels writes it. */
export function trackText(trackDeg: number): string {
  return `${String(wholeDegrees(trackDeg)).padStart(3, '0')}°`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayText(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
