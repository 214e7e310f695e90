import { ManualClock } from '@blockyard/core';
import {
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

describe('createProjectServices', () => {
  it('recovers stashed drafts and purges expired trash before listing', async () => {
    const clock = new ManualClock(START);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds() });
    const kept = await store.create({ name: 'Kept', files: files('v1') });
    const old = await store.create({ name: 'Old', files: files('') });
    await store.trash(old.id);
    await store.stashDraft({ projectId: kept.id, baseRevision: 1, name: 'Kept', files: files('typed'), stashedAt: 1 });
    clock.advance(TRASH_RETENTION_MS + 1);
    const services = createProjectServices({
      clock,
      open: () => Promise.resolve(store),
      port: new MemoryBroadcastHub<ProjectsTabMessage>().connect(),
      tabId: 'tab',
      quota: new MemoryStorageQuota(),
      recoveredName: (name) => `${name} (recovered)`,
    });
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
    const services = createProjectServices({
      clock,
      open: () => Promise.resolve(store),
      port: new MemoryBroadcastHub<ProjectsTabMessage>().connect(),
      tabId: 'new-tab',
      quota: new MemoryStorageQuota(),
      recoveredName: (name) => `${name} (recovered)`,
      presence,
    });
    await services.ready;
    expect((await store.get(crashed.id)).files['main.ts']).toBe('typed before the crash');
    expect((await store.get(open.id)).revision).toBe(1);
    expect((await store.listDrafts()).map((d) => d.session)).toEqual(['open-tab/1']);
    expect(services.newSession()).toBe('new-tab/1');
    expect(services.newSession()).toBe('new-tab/2');
  });

  it('keeps projects in memory, and says so, where the browser has no database', async () => {
    const health = new StorageHealth();
    const store = await openBrowserProjectStore(new ManualClock(START), health);
    expect(health.getState().database).toBe('unavailable');
    const p = await store.create({ name: 'In memory', files: files('') });
    expect((await store.get(p.id)).name).toBe('In memory');
  });
});
