/**
 * The hub's expansion with the procedures data beside it (a hub key and a navigation data folder
 * with CIFP files): the hub's points stay the hub's; the offline engine's SID and STAR checks
 * (P codes) are added, each saying it comes from the procedures data; each procedure gets the
 * CIFP's description; and where the hub placed no fix for a procedure, the CIFP's fixes are
 * inserted, the procedure's description saying whose they are. Pure.
 */
import type { ExpandedPoint, ExpansionResult, RouteDiagnostic } from '../route/model';

export const FOUND_BY_PROCEDURES =
  "Found by the navigation data's procedures (the hub's expansion does not check SIDs and STARs).";

export function withProcedures(hub: ExpansionResult, offline: ExpansionResult): ExpansionResult {
  const findings: RouteDiagnostic[] = [
    ...hub.findings,
    ...offline.findings
      .filter((f) => f.code.startsWith('P'))
      .map((f) => ({ ...f, message: `${f.message} ${FOUND_BY_PROCEDURES}` })),
  ];
  let points = hub.points;
  const procedures = hub.procedures.map((entry) => {
    const ours = offline.procedures.find((p) => p.elementIndex === entry.elementIndex && p.kind === entry.kind);
    if (!ours?.detail) return entry;
    const detail = { ...ours.detail };
    const hubHas = hub.points.some((p) => p.elementIndex === entry.elementIndex);
    const fixes = offline.points.filter((p) => p.elementIndex === entry.elementIndex && p.procedure);
    if (hubHas) {
      detail.note = `The fixes drawn are the hub's; the legs listed are ${detail.source}'s.`;
    } else if (fixes.length > 0) {
      detail.note = `The hub's expansion has no fixes for ${entry.designator}: the fixes drawn are ${detail.source}'s.`;
      points = insertAt(points, fixes, entry.elementIndex);
    }
    return { ...entry, detail };
  });
  return { ...hub, findings: sortByPlace(findings), points, procedures };
}

/** A SID's fixes after the points written before it, a STAR's before the points after it. */
function insertAt(
  points: readonly ExpandedPoint[],
  fixes: readonly ExpandedPoint[],
  elementIndex: number,
): ExpandedPoint[] {
  // The origin (first, from a directive) comes before either; the destination after either.
  let at = points.findIndex((p, position) => p.elementIndex > elementIndex || (p.elementIndex < 0 && position > 0));
  if (at < 0) at = points.length;
  return [...points.slice(0, at), ...fixes, ...points.slice(at)];
}

function sortByPlace(findings: RouteDiagnostic[]): RouteDiagnostic[] {
  return findings.sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}
