import { describe, expect, it } from 'vitest';
import { files, memoryStore, recording } from '../test/helpers.ts';
import { DeferredProjectStore } from './deferred-project-store.ts';
import type { ProjectStore } from './project-store.ts';

describe('DeferredProjectStore', () => {
  it('holds calls until the store is open, then passes them straight through', async () => {
    const { clock, store: inner } = memoryStore();
    let open: (store: ProjectStore) => void = () => undefined;
    const { store: spied, calls } = recording(inner, clock);
    const deferred = new DeferredProjectStore(new Promise((resolve) => (open = resolve)));
    const creating = deferred.create({ name: 'Early', files: files('') });
    await Promise.resolve();
    expect(calls).toEqual([]);
    open(spied);
    const created = await creating;
    expect(created.name).toBe('Early');
    await deferred.whenReady();
    // Once open, a call reaches the store before the caller's next line.
    void deferred.stashDraft({
      projectId: created.id,
      baseRevision: 1,
      name: 'Early',
      files: files('x'),
      stashedAt: 1,
    });
    expect(calls.map((c) => c.method)).toEqual(['create', 'stashDraft']);
  });

  it('passes a failed opening on to every call', async () => {
    const deferred = new DeferredProjectStore(Promise.reject(new Error('no database')));
    await expect(deferred.list()).rejects.toThrow('no database');
  });
});
