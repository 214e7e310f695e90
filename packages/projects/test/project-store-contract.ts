/**
 * The contract every ProjectStore must keep, as one suite that runs against each implementation
 * (MemoryProjectStore here, the IndexedDB store in @blockyard/platform). Import it from
 * `@blockyard/projects/testing`.
 */
import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../src/edit-journal.ts';
import type { ProjectStore } from '../src/project-store.ts';
import { isProjectStoreError } from '../src/project-store-error.ts';

export interface ContractHarness {
  store: ProjectStore;
  /** Makes the stored record of one project unreadable, as disk or browser damage would. */
  damage?: (projectId: string) => Promise<void>;
  /** Opens the same storage again through a new store, to prove that data persists. */
  reopen?: () => Promise<ProjectStore>;
  close?: () => Promise<void>;
}

/** 5 January 2026, 09:00 UTC: dates in the suite look like real ones. */
export const CONTRACT_START = Date.UTC(2026, 0, 5, 9, 0, 0);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const files = (main: string) => ({ 'pxt.json': '{"name":"x"}', 'main.ts': main });

async function expectStoreError(promise: Promise<unknown>, code: string): Promise<void> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isProjectStoreError(error) ? error.code : error).toBe(code);
}

export function describeProjectStoreContract(
  implementation: string,
  setup: (clock: ManualClock) => Promise<ContractHarness>,
): void {
  describe(`ProjectStore contract: ${implementation}`, () => {
    async function open() {
      const clock = new ManualClock(CONTRACT_START);
      const harness = await setup(clock);
      return { clock, ...harness };
    }

    it('creates a project that can be listed and read back', async () => {
      const { store, close } = await open();
      const created = await store.create({ name: '  My   robot ', files: files('basic.showNumber(1)') });
      expect(created).toMatchObject({ name: 'My robot', revision: 1, createdAt: CONTRACT_START });
      expect(created.updatedAt).toBe(CONTRACT_START);
      const read = await store.get(created.id);
      expect(read.files).toEqual(files('basic.showNumber(1)'));
      const listing = await store.list();
      expect(listing.projects.map((p) => p.name)).toEqual(['My robot']);
      expect(listing.damaged).toEqual([]);
      expect(listing.projects[0]).not.toHaveProperty('files');
      await close?.();
    });

    it('gives every project its own id', async () => {
      const { store, close } = await open();
      const ids = new Set<string>();
      for (let i = 0; i < 20; i++) ids.add((await store.create({ name: `P${i}`, files: files('') })).id);
      expect(ids.size).toBe(20);
      await close?.();
    });

    it("creates a project under a given id (the account's), never over one that exists", async () => {
      const { store, close } = await open();
      const made = await store.create({ name: 'From the cloud', files: files('1'), id: 'cloud-id_1', origin: 'cloud' });
      expect(made.id).toBe('cloud-id_1');
      expect((await store.listVersions('cloud-id_1'))[0]?.reason).toBe('cloud');
      await expectStoreError(store.create({ name: 'Again', files: files('2'), id: 'cloud-id_1' }), 'failed');
      expect((await store.get('cloud-id_1')).files).toEqual(files('1'));
      await expectStoreError(store.create({ name: 'Bad id', files: files(''), id: '../x' }), 'failed');
      const trashed = await store.create({ name: 'Binned', files: files(''), id: 'cloud-2', trashed: true });
      expect(trashed.trashedAt).toBe(CONTRACT_START);
      expect((await store.list()).projects.find((p) => p.id === 'cloud-2')?.trashedAt).toBe(CONTRACT_START);
      await close?.();
    });

    it('refuses bad names and bad files without storing anything', async () => {
      const { store, close } = await open();
      await expectStoreError(store.create({ name: '   ', files: files('') }), 'invalid-name');
      await expectStoreError(store.create({ name: 'a\u0007b', files: files('') }), 'invalid-name');
      await expectStoreError(store.create({ name: 'x'.repeat(81), files: files('') }), 'invalid-name');
      const bad = { 'main.ts': 42 } as unknown as Record<string, string>;
      await expectStoreError(store.create({ name: 'ok', files: bad }), 'invalid-files');
      expect((await store.list()).projects).toEqual([]);
      await close?.();
    });

    it('reports unknown ids as not-found', async () => {
      const { store, close } = await open();
      await expectStoreError(store.get('nope'), 'not-found');
      await expectStoreError(store.rename('nope', 'x'), 'not-found');
      await expectStoreError(store.trash('nope'), 'not-found');
      await expectStoreError(store.listVersions('nope'), 'not-found');
      await close?.();
    });

    it('saves with compare-and-set and reports a stale revision as a conflict', async () => {
      const { store, clock, close } = await open();
      const p = await store.create({ name: 'Dice', files: files('v1') });
      clock.advance(5000);
      const first = await store.save(p.id, { files: files('v2') }, { expectedRevision: 1 });
      expect(first.status).toBe('saved');
      if (first.status !== 'saved') return;
      expect(first.project).toMatchObject({ revision: 2, updatedAt: CONTRACT_START + 5000, createdAt: CONTRACT_START });
      const stale = await store.save(p.id, { files: files('from the other tab') }, { expectedRevision: 1 });
      expect(stale.status).toBe('conflict');
      if (stale.status === 'conflict') expect(stale.current.files['main.ts']).toBe('v2');
      expect((await store.get(p.id)).files['main.ts']).toBe('v2');
      await close?.();
    });

    it('lets exactly one of two racing saves win', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Race', files: files('v1') });
      const results = await Promise.all([
        store.save(p.id, { files: files('tab A') }, { expectedRevision: 1 }),
        store.save(p.id, { files: files('tab B') }, { expectedRevision: 1 }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['conflict', 'saved']);
      const winner = results.find((r) => r.status === 'saved');
      const stored = await store.get(p.id);
      expect(winner?.status === 'saved' && winner.project.files['main.ts']).toBe(stored.files['main.ts']);
      expect(stored.revision).toBe(2);
      await close?.();
    });

    it('hands out copies: changing a returned project changes nothing stored', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Copy', files: files('v1') });
      (p.files as Record<string, string>)['main.ts'] = 'tampered';
      const read = await store.get(p.id);
      (read.files as Record<string, string>)['main.ts'] = 'tampered again';
      expect((await store.get(p.id)).files['main.ts']).toBe('v1');
      await close?.();
    });

    it('skips saves that change nothing, and keeps the revision for a new thumbnail', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Same', files: files('v1') });
      const same = await store.save(p.id, { files: files('v1'), name: 'Same' }, { expectedRevision: 1 });
      expect(same.status === 'saved' && same.project.revision).toBe(1);
      const thumb = await store.save(p.id, { thumbnail: 'data:image/png;base64,AAAA' }, { expectedRevision: 1 });
      expect(thumb.status === 'saved' && thumb.project).toMatchObject({
        revision: 1,
        thumbnail: 'data:image/png;base64,AAAA',
      });
      const removed = await store.save(p.id, { thumbnail: null }, { expectedRevision: 1 });
      expect(removed.status === 'saved' && removed.project.thumbnail).toBeUndefined();
      expect(await store.listVersions(p.id)).toHaveLength(1);
      await close?.();
    });

    it('renames, bumping the revision, and refuses an empty name', async () => {
      const { store, clock, close } = await open();
      const p = await store.create({ name: 'Old', files: files('v1') });
      clock.advance(1000);
      const renamed = await store.rename(p.id, ' New name ');
      expect(renamed).toMatchObject({ name: 'New name', revision: 2, updatedAt: CONTRACT_START + 1000 });
      await expectStoreError(store.rename(p.id, ''), 'invalid-name');
      expect((await store.get(p.id)).name).toBe('New name');
      // A save made before the rename is now stale: the editor must learn about the rename.
      const stale = await store.save(p.id, { files: files('v2') }, { expectedRevision: 1 });
      expect(stale.status).toBe('conflict');
      await close?.();
    });

    it('duplicates into an independent project with its own history', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Badge', files: files('v1') });
      await store.save(p.id, { files: files('v2') }, { expectedRevision: 1 });
      const copy = await store.duplicate(p.id, 'Badge copy');
      expect(copy.id).not.toBe(p.id);
      expect(copy).toMatchObject({ name: 'Badge copy', revision: 1 });
      expect(copy.files).toEqual(files('v2'));
      await store.save(copy.id, { files: files('copy edit') }, { expectedRevision: 1 });
      expect((await store.get(p.id)).files['main.ts']).toBe('v2');
      const history = await store.listVersions(copy.id);
      expect(history.map((v) => v.reason)).toEqual(['save', 'duplicate']);
      await close?.();
    });

    it('moves projects to the trash and back without losing anything', async () => {
      const { store, clock, close } = await open();
      const p = await store.create({ name: 'Compass', files: files('v1') });
      clock.advance(MINUTE);
      const trashed = await store.trash(p.id);
      expect(trashed.trashedAt).toBe(CONTRACT_START + MINUTE);
      clock.advance(MINUTE);
      expect((await store.trash(p.id)).trashedAt).toBe(CONTRACT_START + MINUTE);
      expect((await store.list()).projects[0]?.trashedAt).toBe(CONTRACT_START + MINUTE);
      expect((await store.get(p.id)).files['main.ts']).toBe('v1');
      const restored = await store.restore(p.id);
      expect(restored.trashedAt).toBeUndefined();
      expect(restored.revision).toBe(1);
      expect((await store.get(p.id)).trashedAt).toBeUndefined();
      await close?.();
    });

    it('purges only trashed projects, with their history and drafts', async () => {
      const { store, close } = await open();
      const keep = await store.create({ name: 'Keep', files: files('k') });
      const gone = await store.create({ name: 'Gone', files: files('g') });
      await expectStoreError(store.purge(keep.id), 'not-trashed');
      await store.stashDraft({ projectId: gone.id, baseRevision: 1, name: 'Gone', files: files('g2'), stashedAt: 1 });
      await store.trash(gone.id);
      await store.purge(gone.id);
      await expectStoreError(store.get(gone.id), 'not-found');
      await expectStoreError(store.getVersion(gone.id, 1), 'not-found');
      expect(await store.listDrafts()).toEqual([]);
      expect((await store.list()).projects.map((p) => p.name)).toEqual(['Keep']);
      await close?.();
    });

    it('keeps a version per save, newest first, and restores one as a new save', async () => {
      const { store, clock, close } = await open();
      const p = await store.create({ name: 'Melody', files: files('v1') });
      for (const text of ['v2', 'v3']) {
        clock.advance(2000);
        const current = await store.get(p.id);
        await store.save(p.id, { files: files(text) }, { expectedRevision: current.revision });
      }
      const history = await store.listVersions(p.id);
      expect(history.map((v) => [v.revision, v.reason])).toEqual([
        [3, 'save'],
        [2, 'save'],
        [1, 'create'],
      ]);
      expect(history[0]).toMatchObject({ savedAt: CONTRACT_START + 4000, name: 'Melody' });
      expect((await store.getVersion(p.id, 1)).files['main.ts']).toBe('v1');
      const restored = await store.restoreVersion(p.id, 1, { expectedRevision: 3 });
      expect(restored.status === 'saved' && restored.project).toMatchObject({ revision: 4, files: files('v1') });
      const after = await store.listVersions(p.id);
      expect(after[0]).toMatchObject({ revision: 4, reason: 'restore', restoredFrom: 1 });
      // Restoring is itself undoable: version 3 is still there to go back to.
      const undo = await store.restoreVersion(p.id, 3, { expectedRevision: 4 });
      expect(undo.status === 'saved' && undo.project.files['main.ts']).toBe('v3');
      expect((await store.restoreVersion(p.id, 1, { expectedRevision: 4 })).status).toBe('conflict');
      await expectStoreError(store.getVersion(p.id, 99), 'not-found');
      await close?.();
    });

    it('thins out old versions but always keeps the latest', async () => {
      const { store, clock, close } = await open();
      const p = await store.create({ name: 'Busy', files: files('0') });
      let revision = 1;
      // Two hours of saves every 20 seconds.
      for (let i = 1; i <= 360; i++) {
        clock.advance(20_000);
        const result = await store.save(p.id, { files: files(String(i)) }, { expectedRevision: revision });
        if (result.status === 'saved') revision = result.project.revision;
      }
      const history = await store.listVersions(p.id);
      expect(history[0]?.revision).toBe(revision);
      expect(history[0]?.savedAt).toBe(clock.now());
      // Last 10 minutes: all 30 saves; 10-60 minutes: one per minute; 1-2 hours: one per 10 minutes.
      expect(history.length).toBeGreaterThan(30 + 45);
      expect(history.length).toBeLessThan(30 + 55 + 10);
      const recent = history.filter((v) => v.savedAt > clock.now() - 10 * MINUTE);
      expect(recent).toHaveLength(30);
      const oldest = history.filter((v) => v.savedAt <= clock.now() - HOUR);
      const buckets = new Set(oldest.map((v) => Math.floor(v.savedAt / (10 * MINUTE))));
      expect(buckets.size).toBe(oldest.length);
      await close?.();
    });

    it('stashes drafts and discards only the ones not newer than asked', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Draft', files: files('v1') });
      await store.stashDraft({
        projectId: p.id,
        baseRevision: 1,
        name: 'Draft',
        files: files('typed'),
        stashedAt: 100,
      });
      expect(await store.listDrafts()).toEqual([
        { projectId: p.id, baseRevision: 1, name: 'Draft', files: files('typed'), stashedAt: 100 },
      ]);
      await store.stashDraft({ projectId: p.id, baseRevision: 1, name: 'Draft', files: files('more'), stashedAt: 200 });
      await store.discardDraft(p.id, 100);
      expect((await store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['more']);
      await store.discardDraft(p.id);
      expect(await store.listDrafts()).toEqual([]);
      await close?.();
    });

    it('keeps stashes of different sessions apart and discards one session at a time', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Two tabs', files: files('v1') });
      const stash = (session: string, main: string, stashedAt: number) =>
        store.stashDraft({
          projectId: p.id,
          baseRevision: 1,
          name: 'Two tabs',
          files: files(main),
          stashedAt,
          session,
        });
      await stash('a/1', 'from a', 100);
      await stash('b/1', 'from b', 150);
      expect((await store.listDrafts()).map((d) => [d.session, d.files['main.ts']]).sort()).toEqual([
        ['a/1', 'from a'],
        ['b/1', 'from b'],
      ]);
      await store.discardDraft(p.id, 200, 'a/1');
      expect((await store.listDrafts()).map((d) => d.session)).toEqual(['b/1']);
      await close?.();
    });

    it('journals edits as they happen and lists what they add up to as a draft', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Journal', files: files('let a = 1') });
      const entry = (seq: number, at: number, changes: JournalEntry['changes'], extra: Partial<JournalEntry> = {}) =>
        store.appendJournal({ session: 't/1', seq, projectId: p.id, baseRevision: 1, at, changes, ...extra });
      await entry(1, 10, [{ file: 'main.ts', text: 'let a = 12' }], { restart: true });
      await entry(2, 20, [{ file: 'main.ts', at: 10, remove: 0, insert: '3', length: 11 }], { name: 'Renamed' });
      expect(await store.listDrafts()).toEqual([
        {
          projectId: p.id,
          baseRevision: 1,
          name: 'Renamed',
          files: files('let a = 123'),
          stashedAt: 20,
          session: 't/1',
        },
      ]);
      // A newer stash of the same session wins; another session is listed on its own.
      await store.stashDraft({
        projectId: p.id,
        baseRevision: 1,
        name: 'J',
        files: files('stash'),
        stashedAt: 30,
        session: 't/1',
      });
      expect((await store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['stash']);
      const exported = await store.exportAll();
      expect(exported.drafts.map((d) => d.files['main.ts']).sort()).toEqual(['let a = 123', 'stash']);
      await store.discardDraft(p.id, 30, 't/1');
      expect(await store.listDrafts()).toEqual([]);
      await close?.();
    });

    it('rewrites a session journal in one write and clears it with the project', async () => {
      const { store, close } = await open();
      const p = await store.create({ name: 'Gen', files: files('v1') });
      const restart = (seq: number, text: string): JournalEntry => ({
        session: 'g/1',
        seq,
        projectId: p.id,
        baseRevision: 1,
        at: seq,
        restart: true,
        changes: [{ file: 'main.ts', text }],
      });
      await store.appendJournal(restart(1, 'first'));
      const { restart: _first, ...second } = restart(2, '');
      await store.appendJournal({
        ...second,
        changes: [{ file: 'main.ts', at: 5, remove: 0, insert: '!', length: 6 }],
      });
      await store.rewriteJournal('g/1', restart(3, 'second'));
      expect((await store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['second']);
      await store.rewriteJournal('g/1', null);
      expect(await store.listDrafts()).toEqual([]);
      await store.appendJournal(restart(4, 'third'));
      await store.trash(p.id);
      await store.purge(p.id);
      expect(await store.listDrafts()).toEqual([]);
      await close?.();
    });

    it('exports everything readable for recovery, trashed projects and drafts included', async () => {
      const { store, close } = await open();
      const a = await store.create({ name: 'A', files: files('a') });
      const b = await store.create({ name: 'B', files: files('b') });
      await store.trash(b.id);
      await store.stashDraft({ projectId: a.id, baseRevision: 1, name: 'A', files: files('a2'), stashedAt: 5 });
      const bundle = await store.exportAll();
      expect(bundle.format).toBe('blockyard-recovery');
      expect(bundle.projects.map((p) => [p.name, p.files['main.ts'], p.trashedAt !== undefined]).sort()).toEqual([
        ['A', 'a', false],
        ['B', 'b', true],
      ]);
      expect(bundle.drafts).toHaveLength(1);
      expect(bundle.damaged).toEqual([]);
      await close?.();
    });

    it('keeps damaged records and leaves every other project listable and openable', async ({ skip }) => {
      const { store, damage, close } = await open();
      if (!damage) return skip('this store cannot be damaged from a test');
      const good = await store.create({ name: 'Good', files: files('fine') });
      const bad = await store.create({ name: 'Bad', files: files('lost?') });
      await damage(bad.id);
      const listing = await store.list();
      expect(listing.projects.map((p) => p.name)).toEqual(['Good']);
      expect(listing.damaged.map((d) => d.key)).toEqual([bad.id]);
      expect((await store.get(good.id)).files['main.ts']).toBe('fine');
      await expectStoreError(store.get(bad.id), 'damaged');
      await expectStoreError(store.purge(bad.id), 'damaged');
      const bundle = await store.exportAll();
      expect(bundle.projects.map((p) => p.name)).toEqual(['Good']);
      expect(bundle.damaged.some((d) => d.key === bad.id && d.raw.length > 0)).toBe(true);
      // Still there: nothing deletes what it cannot read.
      expect((await store.list()).damaged).toHaveLength(1);
      await close?.();
    });

    it('keeps everything when the storage is opened again', async ({ skip }) => {
      const { store, reopen, close } = await open();
      if (!reopen) return skip('this store does not persist');
      const p = await store.create({ name: 'Persist', files: files('v1') });
      await store.save(p.id, { files: files('v2') }, { expectedRevision: 1 });
      await store.trash(p.id);
      const again = await reopen();
      const read = await again.get(p.id);
      expect(read).toMatchObject({ name: 'Persist', revision: 2, files: files('v2') });
      expect(read.trashedAt).toBeDefined();
      expect((await again.listVersions(p.id)).map((v) => v.revision)).toEqual([2, 1]);
      await close?.();
    });
  });
}
