import {
  RECORD_AREAS,
  keyText,
  type RecordArea,
  type RecordDatabase,
  type RecordKey,
  type RecordTransaction,
  type StoredRecord,
} from './record-database.ts';
import { toProjectStoreError } from './project-store-error.ts';

/** A copy of plain data, like the structured clone a real database makes on every write. */
function cloneData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneData);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cloneData(inner)]));
  }
  return value;
}

function compareKeys(a: RecordKey, b: RecordKey): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const [aId, aRev] = typeof a === 'string' ? [a, 0] : a;
  const [bId, bRev] = typeof b === 'string' ? [b, 0] : b;
  return aId < bId ? -1 : aId > bId ? 1 : aRev - bRev;
}

type Area = Map<string, StoredRecord>;
const DELETED = Symbol('deleted');

/**
 * RecordDatabase in memory. Transactions run one at a time and apply their writes only when
 * the body succeeds, so it keeps the same all-or-nothing promise as IndexedDB.
 */
export class MemoryRecordDatabase implements RecordDatabase {
  private readonly areas = new Map<RecordArea, Area>(RECORD_AREAS.map((area) => [area, new Map()]));
  private queue: Promise<unknown> = Promise.resolve();
  /** Test hook: when set, every write fails with this error (e.g. a quota error). */
  writeFailure: unknown = null; // null, or anything thrown (it reaches callers as a ProjectStoreError)

  transact<T>(
    areas: readonly RecordArea[],
    mode: 'readonly' | 'readwrite',
    body: (tx: RecordTransaction) => Promise<T>,
  ): Promise<T> {
    const run = async (): Promise<T> => {
      const pending = new Map<RecordArea, Map<string, StoredRecord | typeof DELETED>>();
      const tx = this.transaction(new Set(areas), mode, pending);
      const result = await body(tx);
      if (mode === 'readwrite' && pending.size > 0) {
        if (this.writeFailure !== null) throw toProjectStoreError(this.writeFailure);
        for (const [area, writes] of pending) {
          const stored = this.area(area);
          for (const [text, write] of writes) {
            if (write === DELETED) stored.delete(text);
            else stored.set(text, write);
          }
        }
      }
      return result;
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result.catch((error: unknown) => {
      throw toProjectStoreError(error);
    });
  }

  /** Durability means nothing in memory. */
  putNow(area: RecordArea, key: RecordKey, value: unknown): Promise<void> {
    return this.transact([area], 'readwrite', (tx) => {
      tx.put(area, key, value);
      return Promise.resolve();
    });
  }

  /** Test hook: stores any value under a key, as a damaged or foreign record would be. */
  putRaw(area: RecordArea, key: RecordKey, value: unknown): void {
    this.area(area).set(keyText(key), { key, value: cloneData(value) });
  }

  private area(area: RecordArea): Area {
    const stored = this.areas.get(area);
    if (!stored) throw new Error(`Unknown storage area ${area}`);
    return stored;
  }

  private transaction(
    scope: ReadonlySet<RecordArea>,
    mode: 'readonly' | 'readwrite',
    pending: Map<RecordArea, Map<string, StoredRecord | typeof DELETED>>,
  ): RecordTransaction {
    const check = (area: RecordArea, write: boolean) => {
      if (!scope.has(area)) throw new Error(`The transaction does not cover ${area}`);
      if (write && mode !== 'readwrite') throw new Error('Cannot write in a read-only transaction');
    };
    const writesOf = (area: RecordArea) => {
      let writes = pending.get(area);
      if (!writes) pending.set(area, (writes = new Map<string, StoredRecord | typeof DELETED>()));
      return writes;
    };
    const merged = (area: RecordArea): StoredRecord[] => {
      const all = new Map(this.area(area));
      for (const [text, write] of pending.get(area) ?? []) {
        if (write === DELETED) all.delete(text);
        else all.set(text, write);
      }
      return [...all.values()].sort((a, b) => compareKeys(a.key, b.key));
    };
    const ofProject = (area: RecordArea, projectId: string) =>
      merged(area).filter((record) => typeof record.key !== 'string' && record.key[0] === projectId);
    return {
      get: (area, key) => {
        check(area, false);
        const text = keyText(key);
        const write = pending.get(area)?.get(text);
        const record = write === undefined ? this.area(area).get(text) : write === DELETED ? undefined : write;
        return Promise.resolve(record === undefined ? undefined : cloneData(record.value));
      },
      getAll: (area) => {
        check(area, false);
        return Promise.resolve(merged(area).map((record) => ({ key: record.key, value: cloneData(record.value) })));
      },
      getAllOfProject: (area, projectId) => {
        check(area, false);
        return Promise.resolve(
          ofProject(area, projectId).map((record) => ({ key: record.key, value: cloneData(record.value) })),
        );
      },
      put: (area, key, value) => {
        check(area, true);
        writesOf(area).set(keyText(key), { key, value: cloneData(value) });
      },
      delete: (area, key) => {
        check(area, true);
        writesOf(area).set(keyText(key), DELETED);
      },
      deleteAllOfProject: (area, projectId) => {
        check(area, true);
        for (const record of ofProject(area, projectId)) writesOf(area).set(keyText(record.key), DELETED);
      },
    };
  }
}
