import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
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
