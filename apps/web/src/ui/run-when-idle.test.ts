import { describe, expect, it, vi } from 'vitest';
import { fakeIdleHost } from '../test/fake-idle-host.ts';
import { runWhenIdle } from './run-when-idle.ts';

const timing = { afterMs: 1000, idleTimeoutMs: 1500 };

describe('runWhenIdle', () => {
  it('runs only after the quiet time and then when the browser is idle', () => {
    const { host, timers, idles } = fakeIdleHost();
    const work = vi.fn();
    runWhenIdle(work, timing, host);
    expect(work).not.toHaveBeenCalled();
    timers[0]!();
    expect(work).not.toHaveBeenCalled();
    idles[0]!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs when due where the browser has no idle callback (Safari)', () => {
    const { host, timers } = fakeIdleHost({ idle: false });
    const work = vi.fn();
    runWhenIdle(work, timing, host);
    timers[0]!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled, before or after it is due', () => {
    const work = vi.fn();
    const early = fakeIdleHost();
    runWhenIdle(work, timing, early.host)();
    early.timers[0]!();
    const late = fakeIdleHost();
    const cancel = runWhenIdle(work, timing, late.host);
    late.timers[0]!();
    cancel();
    late.idles[0]!();
    expect(early.idles).toHaveLength(0);
    expect(work).not.toHaveBeenCalled();
  });
});
