import { describe, expect, it, vi } from 'vitest';
import { fakeIdleHost } from '../test/fake-idle-host.ts';
import { startOfflineCopyAfterLoad } from './start-offline-copy.ts';

function host(readyState: string) {
  const fake = fakeIdleHost();
  const loads: (() => void)[] = [];
  const delays: number[] = [];
  return {
    ...fake,
    loads,
    delays,
    host: {
      ...fake.host,
      setTimeout: (callback: () => void, ms: number) => {
        delays.push(ms);
        return fake.host.setTimeout(callback);
      },
      document: { readyState },
      addEventListener: (_type: 'load', listener: () => void) => void loads.push(listener),
    },
  };
}

describe('startOfflineCopyAfterLoad', () => {
  it('installs a first copy only after the load event, a quiet time and then idle time', () => {
    const loading = host('loading');
    const start = vi.fn();
    startOfflineCopyAfterLoad(start, false, loading.host);
    expect(loading.timers).toHaveLength(0);
    loading.loads[0]!();
    expect(loading.delays[0]).toBeGreaterThanOrEqual(5000);
    loading.timers[0]!();
    expect(start).not.toHaveBeenCalled();
    loading.idles[0]!();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('counts the quiet time from now when the page has already loaded', () => {
    const loaded = host('complete');
    const start = vi.fn();
    startOfflineCopyAfterLoad(start, false, loaded.host);
    expect(loaded.loads).toHaveLength(0);
    loaded.timers[0]!();
    loaded.idles[0]!();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('checks for a newer build at the load event when a worker already runs the page', () => {
    const loading = host('loading');
    const start = vi.fn();
    startOfflineCopyAfterLoad(start, true, loading.host);
    expect(start).not.toHaveBeenCalled();
    loading.loads[0]!();
    expect(start).toHaveBeenCalledTimes(1);
    expect(loading.timers).toHaveLength(0);
    const loaded = host('complete');
    startOfflineCopyAfterLoad(start, true, loaded.host);
    expect(start).toHaveBeenCalledTimes(2);
  });
});
