/**
 * Each estimate of an FPL message's `EET/` against the expanded route, timed from take-off in
 * still air: a FIR the route does not cross (F003), a time off by more than EET_MARGIN_MIN (F004,
 * FIR boundaries and significant points alike), a significant point that is not on the expanded
 * route (F008), and times that do not grow in the order the route reaches the places (F009). Each
 * gives the computed value; a time that can be computed is its quick fix. A word whose designator
 * is neither a FIR whose boundary is known nor a significant point (EBUR, a FIR no source knows)
 * is not judged. Pure.
 */
import { DIAGNOSTIC_CODES } from '../route/codes';
import type { Range, RouteDiagnostic } from '../route/model';
import { textFix, type TextFix } from '../route/textFixes';
import { boundaryWords, clockText, hhmm, minutesOf, type FirCrossing, type FirEetPlan } from './eet';
import { stateAt, type FlightProfile } from './profile';

/** An `EET/` time further than this from the still-air time gets F004, minutes. */
export const EET_MARGIN_MIN = 10;

export const STILL_AIR = 'in still air (the wind is not known) at the speeds of field 15 over the expanded route';

export interface EetWordsInput {
  item: { indicator: string; value: string; range: Range };
  profile: FlightProfile;
  /** The FIRs crossed and the FIRs whose boundary is known; absent without FIR data. */
  firs?: { crossed: readonly FirCrossing[]; known: ReadonlyMap<string, Omit<FirCrossing, 'crossings'>> };
  plan?: FirEetPlan;
  /** Whether every point of the route is among the expanded points (no unknown point, track or procedure left). */
  routeWhole: boolean;
  /** The whole EET/ as the FIRs give it (the fix of F003), when known. */
  computed?: { text: string; fix: TextFix };
  /** What the FIR sequence did not name, in words ('' when nothing). */
  notes: string;
}

type Code = 'F003' | 'F004' | 'F008' | 'F009';

function finding(
  code: Code,
  message: string,
  range: Range,
  fixes: (TextFix | undefined | false)[] = [],
): RouteDiagnostic {
  const kept = fixes.filter((f): f is TextFix => !!f);
  return {
    code,
    severity: DIAGNOSTIC_CODES[code].severity,
    message,
    range,
    ...(kept.length > 0 ? { data: { fixes: kept } } : {}),
  };
}

/** The range of one word of a one-line field 18 item, else the item's. */
export function wordRange(item: EetWordsInput['item'], index: number, word: string): Range {
  const { start, end } = item.range;
  const valueStart = start.character + item.indicator.length + 1;
  if (start.line !== end.line || end.character - valueStart !== item.value.length) return item.range;
  return {
    start: { line: start.line, character: valueStart + index },
    end: { line: start.line, character: valueStart + index + word.length },
  };
}

/** A significant point as Item 15 writes it: a name, a latitude/longitude, a bearing and distance. */
const POINT = /^(?:[A-Z]{2,3}|[A-Z]{5}|\d{2}(?:\d{2})?[NS]\d{3}(?:\d{2})?[EW]|[A-Z]{2,5}\d{6})$/;

/** A latitude/longitude in degrees, or undefined: 46N078W and 4600N07800W are the same place. */
function coordinate(text: string): string | undefined {
  const m = /^(\d{2})(\d{2})?([NS])(\d{3})(\d{2})?([EW])$/.exec(text);
  if (!m) return undefined;
  return `${m[3]}${Number(m[1]) * 60 + Number(m[2] ?? 0)}${m[6]}${Number(m[4]) * 60 + Number(m[5] ?? 0)}`;
}

interface Judged {
  word: string;
  designator: string;
  given: number;
  range: Range;
  alongNm: number;
  computedMin: number;
  /** Already reported as off by more than the margin. */
  off: boolean;
}

function minutesAt(profile: FlightProfile, alongNm: number): number {
  return (stateAt(profile, alongNm).etoMs ?? 0) / 60_000;
}

