import { MemoryKeyValueStore, type KeyValueStore } from '@blockyard/core';

/** The part of a StorageEvent read here. */
interface StorageChange {
  readonly key: string | null;
  readonly storageArea: unknown;
}

/** Where other pages' writes are heard of (window's `storage` event). */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (event: StorageChange) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageChange) => void): void;
}

/**
 * KeyValueStore over localStorage. Browsers may refuse storage (private mode, policies, full
 * quota); then values live in memory for the session instead of throwing at the caller.
 */
export class LocalStorageStore implements KeyValueStore {
  private readonly fallback = new MemoryKeyValueStore();

  constructor(
    private readonly storage: Storage | null,
    private readonly prefix = 'blockyard:',
    private readonly events?: StorageEvents,
  ) {}

  /**
   * Calls `listener` when another page of this origin changes `key` or clears the storage (the
   * browser fires `storage` only in the other pages). Never called without `events`.
   */
  watch(key: string, listener: () => void): () => void {
    const events = this.events;
    if (!events || !this.storage) return () => undefined;
    const onStorage = (event: StorageChange) => {
      if (event.storageArea !== this.storage) return;
      if (event.key === null || event.key === this.prefix + key) listener();
    };
    events.addEventListener('storage', onStorage);
    return () => events.removeEventListener('storage', onStorage);
  }

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
