/** The one assertion of a failed client call: it rejects with a ServiceError of the expected kind. */
import assert from 'node:assert/strict';
import { ServiceError, type ServiceErrorKind } from '../../../server/src/hub/errors';

export async function expectServiceError(promise: Promise<unknown>, kind: ServiceErrorKind): Promise<ServiceError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(
      err instanceof ServiceError,
      `expected a ServiceError, got ${err instanceof Error ? err.stack : String(err)}`,
    );
    assert.equal(err.kind, kind, `expected kind ${kind}, got ${err.kind}: ${err.message}`);
    return err;
  }
  assert.fail(`expected a ${kind} error`);
}
