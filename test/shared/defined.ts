/**
 * A test's expectation that an index or a lookup holds a value, said once: the value, typed
 * without `undefined`, or a failed assertion naming what was missing (rather than a TypeError on
 * the next line, or a `!` that hides it).
 */
import assert from 'node:assert/strict';

/** `value`, or a failed test saying `what` was missing. */
export function defined<T>(value: T | null | undefined, what = 'a value'): T {
  assert.ok(value !== undefined && value !== null, `expected ${what}, got ${String(value)}`);
  return value;
}
