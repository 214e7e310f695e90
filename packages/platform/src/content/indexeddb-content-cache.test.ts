import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { IndexedDbContentCache, LEGACY_CONTENT_PREFIX, removeLegacyContentCache } from './indexeddb-content-cache.ts';

const entry = (id: string, time: number, chars: number) => ({ id, etag: `"${id}"`, time, text: 'x'.repeat(chars) });

describe('IndexedDbContentCache', () => {
  it('keeps entries across openings of the database', async () => {
    const factory = new IDBFactory();
    await new IndexedDbContentCache({ factory }).put({
      id: 'fr|translation.json|master',
      etag: '"1"',
      time: 5,
      text: '{}',
    });
    const again = new IndexedDbContentCache({ factory });
    expect(await again.get('fr|translation.json|master')).toEqual({
      id: 'fr|translation.json|master',
      etag: '"1"',
      time: 5,
      text: '{}',
    });
    await again.remove('fr|translation.json|master');
    expect(await again.get('fr|translation.json|master')).toBeUndefined();
  });

  it('never holds more than its cap: the entries fetched or confirmed longest ago go first', async () => {
    const factory = new IDBFactory();
    const cache = new IndexedDbContentCache({ factory, maxChars: 1000 });
    for (let i = 0; i < 12; i++) await cache.put(entry(`page${i}`, i, 300));
    const kept: string[] = [];
    for (let i = 0; i < 12; i++) if (await cache.get(`page${i}`)) kept.push(`page${i}`);
    expect(kept).toEqual(['page9', 'page10', 'page11']);
    // One text over the whole cap is not kept at all (and drops nothing).
    await cache.put(entry('huge', 99, 1001));
    expect(await cache.get('huge')).toBeUndefined();
    expect(await cache.get('page11')).toBeDefined();
  });

  it('without IndexedDB, or when it cannot be opened, it keeps nothing and never throws', async () => {
    const none = new IndexedDbContentCache({ factory: null });
    await none.put(entry('a', 1, 10));
    expect(await none.get('a')).toBeUndefined();
    const log: string[] = [];
    const broken = new IndexedDbContentCache({
      factory: {
        open: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      } as unknown as IDBFactory,
      log: (message) => log.push(message),
    });
    await broken.put(entry('a', 1, 10));
    expect(await broken.get('a')).toBeUndefined();
    await broken.remove('a');
  });
});

describe('IndexedDbContentCache when storage runs out (spec 000 §4, §9)', () => {
  const MB = 1_000_000;

  it('clears itself once the origin uses over 90% of a quota over 1 MB, asking at most every 10 s', async () => {
    let now = 0;
    let usage = 50 * MB;
    const estimate = vi.fn(() => Promise.resolve({ usage, quota: 100 * MB }));
    const cache = new IndexedDbContentCache({ factory: new IDBFactory(), storage: { estimate }, now: () => now });
    await cache.put(entry('fr', 1, 10));
    await cache.put(entry('de', 2, 10));
    expect(estimate).toHaveBeenCalledTimes(1);
    usage = 91 * MB;
    now = 9_999;
    await cache.put(entry('es', 3, 10)); // not asked again yet: kept
    expect(await cache.get('fr')).toBeDefined();
    now = 10_000;
    await cache.put(entry('it', 4, 10));
    expect(estimate).toHaveBeenCalledTimes(2);
    for (const id of ['fr', 'de', 'es', 'it']) expect(await cache.get(id)).toBeUndefined();
    usage = 10 * MB;
    now = 20_000;
    await cache.put(entry('nl', 5, 10));
    expect(await cache.get('nl')).toBeDefined();
  });

  it('leaves a quota of 1 MB or less alone, and an estimate it cannot get', async () => {
    const small = new IndexedDbContentCache({
      factory: new IDBFactory(),
      storage: { estimate: () => Promise.resolve({ usage: 999_999, quota: MB }) },
    });
    await small.put(entry('fr', 1, 10));
    await small.put(entry('de', 2, 10));
    expect(await small.get('fr')).toBeDefined();
    const refused = new IndexedDbContentCache({
      factory: new IDBFactory(),
      storage: { estimate: () => Promise.reject(new Error('not allowed')) },
    });
    await refused.put(entry('fr', 1, 10));
    expect(await refused.get('fr')).toBeDefined();
  });

  it('clears itself when a write is refused for want of room', async () => {
    const cache = new IndexedDbContentCache({ factory: new IDBFactory() });
    await cache.put(entry('fr', 1, 10));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await cache.put(entry('de', 2, 10));
    put.mockRestore();
    expect(await cache.get('fr')).toBeUndefined();
    expect(await cache.get('de')).toBeUndefined();
    await cache.put(entry('es', 3, 10));
    expect(await cache.get('es')).toBeDefined();
  });
});

describe('removeLegacyContentCache', () => {
  it('removes only the content entries the cache left in localStorage', () => {
    const values = new Map<string, string>([
      [`${LEGACY_CONTENT_PREFIX}fr|translation.json|master`, '{"text":"big"}'],
      [`${LEGACY_CONTENT_PREFIX}md|microbit|guide`, '{"text":"page"}'],
      ['blockyard:theme', 'dark'],
      ['blockyard:drafts', '[]'],
    ]);
    const storage = {
      get length() {
        return values.size;
      },
      key: (i: number) => [...values.keys()][i] ?? null,
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
      clear: () => values.clear(),
    } as Storage;
    removeLegacyContentCache(storage);
    expect([...values.keys()]).toEqual(['blockyard:theme', 'blockyard:drafts']);
    expect(() => removeLegacyContentCache(null)).not.toThrow();
  });
});
