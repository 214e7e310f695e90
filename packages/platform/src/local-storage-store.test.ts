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
});
