import { MemoryContentCacheStore, type ContentCacheStore } from '@blockyard/core';
import { IndexedDbContentCache, type StorageEstimator } from '@blockyard/platform';
import { type PageFlags } from '../app/page-flags.ts';

/**
 * Where the content client keeps translations and guide pages: the browser's IndexedDB (its own
 * database, capped), never localStorage, whose small quota a closing page's drafts need. With
 * `nosharedlocalstorage` the page shares nothing with others, so the cache lives in memory.
 * `storage` (the browser's `navigator.storage`) lets it clear itself when the origin is nearly full.
 */
export function createContentCache(
  flags: Pick<PageFlags, 'noSharedLocalStorage'>,
  factory: IDBFactory | null,
  log?: (message: string) => void,
  storage: StorageEstimator | null = null,
): ContentCacheStore {
  if (flags.noSharedLocalStorage) return new MemoryContentCacheStore();
  return new IndexedDbContentCache({ factory, storage, ...(log ? { log } : {}) });
}