/** "12 NM after SRN", where the route is at a time, for a point the route does not pass. */
function whereAt(profile: FlightProfile, minutes: number): string {
  const points = profile.points;
  let before = points[0]!;
  for (const p of points) if ((p.etoMs ?? 0) / 60_000 <= minutes) before = p;
  const last = points[points.length - 1]!;
  if ((last.etoMs ?? 0) / 60_000 <= minutes) return `at ${last.designator} (${clockText((last.etoMs ?? 0) / 60_000)})`;
  return `near ${before.designator} (${clockText((before.etoMs ?? 0) / 60_000)})`;
}

function writeTime(
  item: EetWordsInput['item'],
  range: Range,
  designator: string,
  minutes: number,
): TextFix | undefined {
  // Only a word with a range of its own can be replaced alone.
  if (range === item.range) return undefined;
  return textFix(`Write ${designator}${hhmm(minutes)}`, range, `${designator}${hhmm(minutes)}`).fixes[0];
}

/** The findings of one `EET/` item. */
export function eetWordFindings(input: EetWordsInput): RouteDiagnostic[] {
  const { item, profile, firs, plan } = input;
  const out: RouteDiagnostic[] = [];
  const judged: Judged[] = [];
  const upper = item.value.toUpperCase();
  const words = upper.split(' ');
  const eets = plan?.eets ?? [];
  const computedWords = input.computed ? `: ${input.computed.text}` : '';
  const notes = input.notes ? ` (${input.notes})` : '';
  let at = 0;
  for (const word of words) {
    const index = upper.indexOf(word, at);
    at = index + word.length;
    const m = /^([A-Z0-9]+)(\d{4})$/.exec(word);
    const given = m ? minutesOf(m[2]!) : undefined;
    if (!m || given === undefined) continue;
    const designator = m[1]!;
    const range = wordRange(item, index, word);
    const known = firs?.known.get(designator);
    if (known && firs) {
      const crossed = firs.crossed.find((f) => f.designator === designator);
      if (!crossed) {
        out.push(
          finding(
            'F003',
            `EET/${word}: the route does not cross ${designator} by ${boundaryWords({ ...known, crossings: [] })}; ` +
              `it enters ${eets.length === 0 ? 'no FIR after take-off' : eets.map((e) => `${e.designator} at ${clockText(e.elapsedMin)}`).join(', ')} ` +
              `${STILL_AIR}${computedWords}${notes}`,
            range,
            [input.computed?.fix],
          ),
        );
        continue;
      }
      // Every entry of the FIR, the named ones and those the sequence folded away; at take-off: 0.
      const named = eets.filter((e) => e.designator === designator);
      const entries = [
        ...named.map((e) => ({ alongNm: e.entryNm, minutes: e.elapsedMin, boundary: e.boundary, named: true })),
        ...crossed.crossings
          .filter((c) => !named.some((e) => Math.abs(e.entryNm - c.entryNm) < 1e-6))
          .map((c) => ({
            alongNm: c.entryNm,
            minutes: c.entryNm < 0.5 ? 0 : minutesAt(profile, c.entryNm),
            boundary: boundaryWords(crossed),
            named: false,
          })),
      ];
      const nearest = entries.reduce((a, b) => (Math.abs(b.minutes - given) < Math.abs(a.minutes - given) ? b : a));
      // A box is no boundary: its entry time says nothing about the FIR's.
      if (crossed.approximate) continue;
      const offBy = given - nearest.minutes;
      const off = Math.abs(offBy) > EET_MARGIN_MIN;
      judged.push({ word, designator, given, range, alongNm: nearest.alongNm, computedMin: nearest.minutes, off });
      if (!off) continue;
      const where =
        nearest.alongNm < 0.5
          ? `${designator} is the FIR of departure (0:00)`
          : `the route enters ${designator} at ${clockText(nearest.minutes)} from take-off`;
      out.push(
        finding(
          'F004',
          `EET/${word}: ${clockText(given)} is ${Math.round(Math.abs(offBy))} min ${offBy > 0 ? 'later' : 'earlier'} than the ` +
            `computed ${designator}${hhmm(nearest.minutes)}: ${where}, ${STILL_AIR}, by ` +
            `${nearest.alongNm < 0.5 ? `the hub's boundary of ${designator}` : nearest.boundary} ` +
            `(more than the ${EET_MARGIN_MIN} min margin)` +
            (input.computed ? `; all FIRs: ${input.computed.text}` : '') +
            notes,
          range,
          [
            writeTime(item, range, designator, nearest.minutes),
            input.computed && { ...input.computed.fix, preferred: range === item.range },
          ],
        ),
      );
      continue;
    }
    // 4 letters and no FIR known by that name (EBUR): nothing to judge it by.
    if (/^[A-Z]{4}$/.test(designator) || !POINT.test(designator)) continue;
    const place = coordinate(designator);
    const passes = profile.points.filter((p) =>
      place ? coordinate(p.designator.toUpperCase()) === place : p.designator.toUpperCase() === designator,
    );
    if (passes.length === 0) {
      if (!input.routeWhole) continue;
      out.push(
        finding(
          'F008',
          `EET/${word}: ${designator} is not a point of the expanded route (airway points included); at ` +
            `${clockText(given)} from take-off the route is ${whereAt(profile, given)} ${STILL_AIR}; an estimate ` +
            `is for a significant point on the route or a FIR boundary`,
          range,
        ),
      );
      continue;
    }
    const pass = passes.reduce((a, b) =>
      Math.abs((b.etoMs ?? 0) / 60_000 - given) < Math.abs((a.etoMs ?? 0) / 60_000 - given) ? b : a,
    );
    const minutes = (pass.etoMs ?? 0) / 60_000;
    const offBy = given - minutes;
    const off = Math.abs(offBy) > EET_MARGIN_MIN;
    judged.push({ word, designator, given, range, alongNm: pass.alongNm, computedMin: minutes, off });
    if (!off) continue;
    out.push(
      finding(
        'F004',
        `EET/${word}: ${clockText(given)} is ${Math.round(Math.abs(offBy))} min ${offBy > 0 ? 'later' : 'earlier'} than the ` +
          `computed ${designator}${hhmm(minutes)}: the route passes ${designator} ${Math.round(pass.alongNm)} NM from ` +
          `take-off, at ${clockText(minutes)} ${STILL_AIR} (more than the ${EET_MARGIN_MIN} min margin)`,
        range,
        [writeTime(item, range, designator, minutes)],
      ),
    );
  }
  out.push(...orderFindings(item, judged));
  return out;
}

/** F009: a time earlier than one of a place the route reaches before it. */
function orderFindings(item: EetWordsInput['item'], judged: Judged[]): RouteDiagnostic[] {
  const out: RouteDiagnostic[] = [];
  let latest: Judged | undefined;
  for (const j of [...judged].sort((a, b) => a.alongNm - b.alongNm)) {
    if (latest && j.given < latest.given && !j.off && !latest.off) {
      out.push(
        finding(
          'F009',
          `EET/${j.word}: ${clockText(j.given)} is earlier than EET/${latest.word} (${clockText(latest.given)}), but ` +
            `the route reaches ${j.designator} after ${latest.designator} (${Math.round(j.alongNm)} NM from take-off, ` +
            `${latest.designator} at ${Math.round(latest.alongNm)} NM): elapsed times grow along the route; computed ` +
            `${j.designator}${hhmm(j.computedMin)} ${STILL_AIR}`,
          j.range,
          [writeTime(item, j.range, j.designator, j.computedMin)],
        ),
      );
      continue;
    }
    if (!latest || j.given >= latest.given) latest = j;
  }
  return out;
}
