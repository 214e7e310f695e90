import { describe, expect, it } from 'vitest';
import { files, memoryStore } from '../test/helpers.ts';
import { TRASH_RETENTION_MS, isTrashExpired, purgeExpiredTrash, trashExpiresAt } from './trash.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the trash', () => {
  it('purges only projects trashed 30 days ago or more', async () => {
    const { clock, store } = memoryStore();
    const kept = await store.create({ name: 'Kept', files: files('') });
    const old = await store.create({ name: 'Old', files: files('') });
    const recent = await store.create({ name: 'Recent', files: files('') });
    const ancient = await store.create({ name: 'Never trashed', files: files('') });
    await store.trash(old.id);
    clock.advance(10 * DAY);
    await store.trash(recent.id);
    clock.advance(20 * DAY);
    const report = await purgeExpiredTrash(store, clock.now());
    expect(report).toEqual({ purged: [old.id], failed: [] });
    const names = (await store.list()).projects.map((p) => p.name).sort();
    expect(names).toEqual(['Kept', 'Never trashed', 'Recent']);
    clock.advance(400 * DAY);
    await purgeExpiredTrash(store, clock.now());
    expect((await store.list()).projects.map((p) => p.id).sort()).toEqual([ancient.id, kept.id].sort());
  });

  it('knows when a trashed project expires', () => {
    const summary = { id: 'x', name: 'x', createdAt: 0, updatedAt: 0, revision: 1, trashedAt: 1000 };
    expect(trashExpiresAt(summary)).toBe(1000 + TRASH_RETENTION_MS);
    expect(isTrashExpired(summary, 1000 + TRASH_RETENTION_MS - 1)).toBe(false);
    expect(isTrashExpired(summary, 1000 + TRASH_RETENTION_MS)).toBe(true);
    expect(trashExpiresAt({ ...summary, trashedAt: undefined })).toBeNull();
  });

  it('never throws when storage fails; failed purges are retried next time', async () => {
    const { clock, store } = memoryStore();
    const p = await store.create({ name: 'Stuck', files: files('') });
    await store.trash(p.id);
    clock.advance(31 * DAY);
    store.failWrites(new Error('disk error'));
    expect(await purgeExpiredTrash(store, clock.now())).toEqual({ purged: [], failed: [p.id] });
    store.failWrites(null);
    expect((await purgeExpiredTrash(store, clock.now())).purged).toEqual([p.id]);
  });
});
