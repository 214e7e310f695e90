import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { ExecContext } from '../exec/exec-context.ts';
import { PREEMPT, Signal, type Waiting } from '../exec/wait.ts';
import { defaultLimits } from '../limits.ts';
import { Scheduler } from './scheduler.ts';

function setup() {
  const clock = new ManualClock();
  const exec = new ExecContext(clock, defaultLimits);
  const errors: unknown[] = [];
  const scheduler = new Scheduler(clock, exec, (error) => errors.push(error));
  const log: string[] = [];
  const at = (text: string) => log.push(`${clock.now()} ${text}`);
  return { clock, exec, scheduler, errors, log, at };
}

describe('Scheduler', () => {
  it('starts spawned fibers at the next scheduling point, in order', () => {
    const { clock, scheduler, log, at } = setup();
    scheduler.spawn('a', () => at('a'));
    scheduler.spawn('b', () => at('b'));
    expect(log).toEqual([]);
    clock.advance(0);
    expect(log).toEqual(['0 a', '0 b']);
  });

  it('interleaves sleeping fibers on the virtual clock', () => {
    const { clock, scheduler, log, at } = setup();
    scheduler.spawn('a', function* (): Waiting {
      for (let i = 0; i < 3; i++) {
        at('a');
        yield 100;
      }
    });
    scheduler.spawn('b', function* (): Waiting {
      for (let i = 0; i < 2; i++) {
        at('b');
        yield 150;
      }
    });
    clock.advance(1000);
    expect(log).toEqual(['0 a', '0 b', '100 a', '150 b', '200 a']);
  });

  it('runs fibers woken at the same moment in the order they went to sleep', () => {
    const { clock, scheduler, log, at } = setup();
    for (const name of ['x', 'y', 'z']) {
      scheduler.spawn(name, function* (): Waiting {
        yield 50;
        at(name);
      });
    }
    clock.advance(50);
    expect(log).toEqual(['50 x', '50 y', '50 z']);
  });

  it('rests a preempted fiber for the 20 ms slice it used plus the 5 ms delay', () => {
    const { clock, scheduler, log, at } = setup();
    scheduler.spawn('busy', function* (): Waiting {
      at('start');
      yield PREEMPT;
      at('again');
    });
    scheduler.spawn('other', () => at('other'));
    clock.advance(24);
    expect(log).toEqual(['0 start', '0 other']);
    clock.advance(1);
    expect(log).toEqual(['0 start', '0 other', '25 again']);
  });

  it('lets zero-time pauses run others, then rests once they add up to a slice', () => {
    const { clock, scheduler } = setup();
    let spins = 0;
    let other = 0;
    scheduler.spawn('spin', function* (): Waiting {
      for (;;) {
        spins++;
        yield 0;
      }
    });
    scheduler.spawn('other', function* (): Waiting {
      for (;;) {
        other++;
        yield 0;
      }
    });
    clock.advance(0);
    // 20 ms of slice at 1 ms per zero-time yield, for each fiber, then both rest until 25 ms.
    expect(spins).toBe(20);
    expect(other).toBe(20);
    expect(clock.nextDue()).toBe(25);
    clock.advance(1000);
    expect(spins).toBe(20 * 41);
  });

  it('resumes a fiber waiting on a Waitable with the value it was woken with', () => {
    const { clock, scheduler, log, at } = setup();
    const signal = new Signal();
    scheduler.spawn('waiter', function* (): Waiting {
      const value: unknown = yield signal.wait();
      at(`got ${String(value)}`);
    });
    clock.advance(10);
    expect(signal.waiting).toBe(1);
    signal.notifyAll('ping');
    clock.advance(0);
    expect(log).toEqual(['10 got ping']);
  });

  it('counts waits that end at once as zero-time yields, so such loops still let time pass', () => {
    const { clock, scheduler } = setup();
    let turns = 0;
    const instant = { subscribe: (wake: () => void) => (wake(), () => undefined) };
    scheduler.spawn('spin', function* (): Waiting {
      for (;;) {
        turns++;
        yield instant;
      }
    });
    clock.advance(0);
    expect(turns).toBe(20);
    expect(clock.nextDue()).toBe(25);
  });

  it('reports an error thrown by a fiber and keeps running the others', () => {
    const { clock, scheduler, errors, log, at } = setup();
    scheduler.spawn('bad', () => {
      throw new Error('boom');
    });
    scheduler.spawn('good', () => at('good'));
    clock.advance(0);
    expect((errors[0] as Error).message).toBe('boom');
    expect(log).toEqual(['0 good']);
  });

  it('reports a value a fiber cannot wait for', () => {
    const { clock, scheduler, errors } = setup();
    scheduler.spawn('odd', function* () {
      yield 'soon' as unknown as number;
    });
    clock.advance(0);
    expect(String(errors[0])).toContain('cannot wait for');
  });

  it('stops every fiber and timer on stop()', () => {
    const { clock, scheduler, log, at } = setup();
    scheduler.spawn('a', function* (): Waiting {
      for (;;) {
        at('a');
        yield 10;
      }
    });
    clock.advance(15);
    scheduler.stop();
    clock.advance(100);
    expect(log).toEqual(['0 a', '10 a']);
    expect(clock.pending).toBe(0);
    expect(scheduler.spawn('late', () => at('late')).state).toBe('killed');
  });

  it('holds fibers while paused; a sleep keeps what was left of it (debugger hook, spec 002 §4)', () => {
    const { clock, scheduler, log, at } = setup();
    scheduler.spawn('a', function* (): Waiting {
      yield 10;
      at('a');
    });
    clock.advance(4);
    scheduler.pause();
    expect(scheduler.fibers[0]!.sleepLeft).toBe(6);
    expect(clock.pending).toBe(0);
    clock.advance(50);
    expect(log).toEqual([]);
    scheduler.resume();
    clock.advance(5);
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual(['60 a']);
  });

  it('lets an event that arrives while paused wake its fiber only after the resume', () => {
    const { clock, scheduler, log, at } = setup();
    const signal = new Signal();
    scheduler.spawn('waiter', function* (): Waiting {
      yield signal.wait();
      at('woken');
    });
    clock.advance(0);
    scheduler.pause();
    signal.notifyAll();
    clock.advance(100);
    expect(log).toEqual([]);
    scheduler.resume();
    clock.advance(0);
    expect(log).toEqual(['100 woken']);
  });

  it('keeps each fiber its own stack depth across switches', () => {
    const { clock, exec, scheduler } = setup();
    const seen: number[] = [];
    scheduler.spawn('deep', function* (): Waiting {
      exec.depth += 7;
      yield 10;
      seen.push(exec.depth);
    });
    scheduler.spawn('shallow', function* (): Waiting {
      yield 5;
      seen.push(exec.depth);
    });
    clock.advance(20);
    expect(seen).toEqual([0, 7]);
  });
});
