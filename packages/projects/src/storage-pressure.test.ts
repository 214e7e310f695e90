import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { START, files, memoryStore } from '../test/helpers.ts';
import { ProjectStoreError } from './project-store-error.ts';
import { QuotaAwareProjectStore } from './quota-aware-project-store.ts';
import { MemoryStorageQuota, StoragePressureMonitor, isUnderPressure } from './storage-pressure.ts';

const MB = 1024 * 1024;

function monitorWith(usage: number, quota: number) {
  const clock = new ManualClock(START);
  const storage = new MemoryStorageQuota(usage, quota);
  const monitor = new StoragePressureMonitor(storage, clock);
  const cleared: string[] = [];
  monitor.registerCache({
    name: 'translations',
    clear: () => {
      cleared.push('translations');
      storage.usage = Math.max(0, storage.usage - 5 * MB);
      return Promise.resolve();
    },
  });
  return { clock, storage, monitor, cleared };
}

describe('storage pressure', () => {
  it('counts as pressure only above 90% of a quota above 1 MB', () => {
    expect(isUnderPressure({ usage: 91, quota: 100 * MB })).toBe(false);
    expect(isUnderPressure({ usage: 91 * MB, quota: 100 * MB })).toBe(true);
    expect(isUnderPressure({ usage: 90 * MB, quota: 100 * MB })).toBe(false);
    expect(isUnderPressure({ usage: 0.99 * MB, quota: MB })).toBe(false);
  });

  it('clears caches under pressure and warns only if still nearly full', async () => {
    const relieved = monitorWith(93 * MB, 100 * MB);
    expect((await relieved.monitor.check()).level).toBe('ok');
    expect(relieved.cleared).toEqual(['translations']);

    const stuck = monitorWith(99 * MB, 100 * MB);
    expect((await stuck.monitor.check()).level).toBe('high');
    expect(stuck.cleared).toEqual(['translations']);
  });

  it('looks at most every 10 s', async () => {
    const { clock, storage, monitor, cleared } = monitorWith(10 * MB, 100 * MB);
    await monitor.check();
    storage.usage = 99 * MB;
    expect((await monitor.check()).level).toBe('ok');
    clock.advance(9_999);
    await monitor.check();
    expect(cleared).toEqual([]);
    clock.advance(1);
    expect((await monitor.check()).level).toBe('high');
    expect(cleared).toEqual(['translations']);
  });

  it('goes to "full" on a quota error and back once a write succeeds', async () => {
    const { monitor, cleared } = monitorWith(50 * MB, 100 * MB);
    const levels: string[] = [];
    monitor.subscribe(() => levels.push(monitor.getState().level));
    await monitor.reportQuotaError();
    expect(monitor.getState().level).toBe('full');
    expect(cleared).toEqual(['translations']);
    await monitor.noteWriteSucceeded();
    expect(monitor.getState().level).toBe('ok');
    expect(levels).toContain('full');
  });

  it('survives a quota estimate that throws and a cache that cannot be cleared', async () => {
    const clock = new ManualClock(START);
    const monitor = new StoragePressureMonitor({ estimate: () => Promise.reject(new Error('no')) }, clock);
    monitor.registerCache({ name: 'bad', clear: () => Promise.reject(new Error('nope')) });
    expect((await monitor.reportQuotaError()).level).toBe('full');
    expect((await monitor.check()).level).toBe('ok');
  });
});

describe('QuotaAwareProjectStore', () => {
  it('clears caches and retries once when a write hits the quota, keeping the projects', async () => {
    const { clock, store: inner } = memoryStore();
    const { monitor, cleared } = monitorWith(99 * MB, 100 * MB);
    const store = new QuotaAwareProjectStore(inner, monitor);
    const p = await store.create({ name: 'Keep me', files: files('v1') });
    let failures = 1;
    const save = inner.save.bind(inner);
    inner.save = (...args) => {
      if (failures-- > 0) return Promise.reject(new ProjectStoreError('quota-exceeded', 'full'));
      return save(...args);
    };
    clock.advance(1000);
    const result = await store.save(p.id, { files: files('v2') }, { expectedRevision: 1 });
    expect(result.status).toBe('saved');
    expect(cleared).toEqual(['translations']);
    expect((await store.get(p.id)).files['main.ts']).toBe('v2');
  });

  it('passes the quota error on when clearing caches was not enough', async () => {
    const { store: inner } = memoryStore();
    const { monitor } = monitorWith(99 * MB, 100 * MB);
    const store = new QuotaAwareProjectStore(inner, monitor);
    const p = await store.create({ name: 'Full', files: files('v1') });
    inner.failWrites(new ProjectStoreError('quota-exceeded', 'full'));
    await expect(store.save(p.id, { files: files('v2') }, { expectedRevision: 1 })).rejects.toMatchObject({
      code: 'quota-exceeded',
    });
    expect(monitor.getState().level).toBe('full');
    expect((await store.get(p.id)).files['main.ts']).toBe('v1');
  });
});
