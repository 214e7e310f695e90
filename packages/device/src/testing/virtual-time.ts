// Runs async work on a ManualClock as if time passed: whenever everything that can run has run,
// the clock jumps to the next timer. Flashes that take seconds of board time finish in a blink,
// and every timing (1 ms USB frames, 1000 ms timeouts, erase times) stays exact. Node only.

import type { ManualClock } from '@blockyard/core';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runOnVirtualTime<T>(clock: ManualClock, work: Promise<T>, limitMs = 30 * 60_000): Promise<T> {
  let settled = false;
  work.then(
    () => (settled = true),
    () => (settled = true),
  );
  const limit = clock.now() + limitMs;
  while (!settled) {
    await turn();
    if (settled) break;
    const next = clock.nextDue();
    if (next === null) {
      await turn();
      if (!settled && clock.nextDue() === null)
        throw new Error('virtual time: the work waits for nothing that is scheduled');
      continue;
    }
    if (next > limit) throw new Error(`virtual time: still not done after ${limitMs} ms`);
    clock.advanceTo(next);
  }
  return work;
}
