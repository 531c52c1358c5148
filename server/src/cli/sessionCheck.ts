/**
 * The checker with the session's document pipeline, as in the editor, so both say the same about
 * the same route (`session.documents.check`): route expansion by the hub when --hub is given (its
 * key from HUB_USER_KEY only, never an argument: arguments show in process lists), else the
 * navigation data of --navdata (with both, the navigation data names the candidates of an
 * ambiguous first fix, which the hub does not); the flight conflicts on the hub's areas; the
 * airline reference of --reference. A configuration a source refuses, or navigation data that
 * cannot be read, ends the run before any file.
 *
 * Bundled apart as dist/cli-session.js (see checkOptions.ts): the plain check starts without the
 * session, the navigation data reader and the HTTP client. Each file is parsed here, by this
 * bundle's parser, because the pipeline knows the blocks by their class.
 */
import { parseRouteDocument } from '../route';
import { allFindings } from '../services/documentDiagnostics';
import { LineIndex } from '../route/ranges';
import { loadNavDatabase, NavDataError } from '../navdata/loader';
import { RouteSession } from '../session/routeSession';
import { CliFailure, type CheckOptions, type SessionChecker } from './checkOptions';
import { blockReport } from './stream';
import { parsedDocument } from '../services/parsedDocument';

/** Reference credentials from the environment only (arguments show in process lists). */
function referenceCredentials(options: CheckOptions, env: NodeJS.ProcessEnv): { appId: string; appKey: string } | null {
  if (!options.reference) return null;
  const appId = env.REFERENCE_APP_ID?.trim();
  const appKey = env.REFERENCE_APP_KEY?.trim();
  if (!appId || !appKey)
    throw new CliFailure(
      '--reference needs the environment variables REFERENCE_APP_ID and REFERENCE_APP_KEY (never on the command line)',
    );
  return { appId, appKey };
}

/** Sources whose failure during the run leaves findings out: each one line and exit code 2. */
const CHECKED_SOURCES = ['airspaces', 'notams', 'reference'] as const;

export async function openSessionChecker(options: CheckOptions, env: NodeJS.ProcessEnv): Promise<SessionChecker> {
  const hubUserKey = options.hub ? env.HUB_USER_KEY?.trim() : undefined;
  if (options.hub && !hubUserKey)
    throw new CliFailure(
      '--hub needs the hub key in the environment variable HUB_USER_KEY (never on the command line)',
    );
  const reference = referenceCredentials(options, env);
  const prefix = options.hub ? 'hub: ' : '';
  const session = new RouteSession({}, { retryMs: 0, loadNavdata: (folder) => loadNavDatabase(folder) });
  session.configure(
    {
      hub: options.hub ? { baseUrl: options.hub } : {},
      reference: options.reference ? { baseUrl: options.reference } : {},
      navdataFolder: options.navdata ?? '',
      semicircular: options.semicircular ?? 'icao',
      ...(options.firBoundariesFile ? { firBoundariesFile: options.firBoundariesFile } : {}),
      conflicts: options.departureMs === undefined ? {} : { departureMs: options.departureMs },
    },
    { hubUserKey: hubUserKey ?? null, reference },
  );
  if (options.reference && session.statuses.get('reference').state === 'degraded') {
    await session.dispose();
    throw new CliFailure(`reference: ${session.statuses.get('reference').message}`);
  }
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
      throw new CliFailure(
        cause instanceof NavDataError
          ? cause.message
          : `navigation data: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
    }
  }
  let failure: string | undefined;
  return {
    async check(file, text) {
      const document = parseRouteDocument(text);
      const findings = allFindings(document);
      const blocks = document.blocks.map(blockReport);
      const lines = new LineIndex(text);
      const checked = await session.documents.check(parsedDocument(file, 1, document, lines));
      findings.push(...checked.findings);
      const expansion = checked.expansion;
      if (expansion) {
        const index = new Map(document.blocks.map((block, i) => [block, i]));
        for (const { block, result, notExpanded } of expansion.blocks) {
          const facts = blocks[index.get(block) ?? -1];
          if (facts)
            facts.expansion = result
              ? { source: expansion.source, ...result }
              : { source: expansion.source, notExpanded };
        }
        if (expansion.failure && !failure)
          failure = `${prefix}${expansion.failure.message.replace(/ Local checks continue\.$/, '')}`;
      }
      // The airspaces, NOTAMs or airline list that failed: findings of that source are missing.
      const failed = CHECKED_SOURCES.map((name) => session.statuses.get(name)).find(
        (status) => status.state === 'offline' || status.state === 'degraded',
      );
      if (failed && !failure) failure = failed.message.replace(/ Local checks continue\.$/, '');
      return { findings, blocks };
    },
    failure: () => failure,
    close: () => session.dispose(),
  };
}
