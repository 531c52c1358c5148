/** The one assertion of a failed client call: it rejects with a HubError of the expected kind. */
import assert from 'node:assert/strict';
import { HubError, type HubErrorKind } from '../../../server/src/hub/errors';

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
