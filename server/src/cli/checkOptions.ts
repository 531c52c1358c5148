/**
 * What the checker's two bundles share (see cli.ts): its options, its failure, and the checker
 * of the sources beyond the parser. dist/cli.js runs the plain check; dist/cli-session.js, loaded
 * only when an option asks for a session, brings the route session (navigation data, the hub's
 * HTTP client) that the plain check never needs at start-up.
 */
import type { SemicircularRule } from '../expansion/cruisingLevelFindings';
import type { RouteDiagnostic } from '../route';
import type { BlockReport } from './stream';

export interface CheckOptions {
  format: 'text' | 'json';
  paths: string[];
  /** Base URL of the hub whose route expansion adds findings (key from HUB_USER_KEY). */
  hub?: string;
  /** Folder of X-Plane / FlightGear navigation data for offline route expansion. */
  navdata?: string;
  /** Base URL of the airline reference whose list checks FPL operators (appId/appKey from the environment). */
  reference?: string;
  /** When plain route text is flown, for the flight conflicts (ms since the epoch); absent: now. */
  departureMs?: number;
  /** `icaoRoute.map.firBoundariesFile`: FIR outlines for EET/ where the hub gives none, or without the hub. */
  firBoundariesFile?: string;
  /** `icaoRoute.levels.semicircular`: the table of cruising levels by magnetic track (X014); default icao. */
  semicircular?: SemicircularRule;
  /** More warnings than this make exit code 1 (as eslint's --max-warnings); absent: no limit. */
  maxWarnings?: number;
}

/** A failure that ends the run with exit code 2 and one line on stderr. */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';
  constructor(
    message: string,
    /** A mistake on the command line: the help hint follows the message. */
    readonly usage = false,
  ) {
    super(message);
  }
}

/**
 * Whether `error` is a CliFailure, also one made by the other bundle (each has its own copy of
 * the class, so `instanceof` would not tell).
 */
export function isCliFailure(error: unknown): error is CliFailure {
  return error instanceof Error && error.name === 'CliFailure' && typeof (error as CliFailure).usage === 'boolean';
}

/** One file checked with every source: its findings (unsorted) and its blocks' facts. */
export interface CheckedFile {
  findings: RouteDiagnostic[];
  blocks: BlockReport[];
}

/** The check with the session's sources (expansion, flight conflicts, airline reference). */
export interface SessionChecker {
  /** One file's text; a CliFailure ends the run. Plain data only crosses between the bundles. */
  check(file: string, text: string): Promise<CheckedFile>;
  /** A failure after which the run went on without that source's part (exit code 2). */
  failure(): string | undefined;
  close(): Promise<void>;
}
