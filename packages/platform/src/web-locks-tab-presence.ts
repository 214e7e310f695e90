import type { TabPresence } from '@blockyard/projects';

/** The name of the lock a tab holds for its whole life. */
export const TAB_LOCK_PREFIX = 'blockyard-tab:';

/** The parts of the Web Locks API used here (navigator.locks). */
export interface TabLocks {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
  query(): Promise<{ held?: readonly { name?: string }[] }>;
}

/**
 * TabPresence over Web Locks: each tab holds a lock named after it until the page goes; the
 * browser releases it however the page ends, a crash included, so held locks are exactly the
 * open tabs. Without Web Locks no tab counts as open (recovery then takes every draft).
 */
export class WebLocksTabPresence implements TabPresence {
  constructor(private readonly locks: TabLocks | undefined) {}

  announce(tabId: string): void {
    // Never resolves: the lock is held until the page is gone.
    this.locks?.request(TAB_LOCK_PREFIX + tabId, () => new Promise<void>(() => undefined)).catch(() => undefined);
  }

  async liveTabs(): Promise<ReadonlySet<string>> {
    const live = new Set<string>();
    if (!this.locks) return live;
    try {
      const { held = [] } = await this.locks.query();
      for (const { name } of held) if (name?.startsWith(TAB_LOCK_PREFIX)) live.add(name.slice(TAB_LOCK_PREFIX.length));
    } catch {
      // Cannot tell: no tab counts as open.
    }
    return live;
  }
}
