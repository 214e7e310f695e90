import { describe, expect, it } from 'vitest';
import { files, memoryStore } from '../test/helpers.ts';
import { recoverDrafts } from './draft-recovery.ts';
import { ForwardingProjectStore } from './forwarding-project-store.ts';
import type { ProjectChanges, SaveOptions, SaveResult } from './project-store.ts';

const copyName = (name: string) => `${name} (recovered)`;

describe('recoverDrafts', () => {
  it('saves a draft made on the current revision', async () => {
    const { store } = memoryStore();
    const p = await store.create({ name: 'Badge', files: files('v1') });
    await store.stashDraft({ projectId: p.id, baseRevision: 1, name: 'Badge', files: files('typed'), stashedAt: 9 });
    const [result] = await recoverDrafts(store, { copyName });
    expect(result).toMatchObject({ outcome: 'applied', project: { revision: 2 } });
    expect((await store.get(p.id)).files['main.ts']).toBe('typed');
    expect((await store.listVersions(p.id))[0]?.reason).toBe('recovered');
    expect(await store.listDrafts()).toEqual([]);
  });

  it('drops a draft whose content is already stored', async () => {
    const { store } = memoryStore();
    const p = await store.create({ name: 'Badge', files: files('v1') });
    await store.save(p.id, { files: files('typed') }, { expectedRevision: 1 });
    await store.stashDraft({ projectId: p.id, baseRevision: 1, name: 'Badge', files: files('typed'), stashedAt: 9 });
    expect((await recoverDrafts(store, { copyName }))[0]?.outcome).toBe('already-saved');
    expect((await store.get(p.id)).revision).toBe(2);
  });

  it('merges with later changes to other things', async () => {
    const { store } = memoryStore();
    const p = await store.create({ name: 'Badge', files: files('v1') });
    await store.rename(p.id, 'Name badge');
    await store.stashDraft({ projectId: p.id, baseRevision: 1, name: 'Badge', files: files('typed'), stashedAt: 9 });
    expect((await recoverDrafts(store, { copyName }))[0]?.outcome).toBe('merged');
    expect(await store.get(p.id)).toMatchObject({ name: 'Name badge', files: files('typed') });
  });

  it('keeps a clashing draft as a separate copy', async () => {
    const { store } = memoryStore();
    const p = await store.create({ name: 'Badge', files: files('v1') });
    await store.save(p.id, { files: files('other tab') }, { expectedRevision: 1 });
    await store.stashDraft({ projectId: p.id, baseRevision: 1, name: 'Badge', files: files('mine'), stashedAt: 9 });
    const [result] = await recoverDrafts(store, { copyName });
    expect(result?.outcome).toBe('copied');
    if (result?.outcome !== 'copied') return;
    expect(result.copy).toMatchObject({ name: 'Badge (recovered)', files: files('mine') });
    expect((await store.get(p.id)).files['main.ts']).toBe('other tab');
  });

  it('keeps the draft when storage refuses, for the next start', async () => {
    const { store } = memoryStore();
    const p = await store.create({ name: 'Badge', files: files('v1') });
    await store.stashDraft({ projectId: p.id, baseRevision: 1, name: 'Badge', files: files('typed'), stashedAt: 9 });
    store.failWrites(new Error('disk error'));
    expect((await recoverDrafts(store, { copyName }))[0]?.outcome).toBe('kept');
    store.failWrites(null);
    expect(await store.listDrafts()).toHaveLength(1);
    expect((await recoverDrafts(store, { copyName }))[0]?.outcome).toBe('applied');
  });

  it('turns the draft of a project that is gone into a new project', async () => {
    const { store } = memoryStore();
    await store.stashDraft({ projectId: 'gone', baseRevision: 3, name: '', files: files('orphan'), stashedAt: 9 });
    const [result] = await recoverDrafts(store, { copyName: () => '' });
    expect(result?.outcome === 'copied' && result.copy.name).toBe('Recovered project');
  });

  it('does not save a draft again that another tab recovered at the same moment', async () => {
    const { store } = memoryStore();
    const p = await store.create({ name: 'Badge', files: files('v1') });
    await store.stashDraft({ projectId: p.id, baseRevision: 1, name: 'Badge', files: files('typed'), stashedAt: 9 });
    let raced = false;
    const racing = new (class extends ForwardingProjectStore {
      override async save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
        if (!raced) {
          raced = true;
          // The other tab's recovery of the same draft lands between our read and our save.
          await store.save(id, { name: 'Badge', files: files('typed') }, { expectedRevision: 1, reason: 'recovered' });
        }
        return store.save(id, changes, options);
      }
    })(store);
    expect(await recoverDrafts(racing, { copyName })).toEqual([
      { outcome: 'already-saved', projectId: p.id, revision: 2 },
    ]);
    expect((await store.listVersions(p.id)).map((v) => v.revision)).toEqual([2, 1]);
    expect((await store.list()).projects).toHaveLength(1);
  });
});
