/**
 * The debounce of diagnostics: the wait before a publication is at least what the document's
 * last publication after its open cost, so that queued edits arrive first; the open's own cost
 * (the whole text parsed) is no such measure, and a keystroke typed as soon as the open's
 * diagnostics arrive must not wait for it. Timers are node's mocked ones, the clock the test's.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { DiagnosticsScheduler } from '../../../server/src/lsp/diagnosticsScheduler';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

/** A scheduler whose publications cost `costs[n]` ms of its clock, the n-th one. */
function scheduler(debounceMs: number, costs: number[]): { scheduler: DiagnosticsScheduler; published: number[] } {
  let clock = 0;
  const published: number[] = [];
  const s = new DiagnosticsScheduler(
    () => debounceMs,
    () => {
      clock += costs[published.length] ?? 0;
      published.push(clock);
    },
    () => clock,
  );
  return { scheduler: s, published };
}

test('the open publishes at once, and its cost does not delay the first keystroke', () => {
  const { scheduler: s, published } = scheduler(0, [600, 2, 2]);
  s.schedule('a');
  mock.timers.tick(0);
  assert.equal(published.length, 1, 'the open publishes without waiting');
  s.schedule('a');
  mock.timers.tick(0);
  assert.equal(published.length, 2, 'the first keystroke waits the debounce only, not the 600 ms the open took');
  s.dispose();
});

test('an edit waits at least as long as the last publication after the open took', () => {
  const { scheduler: s, published } = scheduler(10, [600, 50, 2]);
  s.schedule('a');
  mock.timers.tick(0);
  s.schedule('a');
  mock.timers.tick(10);
  assert.equal(published.length, 2, 'the debounce after the open');
  // That publication cost 50 ms: the next waits 50, not the debounce's 10.
  s.schedule('a');
  mock.timers.tick(49);
  assert.equal(published.length, 2);
  mock.timers.tick(1);
  assert.equal(published.length, 3);
  s.dispose();
});

test('a document closed and opened again publishes at once', () => {
  const { scheduler: s, published } = scheduler(100, [5, 5, 5]);
  s.schedule('a');
  mock.timers.tick(0);
  s.forget('a');
  s.schedule('a');
  mock.timers.tick(0);
  assert.equal(published.length, 2);
  s.dispose();
});
