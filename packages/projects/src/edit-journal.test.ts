import { ManualClock } from '@blockyard/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { files, memoryStore, settle, START } from '../test/helpers.ts';
import { AutosaveController } from './autosave-controller.ts';
import { recoverDrafts } from './draft-recovery.ts';
import {
  applySplice,
  EditJournal,
  replayedContent,
  replayJournal,
  textSplice,
  type JournalEntry,
  type JournalSink,
} from './edit-journal.ts';
import type { ProjectContent } from './merge-content.ts';

/** A sink that keeps what a database would hold after each write. */
function memorySink() {
  const stored: JournalEntry[] = [];
  const writes: JournalEntry[] = [];
  const sink: JournalSink = {
    appendJournal(entry) {
      writes.push(entry);
      stored.push(entry);
      return Promise.resolve();
    },
    rewriteJournal(session, entry) {
      for (let i = stored.length - 1; i >= 0; i--) if (stored[i]!.session === session) stored.splice(i, 1);
      if (entry) {
        writes.push(entry);
        stored.push(entry);
      }
      return Promise.resolve();
    },
  };
  return { sink, stored, writes };
}

function replayOver(base: ProjectContent, entries: readonly JournalEntry[]): ProjectContent {
  const [replay] = replayJournal(entries);
  return replay ? replayedContent(replay, base) : base;
}

const base: ProjectContent = { name: 'Dice', files: files('basic.showNumber(1)') };

describe('text splices', () => {
  it('turn any text into any other, and refuse text they do not fit', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const splice = textSplice(before, after);
        expect(applySplice(before, splice)).toBe(after);
        // Applied to any text of another length than the one it was made on, the check notices.
        expect(applySplice(before + 'x', splice)).toBeNull();
      }),
    );
    // Long texts with a small change anywhere (the comparison goes by chunks there).
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.nat(),
        fc.string(),
        (unit, at, cut, insert) => {
          const before = unit.repeat(3000);
          const start = at % before.length;
          const after = before.slice(0, start) + insert + before.slice(Math.min(before.length, start + (cut % 40)));
          const splice = textSplice(before, after);
          expect(applySplice(before, splice)).toBe(after);
          expect(splice.insert.length).toBeLessThanOrEqual(insert.length);
        },
      ),
    );
    expect(textSplice('let x = 1', 'let x = 12')).toEqual({ at: 9, remove: 0, insert: '2', length: 10 });
    expect(applySplice('abc', { at: 2, remove: 5, insert: '', length: 2 })).toBeNull();
  });
});

