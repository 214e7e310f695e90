// One time line for every serial source. Simulated boards stamp their lines in their worker,
// real boards' lines are stamped in the page, and each context's monotonic clock
// (performance.now()) counts from that context's own start. Adding the context's time origin
// (performance.timeOrigin, ms since the Unix epoch) puts them all on the same clock, so a chart
// with a simulated and a real board shows one instant at one time.
import type { Clock } from '@blockyard/core';

/** Stamps for serial entries: ms since the Unix epoch, from a clock whose 0 is `timeOrigin`. */
export function serialClock(clock: Pick<Clock, 'now'>, timeOrigin: number): () => number {
  return () => timeOrigin + clock.now();
}
