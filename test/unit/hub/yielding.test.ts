/**
 * The readers' loops share one budget per turn of the event loop (issue 35, item 1): six answers
 * read at once must not make each turn six steps long, or a hover waits seconds on a loaded machine.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { ServiceError } from '../../../server/src/hub/errors';
import { TURN_BUDGET_MS, yieldingLoop } from '../../../server/src/hub/yielding';

/** Counts turns of the event loop while `work` runs; `turn()` says which one this is. */
async function counting<T>(work: (turn: () => number) => Promise<T>): Promise<T> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await work(() => turns);
  } finally {
    running = false;
  }
}

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

test('steps longer than the budget: one step of all the loops per turn, each loop in its turn', async () => {
  const ran: { loop: number; turn: number }[] = [];
  await counting((turn) =>
    Promise.all(
      [0, 1, 2].map((loop) => {
        let left = 4;
        return yieldingLoop(() => {
          ran.push({ loop, turn: turn() });
          busy(TURN_BUDGET_MS + 2);
          return --left > 0;
        });
      }),
    ),
  );
  assert.equal(ran.length, 12, 'every step of every loop ran');
  // The first step of each runs when the loop starts; every later one in a turn of its own.
  const later = ran.slice(3);
  assert.equal(new Set(later.map((r) => r.turn)).size, later.length, 'no two steps in one turn');
  assert.deepEqual(
    later.map((r) => r.loop),
    [0, 1, 2, 0, 1, 2, 0, 1, 2],
    'the loops take turns, oldest first',
  );
});

test('short steps: several loops in one turn, but never two steps of one loop', async () => {
  const ran: { loop: number; turn: number }[] = [];
  await counting((turn) =>
    Promise.all(
      [0, 1, 2].map((loop) => {
        let left = 50;
        return yieldingLoop(() => {
          ran.push({ loop, turn: turn() });
          return --left > 0;
        });
      }),
    ),
  );
  for (const loop of [0, 1, 2]) {
    const turns = ran.filter((r) => r.loop === loop).map((r) => r.turn);
    assert.equal(new Set(turns).size, turns.length, `loop ${loop} ran one step per turn`);
  }
});

test('a step that throws rejects its loop only; an aborted signal stops between two steps', async () => {
  let other = 0;
  const failing = yieldingLoop(() => {
    throw new Error('bad answer');
  });
  const fine = yieldingLoop(() => ++other < 5);
  await assert.rejects(failing, /bad answer/);
  await fine;
  assert.equal(other, 5);
  const controller = new AbortController();
  let steps = 0;
  const stopped = yieldingLoop(() => {
    steps++;
    controller.abort();
    return true;
  }, controller.signal);
  await assert.rejects(stopped, (error: unknown) => error instanceof ServiceError && error.kind === 'cancelled');
  assert.equal(steps, 1);
});
