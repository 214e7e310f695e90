// The micro:bit counts time in whole milliseconds (input.runningTime, control.millis); a
// browser's performance clock has fractions. The frame runs boards on this wrapper so programs
// see the device's whole numbers, while timers still come from the real clock underneath.

import type { Clock, TimerHandle } from '@blockyard/core';

export class WholeMillisecondClock implements Clock {
  constructor(private readonly inner: Clock) {}

  now(): number {
    return Math.floor(this.inner.now());
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    return this.inner.setTimeout(callback, delayMs);
  }

  setInterval(callback: () => void, intervalMs: number): TimerHandle {
    return this.inner.setInterval(callback, intervalMs);
  }

  clear(handle: TimerHandle): void {
    this.inner.clear(handle);
  }
}
