/**
 * Copying everything readable out of a project database that cannot be used normally: each
 * store is read on its own (a broken one does not stop the others) and whatever is there goes
 * into a recovery bundle. Read-only: salvage never changes the database.
 */
import { recoveryFromRecords, type RecoveryBundle, type StoredRecord } from '@blockyard/projects';
import { keyToText, requestResult } from './idb-requests.ts';

async function readStore(db: IDBDatabase, name: string): Promise<StoredRecord[]> {
  if (!db.objectStoreNames.contains(name)) return [];
  try {
    const store = db.transaction(name, 'readonly').objectStore(name);
    const [keys, values] = await Promise.all([
      requestResult(store.getAllKeys()),
      requestResult<unknown[]>(store.getAll()),
    ]);
    return keys.map((key, i) => ({ key: keyToText(key), value: values[i] }));
  } catch {
    return [];
  }
}

/** Reads an open connection out, whatever its schema. */
export async function salvageDatabase(db: IDBDatabase, now: number): Promise<RecoveryBundle> {
  return recoveryFromRecords(now, {
    projects: await readStore(db, 'projects'),
    files: await readStore(db, 'files'),
    drafts: await readStore(db, 'drafts'),
  });
}

/**
 * Opens the database at whatever version it has (never upgrading it) and reads it out. Null
 * when it does not exist or cannot be opened even so.
 */
export async function salvageProjectDatabase(
  factory: IDBFactory,
  name: string,
  now: number,
): Promise<RecoveryBundle | null> {
  // Opening without a version would create a missing database: look first when the browser can tell.
  if (typeof factory.databases === 'function') {
    const known = await factory.databases().catch(() => null);
    if (known && !known.some((info) => info.name === name)) return null;
  }
  const db = await new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = factory.open(name);
      request.onupgradeneeded = () => request.transaction?.abort(); // It did not exist: leave no trace.
      request.onsuccess = () => resolve(request.result);
      request.onerror = (event) => {
        event.preventDefault();
        resolve(null);
      };
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  if (!db) return null;
  try {
    return await salvageDatabase(db, now);
  } finally {
    db.close();
  }
}
