import { describe, expect, it } from 'vitest';
import { NavigatorStorageQuota } from './navigator-storage-quota.ts';
import { WallClock } from './wall-clock.ts';

describe('NavigatorStorageQuota', () => {
  it('passes the estimate on, and says null when there is none', async () => {
    const estimate = (value: StorageEstimate) => ({ estimate: () => Promise.resolve(value) });
    expect(await new NavigatorStorageQuota(estimate({ usage: 5, quota: 100 })).estimate()).toEqual({
      usage: 5,
      quota: 100,
    });
    expect(await new NavigatorStorageQuota(estimate({ usage: 5 })).estimate()).toBeNull();
    expect(await new NavigatorStorageQuota(undefined).estimate()).toBeNull();
    const failing = { estimate: () => Promise.reject(new Error('denied')) };
    expect(await new NavigatorStorageQuota(failing).estimate()).toBeNull();
  });
});

describe('WallClock', () => {
  it('tells epoch milliseconds', () => {
    const before = Date.now();
    const now = new WallClock().now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
