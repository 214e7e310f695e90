import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { RuntimeError, runtimeMessages } from '../errors/runtime-error.ts';
import { defaultLimits, resolveLimits } from '../limits.ts';
import { ExecContext } from './exec-context.ts';
import { PREEMPT, type Waiting } from './wait.ts';

/** Drives a generator to its end, collecting what it yielded. */
function drive(gen: Waiting<unknown>): { yields: unknown[]; value: unknown } {
  const yields: unknown[] = [];
  for (;;) {
    const step = gen.next();
    if (step.done) return { yields, value: step.value };
    yields.push(step.value);
  }
}

describe('ExecContext', () => {
  it('asks for preemption after a slice of work (20 ms at 1,000 units per ms)', () => {
    const clock = new ManualClock();
    const exec = new ExecContext(clock, defaultLimits);
    exec.beginSlice(0, 0);
    let checks = 0;
    let preempted = 0;
    // What a compiled loop does: decrement the budget per iteration, call check when it runs out.
    for (let i = 0; i < 50_000; i++) {
      if (--exec.budget <= 0) {
        checks++;
        if (drive(exec.check()).yields.includes(PREEMPT)) {
          preempted++;
          exec.beginSlice(0, 0); // what the scheduler does when the fiber resumes
        }
      }
    }
    expect(checks).toBe(50);
    expect(preempted).toBe(2); // at 20,000 and 40,000 units; work restarts after each
    expect(exec.preemptDelay()).toBe(25);
  });

  it('preempts on real elapsed time too, and then rests only the 5 ms delay', () => {
    const clock = new ManualClock();
    const exec = new ExecContext(clock, defaultLimits);
    exec.beginSlice(0, 0);
    clock.advance(21);
    exec.budget = 0;
    expect(drive(exec.check()).yields).toEqual([PREEMPT]);
    expect(exec.preemptDelay()).toBe(5);
  });

  it('stops runaway code that cannot yield', () => {
    const exec = new ExecContext(new ManualClock(), resolveLimits({ runawayWorkUnits: 5000 }));
    exec.beginSlice(0, 0);
    expect(() => {
      for (;;) if (--exec.budget <= 0) exec.checkSync();
    }).toThrow(/too long without a pause/);
  });

  it('raises "Stack overflow" past the limit and keeps the depth balanced', () => {
    const exec = new ExecContext(new ManualClock(), defaultLimits);
    exec.depth = 100;
    let error: unknown;
    try {
      if (++exec.depth > exec.limits.stackLimit) exec.overflow();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuntimeError);
    expect((error as RuntimeError).message).toBe('Stack overflow');
    expect(exec.depth).toBe(100);
  });

  it('calls function values of either kind, waiting only when they wait', () => {
    const exec = new ExecContext(new ManualClock(), defaultLimits);
    const plain = (a: unknown, b: unknown) => Number(a) + Number(b);
    function* waits(a: unknown): Waiting<number> {
      yield 100;
      return Number(a) * 2;
    }
    expect(drive(exec.call(plain, undefined, [1, 2]))).toEqual({ yields: [], value: 3 });
    expect(drive(exec.call(waits, undefined, [4]))).toEqual({ yields: [100], value: 8 });
    expect(() => drive(exec.call(null, undefined, []))).toThrow('Dereferencing null/undefined value.');
    expect(() => drive(exec.call(5, undefined, []))).toThrow(/not a function/);
  });

  it('finishes loop-only generators synchronously but refuses real waits', () => {
    const exec = new ExecContext(new ManualClock(), defaultLimits);
    function* loops(): Waiting<string> {
      yield PREEMPT;
      return 'done';
    }
    function* pauses(): Waiting {
      yield 10;
    }
    expect(exec.callSync(loops, undefined, [])).toBe('done');
    expect(() => exec.callSync(pauses, undefined, [])).toThrow(/cannot be called from a constructor/);
  });

  it('stops a loop run synchronously (comparator, constructor callback) instead of skipping its preemptions', () => {
    const exec = new ExecContext(new ManualClock(), resolveLimits({ runawayWorkUnits: 50_000 }));
    exec.beginSlice(0, 0);
    // What a compiled `while (true) {}` in a function that can wait looks like.
    function* spins(): Waiting {
      for (;;) if (--exec.budget <= 0) yield* exec.check();
    }
    let error: unknown;
    try {
      exec.callSync(spins, undefined, []);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuntimeError);
    expect((error as RuntimeError).kind).toBe('runaway');
    expect((error as RuntimeError).message).toBe(runtimeMessages.runaway);
    expect(exec.work).toBeGreaterThan(50_000);
    expect(exec.work).toBeLessThan(60_000);
  });

  it('keeps a stopped program stopped: a finally block that loops meets the same error', () => {
    const exec = new ExecContext(new ManualClock(), resolveLimits({ runawayWorkUnits: 5000 }));
    exec.beginSlice(0, 0);
    expect(() => {
      for (;;) if (--exec.budget <= 0) exec.checkSync();
    }).toThrow(runtimeMessages.runaway);
    // A new slice (another fiber of the same program) cannot run past it either, waiting or not.
    exec.beginSlice(0, 0);
    exec.budget = 0;
    expect(() => drive(exec.check())).toThrow(runtimeMessages.runaway);
    expect(() => exec.checkSync()).toThrow(runtimeMessages.runaway);
  });

  it('lets learner catch blocks see only values the program threw', () => {
    const exec = new ExecContext(new ManualClock(), defaultLimits);
    expect(() => exec.rethrowFatal(new RuntimeError('stack-overflow', 'Stack overflow'))).toThrow('Stack overflow');
    expect(() => exec.rethrowFatal(new TypeError("Cannot read properties of null (reading 'x')"))).toThrow();
    expect(() => exec.rethrowFatal('oops')).not.toThrow();
    expect(() => exec.rethrowFatal(new Error('mine'))).not.toThrow();
  });

  it('wraps thrown values with a stack and hands them back to catch', () => {
    const exec = new ExecContext(new ManualClock(), defaultLimits);
    const wrapped = exec.thrown('game over');
    expect(wrapped).toBeInstanceOf(Error);
    expect((wrapped as Error).stack).toContain('exec-context.test.ts');
    expect(exec.caught(wrapped)).toBe('game over');
    const own = new Error('mine');
    expect(exec.thrown(own)).toBe(own);
    expect(() => exec.caught(new RuntimeError('null-dereference', 'x'))).toThrow('x');
  });

  it('pauses at statements through the debug hook', () => {
    const exec = new ExecContext(new ManualClock(), defaultLimits);
    const seen: number[] = [];
    const gate = { subscribe: () => () => undefined };
    exec.debug = {
      onStatement: (id) => {
        seen.push(id);
        return id === 2 ? gate : undefined;
      },
    };
    expect(drive(exec.stmt(1)).yields).toEqual([]);
    expect(drive(exec.stmt(2)).yields).toEqual([gate]);
    expect(seen).toEqual([1, 2]);
  });

  it('asks whether to stop first and hands the values in scope only for a stop', () => {
    const exec = new ExecContext(new ManualClock(), defaultLimits);
    const gate = { subscribe: () => () => undefined };
    const read: string[] = [];
    exec.debug = {
      wantsStop: (id) => id === 7,
      onStatement: (id, locals) => {
        locals?.((scope, name, get) => read.push(`${id} ${scope} ${name}=${String(get())}`));
        return gate;
      },
    };
    expect(exec.hit(6)).toBe(false);
    expect(read).toEqual([]);
    expect(exec.hit(7)).toBe(true);
    expect(exec.stop('n|g', [3, 'x'])).toBe(gate);
    expect(read).toEqual(['7 1 n=3', '7 0 g=x']);
    // Nothing is left over for a later stop.
    expect(() => exec.stop()).toThrow('The debugger halted without saying what to wait for.');
  });
});
