import 'fake-indexeddb/auto';
import { ManualClock } from '@blockyard/core';
import {
  AutosaveController,
  MemoryStorageQuota,
  QuotaAwareProjectStore,
  StoragePressureMonitor,
  sequentialIds,
} from '@blockyard/projects';
import { describeProjectStoreContract } from '@blockyard/projects/testing';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openIndexedDbProjectStore, type IndexedDbProjectStore } from './indexeddb-project-store.ts';
import type { ConnectionLoss } from './indexeddb-record-database.ts';
import { openProjectDatabase } from './open-project-database.ts';
import { PROJECT_DB_NAME, PROJECT_DB_VERSION } from './project-database-schema.ts';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const files = (main: string) => ({ 'pxt.json': '{"name":"x"}', 'main.ts': main });

async function openStore(
  factory: IDBFactory,
  clock: ManualClock,
  extra: { onLost?: (why: ConnectionLoss) => void } = {},
) {
  const opened = await openIndexedDbProjectStore({ factory, clock, newId: sequentialIds(), ...extra });
  if (!opened.ok) throw opened.error;
  return opened.store;
}

/** Writes raw values into the database, as another program (or a broken disk) might. */
function putRaw(factory: IDBFactory, store: string, key: IDBValidKey, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open(PROJECT_DB_NAME);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(store, 'readwrite');
      tx.objectStore(store).put(value, key);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onabort = () => reject(tx.error ?? new Error('aborted'));
    };
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
}

/** Creates a database by hand at `version` with only the given stores and records. */
function createRaw(
  factory: IDBFactory,
  version: number,
  stores: Record<string, [IDBValidKey, unknown][]>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open(PROJECT_DB_NAME, version);
    request.onupgradeneeded = () => {
      for (const [name, records] of Object.entries(stores)) {
        const store = request.result.createObjectStore(name);
        for (const [key, value] of records) store.put(value, key);
      }
    };
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
}

const summary = (id: string, name: string) => ({ id, name, createdAt: START, updatedAt: START, revision: 1 });

describeProjectStoreContract('IndexedDbProjectStore (fake-indexeddb)', async (clock) => {
  const factory = new IDBFactory();
  const stores: IndexedDbProjectStore[] = [await openStore(factory, clock)];
  return {
    store: stores[0]!,
    damage: (id) => putRaw(factory, 'projects', id, { id, name: 'Bad', createdAt: 'yesterday' }),
    reopen: async () => {
      const again = await openStore(factory, clock);
      stores.push(again);
      return again;
    },
    close: () => {
      for (const store of stores) store.close();
      return Promise.resolve();
    },
  };
});

