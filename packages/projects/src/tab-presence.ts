/**
 * Which tabs are open right now, so that start-up recovery leaves alone the drafts and edit
 * journals of editors still open elsewhere (their own autosave saves them). A page announces
 * itself once; the browser forgets it when the page goes, crash included. The real one uses Web
 * Locks (@blockyard/platform); `MemoryTabPresence` is its twin for tests.
 */
export interface TabPresence {
  /** Marks this tab as open for as long as the page lives. */
  announce(tabId: string): void;
  /** The tabs open right now; empty when the browser cannot tell. */
  liveTabs(): Promise<ReadonlySet<string>>;
  /**
   * Settles once the tab is no longer open (at once when it is not open now), so the drafts a
   * closing tab leaves can be taken as soon as it is really gone. Rejects when the browser
   * cannot tell (then nothing waits).
   */
  whenGone(tabId: string): Promise<void>;
}

/** An editor session id: the tab it lives in, then a counter (`<tab>/<n>`). */
export function editorSession(tabId: string, counter: number): string {
  return `${tabId}/${counter}`;
}

/** The tab of an editor session id. */
export function sessionTab(session: string): string {
  const slash = session.lastIndexOf('/');
  return slash < 0 ? session : session.slice(0, slash);
}

export class MemoryTabPresence implements TabPresence {
  private readonly live = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  announce(tabId: string): void {
    this.live.add(tabId);
  }

  /** Test hook: the tab closed (or crashed). */
  leave(tabId: string): void {
    this.live.delete(tabId);
    const waiting = this.waiting.get(tabId) ?? [];
    this.waiting.delete(tabId);
    for (const resolve of waiting) resolve();
  }

  liveTabs(): Promise<ReadonlySet<string>> {
    return Promise.resolve(new Set(this.live));
  }

  whenGone(tabId: string): Promise<void> {
    if (!this.live.has(tabId)) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.set(tabId, [...(this.waiting.get(tabId) ?? []), resolve]);
    });
  }
}
