/**
 * `check --hub <base-url>`: every route block is expanded by the hub's route expansion and the
 * findings (names the hub does not know or left out, an ambiguous first fix) join the local
 * ones. The key comes from the environment variable HUB_USER_KEY only, never from an argument
 * (arguments show in process lists). A service failure ends the run with one clear line.
 */
import type { RouteDiagnostic, RouteDocument } from '../route/model';
import type { HubSettings } from './config';
import { expandBlockAtHub } from './expansionMapping';
import { HubClient } from './hubClient';

/** The part of the checker's file report this enricher reads and fills. */
export interface HubReport {
  document: RouteDocument;
  findings: RouteDiagnostic[];
  blocks: { expansion?: unknown }[];
}

export interface HubEnricher {
  enrich(report: HubReport): Promise<void>;
  close(): Promise<void>;
}

/**
 * `fail` makes the checker's own failure (exit code 2, one line); `env` is process.env.
 * Configuration problems (no key, a plain-http remote URL) fail at once, before any file.
 */
export function createHubEnricher(baseUrl: string, env: NodeJS.ProcessEnv, fail: (message: string) => Error, settings: Partial<HubSettings> = {}): HubEnricher {
  const userKey = env.HUB_USER_KEY?.trim();
  if (!userKey) throw fail('--hub needs the hub key in the environment variable HUB_USER_KEY (never on the command line)');
  const failure = (error: unknown): Error => fail(`hub: ${error instanceof Error ? error.message : String(error)}`);
  let hub: HubClient;
  try {
    hub = new HubClient({ ...settings, baseUrl }, { userKey });
  } catch (error) {
    throw failure(error);
  }
  return {
    async enrich(report) {
      await Promise.all(
        report.document.blocks.map(async (block, i) => {
          if (!block.routeText.trim()) return;
          // A route text the hub rejects is finding H004 of that block; any other failure ends the run.
          const result = await expandBlockAtHub(hub, block).catch((error: unknown) => {
            throw failure(error);
          });
          report.findings.push(...result.findings);
          const facts = report.blocks[i];
          if (facts) facts.expansion = { source: 'hub', ...result };
        }),
      );
    },
    close: () => hub.close(),
  };
}
