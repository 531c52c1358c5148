/**
 * `node dist/cli.js check [options] FILE|FOLDER…` — the command-line checker. It runs the same
 * parser and checks as the language server and prints every finding as
 * `file:line:col code severity: message` (line and column 1-based, columns in UTF-16 code units
 * with a tab counting as one), or everything as JSON with `--format json`.
 *
 * Exit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 a file could
 * not be read, no .route file was found, a bad command line, or a remote service failure. A service
 * failure midway keeps every finding made so far and marks the route blocks it left unexpanded.
 * Which files are read: files.ts; how output is written (escaped text, streamed JSON that
 * always carries the failure): output.ts.
 *
 * Every source beyond the parser (route expansion with `--hub`/`--navdata`, the flight
 * conflicts on the hub's areas, the airline reference with `--reference`) goes through the
 * session's document pipeline, as in the editor, so both say the same about the same route
 * (`session.documents.check`, in sessionCheck.ts, a bundle of its own that only those options
 * load: the plain check starts without it). Extending it: add an entry to OPTIONS (it sets a
 * field of CheckOptions) and, for findings from elsewhere, a source of the session's pipeline.
 */
import { once } from 'node:events';
import packageJson from '../../../package.json';
import { setReferenceClock } from '../route/clock';
import { comparePositions } from '../route/ranges';
import { CliFailure, isCliFailure, type CheckOptions, type SessionChecker } from './checkOptions';
import { listRouteFiles, readError, readRouteFile, type Problem } from './files';
import { JsonReportWriter, printable, textLine, type Counts, type LineSink } from './output';
import { streamFile } from './stream';

export { CliFailure, type CheckOptions } from './checkOptions';

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
      if (value !== 'text' && value !== 'json')
        throw new CliFailure(`--format must be text or json, not "${value}"`, true);
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
    flag: '--reference',
    value: 'base-url',
    help: 'also check FPL operator designators against the airline reference (env REFERENCE_APP_ID, REFERENCE_APP_KEY)',
    apply(options, value) {
      if (!value.trim()) throw new CliFailure('--reference needs a base URL', true);
      options.reference = value.trim();
    },
  },
  {
    flag: '--departure',
    value: 'time',
    help: 'when plain route text without its own departure: is flown, for the flight conflicts (UTC, e.g. 2026-11-24T09:30Z; default now)',
    apply(options, value) {
      const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/.test(value.trim()) ? Date.parse(value.trim()) : NaN;
      if (!Number.isFinite(ms))
        throw new CliFailure(`--departure needs a UTC time like 2026-11-24T09:30Z, not "${value}"`, true);
      options.departureMs = ms;
    },
  },
  {
    flag: '--fir-boundaries',
    value: 'file',
    help: 'FIR outlines (GeoJSON, plain or .gz) for EET/ where the hub gives none, or without the hub (with --navdata)',
    apply(options, value) {
      if (!value.trim())
        throw new CliFailure('--fir-boundaries needs a file, e.g. ../shared/firs/boundaries.geojson.gz', true);
      options.firBoundariesFile = value.trim();
    },
  },
  {
    flag: '--semicircular',
    value: 'icao|off',
    help: 'cruising levels against the magnetic track of their first leg (X014): icao (default, Annex 2 App. 3) or off',
    apply(options, value) {
      if (value !== 'icao' && value !== 'off')
        throw new CliFailure(`--semicircular must be icao or off, not "${value}"`, true);
      options.semicircular = value;
    },
  },
  {
    flag: '--max-warnings',
    value: 'N',
    help: 'exit code 1 when there are more than N warnings (expansion findings are warnings)',
    apply(options, value) {
      if (!/^\d+$/.test(value.trim()))
        throw new CliFailure(`--max-warnings needs a whole number, not "${value}"`, true);
      options.maxWarnings = Number(value.trim());
    },
  },
];

export type { BlockReport } from './stream';

/**
 * The check with the session's sources, when an option asks for one. Loaded only then: built
 * as its own bundle (dist/cli-session.js, see scripts/build.mjs), it holds the session, the
 * navigation data reader and the HTTP client, which cost the plain check most of its start-up.
 */
async function openSession(options: CheckOptions): Promise<SessionChecker | undefined> {
  if (!options.hub && !options.navdata && !options.reference) return undefined;
  // require, not import(): import() of a CommonJS file first scans all of it for its export
  // names (cjs-module-lexer), 0.4 s of CPU on this 2 MB bundle, more than the rest of its load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { openSessionChecker } = require('./sessionCheck.ts') as typeof import('./sessionCheck.ts');
  return openSessionChecker(options, process.env);
}

