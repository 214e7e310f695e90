import { ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { describeProjectStoreContract } from '../test/project-store-contract.ts';
import { recoverDrafts } from './draft-recovery.ts';
import {
  DRAFT_JOURNAL_DAMAGED_KEY,
  DRAFT_JOURNAL_KEY,
  DraftJournalProjectStore,
} from './draft-journal-project-store.ts';
import { MemoryProjectStore } from './memory-project-store.ts';
import type { ProjectDraft } from './project.ts';
import type { ProjectStore } from './project-store.ts';

describeProjectStoreContract('DraftJournalProjectStore', (clock) => {
  const inner = new MemoryProjectStore({ clock });
  return Promise.resolve({
    store: new DraftJournalProjectStore(inner, new MemoryKeyValueStore()),
    damage: (id: string) => {
      inner.putRaw('projects', id, { id, name: 'Bad', revision: 'seven' });
      return Promise.resolve();
    },
  });
});

const files = (main: string) => ({ 'pxt.json': '{"name":"x"}', 'main.ts': main });

/** A store whose draft writes never finish, like a database write cut off by a closing page. */
function losingDraftWrites(inner: ProjectStore): ProjectStore {
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'stashDraft') return () => new Promise<void>(() => undefined);
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('DraftJournalProjectStore', () => {
  it('keeps a stash written to the journal at once, even when the database write never lands', async () => {
    const memory = new MemoryProjectStore({ clock: new ManualClock(1000) });
    const project = await memory.create({ name: 'Quick', files: files('v1') });
    const journal = new MemoryKeyValueStore();
    const closing = new DraftJournalProjectStore(losingDraftWrites(memory), journal);
    const draft: ProjectDraft = {
      projectId: project.id,
      baseRevision: 1,
      name: 'Quick',
      files: files('typed'),
      stashedAt: 2000,
    };
    void closing.stashDraft(draft);
    // Nothing was awaited: the journal already holds it.
    expect(journal.get(DRAFT_JOURNAL_KEY)).toContain('typed');

    // The next page: recovery saves the edit and clears the journal.
    const next = new DraftJournalProjectStore(memory, journal);
    const outcomes = await recoverDrafts(next, { copyName: (n) => `${n} (recovered)` });
    expect(outcomes.map((o) => o.outcome)).toEqual(['applied']);
    expect((await memory.get(project.id)).files['main.ts']).toBe('typed');
    expect(journal.get(DRAFT_JOURNAL_KEY)).toBeNull();
  });

  it('lists the newest draft of a project from either place, and discards only what is not newer', async () => {
    const memory = new MemoryProjectStore({ clock: new ManualClock(1000) });
    const project = await memory.create({ name: 'Both', files: files('v1') });
    const journal = new MemoryKeyValueStore();
    const store = new DraftJournalProjectStore(memory, journal);
    await memory.stashDraft({
      projectId: project.id,
      baseRevision: 1,
      name: 'Both',
      files: files('db'),
      stashedAt: 10,
    });
    journal.set(
      DRAFT_JOURNAL_KEY,
      JSON.stringify([{ projectId: project.id, baseRevision: 1, name: 'Both', files: files('kv'), stashedAt: 20 }]),
    );
    expect((await store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['kv']);
    await store.discardDraft(project.id, 10);
    expect((await store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['kv']);
    await store.discardDraft(project.id, 20);
    expect(await store.listDrafts()).toEqual([]);
  });

  it('sets an unreadable journal aside instead of writing over it', async () => {
    const memory = new MemoryProjectStore({ clock: new ManualClock(1000) });
    const project = await memory.create({ name: 'Damaged', files: files('v1') });
    const journal = new MemoryKeyValueStore();
    journal.set(DRAFT_JOURNAL_KEY, '{not json');
    const store = new DraftJournalProjectStore(memory, journal);
    expect(await store.listDrafts()).toEqual([]);
    await store.stashDraft({
      projectId: project.id,
      baseRevision: 1,
      name: 'Damaged',
      files: files('x'),
      stashedAt: 5,
    });
    expect(journal.get(DRAFT_JOURNAL_DAMAGED_KEY)).toBe('{not json');
    expect((await store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['x']);
  });

  it('puts journal drafts into the recovery download and forgets them when the project is purged', async () => {
    const memory = new MemoryProjectStore({ clock: new ManualClock(1000) });
    const project = await memory.create({ name: 'Gone', files: files('v1') });
    const journal = new MemoryKeyValueStore();
    const store = new DraftJournalProjectStore(losingDraftWrites(memory), journal);
    void store.stashDraft({ projectId: project.id, baseRevision: 1, name: 'Gone', files: files('y'), stashedAt: 7 });
    expect((await store.exportAll()).drafts.map((d) => d.files['main.ts'])).toEqual(['y']);
    await store.trash(project.id);
    await store.purge(project.id);
    expect(journal.get(DRAFT_JOURNAL_KEY)).toBeNull();
  });
});
