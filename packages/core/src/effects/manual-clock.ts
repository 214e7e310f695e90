import type { Clock, TimerHandle } from './clock.ts';

interface Timer {
  handle: TimerHandle;
  due: number;
  interval: number | null;
  callback: () => void;
  /** Insertion order, so timers due at the same moment fire in the order they were set. */
  order: number;
}

/** The in-memory Clock: time moves only when a test (or the headless runner) advances it. */
export class ManualClock implements Clock {
  private time: number;
  private nextHandle = 1;
  private nextOrder = 0;
  private readonly timers = new Map<TimerHandle, Timer>();

  constructor(startMs = 0) {
    this.time = startMs;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    return this.add(callback, delayMs, null);
  }

  setInterval(callback: () => void, intervalMs: number): TimerHandle {
    return this.add(callback, intervalMs, Math.max(1, intervalMs));
  }

  clear(handle: TimerHandle): void {
    this.timers.delete(handle);
  }

  /** Number of timers still waiting. */
  get pending(): number {
    return this.timers.size;
  }

  /** The time the next timer is due, or null when none waits. */
  nextDue(): number | null {
    const next = this.earliest();
    return next ? next.due : null;
  }

  /**
   * Moves time forward by `ms` as a computer that sleeps (lid closed) does: nothing fires on the
   * way; afterwards every overdue timer is due at once and fires on the next advance, intervals
   * once, not once per missed period.
   */
  sleep(ms: number): void {
    this.time += ms;
    for (const timer of this.timers.values()) timer.due = Math.max(timer.due, this.time);
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    this.advanceTo(this.time + ms);
  }

  advanceTo(target: number): void {
    for (;;) {
      const next = this.earliest();
      if (!next || next.due > target) break;
      this.time = Math.max(this.time, next.due);
      if (next.interval === null) this.timers.delete(next.handle);
      else {
        next.due += next.interval;
        next.order = this.nextOrder++;
      }
      next.callback();
    }
    this.time = Math.max(this.time, target);
  }

  private add(callback: () => void, delayMs: number, interval: number | null): TimerHandle {
    const handle = this.nextHandle++;
    const due = this.time + Math.max(0, Number.isFinite(delayMs) ? delayMs : 0);
    this.timers.set(handle, { handle, due, interval, callback, order: this.nextOrder++ });
    return handle;
  }

  private earliest(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers.values()) {
      if (!best || timer.due < best.due || (timer.due === best.due && timer.order < best.order)) best = timer;
    }
    return best;
  }
}