describe('EditJournal', () => {
  it('writes a keystroke as a few bytes, the first edit of a file as its whole text', () => {
    const { sink, writes } = memorySink();
    const clock = new ManualClock(START);
    const journal = new EditJournal({ sink, session: 't/1', projectId: 'p', clock, revision: 3, base });
    const big = 'x'.repeat(200_000);
    journal.record({ name: 'Dice', files: { ...base.files, 'main.blocks': big } });
    journal.record({ name: 'Dice', files: { ...base.files, 'main.blocks': big + 'y' } });
    journal.record({ name: 'Dice', files: { ...base.files, 'main.blocks': big + 'y' } });
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatchObject({ restart: true, seq: 1, baseRevision: 3 });
    expect(writes[0]!.changes).toEqual([{ file: 'main.blocks', text: big }]);
    expect(writes[1]!.changes).toEqual([{ file: 'main.blocks', at: 200_000, remove: 0, insert: 'y', length: 200_001 }]);
    expect(JSON.stringify(writes[1]).length).toBeLessThan(200);
  });

  it('starts a new generation holding only what is unsaved when a save lands', () => {
    const { sink, stored } = memorySink();
    const clock = new ManualClock(START);
    const journal = new EditJournal({ sink, session: 't/1', projectId: 'p', clock, revision: 1, base });
    const typed = (text: string): ProjectContent => ({ name: 'Dice', files: files(text) });
    journal.record(typed('a'));
    journal.record(typed('ab'));
    journal.rebase(2, typed('ab'), typed('abc'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ restart: true, baseRevision: 2, changes: [{ file: 'main.ts', text: 'abc' }] });
    journal.rebase(3, typed('abc'), typed('abc'));
    expect(stored).toEqual([]);
  });

  it('replays to exactly what the editor showed, through any edits, renames and saves', () => {
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('edit' as const),
        file: fc.constantFrom('main.ts', 'main.blocks', '__proto__'),
        text: fc.string(),
      }),
      fc.record({ kind: fc.constant('rename' as const), name: fc.string({ minLength: 1 }) }),
      fc.record({ kind: fc.constant('delete' as const), file: fc.constantFrom('main.blocks', '__proto__') }),
      fc.record({ kind: fc.constant('save' as const) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const { sink, stored } = memorySink();
        const clock = new ManualClock(START);
        let saved: ProjectContent = base;
        let current: ProjectContent = base;
        let revision = 1;
        const journal = new EditJournal({ sink, session: 's', projectId: 'p', clock, revision, base });
        for (const a of actions) {
          clock.advance(10);
          if (a.kind === 'save') {
            saved = current;
            revision += 1;
            journal.rebase(revision, saved, current);
            continue;
          }
          const next: Record<string, string> = Object.fromEntries(Object.entries(current.files));
          if (a.kind === 'edit')
            Object.defineProperty(next, a.file, {
              value: a.text,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          if (a.kind === 'delete') delete next[a.file];
          current = { name: a.kind === 'rename' ? a.name : current.name, files: next };
          journal.record(current);
        }
        const replayed = replayOver(saved, stored);
        expect(replayed.name).toBe(current.name);
        expect(Object.entries(replayed.files).sort()).toEqual(Object.entries(current.files).sort());
        for (const entry of stored) expect(entry.baseRevision).toBe(revision);
      }),
    );
  });

  it('recovers from a journal cut off or damaged mid-edit: the state before the bad entry, never a mix', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 8 }), { minLength: 2, maxLength: 20 }),
        fc.nat(),
        fc.constantFrom('drop', 'cut', 'damage'),
        (texts, pick, how) => {
          const { sink, stored } = memorySink();
          const journal = new EditJournal({
            sink,
            session: 's',
            projectId: 'p',
            clock: new ManualClock(START),
            revision: 1,
            base,
          });
          const states: string[] = [base.files['main.ts']!];
          let text = base.files['main.ts']!;
          for (const piece of texts) {
            text = piece.length % 2 ? text + piece : piece + text.slice(piece.length);
            journal.record({ name: 'Dice', files: files(text) });
            if (states.at(-1) !== text) states.push(text);
          }
          const entries = [...stored];
          // Edits that change nothing journal nothing: there is no entry to damage.
          if (entries.length === 0) return;
          const at = entries.length > 1 ? 1 + (pick % (entries.length - 1)) : 0;
          if (how === 'drop') entries.splice(at, 1);
          if (how === 'cut') entries.splice(at);
          if (how === 'damage') {
            const change = entries[at]!.changes[0]!;
            if ('at' in change) entries[at] = { ...entries[at]!, changes: [{ ...change, at: change.at + 1000 }] };
          }
          const recovered = replayOver(base, entries).files['main.ts'];
          // Whatever survives is one of the texts the editor showed, and at least up to the bad entry.
          expect(states).toContain(recovered);
          expect(states.indexOf(recovered!)).toBeGreaterThanOrEqual(Math.min(at, states.length - 1) - 0);
        },
      ),
    );
  });

  it('starts a new generation after a write failed, instead of building on the gap', async () => {
    const { sink, stored } = memorySink();
    let fail = true;
    const flaky: JournalSink = {
      appendJournal: (entry) => (fail ? Promise.reject(new Error('disk full')) : sink.appendJournal(entry)),
      rewriteJournal: (session, entry) => sink.rewriteJournal(session, entry),
    };
    const journal = new EditJournal({
      sink: flaky,
      session: 's',
      projectId: 'p',
      clock: new ManualClock(START),
      revision: 1,
      base,
    });
    journal.record({ name: 'Dice', files: files('a') });
    await settle();
    fail = false;
    journal.record({ name: 'Dice', files: files('ab') });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ restart: true, changes: [{ file: 'main.ts', text: 'ab' }] });
  });
});

