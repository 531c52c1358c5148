/**
 * `node dist/cli.js check [options] FILE|FOLDER…` — the command-line checker. It runs the same
 * parser and checks as the language server and prints every finding as
 * `file:line:col code severity: message` (line and column 1-based, columns in UTF-16 code units
 * with a tab counting as one), or everything as JSON with `--format json`.
 *
 * Exit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 a file could
 * not be read, a bad command line, or a service failure. A service failure midway keeps every
 * finding made so far and marks the route blocks it left unexpanded.
 *
 * Route expansion (`--hub`, `--navdata`) goes through the session core, as in the editor, so
 * both say the same about the same route. Extending it: add an entry to OPTIONS (it sets a
 * field of CheckOptions) and, for findings from elsewhere, an entry to ENRICHERS that adds
 * findings and facts to each file's report.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import packageJson from '../../package.json';
import { parseRouteDocument, type RouteBlock, type RouteDiagnostic, type RouteDocument, type Severity } from './route';
import { allFindings } from './services/diagnostics';
import { comparePositions, LineIndex } from './services/ranges';
import { loadNavDatabase, NavDataError } from './navdata/loader';
import { RouteSession } from './session/routeSession';

export interface CheckOptions {
  format: 'text' | 'json';
  paths: string[];
  /** Base URL of the hub whose route expansion adds findings (key from HUB_USER_KEY). */
  hub?: string;
  /** Folder of X-Plane / FlightGear navigation data for offline route expansion. */
  navdata?: string;
  /** More warnings than this make exit code 1 (as eslint's --max-warnings); absent: no limit. */
  maxWarnings?: number;
}

/** A failure that ends the run with exit code 2 and one line on stderr. */
export class CliFailure extends Error {
  constructor(
    message: string,
    /** A mistake on the command line: the help hint follows the message. */
    readonly usage = false,
  ) {
    super(message);
  }
}

interface OptionSpec {
  flag: string;
  /** Placeholder of the value in the help; absent for a switch. */
  value?: string;
  help: string;
  apply(options: CheckOptions, value: string): void;
}

const OPTIONS: OptionSpec[] = [
  {
    flag: '--format',
    value: 'text|json',
    help: 'text (default): one line per finding; json: findings with ranges, and route facts',
    apply(options, value) {
      if (value !== 'text' && value !== 'json') throw new CliFailure(`--format must be text or json, not "${value}"`, true);
      options.format = value;
    },
  },
  {
    flag: '--hub',
    value: 'base-url',
    help: "also expand every route with the hub's route expansion (key from env HUB_USER_KEY)",
    apply(options, value) {
      if (!value.trim()) throw new CliFailure('--hub needs a base URL, e.g. https://api.laminardata.aero', true);
      options.hub = value.trim();
    },
  },
  {
    flag: '--navdata',
    value: 'folder',
    help: 'also expand every route offline with the navigation data in this folder (fix/nav/awy .dat, plain or .gz)',
    apply(options, value) {
      if (!value.trim()) throw new CliFailure('--navdata needs a folder, e.g. ../shared/navdata', true);
      options.navdata = value.trim();
    },
  },
  {
    flag: '--max-warnings',
    value: 'N',
    help: 'exit code 1 when there are more than N warnings (expansion findings are warnings)',
    apply(options, value) {
      if (!/^\d+$/.test(value.trim())) throw new CliFailure(`--max-warnings needs a whole number, not "${value}"`, true);
      options.maxWarnings = Number(value.trim());
    },
  },
];

export interface BlockReport {
  kind: RouteBlock['kind'];
  name: string;
  /** Zero-based, as in LSP. */
  range: RouteBlock['range'];
  origin?: string;
  destination?: string;
  referenceFix?: string;
  routeText: string;
  /** Filled by an enricher that expands routes (offline navdata or the hub). */
  expansion?: unknown;
}

export interface FileReport {
  file: string;
  text: string;
  document: RouteDocument;
  /** The parser's findings; enrichers add theirs. */
  findings: RouteDiagnostic[];
  blocks: BlockReport[];
}

export interface Enricher {
  /** Adds findings (and block facts) to one file's report; throw CliFailure for a failure that ends the run. */
  enrich(report: FileReport): Promise<void>;
  /** A failure after which the run went on without this enricher's part (exit code 2). */
  failure?(): string | undefined;
  close?(): Promise<void>;
}

/** Each returns an enricher when its options ask for it. */
const ENRICHERS: ((options: CheckOptions) => Promise<Enricher | undefined>)[] = [
  async (options) => (options.hub || options.navdata ? createExpansionEnricher(options, process.env) : undefined),
];

