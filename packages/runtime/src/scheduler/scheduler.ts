// Cooperative scheduling of fibers over the injected Clock. A fiber runs until it yields a Wait
// (a sleep, a Waitable, or a preemption request from the budget check); then the next ready
// fiber runs. Ready fibers run in the order they became ready, so runs are deterministic.

import type { FiberName } from './block-name.ts';
import type { Clock, TimerHandle } from '@blockyard/core';
import { RuntimeError } from '../errors/runtime-error.ts';
import type { ExecContext } from '../exec/exec-context.ts';
import { PREEMPT, isGenerator, isWaitable, type Wait } from '../exec/wait.ts';
import { Fiber } from './fiber.ts';

export type FiberErrorHandler = (error: unknown, fiber: Fiber) => void;

export class Scheduler {
  private readonly ready: Fiber[] = [];
  private readonly live = new Set<Fiber>();
  private drainTimer: TimerHandle | undefined;
  private draining = false;
  private stopped = false;
  private pausedFlag = false;
  /** The fiber whose code is executing right now, if any. */
  current: Fiber | undefined;

  private readonly sliceWork: number;

  constructor(
    private readonly clock: Clock,
    private readonly exec: ExecContext,
    private readonly onError: FiberErrorHandler,
  ) {
    this.sliceWork = exec.limits.sliceMs * exec.limits.workUnitsPerMs;
  }

  /** Starts `start` on a new fiber at the next scheduling point. */
  spawn(name: FiberName, start: () => unknown): Fiber {
    const fiber = new Fiber(name, start);
    if (this.stopped) {
      fiber.state = 'killed';
      return fiber;
    }
    this.live.add(fiber);
    this.makeReady(fiber);
    return fiber;
  }

  /** Fibers that have not finished, for the debugger and tests. */
  get fibers(): readonly Fiber[] {
    return [...this.live];
  }

  get stoppedForGood(): boolean {
    return this.stopped;
  }

  get paused(): boolean {
    return this.pausedFlag;
  }

  /**
   * Debugger hook: no fiber runs until `resume`. Sleeps stop counting (spec 002 §4: breakpoints
   * pause scheduled timeouts and resume them later), so a fiber 300 ms into `pause(1000)` still
   * sleeps 700 ms after the resume; wake-ups from events that happen meanwhile wait in line.
   */
  pause(): void {
    if (this.pausedFlag || this.stopped) return;
    this.pausedFlag = true;
    const now = this.clock.now();
    for (const fiber of this.live) {
      if (fiber.timer === undefined) continue;
      this.clock.clear(fiber.timer);
      fiber.timer = undefined;
      fiber.sleepLeft = Math.max(0, fiber.wakeAt - now);
    }
  }

  resume(): void {
    if (!this.pausedFlag || this.stopped) return;
    this.pausedFlag = false;
    for (const fiber of this.live) {
      const left = fiber.sleepLeft;
      if (left === undefined) continue;
      fiber.sleepLeft = undefined;
      this.sleep(fiber, left, false);
    }
    if (this.ready.length > 0) this.scheduleDrain();
  }

  /** Stops every fiber and cancels every timer; nothing runs afterwards. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.drainTimer !== undefined) this.clock.clear(this.drainTimer);
    this.drainTimer = undefined;
    for (const fiber of this.live) {
      if (fiber.timer !== undefined) this.clock.clear(fiber.timer);
      fiber.cancelWait?.();
      fiber.state = 'killed';
    }
    this.live.clear();
    this.ready.length = 0;
  }

  private makeReady(fiber: Fiber): void {
    fiber.state = 'ready';
    this.ready.push(fiber);
    if (!this.draining) this.scheduleDrain();
  }

  private scheduleDrain(): void {
    if (this.drainTimer !== undefined || this.stopped) return;
    this.drainTimer = this.clock.setTimeout(() => {
      this.drainTimer = undefined;
      this.drain();
    }, 0);
  }

  /** Runs ready fibers until none is left (or the debugger paused, or the runtime stopped). */
  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      while (!this.stopped && !this.pausedFlag) {
        const fiber = this.ready.shift();
        if (!fiber) break;
        this.step(fiber);
      }
    } finally {
      this.draining = false;
    }
  }

  private step(fiber: Fiber): void {
    if (fiber.finished) return;
    const exec = this.exec;
    exec.beginSlice(fiber.depth, fiber.work);
    this.current = fiber;
    let done = false;
    let wait: Wait | undefined;
    try {
      if (!fiber.iterator) {
        const result = fiber.start();
        if (isGenerator(result)) fiber.iterator = result;
        else done = true;
      }
      if (!done && fiber.iterator) {
        const input = fiber.resumeValue;
        fiber.resumeValue = undefined;
        const next = fiber.iterator.next(input);
        if (next.done) done = true;
        else wait = next.value;
      }
    } catch (error) {
      this.current = undefined;
      this.live.delete(fiber);
      fiber.state = 'killed';
      this.onError(error, fiber);
      return;
    }
    this.current = undefined;
    fiber.depth = exec.depth;
    fiber.work = exec.work;
    if (done) {
      this.live.delete(fiber);
      fiber.finish();
      return;
    }
    this.park(fiber, wait);
  }

  private park(fiber: Fiber, wait: Wait | undefined): void {
    if (wait === PREEMPT) return this.sleep(fiber, this.exec.preemptDelay());
    if (typeof wait === 'number') {
      // pause(0), negative or NaN pauses: let the others run; busy loops of them still use up the slice.
      if (!(wait > 0)) {
        if (this.exec.chargeZeroYield()) return this.sleep(fiber, this.exec.preemptDelay());
        fiber.work = this.exec.work;
        return this.makeReady(fiber);
      }
      return this.sleep(fiber, wait);
    }
    if (isWaitable(wait)) {
      fiber.state = 'waiting';
      const parkedAt = this.clock.now();
      const carried = fiber.work + this.exec.limits.zeroYieldWorkUnits;
      let woken = false;
      fiber.cancelWait = wait.subscribe((value) => {
        if (woken || fiber.finished || this.stopped) return;
        woken = true;
        fiber.cancelWait = undefined;
        fiber.resumeValue = value;
        // A wait that ended without time passing is like pause(0): it still uses up the slice.
        if (this.clock.now() !== parkedAt) fiber.work = 0;
        else if (carried < this.sliceWork) fiber.work = carried;
        else return this.sleep(fiber, this.exec.limits.sliceMs + this.exec.limits.yieldDelayMs);
        this.makeReady(fiber);
      });
      return;
    }
    this.live.delete(fiber);
    fiber.state = 'killed';
    this.onError(new RuntimeError('internal', `A fiber yielded ${String(wait)}, which it cannot wait for.`), fiber);
  }

  private sleep(fiber: Fiber, ms: number, fresh = true): void {
    fiber.state = 'sleeping';
    if (fresh) fiber.work = 0;
    fiber.wakeAt = this.clock.now() + ms;
    fiber.timer = this.clock.setTimeout(() => {
      fiber.timer = undefined;
      if (this.stopped) return;
      fiber.state = 'ready';
      this.ready.push(fiber);
      // Already inside a clock callback: run now rather than paying another timer turn.
      if (!this.pausedFlag) this.drain();
    }, ms);
  }
}
