// Where content fetched from the server is kept with its ETag (translations, guide pages): apart
// from localStorage, so however much is cached it never takes the room a closing page's drafts
// need there. Asynchronous, so the browser's IndexedDB can stand behind it; the in-memory one is
// for tests and for pages that must share nothing (nosharedlocalstorage).

/** One cached text (spec 000 §3 translation cache record, id `lang|file|master`; pages alike). */
export interface CachedContent {
  readonly id: string;
  readonly etag: string;
  /** When it was last fetched or confirmed (epoch milliseconds of the clock given). */
  readonly time: number;
  readonly text: string;
}

/**
 * At most this many characters of text kept in all (a few dozen translation files and every
 * guide page fit many times over); the entries fetched or confirmed longest ago go first.
 */
export const CONTENT_CACHE_MAX_CHARS = 4 * 1024 * 1024;

export interface ContentCacheStore {
  get(id: string): Promise<CachedContent | undefined>;
  /** Keeps an entry, dropping the oldest ones past the cap. Never throws: a cache may forget. */
  put(entry: CachedContent): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Which entries to drop so that the rest hold at most `maxChars` characters (oldest first). */
export function entriesOverCap(
  entries: readonly { readonly id: string; readonly time: number; readonly chars: number }[],
  maxChars: number,
): string[] {
  let total = entries.reduce((sum, entry) => sum + entry.chars, 0);
  const drop: string[] = [];
  for (const entry of [...entries].sort((a, b) => a.time - b.time)) {
    if (total <= maxChars) break;
    drop.push(entry.id);
    total -= entry.chars;
  }
  return drop;
}

export class MemoryContentCacheStore implements ContentCacheStore {
  private readonly entries = new Map<string, CachedContent>();

  constructor(private readonly maxChars = CONTENT_CACHE_MAX_CHARS) {}

  get(id: string): Promise<CachedContent | undefined> {
    return Promise.resolve(this.entries.get(id));
  }

  put(entry: CachedContent): Promise<void> {
    this.entries.set(entry.id, entry);
    const all = [...this.entries.values()].map((e) => ({ id: e.id, time: e.time, chars: e.text.length }));
    for (const id of entriesOverCap(all, this.maxChars)) this.entries.delete(id);
    return Promise.resolve();
  }

  remove(id: string): Promise<void> {
    this.entries.delete(id);
    return Promise.resolve();
  }

  /** Characters of text kept now (for tests). */
  get chars(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.text.length;
    return total;
  }
}
