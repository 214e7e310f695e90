// The wall clock as a Clock, for tests that drive code using real timers (the Foundation's
// library). Node only; the web app uses @blockyard/platform's SystemClock.

import type { Clock, TimerHandle } from '@blockyard/core';

export class RealClock implements Clock {
  private readonly timers = new Map<TimerHandle, ReturnType<typeof setTimeout>>();
  private next = 1;

  now(): number {
    return performance.now();
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const handle = this.next++;
    this.timers.set(
      handle,
      setTimeout(() => {
        this.timers.delete(handle);
        callback();
      }, delayMs),
    );
    return handle;
  }

  setInterval(callback: () => void, intervalMs: number): TimerHandle {
    const handle = this.next++;
    this.timers.set(handle, setInterval(callback, intervalMs));
    return handle;
  }

  clear(handle: TimerHandle): void {
    const timer = this.timers.get(handle);
    if (timer !== undefined) {
      clearTimeout(timer);
      clearInterval(timer);
    }
    this.timers.delete(handle);
  }
}
