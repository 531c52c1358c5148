/**
 * Long reading of a service answer as steps, one per turn of the event loop, so that a hover
 * sent meanwhile is answered (the map's work does the same: map/steps.ts). A step costs a few
 * milliseconds at most; an aborted signal stops between two steps.
 *
 * The loops share one budget per turn: a lookup reads several answers at once (the three lists
 * of the routes filed by others and the live flight's: six 30 MB answers in the hostile case),
 * and a step of each in every turn made turns of 150 ms of CPU and hovers of 2-3 s on a loaded
 * machine. One immediate per turn runs the steps waiting when it starts, oldest first, until
 * TURN_BUDGET_MS are spent (at least one runs); the others run first in the next turn.
 */
import { performance } from 'node:perf_hooks';
import { ServiceError } from './errors';

/** Milliseconds of steps run in one turn of the event loop, across all loops (one step runs in any case). */
export const TURN_BUDGET_MS = 10;

/** The next step of each loop that waits for a turn, oldest first. */
const waiting: (() => void)[] = [];
let queued = false;

function runTurn(): void {
  queued = false;
  const started = performance.now();
  // Only the steps waiting now: a loop's next step waits for the next turn.
  let left = waiting.length;
  do {
    waiting.shift()!();
    left--;
  } while (left > 0 && performance.now() - started < TURN_BUDGET_MS);
  if (waiting.length > 0) queueTurn();
}

function queueTurn(): void {
  if (queued) return;
  queued = true;
  setImmediate(runTurn);
}

/** Runs `step` until it returns false: the first at once, each next one in a later turn of the event loop. */
export function yieldingLoop(step: () => boolean, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const run = (first: boolean): void => {
      if (!first && signal?.aborted) {
        reject(new ServiceError('cancelled', 'The reading of the answer was cancelled.'));
        return;
      }
      let more: boolean;
      try {
        more = step();
      } catch (error) {
        reject(error as Error);
        return;
      }
      if (!more) {
        resolve();
        return;
      }
      waiting.push(() => run(false));
      queueTurn();
    };
    run(true);
  });
}
