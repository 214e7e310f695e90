import { MemoryKeyValueStore, type KeyValueStore } from '@blockyard/core';

/**
 * KeyValueStore over localStorage. Browsers may refuse storage (private mode, policies, full
 * quota); then values live in memory for the session instead of throwing at the caller.
 */
export class LocalStorageStore implements KeyValueStore {
  private readonly fallback = new MemoryKeyValueStore();

  constructor(
    private readonly storage: Storage | null,
    private readonly prefix = 'blockyard:',
  ) {}

  get(key: string): string | null {
    try {
      return this.storage?.getItem(this.prefix + key) ?? this.fallback.get(key);
    } catch {
      return this.fallback.get(key);
    }
  }

  set(key: string, value: string): void {
    this.fallback.set(key, value);
    try {
      this.storage?.setItem(this.prefix + key, value);
    } catch {
      // Kept in memory; the caller's value is not lost for this session.
    }
  }

  remove(key: string): void {
    this.fallback.remove(key);
    try {
      this.storage?.removeItem(this.prefix + key);
    } catch {
      // Nothing more to do: the in-memory copy is gone already.
    }
  }
}
