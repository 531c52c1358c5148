/**
 * The times an FPL message states, against the flight's still-air profile over its expanded
 * route: each `EET/` FIR entry of field 18 (F003: a FIR the route does not cross, F004: a time off
 * by more than EET_MARGIN_MIN) and the total EET of field 16 (F005: off by more than
 * TOTAL_EET_SHARE). The wind is not known, so the times are still-air times and the findings are
 * warnings or information, never errors; each says the data it rests on. The edit that writes
 * `EET/` (the quick fix and the command "Insert EET/ for the FIR boundaries") is `eetEdit`. Pure.
 */
import { DIAGNOSTIC_CODES } from '../route/codes';
// EET/ is written at its place in Doc 4444's order of Item 18.
import { ITEM_18_ORDER } from '../route/fplOther';
import type { Range, RouteBlock, RouteDiagnostic } from '../route/model';
import { textFix } from '../route/textFixes';
import {
  clockText,
  eetItem,
  firEetPlan,
  minutesOf,
  planNotes,
  totalElapsedMin,
  type FirCrossing,
  type FirEet,
} from './eet';
import { eetWordFindings, STILL_AIR } from './eetWords';
import type { FlightProfile } from './profile';

export { EET_MARGIN_MIN } from './eetWords';

/** A field 16 total EET further than this share of the still-air time from it gets F005. */
export const TOTAL_EET_SHARE = 0.3;

export const INSERT_EET_TITLE = 'Insert EET/ for the FIR boundaries';

export interface FplTimesInput {
  block: RouteBlock;
  /** The flight's profile over the expanded route, timed from 0 at the first point (take-off). */
  profile: FlightProfile;
  /**
   * The FIRs the route crosses, and the designators of every FIR whose boundary is known; absent
   * when no FIR data is there (no hub, no boundaries file): EET/ FIRs are then not checked.
   */
  firs?: { crossed: readonly FirCrossing[]; known: ReadonlyMap<string, Omit<FirCrossing, 'crossings'>> };
  /**
   * Whether the expanded points are every point of the route (no point left unknown, no track or
   * procedure flown without its points): only then is an EET/ point off them a finding (F008).
   */
  routeWhole?: boolean;
}

function finding(code: 'F005', message: string, range: Range): RouteDiagnostic {
  return { code, severity: DIAGNOSTIC_CODES[code].severity, message, range };
}

/** The F003–F009 findings of an FPL block. */
export function fplTimeFindings(input: FplTimesInput): RouteDiagnostic[] {
  const fpl = input.block.fpl;
  if (!fpl) return [];
  const out: RouteDiagnostic[] = [];
  out.push(...totalEetFindings(input));
  const firs = input.firs;
  const plan = firs ? firEetPlan(firs.crossed, input.profile) : undefined;
  // Without times (no speed) nothing can be judged.
  if (input.profile.points.some((p) => p.etoMs === undefined)) return out;
  const notes = plan ? planNotes(plan, input.profile) : '';
  for (const item of fpl.otherInformation) {
    if (item.indicator.toUpperCase() !== 'EET') continue;
    const merged = plan && firs ? eetValue(plan.eets, item.value, (d) => firs.known.has(d)) : undefined;
    const computed = merged
      ? { text: merged, fix: textFix(INSERT_EET_TITLE, item.range, merged).fixes[0]! }
      : undefined;
    out.push(
      ...eetWordFindings({
        item,
        profile: input.profile,
        ...(firs ? { firs } : {}),
        ...(plan ? { plan } : {}),
        routeWhole: input.routeWhole ?? false,
        ...(computed ? { computed } : {}),
        notes,
      }),
    );
  }
  return out;
}

/**
 * The `EET/` item for the FIRs entered, keeping what the FIR data cannot say: every word of the
 * existing item whose designator is no FIR with a known boundary (a significant point, a FIR no
 * source knows) stays, in the order of the times. Undefined when there is nothing to write.
 */
