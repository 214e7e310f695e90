import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('forgets entries when their time is up', () => {
    let now = 0;
    const cache = new TtlCache<string>({ maxEntries: 10, now: () => now });
    cache.set('a', 'A', 1000);
    now = 999;
    expect(cache.get('a')).toBe('A');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry past the entry cap', () => {
    const cache = new TtlCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 60_000);
    cache.set('b', 2, 60_000);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3, 60_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('keeps the total weight under its cap and never stores an entry heavier than it', () => {
    const cache = new TtlCache<string>({ maxEntries: 100, maxWeight: 10 });
    cache.set('a', 'A', 60_000, 6);
    cache.set('b', 'B', 60_000, 3);
    cache.set('c', 'C', 60_000, 4); // 13 > 10: a goes
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual(['B', 'C']);
    cache.set('huge', 'H', 60_000, 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set('b', 'B2', 60_000, 1); // replacing gives its weight back
    expect(cache.get('b')).toBe('B2');
    expect(cache.size).toBe(2);
  });
});