describe('the edit journal through autosave and recovery', () => {
  it('has every edit in storage before the autosave timer even starts, and brings it back after a crash', async () => {
    const { clock, store } = memoryStore();
    const project = await store.create({ name: 'Dice', files: files('start') });
    const autosave = new AutosaveController({ store, clock, project, session: 'tab-a/1' });
    autosave.edit({ files: { 'main.ts': 'start2' } });
    autosave.edit({ files: { 'main.ts': 'start22' } });
    await settle();
    // No time has passed: autosave has not saved, yet the edit is stored.
    expect((await store.get(project.id)).revision).toBe(1);
    const drafts = await store.listDrafts();
    expect(drafts).toEqual([
      expect.objectContaining({ projectId: project.id, baseRevision: 1, session: 'tab-a/1', files: files('start22') }),
    ]);
    // The page dies here (no dispose, no pagehide). The next start brings the edit back.
    const outcomes = await recoverDrafts(store, { copyName: (n) => `${n} (recovered)` });
    expect(outcomes.map((o) => o.outcome)).toEqual(['applied']);
    expect((await store.get(project.id)).files['main.ts']).toBe('start22');
    expect(await store.listDrafts()).toEqual([]);
  });

  it('empties the journal once the edit is saved, and keeps it while saves fail', async () => {
    const { clock, store } = memoryStore();
    const project = await store.create({ name: 'Dice', files: files('start') });
    const autosave = new AutosaveController({ store, clock, project, session: 'tab-a/1' });
    autosave.edit({ files: { 'main.ts': 'saved soon' } });
    await autosave.flush();
    await settle();
    expect(await store.listDrafts()).toEqual([]);
    store.failWrites(new Error('disk gone'));
    autosave.edit({ files: { 'main.ts': 'not saved' } });
    await autosave.flush();
    store.failWrites(null);
    // The journal write went through before the disk failed... or not: either way the edit is
    // in memory, and the next edit writes a whole new generation.
    autosave.edit({ files: { 'main.ts': 'not saved!' } });
    await settle();
    expect((await store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['not saved!']);
  });

  it('leaves the drafts of sessions still open in another tab alone', async () => {
    const { clock, store } = memoryStore();
    const project = await store.create({ name: 'Dice', files: files('start') });
    const live = new AutosaveController({ store, clock, project, session: 'live/1' });
    live.edit({ files: { 'main.ts': 'live edit' } });
    clock.advance(100);
    const other = await store.create({ name: 'Other', files: files('x') });
    const dead = new AutosaveController({ store, clock, project: other, session: 'dead/1' });
    dead.edit({ files: { 'main.ts': 'crashed edit' } });
    await settle();
    const outcomes = await recoverDrafts(store, {
      copyName: (n) => `${n} (recovered)`,
      isLive: (session) => session.startsWith('live/'),
    });
    expect(outcomes).toEqual([expect.objectContaining({ outcome: 'applied' })]);
    expect((await store.get(other.id)).files['main.ts']).toBe('crashed edit');
    expect((await store.get(project.id)).revision).toBe(1);
    // The live tab's journal is untouched and its autosave carries on as if nothing happened.
    await live.flush();
    expect(live.getState().status).toBe('saved');
    expect((await store.get(project.id)).files['main.ts']).toBe('live edit');
  });

  it('recovers a crash in the middle of a save: the journal and the save agree, nothing doubles', async () => {
    const { clock, store } = memoryStore();
    const project = await store.create({ name: 'Dice', files: files('start') });
    const autosave = new AutosaveController({ store, clock, project, session: 's/1' });
    autosave.edit({ files: { 'main.ts': 'edited' } });
    // The save lands but the page dies before the journal is emptied.
    await store.save(project.id, { files: files('edited') }, { expectedRevision: 1 });
    const outcomes = await recoverDrafts(store, { copyName: (n) => `${n} (recovered)` });
    expect(outcomes.map((o) => o.outcome)).toEqual(['already-saved']);
    expect((await store.list()).projects).toHaveLength(1);
    expect(await store.listDrafts()).toEqual([]);
  });
});
