// Runs in the page of the edit-journal benchmark (bundled by esbuild): the real IndexedDB
// project store of @blockyard/platform, the edit journal of @blockyard/projects, and the two
// ways a whole draft could be written per edit instead, for a baseline.
import { openIndexedDbProjectStore, WallClock } from '@blockyard/platform';
import {
  AutosaveController,
  type JournalEntry,
  type Project,
  type ProjectDraft,
  type ProjectStore,
} from '@blockyard/projects';

export type EditKind = 'keystroke' | 'block';
/** `autosaveOnly`: the same edits through autosave without a journal, what the others add to. */
export type Method = 'autosaveOnly' | 'journal' | 'draftIndexedDb' | 'draftLocalStorage';

export interface EditTimings {
  /** Main-thread time of the edit's synchronous part (what the learner's keystroke waits for). */
  syncMs: number[];
  /** Until the database says the write is done. */
  doneMs: number[];
  /** Characters written per edit. */
  bytes: number[];
}

const clock = new WallClock();
let store: ProjectStore & { close(): void };
let project: Project;
let counter = 0;

/** One character changed in the middle of `text` (a keystroke, a number typed into a block). */
function touch(text: string, i: number): string {
  const at = Math.floor(text.length / 2) + (i % 50);
  return text.slice(0, at) + String.fromCharCode(97 + (i % 26)) + text.slice(at + 1);
}

async function setup(files: Record<string, string>): Promise<void> {
  const opened = await openIndexedDbProjectStore({
    factory: indexedDB,
    clock,
    newId: () => `bench-${Date.now()}-${counter++}`,
  });
  if (!opened.ok) throw opened.error;
  store = opened.store;
  project = await store.create({ name: 'Bench', files });
}

/** Waits for the write a call issued, whichever method made it. */
function timedStore(done: (ms: number, bytes: number) => void): ProjectStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'appendJournal' && key !== 'rewriteJournal') {
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (...args: unknown[]) => {
        const start = performance.now();
        const entry = (key === 'appendJournal' ? args[0] : args[1]) as JournalEntry | null;
        const written = (value as (...a: unknown[]) => Promise<void>).apply(target, args);
        void written.then(() => done(performance.now() - start, entry ? JSON.stringify(entry).length : 0));
        return written;
      };
    },
  });
}

async function run(method: Method, kind: EditKind, edits: number): Promise<EditTimings> {
  const timings: EditTimings = { syncMs: [], doneMs: [], bytes: [] };
  let files = { ...project.files };
  let pending: ((ms: number, bytes: number) => void) | null = null;
  const journalStore = timedStore((ms, bytes) => pending?.(ms, bytes));
  // No autosave during the run (only the journal writes): idle and wait times out of reach.
  const autosave = new AutosaveController({
    store: journalStore,
    clock,
    project,
    ...(method === 'journal' ? { session: `bench/${counter++}` } : {}),
    idleMs: 1e9,
    maxWaitMs: 1e9,
  });
  for (let i = 0; i < edits; i++) {
    const changed: Record<string, string> =
      kind === 'keystroke'
        ? { 'main.ts': touch(files['main.ts']!, i) }
        : { 'main.blocks': touch(files['main.blocks']!, i), 'main.ts': touch(files['main.ts']!, i + 7) };
    files = { ...files, ...changed };
    let written: Promise<{ ms: number; bytes: number }>;
    const start = performance.now();
    if (method === 'journal') {
      written = new Promise((resolve) => {
        pending = (ms, bytes) => resolve({ ms, bytes });
      });
      autosave.edit({ files: changed });
    } else if (method === 'autosaveOnly') {
      autosave.edit({ files: changed });
      written = Promise.resolve({ ms: 0, bytes: 0 });
    } else {
      const draft: ProjectDraft = {
        projectId: project.id,
        baseRevision: project.revision,
        name: project.name,
        files,
        stashedAt: clock.now(),
      };
      if (method === 'draftIndexedDb') {
        const issued = performance.now();
        written = store.stashDraft(draft).then(() => ({ ms: performance.now() - issued, bytes: 0 }));
      } else {
        const text = JSON.stringify([draft]);
        localStorage.setItem('bench-draft-journal', text);
        written = Promise.resolve({ ms: 0, bytes: text.length });
      }
    }
    timings.syncMs.push(performance.now() - start);
    const { ms, bytes } = await written;
    timings.doneMs.push(ms);
    timings.bytes.push(method === 'draftIndexedDb' ? JSON.stringify(files).length : bytes);
    // Typing speed: a key every 100 ms would be quick for a child; let the browser breathe.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await autosave.dispose().catch(() => undefined);
  localStorage.removeItem('bench-draft-journal');
  return timings;
}

declare global {
  interface Window {
    benchJournal: { setup: typeof setup; run: typeof run };
  }
}

window.benchJournal = { setup, run };
