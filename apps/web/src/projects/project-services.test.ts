import { ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import {
  AutosaveController,
  DRAFT_JOURNAL_KEY,
  MemoryBroadcastHub,
  MemoryProjectStore,
  MemoryStorageQuota,
  MemoryTabPresence,
  TRASH_RETENTION_MS,
  sequentialIds,
  type ProjectsTabMessage,
} from '@blockyard/projects';
import { describe, expect, it } from 'vitest';
import { StorageHealth } from '@blockyard/projects';
import { createProjectServices, openBrowserProjectStore } from './project-services.ts';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const files = (main: string) => ({ 'pxt.json': '{}', 'main.ts': main });

/** Lets the stores' chained promises and timers of zero run, a few rounds. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Project services over `store` in tab `tabId`, as the browser wires them, with `extra` options. */
function servicesOver(
  store: MemoryProjectStore,
  clock: ManualClock,
  tabId: string,
  extra: Partial<Parameters<typeof createProjectServices>[0]> = {},
) {
  return createProjectServices({
    clock,
    open: () => Promise.resolve(store),
    port: new MemoryBroadcastHub<ProjectsTabMessage>().connect(),
    tabId,
    quota: new MemoryStorageQuota(),
    recoveredName: (name) => `${name} (recovered)`,
    ...extra,
  });
}

describe('createProjectServices', () => {
  it('recovers stashed drafts and purges expired trash before listing', async () => {
    const clock = new ManualClock(START);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds() });
    const kept = await store.create({ name: 'Kept', files: files('v1') });
    const old = await store.create({ name: 'Old', files: files('') });
    await store.trash(old.id);
    await store.stashDraft({ projectId: kept.id, baseRevision: 1, name: 'Kept', files: files('typed'), stashedAt: 1 });
    clock.advance(TRASH_RETENTION_MS + 1);
    const services = servicesOver(store, clock, 'tab');
    await services.ready;
    expect((await store.get(kept.id)).files['main.ts']).toBe('typed');
    expect(services.library.getState()).toMatchObject({ status: 'ready', projects: [{ name: 'Kept' }], trash: [] });
  });

  it('brings back journaled edits of crashed tabs, and leaves those of open tabs alone', async () => {
    const clock = new ManualClock(START);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds() });
    const crashed = await store.create({ name: 'Crashed', files: files('v1') });
    const open = await store.create({ name: 'Open', files: files('v1') });
    const journal = (projectId: string, session: string, text: string) =>
      store.appendJournal({
        session,
        seq: 1,
        projectId,
        baseRevision: 1,
        at: START,
        restart: true,
        changes: [{ file: 'main.ts', text }],
      });
    await journal(crashed.id, 'gone-tab/1', 'typed before the crash');
    await journal(open.id, 'open-tab/1', 'still being typed');
    const presence = new MemoryTabPresence();
    presence.announce('open-tab');
    const services = servicesOver(store, clock, 'new-tab', {
      presence,
    });
    await services.ready;
    expect((await store.get(crashed.id)).files['main.ts']).toBe('typed before the crash');
    expect((await store.get(open.id)).revision).toBe(1);
    expect((await store.listDrafts()).map((d) => d.session)).toEqual(['open-tab/1']);
    expect(services.newSession()).toBe('new-tab/1');
    expect(services.newSession()).toBe('new-tab/2');
  });

  it("shows a closing tab's draft in an editor opened before that tab was gone", async () => {
    const clock = new ManualClock(START);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds() });
    const quick = await store.create({ name: 'Quick', files: files('v1') });
    await store.stashDraft({
      projectId: quick.id,
      baseRevision: 1,
      name: 'Quick',
      files: files('dragged'),
      stashedAt: START,
      session: 'closing-tab/1',
    });
    // Its pagehide has not run yet: it still holds its lock.
    const presence = new MemoryTabPresence();
    presence.announce('closing-tab');
    const services = servicesOver(store, clock, 'new-tab', {
      presence,
    });
    await services.ready;
    const editor = new AutosaveController({
      store: services.store,
      changes: services.store,
      clock,
      project: await services.store.get(quick.id),
      session: services.newSession(),
    });
    expect(editor.getContent().files['main.ts']).toBe('v1');

    presence.leave('closing-tab');
    await settle();
    expect(editor.getContent().files['main.ts']).toBe('dragged');
    expect(editor.getState()).toMatchObject({ status: 'saved', revision: 2, contentVersion: 1 });
    expect(await store.listDrafts()).toEqual([]);
    await editor.dispose();
  });

  it("shows a closed tab's draft that reached the journal after start-up, in the editor and the list", async () => {
    const clock = new ManualClock(START);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds() });
    const quick = await store.create({ name: 'Quick', files: files('v1') });
    // localStorage, shared with the closed page; `storage` events tell of its writes.
    const journal = new MemoryKeyValueStore();
    const listeners = new Set<() => void>();
    const services = servicesOver(store, clock, 'new-tab', {
      presence: new MemoryTabPresence(),
      draftJournal: journal,
      draftArrivals: {
        subscribe: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    });
    await services.ready;
    const editor = new AutosaveController({
      store: services.store,
      changes: services.store,
      clock,
      project: await services.store.get(quick.id),
    });
    // The home list, shown in this tab.
    const unwatch = services.library.subscribe(() => undefined);
    const draft = { projectId: quick.id, baseRevision: 1, name: 'Quick', stashedAt: START, session: 'closed-tab/1' };
    journal.set(DRAFT_JOURNAL_KEY, JSON.stringify([{ ...draft, files: files('dragged') }]));
    for (const listener of listeners) listener();
    await settle();
    expect(editor.getContent().files['main.ts']).toBe('dragged');
    expect(journal.get(DRAFT_JOURNAL_KEY)).toBeNull();
    expect(services.library.getState()).toMatchObject({ projects: [{ name: 'Quick', revision: 2 }] });
    unwatch();
    await editor.dispose();
  });

  it('keeps projects in memory, and says so, where the browser has no database', async () => {
    const health = new StorageHealth();
    const store = await openBrowserProjectStore(new ManualClock(START), health);
    expect(health.getState().database).toBe('unavailable');
    const p = await store.create({ name: 'In memory', files: files('') });
    expect((await store.get(p.id)).name).toBe('In memory');
  });
});
