import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { ExecContext } from '../exec/exec-context.ts';
import type { Waiting } from '../exec/wait.ts';
import { MAX_PENDING_EVENTS, defaultLimits } from '../limits.ts';
import { Scheduler } from '../scheduler/scheduler.ts';
import { EVENT_ANY, EventBus } from './event-bus.ts';

function setup() {
  const clock = new ManualClock();
  const scheduler = new Scheduler(clock, new ExecContext(clock, defaultLimits), (error) => {
    throw error;
  });
  const bus = new EventBus(scheduler, clock, MAX_PENDING_EVENTS);
  return { clock, scheduler, bus };
}

describe('EventBus', () => {
  it('runs the handler on its own fiber with the event arguments', () => {
    const { clock, bus } = setup();
    const got: unknown[] = [];
    bus.listen(9, 1, (n) => got.push(n));
    bus.raise(9, 1, [42]);
    expect(got).toEqual([]);
    clock.advance(0);
    expect(got).toEqual([42]);
    expect(bus.lastEvent).toMatchObject({ source: 9, value: 1 });
  });

  it('queues events while a handler is busy and drops those beyond 5 pending', () => {
    const { clock, bus } = setup();
    const handled: number[] = [];
    bus.listen(1, 3, function* (n): Waiting {
      handled.push(n as number);
      yield 100;
    });
    for (let i = 1; i <= 10; i++) bus.raise(1, 3, [i]);
    clock.advance(0);
    // Event 1 starts at once; 2-6 wait (5 pending); 7-10 are dropped.
    expect(bus.droppedEvents).toBe(4);
    clock.advance(1000);
    expect(handled).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never runs one handler twice at the same time', () => {
    const { clock, bus } = setup();
    let running = 0;
    let maxRunning = 0;
    bus.listen(1, 3, function* (): Waiting {
      running++;
      maxRunning = Math.max(maxRunning, running);
      yield 30;
      running--;
    });
    bus.raise(1, 3);
    clock.advance(10);
    bus.raise(1, 3);
    clock.advance(100);
    expect(maxRunning).toBe(1);
  });

  it('delivers to wildcard listeners and replaces a handler registered twice', () => {
    const { clock, bus } = setup();
    const log: string[] = [];
    bus.listen(5, EVENT_ANY, () => log.push('any value of 5'));
    bus.listen(2, 3, () => log.push('first'));
    bus.listen(2, 3, () => log.push('second'));
    bus.raise(5, 7);
    bus.raise(2, 3);
    clock.advance(0);
    expect(log).toEqual(['any value of 5', 'second']);
    expect(bus.hasListener(2, 3)).toBe(true);
    bus.unlisten(2, 3);
    bus.raise(2, 3);
    clock.advance(0);
    expect(log).toHaveLength(2);
  });

  it('wakes a fiber waiting for an event', () => {
    const { clock, scheduler, bus } = setup();
    let woke = -1;
    scheduler.spawn('waiter', function* (): Waiting {
      yield bus.wait(7, 2);
      woke = clock.now();
    });
    clock.advance(50);
    bus.raise(7, 1);
    clock.advance(10);
    expect(woke).toBe(-1);
    bus.raise(7, 2);
    clock.advance(0);
    expect(woke).toBe(60);
  });
});
