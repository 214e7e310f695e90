import type { Clock } from '../effects/clock.ts';

/**
 * How long-running pure work gives the host a breath: `now()` measures the slice and `yield()`
 * lets the event loop run (the UI paints, input is handled). Injected, so pure code never calls
 * setTimeout itself and tests can count yields.
 */
export interface Scheduler {
  now(): number;
  yield(): Promise<void>;
}

/** Spec 000 §9: compression work yields about every 200 ms. */
const DEFAULT_SLICE_MS = 200;

/** A Scheduler on top of an injected Clock: yielding is a zero-delay timer on that clock. */
export function schedulerFromClock(clock: Clock): Scheduler {
  return {
    now: () => clock.now(),
    yield: () =>
      new Promise<void>((resolve) => {
        clock.setTimeout(resolve, 0);
      }),
  };
}

export interface CooperativeOptions {
  scheduler?: Scheduler;
  /** Longest stretch of work between yields, in the scheduler's milliseconds. */
  sliceMs?: number;
}

/**
 * Runs `step` (which does a bounded amount of work and returns true when done) until it finishes,
 * yielding to the scheduler whenever a slice has lasted `sliceMs`. Without a scheduler it simply
 * runs to the end.
 */
export async function runCooperatively(step: () => boolean, options: CooperativeOptions = {}): Promise<void> {
  const { scheduler } = options;
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  let sliceStart = scheduler ? scheduler.now() : 0;
  while (!step()) {
    if (scheduler && scheduler.now() - sliceStart >= sliceMs) {
      await scheduler.yield();
      sliceStart = scheduler.now();
    }
  }
}
