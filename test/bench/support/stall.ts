/**
 * The longest the event loop was held while `work` ran, as process CPU time (ms) between two
 * turns of a probe that re-arms itself with setImmediate, as a hover would wait. CPU time, like
 * the benches' other figures: on a shared machine the wall clock mostly counts other processes.
 */
export async function longestStallMs(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = process.cpuUsage();
  let running = true;
  const probe = () => {
    const used = process.cpuUsage(last);
    longest = Math.max(longest, (used.user + used.system) / 1000);
    last = process.cpuUsage();
    if (running) setImmediate(probe);
  };
  setImmediate(probe);
  await work();
  running = false;
  await new Promise((resolve) => setImmediate(resolve));
  return longest;
}
