import { describe, expect, it } from 'vitest';
import { entriesOverCap, MemoryContentCacheStore } from './content-cache-store.ts';

const entry = (id: string, time: number, chars: number) => ({ id, etag: `"${id}"`, time, text: 'x'.repeat(chars) });

describe('the content cache cap', () => {
  it('drops the entries fetched or confirmed longest ago until the rest fit', () => {
    const entries = [
      { id: 'new', time: 30, chars: 40 },
      { id: 'old', time: 10, chars: 40 },
      { id: 'mid', time: 20, chars: 40 },
    ];
    expect(entriesOverCap(entries, 120)).toEqual([]);
    expect(entriesOverCap(entries, 100)).toEqual(['old']);
    expect(entriesOverCap(entries, 40)).toEqual(['old', 'mid']);
    expect(entriesOverCap(entries, 0)).toEqual(['old', 'mid', 'new']);
  });

  it('the memory store never holds more than its cap, keeping the newest', async () => {
    const store = new MemoryContentCacheStore(100);
    for (let i = 0; i < 10; i++) await store.put(entry(`e${i}`, i, 30));
    expect(store.chars).toBeLessThanOrEqual(100);
    expect(await store.get('e9')).toMatchObject({ etag: '"e9"' });
    expect(await store.get('e0')).toBeUndefined();
    // Confirming an entry (a 304 stores it with a new time) keeps it over newer ones.
    await store.put(entry('e7', 100, 30));
    await store.put(entry('e10', 101, 30));
    expect(await store.get('e7')).toBeDefined();
    expect(await store.get('e8')).toBeUndefined();
    await store.remove('e7');
    expect(await store.get('e7')).toBeUndefined();
  });
});
