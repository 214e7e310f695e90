import { MemoryKeyValueStore, type Clock, type KeyValueStore } from '@blockyard/core';
import {
  DeferredProjectStore,
  DraftJournalProjectStore,
  DRAFT_JOURNAL_KEY,
  MemoryTabPresence,
  OrphanDraftRecovery,
  editorSession,
  PROJECTS_CHANNEL,
  ProjectLibrary,
  QuotaAwareProjectStore,
  StorageHealth,
  StoragePressureMonitor,
  TabSyncedProjectStore,
  purgeExpiredTrash,
  type BroadcastPort,
  type DraftArrivals,
  type ProjectStore,
  type ProjectsTabMessage,
  type StorageQuota,
  type TabPresence,
} from '@blockyard/projects';
import { MemoryBroadcastHub, MemoryProjectStore } from '@blockyard/projects';
import {
  browserProjectFileReader,
  InProcessProjectFileReader,
  type ProjectFileReader,
} from './import/project-file-reader.ts';
import {
  BroadcastChannelPort,
  NavigatorStorageQuota,
  WebLocksTabPresence,
  openIndexedDbProjectStore,
} from '@blockyard/platform';

/** Everything about projects that screens use; part of Services. */
export interface ProjectServices {
  /** The store every screen uses: it waits for the database, watches the quota, tells other tabs. */
  store: TabSyncedProjectStore;
  library: ProjectLibrary;
  health: StorageHealth;
  pressure: StoragePressureMonitor;
  /** Wall-clock time for dates and autosave timers. */
  clock: Clock;
  /** Settles once start-up work is done: database open, drafts recovered, old trash purged. */
  ready: Promise<void>;
  /** A new editor session id (for AutosaveController's edit journal), unique across tabs. */
  newSession: () => string;
  /** Reads imported files (in a worker in the browser, so a big or hostile file cannot freeze the page). */
  fileReader: ProjectFileReader;
}

export interface ProjectServicesOptions {
  clock: Clock;
  /** Opens the underlying store, reporting trouble to `health` (blocked, unavailable, recovery). */
  open: (health: StorageHealth) => Promise<ProjectStore>;
  port: BroadcastPort<ProjectsTabMessage>;
  tabId: string;
  quota: StorageQuota;
  /** The name of a project made from an edit that could not go back where it came from. */
  recoveredName: (name: string) => string;
  /** Synchronous storage for the drafts of a closing page (localStorage); memory when omitted. */
  draftJournal?: KeyValueStore;
  /** Tells when another page wrote `draftJournal` (a closing tab's late draft); none when omitted. */
  draftArrivals?: DraftArrivals;
  /** Which tabs are open (their drafts are theirs to save); none known when omitted. */
  presence?: TabPresence;
  /** How imported files are read; on this thread when omitted. */
  fileReader?: ProjectFileReader;
}

/** Wires the project domain together; the browser and tests differ only in the options. */
export function createProjectServices(options: ProjectServicesOptions): ProjectServices {
  const { clock } = options;
  const pressure = new StoragePressureMonitor(options.quota, clock);
  const health = new StorageHealth(pressure);
  const opened = new DeferredProjectStore(options.open(health));
  // The journal sits outside the deferred store: a closing page's stash must not wait for it.
  const journaled = new DraftJournalProjectStore(opened, options.draftJournal ?? new MemoryKeyValueStore());
  const store = new TabSyncedProjectStore(new QuotaAwareProjectStore(journaled, pressure), options.port, options.tabId);
  const library = new ProjectLibrary(store, store);
  const presence = options.presence ?? new MemoryTabPresence();
  presence.announce(options.tabId);
  let sessions = 0;
  const ready = (async () => {
    try {
      await opened.whenReady();
    } catch {
      // The library's first load reports it.
    }
    // Also later, for the drafts of a tab still closing now: an editor open here then shows them.
    const recovery = new OrphanDraftRecovery({
      store,
      presence,
      tabId: options.tabId,
      copyName: options.recoveredName,
      ...(options.draftArrivals ? { arrivals: options.draftArrivals } : {}),
      onRecovered: (projectId, revision) => store.relayOthersWork(projectId, revision),
    });
    await recovery.run();
    await purgeExpiredTrash(store, clock.now());
    void pressure.check();
    await library.load();
  })();
  return {
    store,
    library,
    health,
    pressure,
    clock,
    ready,
    newSession: () => editorSession(options.tabId, ++sessions),
    fileReader: options.fileReader ?? new InProcessProjectFileReader(),
  };
}

/** A random id; UUIDs where the browser has them (secure contexts, which localhost is). */
function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function browserIndexedDb(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null; // Some browsers throw on access when storage is disabled.
  }
}

/**
 * The IndexedDB store, or, when there is no usable database, a memory store seeded with
 * whatever could still be read out of it (the banner then offers it as a download).
 */
export async function openBrowserProjectStore(clock: Clock, health: StorageHealth): Promise<ProjectStore> {
  const factory = browserIndexedDb();
  if (factory) {
    const opened = await openIndexedDbProjectStore({
      factory,
      clock,
      newId: randomId,
      onBlocked: () => health.setDatabase('blocked'),
      onLost: (why) => health.setDatabase(why === 'replaced' ? 'replaced' : 'unavailable'),
    });
    if (opened.ok) {
      health.setDatabase('ok');
      if (opened.recovery) health.setRecovery(opened.recovery);
      return opened.store;
    }
    const memory = new MemoryProjectStore({ clock, newId: randomId });
    if (opened.recovery) {
      await memory.seed(opened.recovery.projects);
      health.setRecovery(opened.recovery);
    }
    health.setDatabase('unavailable');
    return memory;
  }
  health.setDatabase('unavailable');
  return new MemoryProjectStore({ clock, newId: randomId });
}

export function createBrowserProjectServices(
  clock: Clock,
  recoveredName: (name: string) => string,
  /** localStorage; `watch` hears other pages' writes (the `storage` event). */
  draftJournal: KeyValueStore & { watch(key: string, listener: () => void): () => void },
  /**
   * `nosharedlocalstorage` (spec 000 §2): this page shares no storage with any other. Its
   * projects live in memory (the banner says so and offers a download), nothing is written to
   * the browser's database or local storage, and no other tab hears of them.
   */
  pageOnly = false,
): ProjectServices {
  if (pageOnly) {
    return createProjectServices({
      clock,
      open: (health) => {
        health.setDatabase('page-only');
        return Promise.resolve(new MemoryProjectStore({ clock, newId: randomId }));
      },
      port: new MemoryBroadcastHub<ProjectsTabMessage>().connect(),
      tabId: randomId(),
      quota: new NavigatorStorageQuota(undefined),
      recoveredName,
    });
  }
  return createProjectServices({
    draftJournal,
    draftArrivals: { subscribe: (listener) => draftJournal.watch(DRAFT_JOURNAL_KEY, listener) },
    clock,
    open: (health) => openBrowserProjectStore(clock, health),
    port: new BroadcastChannelPort<ProjectsTabMessage>(PROJECTS_CHANNEL),
    tabId: randomId(),
    quota: new NavigatorStorageQuota(typeof navigator === 'undefined' ? undefined : navigator.storage),
    fileReader: browserProjectFileReader(),
    presence: new WebLocksTabPresence(
      typeof navigator === 'undefined' ? undefined : navigator.locks,
      typeof window === 'undefined' ? undefined : window,
    ),
    recoveredName,
  });
}
