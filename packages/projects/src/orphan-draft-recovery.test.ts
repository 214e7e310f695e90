import { describe, expect, it } from 'vitest';
import { files, memoryStore, settle } from '../test/helpers.ts';
import { OrphanDraftRecovery, type DraftArrivals } from './orphan-draft-recovery.ts';
import { MemoryTabPresence, type TabPresence } from './tab-presence.ts';

const copyName = (name: string) => `${name} (recovered)`;

/** The `storage` event's stand-in: the test says when another page wrote drafts. */
function fakeArrivals(): DraftArrivals & { arrive: () => void } {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    arrive: () => {
      for (const listener of [...listeners]) listener();
    },
  };
}

async function setUp() {
  const { store } = memoryStore();
  const project = await store.create({ name: 'Quick', files: files('v1') });
  const presence = new MemoryTabPresence();
  presence.announce('this-tab');
  const recovered: [string, number][] = [];
  const arrivals = fakeArrivals();
  const recovery = new OrphanDraftRecovery({
    store,
    presence,
    tabId: 'this-tab',
    copyName,
    arrivals,
    onRecovered: (projectId, revision) => recovered.push([projectId, revision]),
  });
  const stash = (session: string, main: string, stashedAt = 9) =>
    store.stashDraft({ projectId: project.id, baseRevision: 1, name: 'Quick', files: files(main), stashedAt, session });
  return { store, project, presence, recovered, arrivals, recovery, stash };
}

describe('OrphanDraftRecovery', () => {
  it('takes the draft of a tab still closing at start-up as soon as that tab is gone', async () => {
    const { store, project, presence, recovered, recovery, stash } = await setUp();
    presence.announce('closing');
    await stash('closing/1', 'dragged');
    expect(await recovery.run()).toEqual([]);
    expect((await store.get(project.id)).revision).toBe(1);
    expect(recovered).toEqual([]);

    presence.leave('closing');
    await settle();
    expect((await store.get(project.id)).files['main.ts']).toBe('dragged');
    // Told, so an editor open on it here shows it.
    expect(recovered).toEqual([[project.id, 2]]);
    expect(await store.listDrafts()).toEqual([]);
  });

  it('takes a draft that reaches storage after it looked', async () => {
    const { store, project, recovered, arrivals, recovery, stash } = await setUp();
    expect(await recovery.run()).toEqual([]);
    // The closed tab's lock was already gone; its draft lands now.
    await stash('closed/1', 'dragged');
    arrivals.arrive();
    await settle();
    expect((await store.get(project.id)).files['main.ts']).toBe('dragged');
    expect(recovered).toEqual([[project.id, 2]]);
  });

  it("saves a closing tab's later stash over its earlier one that a pass took before it landed", async () => {
    const { store, project, recovered, arrivals, recovery, stash } = await setUp();
    await recovery.run();
    // The autosave's stash lands and is taken at once...
    await stash('closed/2', 'dragged', 10);
    arrivals.arrive();
    await settle();
    expect((await store.get(project.id)).revision).toBe(2);
    // ...then the block editor's own, with more of the same edit, on the same base.
    await stash('closed/2', 'dragged and typed', 11);
    arrivals.arrive();
    await settle();
    expect(await store.get(project.id)).toMatchObject({ revision: 3, files: files('dragged and typed') });
    expect((await store.list()).projects).toHaveLength(1);
    expect(recovered).toEqual([
      [project.id, 2],
      [project.id, 3],
    ]);
  });

  it('still merges a later stash with a change made meanwhile elsewhere', async () => {
    const { store, project, arrivals, recovery, stash } = await setUp();
    await recovery.run();
    await stash('closed/2', 'dragged', 10);
    arrivals.arrive();
    await settle();
    await store.rename(project.id, 'Quick dice');
    await stash('closed/2', 'dragged and typed', 11);
    arrivals.arrive();
    await settle();
    expect(await store.get(project.id)).toMatchObject({ name: 'Quick dice', files: files('dragged and typed') });
    expect((await store.list()).projects).toHaveLength(1);
  });

  it("leaves this tab's drafts and those of a tab still open alone", async () => {
    const { store, project, presence, recovered, arrivals, recovery, stash } = await setUp();
    presence.announce('open');
    await stash('this-tab/1', 'mine', 9);
    await stash('open/1', 'theirs', 10);
    await recovery.run();
    arrivals.arrive();
    await settle();
    expect((await store.get(project.id)).revision).toBe(1);
    expect((await store.listDrafts()).map((d) => d.session).sort()).toEqual(['open/1', 'this-tab/1']);
    expect(recovered).toEqual([]);
  });

  it('applies a draft once however many passes pile up', async () => {
    const { store, project, presence, recovered, arrivals, recovery, stash } = await setUp();
    presence.announce('closing');
    await stash('closing/1', 'dragged');
    const first = recovery.run();
    presence.leave('closing');
    arrivals.arrive();
    arrivals.arrive();
    const last = recovery.run();
    await Promise.all([first, last]);
    await settle();
    expect((await store.get(project.id)).revision).toBe(2);
    expect((await store.listVersions(project.id)).map((v) => v.reason)).toEqual(['recovered', 'create']);
    expect(recovered).toEqual([[project.id, 2]]);
  });

  it('tells of a draft another tab saved already, so an editor here still looks again', async () => {
    const { store, project, presence, recovered, recovery, stash } = await setUp();
    presence.announce('closing');
    await stash('closing/1', 'dragged');
    await recovery.run();
    // Its own save landed before it went, but not its discard of the draft.
    await store.save(project.id, { files: files('dragged') }, { expectedRevision: 1 });
    presence.leave('closing');
    await settle();
    expect(recovered).toEqual([[project.id, 2]]);
    expect(await store.listDrafts()).toEqual([]);
  });

  it('leaves the draft for the next start when the browser cannot tell when the tab goes', async () => {
    const { store } = memoryStore();
    const project = await store.create({ name: 'Quick', files: files('v1') });
    let asked = 0;
    const presence: TabPresence = {
      announce: () => undefined,
      liveTabs: () => Promise.resolve(new Set(['closing'])),
      whenGone: () => {
        asked++;
        return Promise.reject(new Error('no locks'));
      },
    };
    await store.stashDraft({
      projectId: project.id,
      baseRevision: 1,
      name: 'Quick',
      files: files('dragged'),
      stashedAt: 9,
      session: 'closing/1',
    });
    await new OrphanDraftRecovery({ store, presence, tabId: 'this-tab', copyName }).run();
    await settle();
    await settle();
    expect(asked).toBe(1);
    expect(await store.listDrafts()).toHaveLength(1);
  });

  it('stops listening when stopped', async () => {
    const { store, project, arrivals, recovery, stash } = await setUp();
    await recovery.run();
    recovery.stop();
    await stash('closed/1', 'dragged');
    arrivals.arrive();
    await settle();
    expect((await store.get(project.id)).revision).toBe(1);
  });
});
