/**
 * What the storage warning banner shows, as one observable state: how the database is, whether
 * a recovery file is waiting to be downloaded, and quota pressure.
 */
import type { RecoveryBundle } from './recovery-bundle.ts';
import type { StoragePressureLevel, StoragePressureMonitor } from './storage-pressure.ts';

/**
 * - ok: projects are stored in the browser's database.
 * - blocked: another tab runs an older Blockyard and holds the database; closing it continues.
 * - unavailable: no database; projects live in memory until the page closes (download them).
 * - replaced: another tab upgraded the database; this tab must reload to keep saving.
 * - page-only: by choice (the page's `nosharedlocalstorage` flag) projects live in memory and
 *   are shared with nothing else; they are gone when the page closes (download them).
 */
export type DatabaseHealth = 'ok' | 'blocked' | 'unavailable' | 'replaced' | 'page-only';

export interface StorageHealthState {
  readonly database: DatabaseHealth;
  /** Everything readable that was copied out of a damaged database, to download. */
  readonly recovery: RecoveryBundle | null;
  readonly pressure: StoragePressureLevel;
}

export class StorageHealth {
  private state: StorageHealthState = { database: 'ok', recovery: null, pressure: 'ok' };
  private readonly listeners = new Set<() => void>();

  constructor(monitor?: StoragePressureMonitor) {
    monitor?.subscribe(() => this.set({ pressure: monitor.getState().level }));
  }

  getState(): StorageHealthState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setDatabase(database: DatabaseHealth): void {
    this.set({ database });
  }

  /** Offers a recovery file; null once the learner has it (or dismissed it). */
  setRecovery(recovery: RecoveryBundle | null): void {
    this.set({ recovery });
  }

  private set(change: Partial<StorageHealthState>): void {
    const next = { ...this.state, ...change };
    if (
      next.database === this.state.database &&
      next.recovery === this.state.recovery &&
      next.pressure === this.state.pressure
    )
      return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}
