/** Shared set-up for the tests against helper S's hub simulator (real HTTP on 127.0.0.1). */
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';

export async function startSim(): Promise<HubSimulator> {
  return startHubSimulator({ port: 0, quiet: true });
}

/** The requests the simulator logged for one endpoint id. */
export function logged(sim: HubSimulator, endpoint?: string) {
  return sim.requests.list().filter((r) => endpoint === undefined || r.endpoint === endpoint);
}
