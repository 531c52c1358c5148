import type { HubSimulator } from '../hub-sim/server';

/**
 * The simulator expands routes on the committed navigation data fixture (test/fixtures/navdata).
 * When that fixture does not load, the test fails with the loader's reason: a loader regression
 * must not pass as a skipped test.
 */
export function requireRouteExpansion(sim: Pick<HubSimulator, 'routeExpansionUnavailable'>): void {
  if (sim.routeExpansionUnavailable)
    throw new Error(`the committed navdata fixture must load: ${sim.routeExpansionUnavailable}`);
}
