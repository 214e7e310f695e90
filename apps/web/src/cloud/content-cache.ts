import { MemoryContentCacheStore, type ContentCacheStore } from '@blockyard/core';
import { type PageFlags } from '../app/page-flags.ts';
import { IndexedDbContentCache } from '@blockyard/platform';

/**
 * Where the content client keeps translations and guide pages: the browser's IndexedDB (its own
 * database, capped), never localStorage, whose small quota a closing page's drafts need. With
 * `nosharedlocalstorage` the page shares nothing with others, so the cache lives in memory.
 */
export function createContentCache(
  flags: Pick<PageFlags, 'noSharedLocalStorage'>,
  factory: IDBFactory | null,
  log?: (message: string) => void,
): ContentCacheStore {
  if (flags.noSharedLocalStorage) return new MemoryContentCacheStore();
  return new IndexedDbContentCache({ factory, ...(log ? { log } : {}) });
}
