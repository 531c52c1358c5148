/**
 * Long reading of a service answer as steps, one per turn of the event loop, so that a hover
 * sent meanwhile is answered (the map's work does the same: map/steps.ts). A step costs a few
 * milliseconds at most; an aborted signal stops between two steps.
 */
import { ServiceError } from './errors';

/** Runs `step` until it returns false, yielding to the event loop between two calls. */
export async function yieldingLoop(step: () => boolean, signal?: AbortSignal): Promise<void> {
  while (step()) {
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw new ServiceError('cancelled', 'The reading of the answer was cancelled.');
  }
}
