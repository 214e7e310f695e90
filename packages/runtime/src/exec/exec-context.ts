// The object compiled code calls `$rt`: the stack-depth counter, the work budget behind
// preemption, and the few operations generated code cannot do inline. Its fields are plain
// numbers on one monomorphic object so the checks in hot loops and calls stay cheap.

import type { Clock } from '@blockyard/core';
import { propertyKey } from '../builtins/property-key.ts';
import { RuntimeError, ThrownValue, runtimeMessages } from '../errors/runtime-error.ts';
import type { RuntimeLimits } from '../limits.ts';
import { PREEMPT, isGenerator, type Waitable, type Waiting } from './wait.ts';

/** Work units handed out per refill: the clock is consulted at most this often. */
const CHUNK = 1000;

/** What a debugger plugs in (debug builds call `stmt` before every statement). */
export interface DebugHooks {
  /** Return a Waitable to pause the current fiber before statement `id`, or undefined to go on. */
  onStatement(id: number): Waitable | undefined;
}

export class ExecContext {
  /** Frames on the running fiber's stack; generated code increments it on entry. */
  depth = 0;
  /** Work units left before generated code must call `check`/`checkSync`. */
  budget = CHUNK;
  /** Work units the running fiber has used since it last waited. */
  work = 0;
  /** Clock time when the running fiber was resumed. */
  sliceStart = 0;
  /** Set by a debugger; generated debug builds consult it. */
  debug: DebugHooks | null = null;
  /** The stack limit, where generated code can read it cheaply. */
  readonly maxDepth: number;
  private granted = CHUNK;
  private readonly sliceWork: number;
  /**
   * Set once runaway code was stopped: every later check throws it again, so a `finally` block
   * that loops cannot carry on after the program was stopped.
   */
  private halted: RuntimeError | undefined;
  /** How many `finishSync` calls are running: inside one, a preemption request cannot be honoured. */
  private syncDepth = 0;

  constructor(
    private readonly clock: Clock,
    readonly limits: RuntimeLimits,
  ) {
    this.sliceWork = limits.sliceMs * limits.workUnitsPerMs;
    this.maxDepth = limits.stackLimit;
  }

  /** The scheduler calls this before resuming a fiber. */
  beginSlice(depth: number, work: number): void {
    this.syncDepth = 0;
    this.depth = depth;
    this.work = work;
    this.sliceStart = this.clock.now();
    this.refill();
  }

  /** Generated code calls this when `++depth` passed the limit. */
  overflow(): never {
    this.depth--;
    throw new RuntimeError('stack-overflow', runtimeMessages.stackOverflow);
  }

  /** Loop back-edge in code that can wait, once the budget ran out: yields when the slice is over. */
  *check(): Waiting {
    if (this.syncDepth > 0) return this.checkSync();
    if (this.halted) throw this.halted;
    if (this.account()) yield PREEMPT;
  }

  /** The same check in code that cannot yield (plain functions, constructors): only guards runaways. */
  checkSync(): void {
    this.account();
    this.checkRunaway();
  }

  /**
   * Stops code that has run too long without waiting. Every path that cannot honour a preemption
   * request (plain code, constructors, getters, comparators, callbacks run by `finishSync`) ends
   * here, so no synchronous path can spin forever.
   */
  checkRunaway(): void {
    if (this.halted) throw this.halted;
    if (this.work > this.limits.runawayWorkUnits) {
      this.halted = new RuntimeError('runaway', runtimeMessages.runaway);
      throw this.halted;
    }
  }

  /** Entry of a plain function: depth limit and budget in one call (generated as a slow path). */
  enter(): void {
    if (this.depth > this.maxDepth) this.overflow();
    this.checkSync();
  }

  /** How long a preempted fiber rests: the virtual CPU time not yet seen on the clock, plus the delay. */
  preemptDelay(): number {
    const elapsed = this.clock.now() - this.sliceStart;
    return Math.max(0, this.limits.sliceMs - elapsed) + this.limits.yieldDelayMs;
  }

