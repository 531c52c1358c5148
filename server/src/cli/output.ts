/**
 * What the checker prints. Text: one line per finding, with file names and messages made
 * printable (a name holding a newline or a terminal escape could forge a finding line or
 * rewrite the screen). JSON: one document, always, written piece by piece as files are checked
 * (one finding or block per line), so output of any size never becomes one giant string, and a
 * run that fails still gives a document with its `error`.
 */
import type { RouteDiagnostic, Severity } from '../route';

/** Writes one line; a promise when the consumer asked to wait (back-pressure). */
export type LineSink = (line: string) => void | Promise<void>;

export type Counts = Record<Severity, number>;

/** Control characters, line and paragraph separators, and bidirectional overrides. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with every unprintable character written as an escape: `\n`, `\t`, `\u001b`. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function textLine(file: string, d: RouteDiagnostic): string {
  const message = d.message.replace(/\s*\n\s*/g, ' ');
  return `${printable(file)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.severity}: ${printable(message)}`;
}

/**
 * A finding as JSON: `{code, severity, message, range, line, column, data?}`, the text
 * JSON.stringify gives of those fields in that order, written out directly (one object and one
 * generic walk less per finding: most of what JSON output cost beyond the text).
 */
export function diagnosticJson(d: RouteDiagnostic): string {
  const { start, end } = d.range;
  const data = d.data !== undefined ? JSON.stringify(d.data) : undefined;
  return (
    `{"code":${JSON.stringify(d.code)},"severity":${JSON.stringify(d.severity)},"message":${JSON.stringify(d.message)},` +
    `"range":{"start":{"line":${start.line},"character":${start.character}},"end":{"line":${end.line},"character":${end.character}}},` +
    `"line":${start.line + 1},"column":${start.character + 1}${data !== undefined ? `,"data":${data}` : ''}}`
  );
}

export interface JsonFile {
  file: string;
  findings: RouteDiagnostic[];
  blocks: unknown[];
}

export interface JsonEnd {
  unreadable: { file: string; message: string }[];
  files: number;
  counts: Counts;
  /** Remote services (hub, airline reference) that failed midway (the run went on with local checks), and the blocks they left. */
  failures?: string[];
  notExpanded?: number;
  /** Why the run failed (bad arguments, navigation data, the hub), when it did. */
  error?: { kind: string; message: string };
}

/**
 * `{"version", "files": [...], "unreadable", "summary", "error"}` written as it goes: `begin`
 * once, `file` per checked file, `end` once (also after a failure, closing what was opened).
 */
export class JsonReportWriter {
  private files = 0;
  private begun = false;
  /** Items written so far in the current list of the current file. */
  private items = 0;

  constructor(
    private readonly sink: LineSink,
    private readonly version: string,
  ) {}

  async begin(): Promise<void> {
    if (this.begun) return;
    this.begun = true;
    await this.sink(`{"version": ${JSON.stringify(this.version)},`);
    await this.sink('"files": [');
  }

  async file(report: JsonFile): Promise<void> {
    await this.beginFile(report.file);
    for (const d of report.findings) await this.finding(d);
    await this.beginBlocks();
    for (const b of report.blocks) await this.block(b);
    await this.endFile();
  }

  /** A file's entry piece by piece (beginFile, finding…, beginBlocks, block…, endFile), for a file too large to hold. */
  async beginFile(file: string): Promise<void> {
    await this.begin();
    await this.sink(`${this.files++ ? ',' : ''}{"file": ${JSON.stringify(file)}, "diagnostics": [`);
    this.items = 0;
  }

  /** The sink's promise when it asks to wait, else nothing to await (see LineSink). */
  finding(d: RouteDiagnostic): void | Promise<void> {
    return this.sink(`${this.items++ ? ',' : ''}${diagnosticJson(d)}`);
  }

  async beginBlocks(): Promise<void> {
    await this.sink('], "blocks": [');
    this.items = 0;
  }

  block(b: unknown): void | Promise<void> {
    return this.blockJson(JSON.stringify(b));
  }

  /** A block already written as JSON. */
  blockJson(json: string): void | Promise<void> {
    return this.sink(`${this.items++ ? ',' : ''}${json}`);
  }

  async endFile(): Promise<void> {
    await this.sink(']}');
  }

  async end(end: JsonEnd): Promise<void> {
    await this.begin();
    await this.sink('],');
    await this.sink(`"unreadable": ${JSON.stringify(end.unreadable)},`);
    if (end.failures)
      await this.sink(`"failures": ${JSON.stringify(end.failures)}, "notExpanded": ${end.notExpanded ?? 0},`);
    await this.sink(`"summary": ${JSON.stringify({ files: end.files, ...end.counts })},`);
    await this.sink(`"error": ${JSON.stringify(end.error ?? null)}}`);
  }
}
