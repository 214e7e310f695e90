/**
 * Quota pressure (spec 000 §4, §8, §9): when usage exceeds 90% of the quota and the quota is
 * above 1 MB, caches are cleared; a quota error clears them too. Cleanup runs at most every
 * 10 s. Projects are never cleared: the learner is warned instead and can download them.
 */
import type { Clock } from '@blockyard/core';

const STORAGE_PRESSURE_RATIO = 0.9;
/** "Quota above 1 MB" (spec 000 §4), taken as 1 MiB. */
const STORAGE_MIN_QUOTA_BYTES = 1024 * 1024;
const STORAGE_CLEANUP_THROTTLE_MS = 10_000;

export interface StorageEstimate {
  readonly usage: number;
  readonly quota: number;
}

/** How full the browser's storage is (navigator.storage.estimate in the browser). */
export interface StorageQuota {
  /** Null when the browser cannot tell. */
  estimate(): Promise<StorageEstimate | null>;
}

export class MemoryStorageQuota implements StorageQuota {
  constructor(
    public usage = 0,
    public quota = 100 * 1024 * 1024,
  ) {}

  estimate(): Promise<StorageEstimate | null> {
    return Promise.resolve({ usage: this.usage, quota: this.quota });
  }
}

/** Something that may be thrown away to make room (translations, tutorials, compiled code). */
export interface CacheCleaner {
  readonly name: string;
  clear(): Promise<void>;
}

/**
 * - ok: nothing to say.
 * - high: usage is above the threshold even after clearing caches.
 * - full: the browser refused a write; the edit is kept in memory until it fits.
 */
export type StoragePressureLevel = 'ok' | 'high' | 'full';

export interface StoragePressureState {
  readonly level: StoragePressureLevel;
  readonly estimate: StorageEstimate | null;
}

export function isUnderPressure(estimate: StorageEstimate): boolean {
  return estimate.quota > STORAGE_MIN_QUOTA_BYTES && estimate.usage > STORAGE_PRESSURE_RATIO * estimate.quota;
}

export class StoragePressureMonitor {
  private state: StoragePressureState = { level: 'ok', estimate: null };
  private readonly listeners = new Set<() => void>();
  private readonly caches = new Set<CacheCleaner>();
  private lastCheck = Number.NEGATIVE_INFINITY;
  private lastCleanup = Number.NEGATIVE_INFINITY;
  private running: Promise<StoragePressureState> | null = null;

  constructor(
    private readonly quota: StorageQuota,
    private readonly clock: Clock,
  ) {}

  getState(): StoragePressureState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Registers a cache that may be cleared under pressure; returns a function to unregister. */
  registerCache(cache: CacheCleaner): () => void {
    this.caches.add(cache);
    return () => this.caches.delete(cache);
  }

  /** Looks at the quota (at most every 10 s) and clears caches when storage is nearly full. */
  check(): Promise<StoragePressureState> {
    if (this.running) return this.running;
    if (this.clock.now() - this.lastCheck < STORAGE_CLEANUP_THROTTLE_MS) return Promise.resolve(this.state);
    this.lastCheck = this.clock.now();
    return this.run(false);
  }

  /** A write went through: a "full" warning is over; look at the quota again (throttled). */
  noteWriteSucceeded(): Promise<StoragePressureState> {
    if (this.state.level === 'full') {
      const high = this.state.estimate !== null && isUnderPressure(this.state.estimate);
      this.set({ level: high ? 'high' : 'ok', estimate: this.state.estimate });
    }
    return this.check();
  }

  /** A write was refused for lack of space: clear caches (within the throttle) and warn. */
  reportQuotaError(): Promise<StoragePressureState> {
    this.set({ level: 'full', estimate: this.state.estimate });
    return this.run(true);
  }

  private run(afterQuotaError: boolean): Promise<StoragePressureState> {
    const run = (async () => {
      let estimate = await this.safeEstimate();
      const pressed = afterQuotaError || (estimate !== null && isUnderPressure(estimate));
      if (pressed && this.clock.now() - this.lastCleanup >= STORAGE_CLEANUP_THROTTLE_MS) {
        this.lastCleanup = this.clock.now();
        await this.clearCaches();
        estimate = (await this.safeEstimate()) ?? estimate;
      }
      const stillHigh = estimate !== null && isUnderPressure(estimate);
      const level: StoragePressureLevel = afterQuotaError ? 'full' : stillHigh ? 'high' : 'ok';
      this.set({ level, estimate });
      return this.state;
    })();
    this.running = run;
    return run.finally(() => {
      if (this.running === run) this.running = null;
    });
  }

  private async safeEstimate(): Promise<StorageEstimate | null> {
    try {
      return await this.quota.estimate();
    } catch {
      return null; // No estimate is no reason to fail a save.
    }
  }

  private async clearCaches(): Promise<void> {
    for (const cache of [...this.caches]) {
      try {
        await cache.clear();
      } catch {
        // A cache that cannot be cleared is simply not freed; the others still are.
      }
    }
  }

  private set(state: StoragePressureState): void {
    if (state.level === this.state.level && state.estimate === this.state.estimate) return;
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}
