/**
 * The hub simulator of one test file and the built language servers pointed at it: the set-up most
 * hub-backed protocol tests share. `hubForFile()` starts the simulator before the file's tests and,
 * after them, stops every server started through it and closes the simulator.
 */
import { after, before } from 'node:test';
import { SET_HUB_KEY_NOTIFICATION } from '../../../common/protocol/lspMessages';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { ServerUnderTest } from './server';

export interface HubServerOptions {
  /** The hub key sent as from SecretStorage; null sends none. Default 'demo'. */
  key?: string | null;
  /** Where the key is said to come from. Default 'secretStorage'. */
  keySource?: 'secretStorage' | 'environment';
  /** Waits for the expansion status saying the hub expands (with a key). Default true. */
  awaitHub?: boolean;
  /** icaoRoute.hub.timeoutSeconds. Default 10. */
  timeoutSeconds?: number;
  /** More icaoRoute settings, merged over `diagnostics: { debounceMs: 0 }` and `hub`. */
  icaoRoute?: Record<string, unknown>;
}

export interface HubForFile {
  /** The simulator, once started (by the file's `before` hooks or a `simulator()` call). */
  readonly sim: HubSimulator;
  /**
   * Starts the simulator or gives the one started. Node runs a file's top-level `before` hooks
   * side by side, so a hook of the file that needs it awaits this rather than reading `sim`.
   */
  simulator(): Promise<HubSimulator>;
  /** A server on the simulator, stopped after the file's tests. */
  start(options?: HubServerOptions): Promise<ServerUnderTest>;
  /**
   * One server per `name` for the file, started by the first test that asks: for tests that only
   * open documents of their own, so that none depends on another having run.
   */
  shared(name: string, options?: HubServerOptions): Promise<ServerUnderTest>;
}

export function hubForFile(): HubForFile {
  let sim: HubSimulator | undefined;
  let starting: Promise<HubSimulator> | undefined;
  const servers: Promise<ServerUnderTest>[] = [];
  const byName = new Map<string, Promise<ServerUnderTest>>();
  const hub: HubForFile = {
    get sim(): HubSimulator {
      if (!sim) throw new Error('the hub simulator is not started yet: await simulator()');
      return sim;
    },
    simulator() {
      starting ??= startHubSimulator({ port: 0, quiet: true }).then((started) => (sim = started));
      return starting;
    },
    start(options = {}) {
      const started = hub.simulator().then((ready) => startServerWithHub(ready, options));
      servers.push(started);
      return started;
    },
    shared(name, options = {}) {
      let started = byName.get(name);
      if (!started) {
        started = hub.start(options);
        byName.set(name, started);
      }
      return started;
    },
  };
  // Registered once `hub` exists: Node may run a top-level hook as soon as it is registered.
  before(() => hub.simulator());
  after(async () => {
    for (const started of await Promise.allSettled(servers)) {
      if (started.status === 'fulfilled') await started.value.stop();
    }
    if (starting) await (await starting).close();
  });
  return hub;
}

/** The built server with `sim` as its hub (debounce 0), given the key (default 'demo'). */
export async function startServerWithHub(sim: HubSimulator, options: HubServerOptions = {}): Promise<ServerUnderTest> {
  const server = await ServerUnderTest.start({
    initializationOptions: {
      icaoRoute: {
        diagnostics: { debounceMs: 0 },
        hub: { baseUrl: sim.url, timeoutSeconds: options.timeoutSeconds ?? 10 },
        ...options.icaoRoute,
      },
    },
  });
  const key = options.key === undefined ? 'demo' : options.key;
  if (key !== null) {
    await server.notify(SET_HUB_KEY_NOTIFICATION, { userKey: key, source: options.keySource ?? 'secretStorage' });
    if (options.awaitHub ?? true) await server.expansionStatus((s) => s.state === 'ok' && s.source === 'hub');
  }
  return server;
}
