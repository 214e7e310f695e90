import {
  ProjectStoreError,
  toProjectStoreError,
  type RecordArea,
  type RecordDatabase,
  type RecordKey,
  type RecordTransaction,
  type StoredRecord,
  type WriteDurability,
} from '@blockyard/projects';
import { idbError, keyToText, requestResult } from './idb-requests.ts';

/** Why this connection stopped: another tab upgraded the database, or the browser closed it. */
export type ConnectionLoss = 'replaced' | 'closed';

function toIdbKey(key: RecordKey): IDBValidKey {
  return typeof key === 'string' ? key : [key[0], key[1]];
}

/** Keys as stored; anything foreign (put there by other code) is reported by its text. */
function toRecordKey(key: IDBValidKey): RecordKey {
  if (typeof key === 'string') return key;
  if (Array.isArray(key) && key.length === 2 && typeof key[0] === 'string' && typeof key[1] === 'number')
    return [key[0], key[1]];
  return keyToText(key);
}

function projectRange(projectId: string): IDBKeyRange {
  return IDBKeyRange.bound([projectId, Number.NEGATIVE_INFINITY], [projectId, Number.POSITIVE_INFINITY]);
}

async function pairs(store: IDBObjectStore, range?: IDBKeyRange): Promise<StoredRecord[]> {
  const [keys, values] = await Promise.all([
    requestResult(store.getAllKeys(range)),
    requestResult<unknown[]>(store.getAll(range)),
  ]);
  return keys.map((key, i) => ({ key: toRecordKey(key), value: values[i] }));
}

/**
 * RecordDatabase over one IndexedDB connection. Writes use strict durability (flushed to disk
 * before they count as done) unless asked for relaxed (the edit journal), and an explicit
 * commit, so nothing waits on the auto-commit.
 *
 * When another tab opens a newer schema, this connection closes itself at once so that tab is
 * not blocked; from then on every call fails with `unavailable` and `onLost('replaced')` runs:
 * the page should ask for a reload (autosave keeps the edit in memory meanwhile).
 */
export class IndexedDbRecordDatabase implements RecordDatabase {
  private lost: ConnectionLoss | null = null;

  constructor(
    readonly db: IDBDatabase,
    private readonly onLost: (why: ConnectionLoss) => void = () => undefined,
  ) {
    db.onversionchange = () => this.lose('replaced');
    db.onclose = () => this.lose('closed');
  }

  /** Null while the connection works. */
  get connectionLoss(): ConnectionLoss | null {
    return this.lost;
  }

  close(): void {
    this.lost ??= 'closed';
    this.db.close();
  }

  transact<T>(
    areas: readonly RecordArea[],
    mode: 'readonly' | 'readwrite',
    body: (tx: RecordTransaction) => Promise<T>,
    durability: WriteDurability = 'strict',
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let tx: IDBTransaction;
      try {
        tx = this.begin(areas, mode, durability);
      } catch (error) {
        reject(this.failure(error));
        return;
      }
      let outcome: { ok: true; value: T } | { ok: false; error: unknown } | null = null;
      tx.oncomplete = () => {
        if (outcome?.ok) resolve(outcome.value);
        else
          reject(toProjectStoreError(outcome?.error ?? new Error('The transaction ended before its work was done.')));
      };
      tx.onabort = () => {
        reject(outcome && !outcome.ok ? this.failure(outcome.error) : this.failure(tx.error ?? 'aborted'));
      };
      tx.onerror = (event) => event.preventDefault();
      body(this.operations(tx)).then(
        (value) => {
          outcome = { ok: true, value };
          if (mode === 'readwrite') commit(tx);
        },
        (error: unknown) => {
          outcome = { ok: false, error };
          try {
            tx.abort();
          } catch {
            // Already finished: oncomplete/onabort reports it.
          }
        },
      );
    });
  }

  putNow(area: RecordArea, key: RecordKey, value: unknown, durability: WriteDurability = 'strict'): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      try {
        const tx = this.begin([area], 'readwrite', durability);
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(this.failure(tx.error ?? 'aborted'));
        tx.onerror = (event) => event.preventDefault();
        tx.objectStore(area).put(value, toIdbKey(key));
        // Commit now: a closing page will not get another turn to let auto-commit happen.
        commit(tx);
      } catch (error) {
        reject(this.failure(error));
      }
    });
  }

  private begin(areas: readonly RecordArea[], mode: IDBTransactionMode, durability: WriteDurability): IDBTransaction {
    if (this.lost) throw this.lostError();
    return this.db.transaction([...areas], mode, { durability: mode === 'readwrite' ? durability : 'default' });
  }

  private operations(tx: IDBTransaction): RecordTransaction {
    return {
      get: (area, key) => requestResult<unknown>(tx.objectStore(area).get(toIdbKey(key))),
      getAll: (area) => pairs(tx.objectStore(area)),
      getAllOfProject: (area, projectId) => pairs(tx.objectStore(area), projectRange(projectId)),
      put: (area, key, value) => {
        tx.objectStore(area).put(value, toIdbKey(key));
      },
      delete: (area, key) => {
        tx.objectStore(area).delete(toIdbKey(key));
      },
      deleteAllOfProject: (area, projectId) => {
        tx.objectStore(area).delete(projectRange(projectId));
      },
    };
  }

  private failure(error: unknown): ProjectStoreError {
    if (this.lost) return this.lostError();
    return idbError(error);
  }

  private lostError(): ProjectStoreError {
    return new ProjectStoreError(
      'unavailable',
      this.lost === 'replaced'
        ? 'Blockyard was updated in another tab: reload this page to keep saving.'
        : 'The project database was closed by the browser: reload this page to keep saving.',
    );
  }

  private lose(why: ConnectionLoss): void {
    if (this.lost) return;
    this.lost = why;
    this.db.close();
    this.onLost(why);
  }
}

function commit(tx: IDBTransaction): void {
  try {
    tx.commit();
  } catch {
    // Not supported or already committing: auto-commit does the same a moment later.
  }
}
