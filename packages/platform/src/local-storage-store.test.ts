import { describe, expect, it } from 'vitest';
import { LocalStorageStore } from './local-storage-store.ts';

class RefusingStorage implements Storage {
  length = 0;
  clear(): void {}
  key(): string | null {
    return null;
  }
  getItem(): string | null {
    throw new DOMException('denied', 'SecurityError');
  }
  setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
  removeItem(): void {
    throw new DOMException('denied', 'SecurityError');
  }
}

class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length(): number {
    return this.values.size;
  }
  clear(): void {
    this.values.clear();
  }
  key(index: number): string | null {
    return [...this.values.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

describe('LocalStorageStore', () => {
  it('keeps values in memory when the browser refuses storage', () => {
    const store = new LocalStorageStore(new RefusingStorage());
    store.set('theme', 'high-contrast');
    expect(store.get('theme')).toBe('high-contrast');
    store.remove('theme');
    expect(store.get('theme')).toBeNull();
  });

  it('works without any storage at all', () => {
    const store = new LocalStorageStore(null);
    store.set('a', '1');
    expect(store.get('a')).toBe('1');
  });

  it("hears other pages' writes of a key, and only of that key in that storage", () => {
    const storage = new MemoryStorage();
    const listeners = new Set<(event: { key: string | null; storageArea: unknown }) => void>();
    const events = {
      addEventListener: (_: 'storage', l: (event: { key: string | null; storageArea: unknown }) => void) =>
        listeners.add(l),
      removeEventListener: (_: 'storage', l: (event: { key: string | null; storageArea: unknown }) => void) =>
        listeners.delete(l),
    };
    const fire = (key: string | null, storageArea: unknown = storage) => {
      for (const l of [...listeners]) l({ key, storageArea });
    };
    const store = new LocalStorageStore(storage, 'blockyard:', events);
    let heard = 0;
    const stop = store.watch('draft-journal', () => heard++);
    fire('blockyard:draft-journal');
    fire('blockyard:theme');
    fire('blockyard:draft-journal', new MemoryStorage());
    fire(null);
    expect(heard).toBe(2);
    stop();
    fire('blockyard:draft-journal');
    expect(heard).toBe(2);
    // Without a window nothing is heard, and nothing breaks.
    new LocalStorageStore(storage).watch('draft-journal', () => heard++)();
  });
});
