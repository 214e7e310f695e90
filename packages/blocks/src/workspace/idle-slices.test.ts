import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle-slices.ts';

type IdleCallback = (deadline: { didTimeout: boolean; timeRemaining(): number }) => void;

describe('idle slices', () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeIdle() {
    const waiting: IdleCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleCallback) => waiting.push(callback));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => waiting.splice(handle - 1, 1));
    return waiting;
  }

  it('gives a slice the idle time left, never more than a small slice, and nothing while input waits', () => {
    const waiting = fakeIdle();
    let pending = false;
    vi.stubGlobal('navigator', { scheduling: { isInputPending: () => pending } });
    const budgets: number[] = [];
    whenIdle((budget) => {
      budgets.push(budget());
      pending = true;
      budgets.push(budget());
    });
    expect(budgets).toEqual([]);
    waiting[0]!({ didTimeout: false, timeRemaining: () => 49 });
    expect(budgets[0]).toBeGreaterThan(0);
    expect(budgets[0]).toBeLessThan(20);
    expect(budgets[1]).toBe(0);
  });

  it('a timed-out callback still gets a little time; a cancelled one never runs', () => {
    const waiting = fakeIdle();
    vi.stubGlobal('navigator', {});
    const budgets: number[] = [];
    whenIdle((budget) => budgets.push(budget()));
    waiting[0]!({ didTimeout: true, timeRemaining: () => 0 });
    expect(budgets[0]).toBeGreaterThan(0);
    const cancel = whenIdle(() => budgets.push(-1));
    cancel();
    expect(waiting).toHaveLength(1);
  });
});