const USAGE = `usage: node dist/cli.js check [options] FILE|FOLDER…

Checks .route files (folders: every *.route below them) with the ICAO Route parser and prints
  file:line:col code severity: message
with 1-based line and column (UTF-16 code units; a tab counts as one column).
Exit code: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 unreadable
file, no .route file found, bad arguments or service failure. --format json always prints one document, with "error" set on failure.

options:
${OPTIONS.map((o) => `  ${`${o.flag}${o.value ? ` <${o.value}>` : ''}`.padEnd(26)} ${o.help}`).join('\n')}
  --help                     this text
  --version                  the checker's version`;

export function parseArguments(args: string[]): CheckOptions | 'help' | 'version' {
  if (args.includes('--help') || args.includes('-h')) return 'help';
  if (args.includes('--version')) return 'version';
  const [command, ...rest] = args;
  if (command !== 'check')
    throw new CliFailure(
      command ? `unknown command "${command}" (try: check)` : 'missing command (try: check FILE…)',
      true,
    );
  const options: CheckOptions = { format: 'text', paths: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!; // i < rest.length
    if (arg === '--') {
      options.paths.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      options.paths.push(arg);
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const spec = OPTIONS.find((o) => o.flag === flag);
    if (!spec) throw new CliFailure(`unknown option ${flag}`, true);
    let value = inline ?? '';
    if (spec.value && inline === undefined) {
      if (i + 1 >= rest.length) throw new CliFailure(`${flag} needs a value <${spec.value}>`, true);
      value = rest[++i]!; // i + 1 < rest.length, checked just above
    }
    spec.apply(options, value);
  }
  if (options.paths.length === 0) throw new CliFailure('no files to check', true);
  return options;
}

/** The file's text; editors drop a byte-order mark before positions are counted, and so do we, so columns agree. */
async function readText(file: string): Promise<string> {
  return (await readRouteFile(file)).replace(/^\uFEFF/, '');
}

const NO_FINDINGS = (): Counts => ({ error: 0, warning: 0, information: 0, hint: 0 });

/** The one line (and JSON `error`) of a run that could not go on. */
function failureOf(error: unknown): CliFailure {
  if (isCliFailure(error)) return error;
  return new CliFailure(`internal error: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Checks every file, printing each file's findings as soon as it is checked. Never throws: a
 * failure (navigation data, the hub, anything unexpected) ends the run with exit code 2, one
 * line on stderr, and in JSON a complete document carrying the `error`.
 */
export async function runCheck(options: CheckOptions, out: LineSink, err: (s: string) => void): Promise<number> {
  const problems: Problem[] = [];
  let session: SessionChecker | undefined;
  const counts = NO_FINDINGS();
  const json = options.format === 'json' ? new JsonReportWriter(out, packageJson.version) : undefined;
  let checked = 0;
  let notExpanded = 0;
  let failure: CliFailure | undefined;
  try {
    await json?.begin();
    // The same "today" as with a session (which sets it itself): DOF/ is judged in every mode.
    setReferenceClock(Date.now);
    session = await openSession(options);
    for (const file of await listRouteFiles(options.paths, problems)) {
      let text: string;
      try {
        text = await readText(file);
      } catch (error) {
        problems.push({ file, message: readError(error) });
        continue;
      }
      if (!session) {
        // The plain check holds one block at a time: any size of file, any number of findings.
        await streamFile(file, text, counts, json ? { json } : { lines: out });
        checked++;
        continue;
      }
      let report;
      try {
        report = await session.check(file, text);
      } catch (error) {
        if (isCliFailure(error)) throw error;
        problems.push({ file, message: readError(error) });
        continue;
      }
      report.findings.sort((a, b) => comparePositions(a.range.start, b.range.start));
      for (const d of report.findings) counts[d.severity]++;
      notExpanded += report.blocks.filter((b) => isNotExpanded(b.expansion)).length;
      checked++;
      if (json) await json.file({ file, ...report });
      else for (const d of report.findings) await out(textLine(file, d));
    }
  } catch (error) {
    failure = failureOf(error);
  } finally {
    await session?.close().catch(() => undefined);
  }
  // A check that found nothing to check must not pass in CI.
  if (!failure && checked === 0 && problems.length === 0) {
    failure = new CliFailure(
      `no .route files found in ${options.paths.map((p) => printable(p)).join(', ')}: nothing was checked`,
    );
  }
  // A remote service that failed midway: what was checked stands, the blocks it left are marked.
  const sessionFailure = session?.failure();
  const failures = sessionFailure !== undefined ? [sessionFailure] : [];
  await json?.end({
    unreadable: problems,
    files: checked,
    counts,
    ...(failures.length > 0 ? { failures, notExpanded } : {}),
    ...(failure && { error: { kind: failure.usage ? 'usage' : 'failure', message: failure.message } }),
  });
  if (failure) {
    err(`icao-route: ${printable(failure.message)}`);
    return 2;
  }
  for (const p of problems) err(`${printable(p.file)}: cannot read: ${printable(p.message)}`);
  // The failure comes first: it is what a CI log should show.
  for (const f of failures) err(`icao-route: ${printable(f)}`);
  if (!json) {
    const unexpanded = failures.length > 0 ? `; ${notExpanded} route block(s) not expanded (local checks only)` : '';
    err(
      `${checked} file(s) checked: ${counts.error} error(s), ${counts.warning} ` +
        `warning(s), ${counts.information + counts.hint} note(s)${unexpanded}`,
    );
  }
  const tooManyWarnings = options.maxWarnings !== undefined && counts.warning > options.maxWarnings;
  if (tooManyWarnings) err(`icao-route: ${counts.warning} warning(s), more than --max-warnings ${options.maxWarnings}`);
  if (problems.length > 0 || failures.length > 0) return 2;
  return counts.error > 0 || tooManyWarnings ? 1 : 0;
}

function isNotExpanded(expansion: unknown): boolean {
  return typeof expansion === 'object' && expansion !== null && 'notExpanded' in expansion;
}

/** Whether the command line asks for JSON, read even when it is otherwise wrong. */
function wantsJson(args: string[]): boolean {
  return args.some((a, i) => a === '--format=json' || (a === '--format' && args[i + 1] === 'json'));
}

/**
 * What became of stdout. The reader may close the pipe (`check … | head`): nothing more is
 * written, the check goes on, and the exit code is still the findings' (a CI step with
 * `pipefail` must fail on errors). Any other write error (a full disk) ends the run with one
 * line and exit code 2, never a stack trace or 1, which means "findings".
 */
const stdoutState = { readerGone: false };
let readerGone: () => void = () => {};
const readerGoneOnce = new Promise<void>((resolve) => (readerGone = resolve));

function watchStdout(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      stdoutState.readerGone = true;
      readerGone();
      return;
    }
    process.stderr.write(`icao-route: cannot write the output: ${error.message}\n`);
    process.exit(2);
  });
}

/**
 * Lines to stdout, gathered into large writes; when the pipe is full the next line waits for
 * it to drain, so huge outputs stream instead of piling up in memory.
 */
function stdoutSink(): { sink: LineSink; flush: () => Promise<void> } {
  let pending: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    size = 0;
    if (stdoutState.readerGone) return;
    if (!process.stdout.write(chunk)) await Promise.race([once(process.stdout, 'drain'), readerGoneOnce]);
  };
  const sink: LineSink = (line) => {
    if (stdoutState.readerGone) return;
    pending.push(line, '\n');
    size += line.length + 1;
    if (size >= 1 << 16) return flush();
  };
  return { sink, flush };
}

async function main(): Promise<void> {
  watchStdout();
  const { sink: out, flush } = stdoutSink();
  const err = (s: string) => process.stderr.write(`${s}\n`);
  const args = process.argv.slice(2);
  let code: number;
  try {
    const parsed = parseArguments(args);
    if (parsed === 'help') {
      await out(USAGE);
      code = 0;
    } else if (parsed === 'version') {
      await out(packageJson.version);
      code = 0;
    } else {
      code = await runCheck(parsed, out, err);
    }
  } catch (error) {
    const failure = failureOf(error);
    // A JSON consumer gets a document even when the command line is wrong.
    if (wantsJson(args)) {
      const json = new JsonReportWriter(out, packageJson.version);
      await json.end({
        unreadable: [],
        files: 0,
        counts: NO_FINDINGS(),
        error: { kind: failure.usage ? 'usage' : 'failure', message: failure.message },
      });
    }
    err(`icao-route: ${printable(failure.message)}`);
    if (failure.usage) err('try: node dist/cli.js --help');
    code = 2;
  }
  await flush();
  // Let stdout drain before exiting (large JSON through a pipe).
  process.exitCode = code;
}

// main() answers every failure itself (exit code 2, one line); should writing that answer fail
// too, the run still ends the same way rather than as an unhandled rejection's stack trace.
main().catch((error: unknown) => {
  process.stderr.write(`icao-route: ${printable(failureOf(error).message)}\n`);
  process.exitCode = 2;
});
