// The content cache must never crowd out a closing page's drafts: they go to localStorage (the
// only storage a closing page can still write to), the cache does not. A browser-like
// localStorage with a 5 MB quota, a content client filling its cache with translation files
// well past that, then a big draft stashed as a closing page would.
import { CONTENT_CACHE_MAX_CHARS, ManualClock, MemoryContentCacheStore, type HttpRequest } from '@blockyard/core';
import { CloudApi, ContentClient } from '@blockyard/cloud';
import { IndexedDbContentCache, LocalStorageStore } from '@blockyard/platform';
import { DRAFT_JOURNAL_KEY, DraftJournalProjectStore, MemoryProjectStore } from '@blockyard/projects';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createContentCache } from './content-cache.ts';

/** localStorage as browsers keep it: a quota (in UTF-16 characters of keys and values). */
function quotaStorage(quotaChars: number): Storage {
  const values = new Map<string, string>();
  const used = () => [...values].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  return {
    get length() {
      return values.size;
    },
    key: (i: number) => [...values.keys()][i] ?? null,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      const before = values.get(key);
      const after = used() - (before === undefined ? 0 : key.length + before.length) + key.length + value.length;
      if (after > quotaChars) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
  };
}

/** A server with 40 translation files of 400,000 characters each (16 MB in all). */
function bigTranslations() {
  const requests: HttpRequest[] = [];
  const http = {
    request: (request: HttpRequest) => {
      requests.push(request);
      const lang = /lang=([^&]+)/.exec(request.url)?.[1] ?? 'x';
      const text = JSON.stringify({ words: `${lang}:`.padEnd(400_000, 'w') });
      return Promise.resolve({ status: 200, headers: { etag: `"${lang}"` }, text: () => Promise.resolve(text) });
    },
  };
  const api = new CloudApi({
    http,
    baseUrl: '',
    target: 'microbit',
    token: () => null,
    onUnauthorized: () => undefined,
  });
  return { api, requests };
}

const LANGS = Array.from({ length: 40 }, (_, i) => `l${i}`);

describe('the content cache and the closing page’s drafts', () => {
  it('a cache filled far past localStorage’s quota takes none of it: a big draft still saves', async () => {
    const local = quotaStorage(5 * 1024 * 1024);
    const settings = new LocalStorageStore(local);
    settings.set('theme', 'high-contrast');
    const clock = new ManualClock(Date.UTC(2026, 10, 26));
    const { api } = bigTranslations();
    const cache = createContentCache({ noSharedLocalStorage: false }, new IDBFactory());
    expect(cache).toBeInstanceOf(IndexedDbContentCache);
    const content = new ContentClient({ api, cache, clock, target: 'microbit' });
    for (const lang of LANGS) {
      await content.translations(lang, 'translation.json');
      clock.advance(1000);
    }
    // The cache is full (at its cap: the oldest files went), and kept the newest.
    expect(await cache.get('l39|translation.json|master')).toBeDefined();
    expect(await cache.get('l0|translation.json|master')).toBeUndefined();
    // Nothing of it is in localStorage.
    for (let i = 0; i < local.length; i++) expect(local.key(i)).not.toMatch(/content/);

    // A closing page stashes a 2 MB draft: it lands in localStorage itself, not in memory.
    const store = new DraftJournalProjectStore(new MemoryProjectStore({ clock }), settings);
    const main = '// my program\n'.padEnd(2_000_000, 'x');
    await store.stashDraft({
      projectId: 'p1',
      baseRevision: 1,
      name: 'Big',
      files: { 'main.ts': main, 'pxt.json': '{"name":"Big"}' },
      stashedAt: clock.now(),
    });
    const saved = local.getItem(`blockyard:${DRAFT_JOURNAL_KEY}`);
    expect(saved).not.toBeNull();
    expect(saved).toContain('// my program');
    expect(saved!.length).toBeGreaterThan(2_000_000);
  });

  it('the cap holds however much is fetched', async () => {
    const cache = new IndexedDbContentCache({ factory: new IDBFactory() });
    const clock = new ManualClock(0);
    const { api } = bigTranslations();
    const content = new ContentClient({ api, cache, clock, target: 'microbit' });
    for (const lang of LANGS) {
      await content.translations(lang, 'translation.json');
      clock.advance(1000);
    }
    let kept = 0;
    for (const lang of LANGS) kept += (await cache.get(`${lang}|translation.json|master`))?.text.length ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(CONTENT_CACHE_MAX_CHARS);
  });

  it('clears itself when the browser says the origin is over 90% full (spec 000 §4)', async () => {
    const clock = new ManualClock(0);
    const { api } = bigTranslations();
    let usage = 10_000_000;
    const log: string[] = [];
    const storage = { estimate: () => Promise.resolve({ usage, quota: 100_000_000 }) };
    const cache = createContentCache({ noSharedLocalStorage: false }, new IDBFactory(), (m) => log.push(m), storage);
    const content = new ContentClient({ api, cache, clock, target: 'microbit' });
    await content.translations('l0', 'translation.json');
    expect(await cache.get('l0|translation.json|master')).toBeDefined();
    usage = 95_000_000;
    // The browser is asked again only 10 s after the last time (only Date is faked: IndexedDB
    // runs on real timers).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10_000);
      await content.translations('l1', 'translation.json');
    } finally {
      vi.useRealTimers();
    }
    expect(await cache.get('l0|translation.json|master')).toBeUndefined();
    expect(await cache.get('l1|translation.json|master')).toBeUndefined();
    expect(log).toEqual(['Storage is nearly full: the content cache was cleared.']);
  });

  it('with nosharedlocalstorage the cache is this page’s memory only', () => {
    expect(createContentCache({ noSharedLocalStorage: true }, new IDBFactory())).toBeInstanceOf(
      MemoryContentCacheStore,
    );
  });
});
