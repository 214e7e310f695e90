// One thread of learner code: the main program, a forever loop, one run of an event handler.
// A fiber wraps the generator its function returned; plain (non-waiting) functions finish in
// their first step.

import type { BlockName, FiberName } from './block-name.ts';
import type { TimerHandle } from '@blockyard/core';
import type { Wait } from '../exec/wait.ts';

export type FiberState = 'new' | 'ready' | 'sleeping' | 'waiting' | 'done' | 'killed';

let nextFiberId = 1;

export class Fiber {
  readonly id = nextFiberId++;
  state: FiberState = 'new';
  /** Stack depth saved while the fiber is not running. */
  depth = 0;
  /** Work units used since the fiber last really waited (carried across zero-time yields). */
  work = 0;
  /** The value the next resume passes into the generator (what a wait produced). */
  resumeValue: unknown = undefined;
  iterator: Generator<Wait, unknown, unknown> | undefined;
  timer: TimerHandle | undefined;
  /** Clock time the sleeping fiber wakes at (its timer is re-armed from it after a debugger pause). */
  wakeAt = 0;
  /** While the scheduler is paused: what was left of the sleep when it paused. */
  sleepLeft: number | undefined;
  cancelWait: (() => void) | undefined;
  private readonly doneListeners: ((fiber: Fiber) => void)[] = [];

  /** For the debugger and error reports: "main", "forever", "on button A pressed"… */
  readonly name: string;
  /** The block that started it, when it has one, for the editor to name in the learner's words. */
  readonly block: BlockName | undefined;

  constructor(
    name: FiberName,
    readonly start: () => unknown,
  ) {
    this.name = typeof name === 'string' ? name : name.text;
    this.block = typeof name === 'string' ? undefined : name;
  }

  get finished(): boolean {
    return this.state === 'done' || this.state === 'killed';
  }

  /** Runs `listener` when the fiber ends normally (not when the runtime is killed). */
  onDone(listener: (fiber: Fiber) => void): void {
    this.doneListeners.push(listener);
  }

  /** @internal Called by the scheduler. */
  finish(): void {
    this.state = 'done';
    for (const listener of this.doneListeners.splice(0)) listener(this);
  }
}
