import { describe, expect, it, vi } from 'vitest';
import { fakeIdleHost } from '../../test/fake-idle-host.ts';
import { prefetchWhenIdle } from './prefetch-python-tab.ts';

// The scheduling itself (no idle callback, cancelling) is runWhenIdle's: ui/run-when-idle.test.ts.
describe('prefetchWhenIdle', () => {
  it('prefetches only after the start delay and then when the browser is idle', () => {
    const { host, timers, idles } = fakeIdleHost();
    const prefetch = vi.fn();
    prefetchWhenIdle(prefetch, host);
    expect(prefetch).not.toHaveBeenCalled();
    timers[0]!();
    expect(prefetch).not.toHaveBeenCalled();
    idles[0]!();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the editor closed first)', () => {
    const { host, timers, idles } = fakeIdleHost();
    const prefetch = vi.fn();
    const cancel = prefetchWhenIdle(prefetch, host);
    timers[0]!();
    cancel();
    idles[0]!();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