export function eetValue(
  eets: readonly FirEet[],
  existing: string | undefined,
  isKnownFir: (designator: string) => boolean,
): string | undefined {
  const words: { text: string; minutes: number }[] = eets.map((e) => ({
    text: `${e.designator}${hhmmOf(e.elapsedMin)}`,
    minutes: Math.round(e.elapsedMin),
  }));
  for (const word of existing?.toUpperCase().split(' ') ?? []) {
    const m = /^([A-Z0-9]+)(\d{4})$/.exec(word);
    const minutes = m ? minutesOf(m[2]!) : undefined;
    if (!m || minutes === undefined || isKnownFir(m[1]!)) continue;
    words.push({ text: word, minutes });
  }
  if (words.length === 0) return undefined;
  // Stable: at the same minute a FIR entry comes before a point kept.
  return `EET/${words
    .map((w, i) => ({ ...w, i }))
    .sort((a, b) => a.minutes - b.minutes || a.i - b.i)
    .map((w) => w.text)
    .join(' ')}`;
}

function hhmmOf(minutes: number): string {
  return eetItem([{ designator: '', entryNm: 0, elapsedMin: minutes, boundary: '', approximate: false }])!.slice(4);
}

/** F005: field 16's total EET against the still-air time to the last point of the route. */
function totalEetFindings(input: FplTimesInput): RouteDiagnostic[] {
  const field16 = input.block.fpl?.fields.find((f) => f.number === 16);
  const first = field16?.text.trim().split(/\s+/)[0] ?? '';
  const m = /^([A-Z]{4})(\d{4})$/.exec(first.toUpperCase());
  const given = m ? minutesOf(m[2]!) : undefined;
  const computed = totalElapsedMin(input.profile);
  if (!field16 || given === undefined || computed === undefined || computed <= 0) return [];
  const share = Math.abs(given - computed) / computed;
  if (share <= TOTAL_EET_SHARE) return [];
  const start = field16.range.start;
  const range: Range = {
    start: { line: start.line, character: start.character + 4 },
    end: { line: start.line, character: start.character + 8 },
  };
  const lastPoint = input.profile.points[input.profile.points.length - 1]?.designator ?? '?';
  return [
    finding(
      'F005',
      `total EET ${m![2]} (${clockText(given)}) differs by ${Math.round(share * 100)} % from the still-air time to ` +
        `${lastPoint}, ${clockText(computed)} (${Math.round(input.profile.totalNm)} NM) ${STILL_AIR}; the wind is not ` +
        `known, nor the time of the climb and the descent, so this is information (more than ${Math.round(TOTAL_EET_SHARE * 100)} % apart)`,
      range,
    ),
  ];
}

/**
 * The edit that writes `EET/` for the FIRs crossed into field 18: it replaces an `EET/` that is
 * there, replaces a field 18 of `0`, or goes in at its place in Doc 4444's order of indicators.
 * Undefined when the message has no field 18, or the route enters no FIR after take-off.
 */
export function eetEdit(
  block: RouteBlock,
  eets: readonly FirEet[],
  isKnownFir: (designator: string) => boolean = () => true,
): { range: Range; newText: string } | undefined {
  const fpl = block.fpl;
  const existing = fpl?.otherInformation.find((i) => i.indicator.toUpperCase() === 'EET');
  const item = eetValue(eets, existing?.value, isKnownFir);
  const field18 = fpl?.fields.find((f) => f.number === 18);
  if (!fpl || !item || !field18) return undefined;
  if (existing) return { range: existing.range, newText: item };
  const text = field18.text.trim();
  if (text === '0' || text === '') return { range: field18.range, newText: item };
  // Text that is no item (malformed field 18) stays as written: EET/ goes after it.
  if (fpl.otherInformation.length === 0)
    return { range: { start: field18.range.end, end: field18.range.end }, newText: ` ${item}` };
  const place = ITEM_18_ORDER.indexOf('EET');
  const after = fpl.otherInformation.find((i) => ITEM_18_ORDER.indexOf(i.indicator.toUpperCase()) > place);
  if (after) return { range: { start: after.range.start, end: after.range.start }, newText: `${item} ` };
  const last = fpl.otherInformation[fpl.otherInformation.length - 1]!;
  return { range: { start: last.range.end, end: last.range.end }, newText: ` ${item}` };
}
