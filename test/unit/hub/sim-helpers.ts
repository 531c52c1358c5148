/** Shared set-up for the tests against helper S's hub simulator (real HTTP on 127.0.0.1). */
import assert from 'node:assert/strict';
import { startHubSimulator, type HubSimulator } from '../../hub-sim/server';
import { HubError, type HubErrorKind } from '../../../server/src/hub/errors';

export async function startSim(): Promise<HubSimulator> {
  return startHubSimulator({ port: 0, quiet: true });
}

export async function expectHubError(promise: Promise<unknown>, kind: HubErrorKind): Promise<HubError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof HubError, `expected a HubError, got ${err instanceof Error ? err.stack : String(err)}`);
    assert.equal(err.kind, kind, `expected kind ${kind}, got ${err.kind}: ${err.message}`);
    return err;
  }
  assert.fail(`expected a ${kind} error`);
}

/** The requests the simulator logged for one endpoint id. */
export function logged(sim: HubSimulator, endpoint?: string) {
  return sim.requests.list().filter((r) => endpoint === undefined || r.endpoint === endpoint);
}
