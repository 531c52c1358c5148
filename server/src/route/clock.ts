/**
 * The time the checks take as "now" (a DOF/ in the past). Unset, no check depends on the date, so
 * a parse is a function of its text alone; the session sets it to the wall clock, tests to a
 * fixed date.
 */
let clock: (() => number) | undefined;

export function setReferenceClock(now: (() => number) | undefined): void {
  clock = now;
}

/** Unsets the clock if it is still `now` (a session that ends takes back the clock it set). */
export function releaseReferenceClock(now: () => number): void {
  if (clock === now) clock = undefined;
}

/** Milliseconds since the epoch, or undefined when no clock is set. */
export function referenceNow(): number | undefined {
  return clock?.();
}
