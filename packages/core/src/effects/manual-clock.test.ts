import { describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock.ts';

describe('ManualClock', () => {
  it('fires timeouts in due order and only when time reaches them', () => {
    const clock = new ManualClock();
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b'), 20);
    clock.setTimeout(() => fired.push('a'), 10);
    clock.setTimeout(() => fired.push('c'), 20);
    clock.advance(9);
    expect(fired).toEqual([]);
    clock.advance(11);
    expect(fired).toEqual(['a', 'b', 'c']);
    expect(clock.now()).toBe(20);
  });

  it('repeats intervals until cleared and reports time inside callbacks', () => {
    const clock = new ManualClock(100);
    const seen: number[] = [];
    const handle = clock.setInterval(() => seen.push(clock.now()), 50);
    clock.advance(160);
    clock.clear(handle);
    clock.advance(500);
    expect(seen).toEqual([150, 200, 250]);
    expect(clock.pending).toBe(0);
  });

  it('runs timers scheduled by callbacks within the same advance', () => {
    const clock = new ManualClock();
    const fired: number[] = [];
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 5);
    }, 5);
    clock.advance(10);
    expect(fired).toEqual([5, 10]);
  });

  it('sleeps like a computer with its lid closed: overdue intervals fire once on waking', () => {
    const clock = new ManualClock();
    const fired: number[] = [];
    clock.setInterval(() => fired.push(clock.now()), 1000);
    clock.sleep(60_000);
    expect(fired).toEqual([]);
    clock.advance(0);
    clock.advance(1000);
    expect(fired).toEqual([60_000, 61_000]);
  });
});