  /** Counts a zero-time yield (pause(0)) as work; true when the fiber should rest instead. */
  chargeZeroYield(): boolean {
    this.work += this.limits.zeroYieldWorkUnits;
    return this.work >= this.sliceWork;
  }

  /** Calls a function value whose kind is unknown at compile time, waiting if it waits. */
  *call(fn: unknown, thisArg: unknown, args: readonly unknown[]): Waiting<unknown> {
    const result: unknown = callFunction(fn, thisArg, args);
    return isGenerator(result) ? yield* result : result;
  }

  /** `receiver[key](...args)` for a method whose kind is unknown at compile time. */
  *callMethod(receiver: unknown, key: PropertyKey, args: readonly unknown[]): Waiting<unknown> {
    if (receiver === null || receiver === undefined) {
      throw new RuntimeError('null-dereference', runtimeMessages.nullDereference);
    }
    return yield* this.call((receiver as Record<PropertyKey, unknown>)[propertyKey(key)], receiver, args);
  }

  /** `receiver[key](...args)` where waiting is impossible (constructors, getters). */
  callMethodSync(receiver: unknown, key: PropertyKey, args: readonly unknown[]): unknown {
    if (receiver === null || receiver === undefined) {
      throw new RuntimeError('null-dereference', runtimeMessages.nullDereference);
    }
    return this.callSync((receiver as Record<PropertyKey, unknown>)[propertyKey(key)], receiver, args);
  }

  /** An unknown function value called where waiting is impossible (constructors, getters). */
  callSync(fn: unknown, thisArg: unknown, args: readonly unknown[]): unknown {
    return this.finishSync(callFunction(fn, thisArg, args));
  }

  /**
   * Runs a generator to its end without waiting. Preemption cannot be honoured here, so the loops
   * inside make the runaway check instead (`check` sees `syncDepth`): a loop that never ends stops
   * with the runaway error, raised at the loop's own line.
   */
  finishSync(result: unknown): unknown {
    if (!isGenerator(result)) return result;
    this.syncDepth++;
    try {
      for (;;) {
        const step = result.next();
        if (step.done) return step.value;
        if (step.value !== PREEMPT) throw new RuntimeError('wait-in-sync-code', runtimeMessages.waitInSyncCode);
        this.checkRunaway();
      }
    } finally {
      this.syncDepth--;
    }
  }

  /**
   * Runtime errors (stack overflow, null dereference, panics…) stop the program as on the
   * device; only values the program threw itself can be caught.
   */
  rethrowFatal(error: unknown): void {
    const fatal =
      error instanceof RuntimeError
        ? error.kind !== 'thrown'
        : error instanceof TypeError || error instanceof RangeError;
    if (fatal) throw error;
  }

  /** `throw value` in learner code: values that are not Errors travel wrapped, with a stack. */
  thrown(value: unknown): unknown {
    return value instanceof Error ? value : new ThrownValue(value);
  }

  /** First statement of every learner `catch (e)`: lets runtime errors through, unwraps thrown values. */
  caught(error: unknown): unknown {
    this.rethrowFatal(error);
    return error instanceof ThrownValue ? error.value : error;
  }

  /** Debug builds call this before each statement. */
  *stmt(id: number): Waiting {
    const hooks = this.debug;
    if (!hooks) return;
    const wait = hooks.onStatement(id);
    if (wait) yield wait;
  }

  /** Adds the used part of the budget to `work`; true when the slice is over. */
  private account(): boolean {
    this.work += this.granted - Math.max(0, this.budget);
    const over = this.work >= this.sliceWork || this.clock.now() - this.sliceStart >= this.limits.sliceMs;
    this.refill();
    return over;
  }

  private refill(): void {
    this.granted = CHUNK;
    this.budget = CHUNK;
  }
}

function callFunction(fn: unknown, thisArg: unknown, args: readonly unknown[]): unknown {
  if (typeof fn !== 'function') {
    throw fn === null || fn === undefined
      ? new RuntimeError('null-dereference', runtimeMessages.nullDereference)
      : new RuntimeError('type-error', 'This value is not a function, so it cannot be called.');
  }
  return Reflect.apply(fn as (...a: unknown[]) => unknown, thisArg, args);
}
