/**
 * The model's findings as LSP diagnostics: every finding of every block plus the document-level
 * ones (and, once expansion runs, its findings), in document order, capped so that a 5 MB file of
 * garbage cannot flood the editor.
 */
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { CancellationToken, RouteDiagnostic, RouteDocument, Severity } from '../route/model';
import { diagnosticCountOf } from '../route/movableBlock';
import { comparePositions } from '../route/ranges';

export const DIAGNOSTIC_SOURCE = 'icao-route';
export const MAX_DIAGNOSTICS = 1000;

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Every finding of the document, sorted by position. */
export function allFindings(document: RouteDocument, extra: readonly RouteDiagnostic[] = []): RouteDiagnostic[] {
  const findings = [...document.diagnostics];
  for (const block of document.blocks) findings.push(...block.diagnostics);
  findings.push(...extra);
  return findings.sort((a, b) => comparePositions(a.range.start, b.range.start));
}

export function toLspDiagnostic(finding: RouteDiagnostic): Diagnostic {
  const diagnostic: Diagnostic = {
    range: finding.range,
    severity: SEVERITY[finding.severity] ?? DiagnosticSeverity.Error,
    code: finding.code,
    source: DIAGNOSTIC_SOURCE,
    message: finding.message,
  };
  if (finding.data !== undefined) diagnostic.data = finding.data;
  return diagnostic;
}

export function documentDiagnostics(
  document: RouteDocument,
  token: CancellationToken,
  extra: readonly RouteDiagnostic[] = [],
  max = MAX_DIAGNOSTICS,
): Diagnostic[] {
  if (token.isCancellationRequested) return [];
  const { shown: findings, total } = firstFindings(document, extra, max);
  const kept = findings.slice(0, max);
  const shown = kept.map(toLspDiagnostic);
  const last = kept.at(-1)?.range;
  if (total > max && last) {
    shown.push({
      range: { start: last.start, end: last.start },
      severity: DiagnosticSeverity.Information,
      code: 'too-many-problems',
      source: DIAGNOSTIC_SOURCE,
      message: `${total - max} more problems after this one are not shown; fix the ones above first.`,
    });
  }
  return shown;
}

/**
 * The first `max` findings in document order (at least; sorted) and how many there are in all.
 * A block's findings lie inside the block, so once the blocks read hold more than `max`, the
 * later blocks are only counted, never copied into place: in a 5 MB file with a finding on
 * every route an edit near the top would otherwise shift tens of thousands of them.
 */
function firstFindings(
  document: RouteDocument,
  extra: readonly RouteDiagnostic[],
  max: number,
): { shown: RouteDiagnostic[]; total: number } {
  const findings = [...document.diagnostics, ...extra];
  let fromBlocks = 0;
  let total = findings.length;
  const known = document.withFindings;
  if (known) {
    // Only the blocks with findings, and only until they hold more than `max`: the total is known.
    for (const block of known.blocks) {
      if (fromBlocks > max) break;
      findings.push(...block.diagnostics);
      fromBlocks += diagnosticCountOf(block);
    }
    total += known.total;
  } else {
    for (const block of document.blocks) {
      // Counted first: most blocks have no findings, and those are not asked for them.
      const count = diagnosticCountOf(block);
      if (count > 0 && fromBlocks <= max) findings.push(...block.diagnostics);
      fromBlocks += count;
      total += count;
    }
  }
  return { shown: findings.sort((a, b) => comparePositions(a.range.start, b.range.start)), total };
}
