import type { TabPresence } from '@blockyard/projects';

/** The name of the lock a tab holds while it is open. */
export const TAB_LOCK_PREFIX = 'blockyard-tab:';

/** The parts of the Web Locks API used here (navigator.locks). */
export interface TabLocks {
  request(name: string, options: { mode: 'exclusive' | 'shared' }, callback: () => Promise<void>): Promise<unknown>;
  query(): Promise<{ held?: readonly { name?: string; mode?: string }[] }>;
}

/** Where the page's lifecycle events come from (window). */
export interface PageLifecycle {
  addEventListener(type: 'pagehide' | 'pageshow', listener: (event: { persisted?: boolean }) => void): void;
}

/**
 * TabPresence over Web Locks: each tab holds a lock named after it while it is open. The browser
 * releases it however the page ends, a crash included; a page that is closing lets go of it
 * itself on `pagehide` (and takes it again if it comes back from the back-forward cache), so a
 * tab opened right after sees the closed one as gone at once, not when its process has ended.
 * The editors stash their drafts in `pagehide`'s capture phase, so before the lock goes.
 * Without Web Locks no tab counts as open (recovery then takes every draft).
 *
 * A tab's own hold is exclusive; `whenGone` asks for the same lock shared, which the browser
 * grants once the tab has let go (the request waits in the lock's queue until then), and gives
 * it back at once. Shared holds are never counted as a tab.
 */
export class WebLocksTabPresence implements TabPresence {
  constructor(
    private readonly locks: TabLocks | undefined,
    private readonly lifecycle?: PageLifecycle,
  ) {}

  announce(tabId: string): void {
    const locks = this.locks;
    if (!locks) return;
    let release: (() => void) | null = null;
    const hold = () => {
      if (release) return;
      locks
        .request(
          TAB_LOCK_PREFIX + tabId,
          { mode: 'exclusive' },
          () =>
            new Promise<void>((resolve) => {
              release = resolve;
            }),
        )
        .catch(() => undefined);
    };
    hold();
    this.lifecycle?.addEventListener('pagehide', () => {
      release?.();
      release = null;
    });
    this.lifecycle?.addEventListener('pageshow', (event) => {
      if (event.persisted) hold();
    });
  }

  async liveTabs(): Promise<ReadonlySet<string>> {
    const live = new Set<string>();
    if (!this.locks) return live;
    try {
      const { held = [] } = await this.locks.query();
      for (const { name, mode } of held)
        if (mode !== 'shared' && name?.startsWith(TAB_LOCK_PREFIX)) live.add(name.slice(TAB_LOCK_PREFIX.length));
    } catch {
      // Cannot tell: no tab counts as open.
    }
    return live;
  }

  async whenGone(tabId: string): Promise<void> {
    // Without Web Locks no tab counts as open: nothing to wait for.
    await this.locks?.request(TAB_LOCK_PREFIX + tabId, { mode: 'shared' }, () => Promise.resolve());
  }
}
