import { describe, expect, it } from 'vitest';
import { ManualClock } from '../effects/manual-clock.ts';
import { runCooperatively, schedulerFromClock } from './cooperative.ts';

describe('cooperative work', () => {
  it('yields through the injected clock only when a slice has run its time', async () => {
    const clock = new ManualClock();
    const scheduler = schedulerFromClock(clock);
    let steps = 0;
    let finished = false;
    const done = runCooperatively(
      () => {
        steps++;
        clock.advanceTo(clock.now() + 70); // each step "takes" 70 ms
        return steps === 10;
      },
      { scheduler, sliceMs: 200 },
    ).then(() => {
      finished = true;
    });
    // The first slice ends after three steps (210 ms) and waits for a zero-delay timer.
    await Promise.resolve();
    expect(steps).toBe(3);
    expect(clock.pending).toBe(1);
    let yields = 0;
    while (!finished) {
      if (clock.pending > 0) yields++;
      clock.advance(0);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await done;
    expect(steps).toBe(10);
    expect(yields).toBe(3); // after steps 3, 6 and 9
  });

  it('runs straight through without a scheduler', async () => {
    let steps = 0;
    await runCooperatively(() => ++steps === 5);
    expect(steps).toBe(5);
  });
});
