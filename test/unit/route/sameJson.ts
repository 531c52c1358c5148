import assert from 'node:assert/strict';

/**
 * The verdict and message of
 * `assert.deepEqual(JSON.parse(JSON.stringify(actual)), JSON.parse(JSON.stringify(expected)))`
 * at a fraction of its cost on whole documents: the same JSON text settles it; only two texts
 * that differ are parsed and compared (where key order alone may differ).
 */
export function assertSameJson(actual: unknown, expected: unknown, message?: string): void {
  const actualJson = JSON.stringify(actual);
  const expectedJson = JSON.stringify(expected);
  if (actualJson === expectedJson) return;
  assert.deepEqual(JSON.parse(actualJson), JSON.parse(expectedJson), message);
}
