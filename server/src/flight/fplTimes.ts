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
  boundaryWords,
  clockText,
  eetItem,
  firEets,
  hhmm,
  minutesOf,
  totalElapsedMin,
  type FirCrossing,
  type FirEet,
} from './eet';
import type { FlightProfile } from './profile';

/** An `EET/` time further than this from the still-air time to the FIR boundary gets F004, minutes. */
export const EET_MARGIN_MIN = 10;

/** A field 16 total EET further than this share of the still-air time from it gets F005. */
export const TOTAL_EET_SHARE = 0.3;

export const INSERT_EET_TITLE = 'Insert EET/ for the FIR boundaries';

export interface FplTimesInput {
  block: RouteBlock;
  /** The flight's profile over the expanded route, timed from 0 at the first point (take-off). */
  profile: FlightProfile;
  /**
   * The FIRs the route crosses, and the designators of every FIR whose boundary is known; absent
   * when no FIR data is there (no hub): EET/ is then not checked.
   */
  firs?: { crossed: readonly FirCrossing[]; known: ReadonlyMap<string, Omit<FirCrossing, 'crossings'>> };
}

const STILL_AIR = 'in still air (the wind is not known) at the speeds of field 15 over the expanded route';

function finding(
  code: 'F003' | 'F004' | 'F005',
  message: string,
  range: Range,
  fix?: ReturnType<typeof textFix>,
): RouteDiagnostic {
  return { code, severity: DIAGNOSTIC_CODES[code].severity, message, range, ...(fix ? { data: fix } : {}) };
}

/** The range of one word of a one-line field 18 item, else the item's. */
function wordRange(item: { indicator: string; value: string; range: Range }, index: number, word: string): Range {
  const { start, end } = item.range;
  const valueStart = start.character + item.indicator.length + 1;
  if (start.line !== end.line || end.character - valueStart !== item.value.length) return item.range;
  return {
    start: { line: start.line, character: valueStart + index },
    end: { line: start.line, character: valueStart + index + word.length },
  };
}

function eetList(eets: readonly FirEet[]): string {
  return eets.length === 0
    ? 'no FIR after take-off'
    : eets.map((e) => `${e.designator} at ${clockText(e.elapsedMin)}`).join(', ');
}

/** The F003–F005 findings of an FPL block. */
export function fplTimeFindings(input: FplTimesInput): RouteDiagnostic[] {
  const fpl = input.block.fpl;
  if (!fpl) return [];
  const out: RouteDiagnostic[] = [];
  out.push(...totalEetFindings(input));
  const firs = input.firs;
  const eets = firs ? firEets(firs.crossed, input.profile) : undefined;
  if (!firs || !eets) return out;
  const computed = eetItem(eets);
  for (const item of fpl.otherInformation) {
    if (item.indicator.toUpperCase() !== 'EET') continue;
    const fix = computed ? textFix(INSERT_EET_TITLE, item.range, computed) : undefined;
    const words = item.value.toUpperCase().split(' ');
    let at = 0;
    for (const word of words) {
      const index = item.value.toUpperCase().indexOf(word, at);
      at = index + word.length;
      const m = /^([A-Z]{4})(\d{4})$/.exec(word);
      if (!m) continue;
      const [, designator, time] = m as unknown as [string, string, string];
      const given = minutesOf(time);
      const known = firs.known.get(designator);
      if (given === undefined || !known) continue;
      const range = wordRange(item, index, word);
      const crossed = firs.crossed.find((f) => f.designator === designator);
      if (!crossed) {
        out.push(
          finding(
            'F003',
            `EET/${word}: the route does not cross ${designator} by ${boundaryWords({ ...known, crossings: [] })}; ` +
              `it enters ${eetList(eets)} ${STILL_AIR}` +
              (computed ? `: ${computed}` : ''),
            range,
            fix,
          ),
        );
        continue;
      }
      const entries = eets.filter((e) => e.designator === designator);
      // The FIR of departure is entered at take-off: its time is 0.
      const candidates =
        entries.length > 0 ? entries : [{ elapsedMin: 0, boundary: '', approximate: crossed.approximate }];
      const nearest = candidates.reduce((a, b) =>
        Math.abs(b.elapsedMin - given) < Math.abs(a.elapsedMin - given) ? b : a,
      );
      // A box is no boundary: its entry time says nothing about the FIR's.
      if (nearest.approximate) continue;
      const off = given - nearest.elapsedMin;
      if (Math.abs(off) <= EET_MARGIN_MIN) continue;
      const where =
        entries.length > 0
          ? `the route enters ${designator} at ${clockText(nearest.elapsedMin)} from take-off`
          : `${designator} is the FIR of departure (0:00)`;
      out.push(
        finding(
          'F004',
          `EET/${word}: ${clockText(given)} is ${Math.round(Math.abs(off))} min ${off > 0 ? 'later' : 'earlier'} than the ` +
            `computed ${designator}${hhmm(nearest.elapsedMin)}: ${where}, ${STILL_AIR}, by ` +
            `${entries.length > 0 ? nearest.boundary : `the hub's boundary of ${designator}`} ` +
            `(more than the ${EET_MARGIN_MIN} min margin)` +
            (computed ? `; all FIRs: ${computed}` : ''),
          range,
          fix,
        ),
      );
    }
  }
  return out;
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
export function eetEdit(block: RouteBlock, eets: readonly FirEet[]): { range: Range; newText: string } | undefined {
  const fpl = block.fpl;
  const item = eetItem(eets);
  const field18 = fpl?.fields.find((f) => f.number === 18);
  if (!fpl || !item || !field18) return undefined;
  const existing = fpl.otherInformation.find((i) => i.indicator.toUpperCase() === 'EET');
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
