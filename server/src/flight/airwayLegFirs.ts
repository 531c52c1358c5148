/**
 * An airway leg that no route network has: one leg of the expansion between two points of an
 * airway that passes through the whole of FIRS_PASSED_MIN FIRs or more. With the hub as the only
 * source, `DVR UL9 KONAM` is answered DVR, then the KONAM near Warsaw, 723 NM on, with no point of
 * UL9 in between; nothing in the hub's points alone tells that leg from a real segment of that
 * length over an ocean (A209 MUTMI–TATOD is 723 NM too). The FIR outlines the flight is judged
 * with do: that leg passes through the whole of Amsterdam, Langen and Bremen. Airway segments end
 * at points long before that: of the segments of the 2013.10 airways in ../shared/navdata, none
 * passes through the whole of two FIRs of the simulator's table, nor of three of the real
 * boundaries of ../shared/firs; two do there (a North American Route across Moncton and Gander),
 * hence three (test/unit/flight/airwayLegFirs.test.ts).
 *
 * Judged on the legs that join a written point: the leg from where the airway is joined and the
 * leg to where it is left (one leg when the expansion has no point in between); the legs between
 * the expansion's own points of the airway are its data. Only FIRs whose outline is known count
 * (a box says nothing of where a FIR ends). Where the expansion already says why (the navigation
 * data finds the point off the airway, the hub does not know it), nothing is added. Pure.
 */
import { DIAGNOSTIC_CODES } from '../route/codes';
import type { RouteBlock, RouteDiagnostic } from '../route/model';
import type { FirCrossing } from './eet';
import { BOUNDARY_TOLERANCE_NM } from './firStays';
import type { FlightProfile } from './profile';

/** FIRs passed through whole by one leg of an airway from which the leg is questioned. */
export const FIRS_PASSED_MIN = 3;

/** What the expansion already said about the airway or the point where it is left: the reason, so no second finding. */
const SAID_BY_EXPANSION: ReadonlySet<string> = new Set(['X001', 'X002', 'X004', 'X006', 'X007', 'H001', 'H002']);

/**
 * The FIRs (with a known outline) that the stretch from `startNm` to `endNm` along the route
 * passes through whole, one after the other: each entered and left within it, more than the
 * boundary tolerance from the stretch's ends (a leg that ends at a boundary point does not pass
 * through the FIR beyond it), and none inside another's stay (outlines that overlap, a FIR and a
 * sector of it, are one stretch, not two FIRs passed): the most such FIRs in turn, in the order
 * flown. A stay no longer than the tolerance is a sliver between two outlines, not a FIR passed.
 */
export function firsPassedWhole(startNm: number, endNm: number, firs: readonly FirCrossing[]): FirCrossing[] {
  const stays = firs.flatMap((fir) =>
    fir.approximate
      ? []
      : fir.crossings
          .filter(
            (c) =>
              c.entryNm > startNm + BOUNDARY_TOLERANCE_NM &&
              c.exitNm < endNm - BOUNDARY_TOLERANCE_NM &&
              c.exitNm - c.entryNm > BOUNDARY_TOLERANCE_NM,
          )
          .map((c) => ({ fir, ...c })),
  );
  // The most stays that follow one another (earliest end first), overlapping by at most the tolerance.
  stays.sort((a, b) => a.exitNm - b.exitNm);
  const inTurn: FirCrossing[] = [];
  let lastExit = -Infinity;
  for (const stay of stays) {
    if (stay.entryNm < lastExit - BOUNDARY_TOLERANCE_NM || inTurn.includes(stay.fir)) continue;
    inTurn.push(stay.fir);
    lastExit = stay.exitNm;
  }
  return inTurn;
}

export interface AirwayLegInput {
  block: RouteBlock;
  /** The profile over the expansion's placed points: the FIR crossings are measured along the same points. */
  profile: Pick<FlightProfile, 'points'>;
  firs: readonly FirCrossing[];
  /** The expansion's own findings: an airway or exit point they already question is left to them. */
  expansionFindings: readonly RouteDiagnostic[];
  /** Whose points these are, for the finding's last words. */
  pointsSource: 'hub' | 'navdata';
}

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Which sources found it, in words: the points' and the outlines'. */
function foundBy(source: AirwayLegInput['pointsSource'], firs: readonly FirCrossing[]): string {
  const points = source === 'hub' ? "the hub's points" : "the navigation data's points";
  const files = [...new Set(firs.flatMap((f) => (f.boundaryFile ? [f.boundaryFile] : [])))];
  const fromHub = firs.some((f) => !f.boundaryFile);
  const outlines = [
    ...(fromHub ? ["the hub's FIR outlines"] : []),
    ...files.map((file) => `the FIR outlines of ${file}`),
  ];
  return `Found on ${points} and ${list(outlines)}.`;
}

export function airwayLegFindings(input: AirwayLegInput): RouteDiagnostic[] {
  const { block, profile, firs } = input;
  if (!firs.some((f) => !f.approximate)) return [];
  const said = new Set(
    input.expansionFindings
      .filter((f) => SAID_BY_EXPANSION.has(f.code))
      .map((f) => `${f.range.start.line}:${f.range.start.character}`),
  );
  const saidAt = (i: number) => {
    const r = block.elements[i]?.range;
    return r !== undefined && said.has(`${r.start.line}:${r.start.character}`);
  };
  const points = profile.points;
  const out: RouteDiagnostic[] = [];
  block.elements.forEach((element, i) => {
    if (element.kind !== 'airway' || saidAt(i) || saidAt(i + 1)) return;
    let entry = -1;
    points.forEach((p, k) => {
      if (p.elementIndex === i - 1) entry = k;
    });
    const exit = points.findIndex((p) => p.elementIndex === i + 1);
    if (entry < 0 || exit <= entry) return;
    const airway = element.designator;
    const inBetween = exit - entry - 1;
    const legs: { from: number; to: number; at: number }[] =
      inBetween === 0
        ? [{ from: entry, to: exit, at: i + 1 }]
        : [
            { from: entry, to: entry + 1, at: i },
            { from: exit - 1, to: exit, at: i + 1 },
          ];
    for (const { from, to, at } of legs) {
      const [a, b] = [points[from]!, points[to]!];
      const whole = firsPassedWhole(a.alongNm, b.alongNm, firs);
      if (whole.length < FIRS_PASSED_MIN) continue;
      const nm = Math.round(b.alongNm - a.alongNm).toLocaleString('en-US');
      const source = input.pointsSource === 'hub' ? "the hub's expansion" : 'the expansion';
      const joined =
        at === i + 1 ? `to ${b.designator}, where you leave it,` : `from ${a.designator}, where you join it,`;
      const check =
        at === i + 1
          ? `check that ${b.designator} is the point of ${airway} meant (a namesake elsewhere?), or write the point of ${airway} where you leave it`
          : `check that ${a.designator} is a point of ${airway}, or write the point where you join it`;
      out.push({
        code: 'F010',
        severity: DIAGNOSTIC_CODES.F010.severity,
        range: block.elements[at]!.range,
        message:
          `${airway} ${joined} is one leg of ${nm} NM in ${source} (${a.designator}–${b.designator}, no point of ` +
          `${airway} between them) that passes through the whole of ${list(whole.map((f) => f.designator))}: ` +
          `airway segments end at points long before that; ${check}. ${foundBy(input.pointsSource, whole)}`,
      });
    }
  });
  return out;
}