describe('opening the project database', () => {
  it('reports a database that cannot be opened, and never deletes it', async () => {
    const real = new IDBFactory();
    await createRaw(real, 1, { projects: [['p1', summary('p1', 'Kept')]], files: [['p1', { files: files('x') }]] });
    let deletes = 0;
    const broken = new Proxy(real, {
      get(target, property) {
        if (property === 'deleteDatabase')
          return (...args: [string]) => {
            deletes++;
            return target.deleteDatabase(...args);
          };
        if (property === 'open')
          return (name: string, version?: number) => {
            // Opening at a version fails like a broken disk; opening as-is still works (salvage).
            if (version === undefined) return target.open(name);
            const request = { error: new DOMException('The disk said no', 'UnknownError') } as {
              error: DOMException;
              onerror?: (event: { preventDefault(): void }) => void;
            };
            setTimeout(() => request.onerror?.({ preventDefault: () => undefined }), 0);
            return request;
          };
        return Reflect.get(target, property, target) as unknown;
      },
    });
    const result = await openIndexedDbProjectStore({
      factory: broken,
      clock: new ManualClock(START),
      newId: sequentialIds(),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('unavailable');
    // Everything readable was copied out first.
    expect(result.recovery?.projects.map((p) => [p.name, p.files['main.ts']])).toEqual([['Kept', 'x']]);
    expect(deletes).toBe(0);
  });

  it('says unavailable with nothing to recover when there is no database at all', async () => {
    const factory = {
      open: () => {
        throw new DOMException('IndexedDB is disabled', 'SecurityError');
      },
      databases: () => Promise.resolve([]),
    } as unknown as IDBFactory;
    const result = await openProjectDatabase({ factory, now: () => START });
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' }, recovery: null });
  });

  it('copies everything out before repairing a database that lost stores', async () => {
    const factory = new IDBFactory();
    // At our own version, so no upgrade runs: the stores are simply missing.
    await createRaw(factory, PROJECT_DB_VERSION, {
      projects: [
        ['p1', summary('p1', 'Compass')],
        ['p2', 'garbage'],
      ],
      files: [['p1', { files: files('basic.showNumber(input.compassHeading())') }]],
    });
    const opened = await openIndexedDbProjectStore({ factory, clock: new ManualClock(START), newId: sequentialIds() });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.recovery?.projects.map((p) => p.name)).toEqual(['Compass']);
    expect(opened.recovery?.damaged.map((d) => d.key)).toEqual(['p2']);
    // Repaired: the missing stores exist now and the old data is untouched.
    const store = opened.store;
    expect((await store.get('p1')).name).toBe('Compass');
    expect((await store.list()).damaged.map((d) => d.key)).toEqual(['p2']);
    const saved = await store.save('p1', { files: files('edited') }, { expectedRevision: 1 });
    expect(saved.status).toBe('saved');
    store.close();
  });

  it('upgrades a version 1 database (before the edit journal) without touching its projects', async () => {
    const factory = new IDBFactory();
    const v1 = ['projects', 'files', 'versions', 'versionFiles', 'drafts'];
    await createRaw(
      factory,
      1,
      Object.fromEntries(v1.map((s) => [s, s === 'projects' ? [['p1', summary('p1', 'Old')]] : []])),
    );
    await putRaw(factory, 'files', 'p1', { files: files('kept') });
    const opened = await openIndexedDbProjectStore({ factory, clock: new ManualClock(START), newId: sequentialIds() });
    expect(opened.ok && opened.recovery).toBe(null);
    if (!opened.ok) return;
    expect((await opened.store.get('p1')).files['main.ts']).toBe('kept');
    await opened.store.appendJournal({
      session: 's/1',
      seq: 1,
      projectId: 'p1',
      baseRevision: 1,
      at: START,
      restart: true,
      changes: [{ file: 'main.ts', text: 'journaled' }],
    });
    expect((await opened.store.listDrafts()).map((d) => d.files['main.ts'])).toEqual(['journaled']);
    opened.store.close();
  });

  it('opens a database made by a newer Blockyard as it is', async () => {
    const factory = new IDBFactory();
    const stores = ['projects', 'files', 'versions', 'versionFiles', 'drafts', 'somethingNew'];
    await createRaw(
      factory,
      7,
      Object.fromEntries(stores.map((s) => [s, s === 'projects' ? [['p1', summary('p1', 'Future')]] : []])),
    );
    await putRaw(factory, 'files', 'p1', { files: files('x') });
    const store = await openStore(factory, new ManualClock(START));
    expect((await store.get('p1')).name).toBe('Future');
    store.close();
  });

  it('waits while another tab holds an old version, and says so', async () => {
    const factory = new IDBFactory();
    await createRaw(factory, 1, { projects: [] });
    const old = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open(PROJECT_DB_NAME);
      request.onsuccess = () => resolve(request.result); // An old tab: it ignores versionchange.
    });
    let blocked = 0;
    const opening = openProjectDatabase({ factory, now: () => START, version: 2, onBlocked: () => blocked++ });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(blocked).toBe(1);
    old.close();
    const result = await opening;
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.db.version).toBe(2);
      result.db.close();
    }
  });

  it('steps aside when another tab upgrades, and then refuses writes clearly', async () => {
    const factory = new IDBFactory();
    const clock = new ManualClock(START);
    const lost: string[] = [];
    const store = await openStore(factory, clock, { onLost: (why) => lost.push(why) });
    const p = await store.create({ name: 'Old tab', files: files('v1') });
    let blocked = 0;
    const newer = await openProjectDatabase({
      factory,
      now: () => START,
      version: PROJECT_DB_VERSION + 1,
      onBlocked: () => blocked++,
    });
    expect(newer.ok).toBe(true);
    expect(blocked).toBe(0);
    expect(lost).toEqual(['replaced']);
    await expect(store.save(p.id, { files: files('v2') }, { expectedRevision: 1 })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('reload') as unknown,
    });
    if (newer.ok) newer.db.close();
  });
});

describe('quota errors on write', () => {
  it('keep the edit in memory, tell the learner, lose nothing, and save once there is room', async () => {
    const factory = new IDBFactory();
    const clock = new ManualClock(START);
    const idb = await openStore(factory, clock);
    const monitor = new StoragePressureMonitor(new MemoryStorageQuota(99 * 1024 * 1024, 100 * 1024 * 1024), clock);
    const store = new QuotaAwareProjectStore(idb, monitor);
    const project = await store.create({ name: 'Full disk', files: files('saved before') });
    const autosave = new AutosaveController({ store, clock, project });

    const put = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put');
    Object.defineProperty(IDBObjectStore.prototype, 'put', {
      configurable: true,
      value: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    try {
      autosave.edit({ files: { 'main.ts': 'typed while full' } });
      clock.advance(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(autosave.getState()).toMatchObject({ status: 'error', error: { code: 'quota-exceeded' } });
      expect(autosave.getContent().files['main.ts']).toBe('typed while full');
      expect(monitor.getState().level).toBe('full');
      expect((await idb.get(project.id)).files['main.ts']).toBe('saved before');
    } finally {
      if (put) Object.defineProperty(IDBObjectStore.prototype, 'put', put);
    }
    clock.advance(5000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(autosave.getState()).toMatchObject({ status: 'saved', error: null });
    expect((await idb.get(project.id)).files['main.ts']).toBe('typed while full');
    expect(monitor.getState().level).not.toBe('full');
    idb.close();
  });
});
