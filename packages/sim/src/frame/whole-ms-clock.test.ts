import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { WholeMillisecondClock } from './whole-ms-clock.ts';

describe('WholeMillisecondClock', () => {
  it('reads whole milliseconds and passes timers through', () => {
    const inner = new ManualClock(10.75);
    const clock = new WholeMillisecondClock(inner);
    expect(clock.now()).toBe(10);
    let fired = 0;
    const handle = clock.setInterval(() => fired++, 5);
    inner.advance(10);
    expect(fired).toBe(2);
    clock.clear(handle);
    clock.setTimeout(() => fired++, 1);
    inner.advance(1);
    expect(fired).toBe(3);
    expect(clock.now()).toBe(21);
  });
});
