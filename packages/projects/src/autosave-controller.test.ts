import { describe, expect, it } from 'vitest';
import { files, memoryStore, pass, recording, settle } from '../test/helpers.ts';
import { AutosaveController } from './autosave-controller.ts';
import { MemoryBroadcastHub } from './broadcast-port.ts';
import { ProjectStoreError } from './project-store-error.ts';
import type { ProjectStore } from './project-store.ts';
import type { ProjectsTabMessage } from './tab-protocol.ts';
import { TabSyncedProjectStore } from './tab-synced-project-store.ts';

async function setup() {
  const { clock, store } = memoryStore();
  const project = await store.create({ name: 'Dice', files: files('start') });
  return { clock, store, project };
}

/** Two tabs over one database, talking through one broadcast channel. */
async function twoTabs() {
  const { clock, store, project } = await setup();
  const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
  const tabA = new TabSyncedProjectStore(store, hub.connect(), 'A');
  const tabB = new TabSyncedProjectStore(store, hub.connect(), 'B');
  const a = new AutosaveController({ store: tabA, changes: tabA, clock, project });
  const b = new AutosaveController({ store: tabB, changes: tabB, clock, project });
  return { clock, store, project, a, b };
}

describe('AutosaveController', () => {
  it('saves a quiet edit after the idle time, and reports unsaved, saving, saved', async () => {
    const { clock, store, project } = await setup();
    const autosave = new AutosaveController({ store, clock, project });
    const seen: string[] = [];
    autosave.subscribe(() => seen.push(autosave.getState().status));
    autosave.edit({ files: { 'main.ts': 'basic.showNumber(6)' } });
    expect(autosave.getState().status).toBe('unsaved');
    clock.advance(299);
    await settle();
    expect((await store.get(project.id)).revision).toBe(1);
    clock.advance(1);
    expect(autosave.getState().status).toBe('saving');
    await settle();
    const stored = await store.get(project.id);
    expect(stored).toMatchObject({ revision: 2, files: { 'main.ts': 'basic.showNumber(6)' } });
    expect(autosave.getState()).toMatchObject({ status: 'saved', revision: 2, lastSavedAt: clock.now() });
    expect(seen).toEqual(['unsaved', 'saving', 'saved']);
  });

  it('starts a save within 1 s of every edit even while the learner keeps typing', async () => {
    const { clock, store: inner, project } = await setup();
    const { store, calls } = recording(inner, clock);
    const autosave = new AutosaveController({ store, clock, project });
    const edits: { at: number; text: string }[] = [];
    for (let i = 1; i <= 50; i++) {
      const text = `typed ${i}`;
      autosave.edit({ files: { 'main.ts': text } });
      edits.push({ at: clock.now(), text });
      await pass(clock, 100, 100);
    }
    await pass(clock, 1000);
    const saves = calls.filter((c) => c.method === 'save');
    expect(saves.length).toBeGreaterThanOrEqual(5);
    for (const edit of edits) {
      // The first save that contains this edit (or a later one) starts at most 1 s after it.
      const index = edits.indexOf(edit);
      const covering = saves.find((s) => {
        const text = (s.args[1] as { files: Record<string, string> }).files['main.ts'] ?? '';
        return Number(text.split(' ')[1]) >= index + 1;
      });
      expect(covering, `edit ${edit.text}`).toBeDefined();
      expect(covering!.at - edit.at).toBeLessThanOrEqual(1000);
    }
    expect((await inner.get(project.id)).files['main.ts']).toBe('typed 50');
    expect(autosave.getState().status).toBe('saved');
  });

  it('keeps the edit in memory when saving fails, says so, retries, and saves the latest text', async () => {
    const { clock, store, project } = await setup();
    const autosave = new AutosaveController({ store, clock, project });
    store.failWrites(new ProjectStoreError('quota-exceeded', 'The disk is full'));
    autosave.edit({ files: { 'main.ts': 'first' } });
    await pass(clock, 400);
    expect(autosave.getState()).toMatchObject({
      status: 'error',
      error: { code: 'quota-exceeded', attempts: 1 },
    });
    autosave.edit({ files: { 'main.ts': 'second' } });
    expect(autosave.getContent().files['main.ts']).toBe('second');
    await pass(clock, 1200);
    expect(autosave.getState().error?.attempts).toBe(2);
    expect(autosave.hasUnsavedWork()).toBe(true);
    store.failWrites(null);
    await pass(clock, 2500);
    expect(autosave.getState()).toMatchObject({ status: 'saved', error: null });
    expect((await store.get(project.id)).files['main.ts']).toBe('second');
  });

  it('saves again after a slow save for edits made while it ran', async () => {
    const { clock, store: inner, project } = await setup();
    let release: () => void = () => undefined;
    const slow: ProjectStore = Object.create(inner) as ProjectStore;
    slow.save = async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return inner.save(...args);
    };
    const autosave = new AutosaveController({ store: slow, clock, project });
    autosave.edit({ files: { 'main.ts': 'one' } });
    await pass(clock, 300);
    expect(autosave.getState().status).toBe('saving');
    autosave.edit({ files: { 'main.ts': 'two' } });
    await pass(clock, 2000);
    release();
    await settle();
    expect((await inner.get(project.id)).files['main.ts']).toBe('one');
    await pass(clock, 1000);
    release();
    await settle();
    expect((await inner.get(project.id)).files['main.ts']).toBe('two');
    expect(autosave.getState().status).toBe('saved');
  });

  it('flush on page hide stashes the edit at once, then saves it and drops the stash', async () => {
    const { clock, store: inner, project } = await setup();
    const { store, calls } = recording(inner, clock);
    const autosave = new AutosaveController({ store, clock, project });
    autosave.edit({ files: { 'main.ts': 'closing' } });
    const flushed = autosave.flush({ pageHide: true });
    // Both issued before the first await: a closing page still gets these writes out.
    expect(calls.map((c) => c.method)).toEqual(['stashDraft', 'save']);
    await flushed;
    await settle();
    expect((await inner.get(project.id)).files['main.ts']).toBe('closing');
    expect(await inner.listDrafts()).toEqual([]);
  });

  it('keeps the stash when the save cannot happen, so the next start can recover it', async () => {
    const { clock, store: inner, project } = await setup();
    const failing: ProjectStore = Object.create(inner) as ProjectStore;
    failing.save = () => Promise.reject(new ProjectStoreError('unavailable', 'closing'));
    const autosave = new AutosaveController({ store: failing, clock, project });
    autosave.edit({ files: { 'main.ts': 'only in the stash' } });
    await autosave.flush({ pageHide: true });
    const drafts = await inner.listDrafts();
    expect(drafts).toMatchObject([
      { projectId: project.id, baseRevision: 1, files: { 'main.ts': 'only in the stash' } },
    ]);
  });

  it('saves pending edits on dispose', async () => {
    const { clock, store, project } = await setup();
    const autosave = new AutosaveController({ store, clock, project });
    autosave.edit({ name: 'Dice game' });
    await autosave.dispose();
    expect((await store.get(project.id)).name).toBe('Dice game');
    autosave.edit({ name: 'ignored after dispose' });
    expect(autosave.getContent().name).toBe('Dice game');
  });

  it('removes files in the same edit that adds others, and saves both together', async () => {
    const { clock, store, project } = await setup();
    const autosave = new AutosaveController({ store, clock, project });
    autosave.edit({ files: { 'main.py': 'basic.show_number(1)' } });
    await autosave.flush();
    autosave.edit({ files: { 'kept.txt': 'basic.show_number(1)' }, remove: ['main.py', 'not-there'] });
    expect(Object.keys(autosave.getContent().files)).not.toContain('main.py');
    await autosave.flush();
    const saved = await store.get(project.id);
    expect(saved.files['main.py']).toBeUndefined();
    expect(saved.files['kept.txt']).toBe('basic.show_number(1)');
    await autosave.dispose();
  });

  it('restores an old version as a new save and tells the editor to reload', async () => {
    const { clock, store, project } = await setup();
    const autosave = new AutosaveController({ store, clock, project });
    autosave.edit({ files: { 'main.ts': 'newer' } });
    expect(await autosave.restoreVersion(1)).toBe(true);
    expect(autosave.getContent().files['main.ts']).toBe('start');
    expect(autosave.getState()).toMatchObject({ revision: 3, contentVersion: 1, status: 'saved' });
    const history = await store.listVersions(project.id);
    expect(history.map((v) => v.reason)).toEqual(['restore', 'save', 'create']);
  });

  describe('with two tabs', () => {
    it('takes the other tab’s save when there is nothing unsaved here', async () => {
      const { clock, a, b } = await twoTabs();
      a.edit({ files: { 'main.ts': 'from A' } });
      await pass(clock, 1000);
      expect(b.getContent().files['main.ts']).toBe('from A');
      expect(b.getState()).toMatchObject({ status: 'saved', revision: 2, contentVersion: 1 });
    });

    it('merges changes to different things (a rename here, code there)', async () => {
      const { clock, store, project, a, b } = await twoTabs();
      a.edit({ name: 'Lucky dice' });
      b.edit({ files: { 'main.ts': 'from B' } });
      await pass(clock, 2000);
      const stored = await store.get(project.id);
      expect(stored).toMatchObject({ name: 'Lucky dice', files: { 'main.ts': 'from B' } });
      for (const tab of [a, b]) {
        expect(tab.getState().status).toBe('saved');
        expect(tab.getContent()).toMatchObject({ name: 'Lucky dice', files: { 'main.ts': 'from B' } });
      }
    });

    it('stops and asks when both changed the same file, then keeps mine as a copy', async () => {
      const { clock, store, project, a, b } = await twoTabs();
      a.edit({ files: { 'main.ts': 'from A' } });
      b.edit({ files: { 'main.ts': 'from B' } });
      await pass(clock, 2000);
      const [winner, loser] = a.getState().status === 'conflict' ? [b, a] : [a, b];
      expect(loser.getState().status).toBe('conflict');
      expect(loser.getState().conflict?.conflicts).toEqual(['main.ts']);
      expect(winner.getState().status).toBe('saved');
      const theirText = winner.getContent().files['main.ts'];
      const myText = loser.getContent().files['main.ts'];
      // Further typing stays in memory; nothing is saved over the other tab's work.
      loser.edit({ files: { 'main.ts': `${myText}!` } });
      await pass(clock, 2000);
      expect((await store.get(project.id)).files['main.ts']).toBe(theirText);
      expect(loser.hasUnsavedWork()).toBe(true);
      const copy = await loser.keepMineAsCopy('Dice (my copy)');
      expect((await store.get(copy.id)).files['main.ts']).toBe(`${myText}!`);
      expect(loser.getContent().files['main.ts']).toBe(theirText);
      expect(loser.getState().status).toBe('saved');
    });

    it('can load their version instead', async () => {
      const { clock, store, project, a, b } = await twoTabs();
      a.edit({ files: { 'main.ts': 'from A' } });
      await pass(clock, 100);
      b.edit({ files: { 'main.ts': 'from B' } });
      await pass(clock, 2000);
      expect(b.getState().status).toBe('conflict');
      b.loadTheirs();
      expect(b.getContent().files['main.ts']).toBe('from A');
      expect(b.getState()).toMatchObject({ status: 'saved', conflict: null });
      b.edit({ files: { 'main.ts': 'B again' } });
      await pass(clock, 1000);
      expect((await store.get(project.id)).files['main.ts']).toBe('B again');
    });

    it('hears about the trash and about a project deleted elsewhere', async () => {
      const { clock, store, project, b } = await twoTabs();
      const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
      const other = new TabSyncedProjectStore(store, hub.connect(), 'C');
      const watcher = new TabSyncedProjectStore(store, hub.connect(), 'B2');
      const c = new AutosaveController({ store: watcher, changes: watcher, clock, project });
      await other.trash(project.id);
      await settle();
      expect(c.getState().trashed).toBe(true);
      await other.purge(project.id);
      await settle();
      expect(c.getState()).toMatchObject({ status: 'error', error: { code: 'not-found' } });
      c.edit({ files: { 'main.ts': 'still mine' } });
      await pass(clock, 1500);
      const copy = await c.keepMineAsCopy('Dice (recovered)');
      expect((await store.get(copy.id)).files['main.ts']).toBe('still mine');
      expect(b.getState().status).toBe('saved');
    });
  });
});
