import type { StorageEstimate, StorageQuota } from '@blockyard/projects';

/** StorageQuota over navigator.storage.estimate(); null where the browser has no estimate. */
export class NavigatorStorageQuota implements StorageQuota {
  constructor(private readonly storage: Pick<StorageManager, 'estimate'> | undefined) {}

  async estimate(): Promise<StorageEstimate | null> {
    if (!this.storage || typeof this.storage.estimate !== 'function') return null;
    try {
      const { usage, quota } = await this.storage.estimate();
      if (typeof usage !== 'number' || typeof quota !== 'number' || quota <= 0) return null;
      return { usage, quota };
    } catch {
      return null;
    }
  }
}
