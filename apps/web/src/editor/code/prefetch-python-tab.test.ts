import { describe, expect, it, vi } from 'vitest';
import { prefetchWhenIdle } from './prefetch-python-tab.ts';

function fakeHost(options: { idle?: boolean } = {}) {
  const timers: (() => void)[] = [];
  const idles: (() => void)[] = [];
  return {
    timers,
    idles,
    host: {
      setTimeout: (callback: () => void) => timers.push(callback) - 1,
      clearTimeout: (handle: number) => (timers[handle] = () => undefined),
      ...(options.idle === false
        ? {}
        : {
            requestIdleCallback: (callback: () => void) => idles.push(callback) - 1,
            cancelIdleCallback: (handle: number) => (idles[handle] = () => undefined),
          }),
    },
  };
}

describe('prefetchWhenIdle', () => {
  it('prefetches only after the start delay and then when the browser is idle', () => {
    const { host, timers, idles } = fakeHost();
    const prefetch = vi.fn();
    prefetchWhenIdle(prefetch, host);
    expect(prefetch).not.toHaveBeenCalled();
    timers[0]!();
    expect(prefetch).not.toHaveBeenCalled();
    idles[0]!();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('prefetches after the delay where the browser has no idle callback (Safari)', () => {
    const { host, timers } = fakeHost({ idle: false });
    const prefetch = vi.fn();
    prefetchWhenIdle(prefetch, host);
    timers[0]!();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the editor closed first)', () => {
    const { host, timers, idles } = fakeHost();
    const prefetch = vi.fn();
    const cancel = prefetchWhenIdle(prefetch, host);
    timers[0]!();
    cancel();
    idles[0]!();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