/**
 * Route expansion through the session core, with the editor's choice of source: the hub when
 * --hub is given (its key from HUB_USER_KEY only, never an argument: arguments show in process
 * lists), the navigation data of --navdata otherwise; with both, the navigation data names the
 * candidates of an ambiguous first fix, which the hub does not. A configuration the source
 * refuses, or navigation data that cannot be read, ends the run before any file.
 */
async function createExpansionEnricher(options: CheckOptions, env: NodeJS.ProcessEnv): Promise<Enricher> {
  const hubUserKey = options.hub ? env.HUB_USER_KEY?.trim() : undefined;
  if (options.hub && !hubUserKey) throw new CliFailure('--hub needs the hub key in the environment variable HUB_USER_KEY (never on the command line)');
  const prefix = options.hub ? 'hub: ' : '';
  const session = new RouteSession({}, { retryMs: 0, loadNavdata: (folder) => loadNavDatabase(folder) });
  session.configure(
    { hub: options.hub ? { baseUrl: options.hub } : {}, reference: {}, navdataFolder: options.navdata ?? '' },
    { hubUserKey: hubUserKey ?? null, reference: null },
  );
  if (session.expansionStatus.state === 'degraded') {
    await session.dispose();
    throw new CliFailure(`${prefix}${session.expansionStatus.message.replace(/ Local checks continue\.$/, '')}`);
  }
  if (options.navdata) {
    try {
      await session.navdata();
    } catch (error) {
      await session.dispose();
      const cause = error instanceof Error && error.cause instanceof NavDataError ? error.cause : error;
      throw new CliFailure(cause instanceof NavDataError ? cause.message : `navigation data: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }
  let failure: string | undefined;
  return {
    async enrich(report) {
      const lines = new LineIndex(report.text);
      const expansion = await session.expandAll({ uri: report.file, version: 1, document: report.document, lines });
      if (!expansion) return;
      report.findings.push(...expansion.findings);
      const index = new Map(report.document.blocks.map((block, i) => [block, i]));
      for (const { block, result, notExpanded } of expansion.blocks) {
        const facts = report.blocks[index.get(block) ?? -1];
        if (facts) facts.expansion = result ? { source: expansion.source, ...result } : { source: expansion.source, notExpanded };
      }
      if (expansion.failure && !failure) failure = `${prefix}${expansion.failure.message.replace(/ Local checks continue\.$/, '')}`;
    },
    failure: () => failure,
    close: () => session.dispose(),
  };
}

const USAGE = `usage: node dist/cli.js check [options] FILE|FOLDER…

Checks .route files (folders: every *.route below them) with the ICAO Route parser and prints
  file:line:col code severity: message
with 1-based line and column (UTF-16 code units; a tab counts as one column).
Exit code: 0 no errors, 1 errors found, 2 unreadable file, bad arguments or service failure.

options:
${OPTIONS.map((o) => `  ${`${o.flag}${o.value ? ` <${o.value}>` : ''}`.padEnd(26)} ${o.help}`).join('\n')}
  --help                     this text
  --version                  the checker's version`;

export function parseArguments(args: string[]): CheckOptions | 'help' | 'version' {
  if (args.includes('--help') || args.includes('-h')) return 'help';
  if (args.includes('--version')) return 'version';
  const [command, ...rest] = args;
  if (command !== 'check') throw new CliFailure(command ? `unknown command "${command}" (try: check)` : 'missing command (try: check FILE…)', true);
  const options: CheckOptions = { format: 'text', paths: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--') {
      options.paths.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      options.paths.push(arg);
      continue;
    }
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const spec = OPTIONS.find((o) => o.flag === flag);
    if (!spec) throw new CliFailure(`unknown option ${flag}`, true);
    let value = inline ?? '';
    if (spec.value && inline === undefined) {
      if (i + 1 >= rest.length) throw new CliFailure(`${flag} needs a value <${spec.value}>`, true);
      value = rest[++i];
    }
    spec.apply(options, value);
  }
  if (options.paths.length === 0) throw new CliFailure('no files to check', true);
  return options;
}

interface Problem {
  file: string;
  message: string;
}

/** Expands folders into their *.route files; unreadable paths become problems. */
async function listFiles(paths: string[], problems: Problem[]): Promise<string[]> {
  const files: string[] = [];
  for (const p of paths) {
    try {
      const stat = await fs.stat(p);
      if (stat.isDirectory()) files.push(...(await routeFilesBelow(p)));
      else files.push(p);
    } catch (error) {
      problems.push({ file: p, message: readError(error) });
    }
  }
  return files;
}

async function routeFilesBelow(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) found.push(...(await routeFilesBelow(full)));
    else if (entry.isFile() && entry.name.endsWith('.route')) found.push(full);
  }
  return found;
}

function readError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

async function checkFile(file: string, enrichers: Enricher[]): Promise<FileReport> {
  // Editors drop a byte-order mark before positions are counted; do the same so columns agree.
  const text = (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const document = parseRouteDocument(text);
  const report: FileReport = {
    file,
    text,
    document,
    findings: allFindings(document),
    blocks: document.blocks.map((b: RouteBlock) => ({
      kind: b.kind,
      name: b.name,
      range: b.range,
      origin: b.origin?.value,
      destination: b.destination?.value,
      referenceFix: b.referenceFix?.value,
      routeText: b.routeText,
    })),
  };
  for (const enricher of enrichers) await enricher.enrich(report);
  return report;
}

function textLine(file: string, d: RouteDiagnostic): string {
  const message = d.message.replace(/\s*\n\s*/g, ' ');
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.severity}: ${message}`;
}

function jsonDiagnostic(d: RouteDiagnostic) {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    range: d.range,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    ...(d.data !== undefined ? { data: d.data } : {}),
  };
}

type Counts = Record<Severity, number>;

function countFindings(reports: FileReport[]): Counts {
  const counts: Counts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const r of reports) for (const d of r.findings) counts[d.severity]++;
  return counts;
}

export async function runCheck(options: CheckOptions, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  const problems: Problem[] = [];
  const reports: FileReport[] = [];
  const enrichers: Enricher[] = [];
  try {
    for (const make of ENRICHERS) {
      const enricher = await make(options);
      if (enricher) enrichers.push(enricher);
    }
    for (const file of await listFiles(options.paths, problems)) {
      try {
        reports.push(await checkFile(file, enrichers));
      } catch (error) {
        if (error instanceof CliFailure) throw error;
        problems.push({ file, message: readError(error) });
      }
    }
  } finally {
    for (const enricher of enrichers) await enricher.close?.();
  }
  for (const r of reports) r.findings.sort((a, b) => comparePositions(a.range.start, b.range.start));
  const counts = countFindings(reports);
  const failures = enrichers.map((e) => e.failure?.()).filter((f): f is string => f !== undefined);
  const notExpanded = reports.reduce((n, r) => n + r.blocks.filter((b) => isNotExpanded(b.expansion)).length, 0);

  if (options.format === 'json') {
    const json = {
      version: packageJson.version,
      files: reports.map((r) => ({ file: r.file, diagnostics: r.findings.map(jsonDiagnostic), blocks: r.blocks })),
      unreadable: problems,
      ...(failures.length > 0 ? { failures, notExpanded } : {}),
      summary: { files: reports.length, ...counts },
    };
    out(JSON.stringify(json, null, 2));
  } else {
    for (const r of reports) for (const d of r.findings) out(textLine(r.file, d));
  }
  for (const p of problems) err(`${p.file}: cannot read: ${p.message}`);
  // The failure comes first: it is what a CI log should show.
  for (const f of failures) err(`icao-route: ${f}`);
  if (options.format === 'text') {
    const unexpanded = failures.length > 0 ? `; ${notExpanded} route block(s) not expanded (local checks only)` : '';
    err(`${reports.length} file(s) checked: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.information + counts.hint} note(s)${unexpanded}`);
  }
  const tooManyWarnings = options.maxWarnings !== undefined && counts.warning > options.maxWarnings;
  if (tooManyWarnings) err(`icao-route: ${counts.warning} warning(s), more than --max-warnings ${options.maxWarnings}`);
  if (problems.length > 0 || failures.length > 0) return 2;
  return counts.error > 0 || tooManyWarnings ? 1 : 0;
}

function isNotExpanded(expansion: unknown): boolean {
  return typeof expansion === 'object' && expansion !== null && 'notExpanded' in expansion;
}

async function main(): Promise<void> {
  // `check … | head` closes the pipe early: stop quietly instead of a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const err = (s: string) => process.stderr.write(`${s}\n`);
  let code: number;
  try {
    const parsed = parseArguments(process.argv.slice(2));
    if (parsed === 'help') {
      out(USAGE);
      code = 0;
    } else if (parsed === 'version') {
      out(packageJson.version);
      code = 0;
    } else {
      code = await runCheck(parsed, out, err);
    }
  } catch (error) {
    if (error instanceof CliFailure) {
      err(`icao-route: ${error.message}`);
      if (error.usage) err('try: node dist/cli.js --help');
    } else {
      err(`icao-route: internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
    code = 2;
  }
  // Let stdout drain before exiting (large JSON through a pipe).
  process.exitCode = code;
}

void main();
