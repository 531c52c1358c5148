/** Collecting findings with exact ranges, capped so that garbage input cannot flood a client. */
import { DIAGNOSTIC_CODES, type DiagnosticCode } from './codes';
import type { Range, RouteDiagnostic } from './model';

/** A range on one line. */
export function lineRange(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

export function spanRange(startLine: number, start: number, endLine: number, end: number): Range {
  return { start: { line: startLine, character: start }, end: { line: endLine, character: end } };
}

/** Findings of one block; past the limit only a count is kept and one summary is reported. */
export class DiagnosticSink {
  readonly list: RouteDiagnostic[] = [];
  private dropped = 0;
  private lastRange: Range | undefined;

  constructor(private readonly limit = 200) {}

  add(code: DiagnosticCode, message: string, range: Range, data?: unknown): void {
    if (this.list.length >= this.limit) {
      this.dropped++;
      this.lastRange = range;
      return;
    }
    const d: RouteDiagnostic = { code, severity: DIAGNOSTIC_CODES[code].severity, message, range };
    if (data !== undefined) d.data = data;
    this.list.push(d);
  }

  /** Closes the list: adds the summary of what was left out. */
  finish(): RouteDiagnostic[] {
    if (this.list.length > 1)
      this.list.sort(
        (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
      );
    if (this.dropped > 0 && this.lastRange) {
      this.list.push({
        code: 'R010',
        severity: DIAGNOSTIC_CODES.R010.severity,
        message: `${this.dropped} more problem(s) in this block are not shown; fix the ones above first`,
        range: this.lastRange,
      });
      this.dropped = 0;
    }
    return this.list;
  }
}
