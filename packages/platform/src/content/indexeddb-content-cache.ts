// The content cache (translations, guide pages with their ETags) in its own IndexedDB database,
// so it never shares localStorage's small quota with a closing page's drafts. A cache may
// forget: when IndexedDB cannot be opened or refuses a write (private mode, a full disk), the
// content is simply fetched again; nothing ever falls back to localStorage. When the origin's
// storage is nearly full, or a write is refused for want of room, the whole cache is cleared
// (spec 000 §4, §8): all of it can be fetched again, projects cannot.

import { CONTENT_CACHE_MAX_CHARS, entriesOverCap, type CachedContent, type ContentCacheStore } from '@blockyard/core';
import { StoragePressure, type StorageEstimator } from './storage-pressure.ts';

const CONTENT_DB_NAME = 'blockyard-content';
const CONTENT_DB_VERSION = 1;
const ENTRIES = 'entries';

/** The key prefix the content cache used in localStorage before it moved here. */
export const LEGACY_CONTENT_PREFIX = 'blockyard:blockyard.content.';

export interface IndexedDbContentCacheOptions {
  /** The browser's `indexedDB`; null where it is missing or refused. */
  readonly factory: IDBFactory | null;
  readonly maxChars?: number;
  readonly log?: (message: string) => void;
  /** The browser's `navigator.storage`, to clear the cache when the origin is nearly full. */
  readonly storage?: StorageEstimator | null;
  readonly now?: () => number;
}

export class IndexedDbContentCache implements ContentCacheStore {
  private database: Promise<IDBDatabase | null> | undefined;
  private readonly pressure: StoragePressure;

  constructor(private readonly options: IndexedDbContentCacheOptions) {
    this.pressure = new StoragePressure(options.storage ?? null, options.now);
  }

  async get(id: string): Promise<CachedContent | undefined> {
    const db = await this.open();
    if (!db) return undefined;
    try {
      const found: unknown = await request<unknown>(db.transaction(ENTRIES, 'readonly').objectStore(ENTRIES).get(id));
      return isEntry(found) && found.id === id ? found : undefined;
    } catch {
      return undefined;
    }
  }

  async put(entry: CachedContent): Promise<void> {
    const maxChars = this.options.maxChars ?? CONTENT_CACHE_MAX_CHARS;
    if (entry.text.length > maxChars) return;
    const db = await this.open();
    if (!db) return;
    if (await this.pressure.nearlyFull()) {
      this.options.log?.('Storage is nearly full: the content cache was cleared.');
      await this.clear(db);
      return;
    }
    try {
      const tx = db.transaction(ENTRIES, 'readwrite');
      const store = tx.objectStore(ENTRIES);
      const done = transactionDone(tx);
      // Awaited below; if getAll fails first, the aborted transaction must not go unhandled.
      done.catch(() => undefined);
      store.put({ id: entry.id, etag: entry.etag, time: entry.time, text: entry.text });
      // Every entry's size and age (a few dozen at most), then the oldest past the cap go.
      const all = await request(store.getAll());
      const sizes = all.filter(isEntry).map((e) => ({ id: e.id, time: e.time, chars: e.text.length }));
      for (const id of entriesOverCap(sizes, maxChars)) store.delete(id);
      await done;
    } catch (error) {
      this.options.log?.(`The content cache could not keep ${entry.id}: ${describe(error)}`);
      if (isQuotaError(error)) await this.clear(db);
    }
  }

  private async clear(db: IDBDatabase): Promise<void> {
    try {
      const tx = db.transaction(ENTRIES, 'readwrite');
      tx.objectStore(ENTRIES).clear();
      await transactionDone(tx);
    } catch {
      // Nothing more to free here.
    }
  }

  async remove(id: string): Promise<void> {
    const db = await this.open();
    if (!db) return;
    try {
      const tx = db.transaction(ENTRIES, 'readwrite');
      tx.objectStore(ENTRIES).delete(id);
      await transactionDone(tx);
    } catch {
      // Forgotten or not: it is fetched again either way.
    }
  }

  private open(): Promise<IDBDatabase | null> {
    this.database ??= new Promise<IDBDatabase | null>((resolve) => {
      const { factory } = this.options;
      if (!factory) return resolve(null);
      let opening: IDBOpenDBRequest;
      try {
        opening = factory.open(CONTENT_DB_NAME, CONTENT_DB_VERSION);
      } catch {
        return resolve(null);
      }
      opening.onupgradeneeded = () => {
        if (!opening.result.objectStoreNames.contains(ENTRIES))
          opening.result.createObjectStore(ENTRIES, { keyPath: 'id' });
      };
      opening.onsuccess = () => {
        const db = opening.result;
        // Another tab upgrading the database: let go, and open again on the next call.
        db.onversionchange = () => {
          db.close();
          this.database = undefined;
        };
        resolve(db);
      };
      opening.onerror = (event) => {
        event.preventDefault();
        this.options.log?.(`The content cache cannot be opened: ${describe(opening.error)}`);
        resolve(null);
      };
      opening.onblocked = () => resolve(null);
    });
    return this.database;
  }
}

/** Removes what the content cache left in localStorage before it moved to IndexedDB. */
export function removeLegacyContentCache(storage: Storage | null): void {
  try {
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(LEGACY_CONTENT_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused: nothing of ours can be there to remove.
  }
}

function isEntry(value: unknown): value is CachedContent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' && typeof e.etag === 'string' && typeof e.time === 'number' && typeof e.text === 'string'
  );
}

function isQuotaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'QuotaExceededError';
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = (event) => {
      event.preventDefault();
      reject(req.error ?? new Error('IndexedDB request failed'));
    };
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = (event) => {
      event.preventDefault();
      reject(tx.error ?? new Error('IndexedDB transaction failed'));
    };
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function describe(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
}
