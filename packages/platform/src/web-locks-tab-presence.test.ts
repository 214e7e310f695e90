import { describe, expect, it } from 'vitest';
import { TAB_LOCK_PREFIX, WebLocksTabPresence, type TabLocks } from './web-locks-tab-presence.ts';

type Mode = 'exclusive' | 'shared';

/**
 * Locks as navigator.locks keeps them: held until the callback's promise settles; a request
 * waits in the lock's queue while an exclusive hold (or, for an exclusive one, any hold) is on.
 */
function fakeLocks(): TabLocks & { held: Map<string, Mode[]> } {
  const held = new Map<string, Mode[]>();
  const queue: { name: string; mode: Mode; grant: () => void }[] = [];
  const free = (name: string, mode: Mode) =>
    mode === 'shared' ? !(held.get(name) ?? []).includes('exclusive') : (held.get(name) ?? []).length === 0;
  const pump = () => {
    for (const waiting of [...queue]) {
      if (!free(waiting.name, waiting.mode)) continue;
      queue.splice(queue.indexOf(waiting), 1);
      waiting.grant();
    }
  };
  return {
    held,
    request(name, { mode }, callback) {
      return new Promise<void>((granted) => {
        queue.push({ name, mode, grant: granted });
        pump();
      }).then(() => {
        held.set(name, [...(held.get(name) ?? []), mode]);
        return callback().finally(() => {
          const modes = held.get(name) ?? [];
          modes.splice(modes.indexOf(mode), 1);
          if (modes.length === 0) held.delete(name);
          pump();
        });
      });
    },
    query: () => Promise.resolve({ held: [...held].flatMap(([name, modes]) => modes.map((mode) => ({ name, mode }))) }),
  };
}

/** A page's lifecycle whose events the test fires. */
function fakeLifecycle() {
  const listeners = new Map<string, (event: { persisted?: boolean }) => void>();
  return {
    addEventListener: (type: string, listener: (event: { persisted?: boolean }) => void) =>
      listeners.set(type, listener),
    fire: (type: 'pagehide' | 'pageshow', persisted = false) => listeners.get(type)?.({ persisted }),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WebLocksTabPresence', () => {
  it('lists the tabs holding their lock, and only ours', async () => {
    const locks = fakeLocks();
    locks.held.set('someone-else', ['exclusive']);
    const presence = new WebLocksTabPresence(locks);
    presence.announce('tab-1');
    presence.announce('tab-2');
    await settle();
    expect([...(await presence.liveTabs())].sort()).toEqual(['tab-1', 'tab-2']);
    locks.held.delete(`${TAB_LOCK_PREFIX}tab-1`);
    expect([...(await presence.liveTabs())]).toEqual(['tab-2']);
  });

  it('lets go when the page is hidden for good, and holds again when it comes back', async () => {
    const locks = fakeLocks();
    const lifecycle = fakeLifecycle();
    const presence = new WebLocksTabPresence(locks, lifecycle);
    presence.announce('closing');
    await settle();
    expect([...(await presence.liveTabs())]).toEqual(['closing']);
    lifecycle.fire('pagehide');
    await settle();
    expect([...(await presence.liveTabs())]).toEqual([]);
    lifecycle.fire('pageshow', true);
    await settle();
    expect([...(await presence.liveTabs())]).toEqual(['closing']);
  });

  it('tells when a tab that is still open now is gone, and not before', async () => {
    const locks = fakeLocks();
    const closing = fakeLifecycle();
    new WebLocksTabPresence(locks, closing).announce('closing');
    const other = new WebLocksTabPresence(locks);
    await settle();
    let gone = false;
    void other.whenGone('closing').then(() => (gone = true));
    await settle();
    expect(gone).toBe(false);
    // Waiting is not being open.
    expect([...(await other.liveTabs())]).toEqual(['closing']);
    closing.fire('pagehide');
    await settle();
    expect(gone).toBe(true);
    expect([...(await other.liveTabs())]).toEqual([]);
    // Gone already: at once.
    await other.whenGone('closing');
    await other.whenGone('never-open');
  });

  it('does not count a tab that only someone waiting for it holds (shared)', async () => {
    const locks = fakeLocks();
    locks.held.set(`${TAB_LOCK_PREFIX}waited-for`, ['shared']);
    expect((await new WebLocksTabPresence(locks).liveTabs()).size).toBe(0);
  });

  it('counts no tab as open when the browser has no Web Locks or the query fails', async () => {
    expect((await new WebLocksTabPresence(undefined).liveTabs()).size).toBe(0);
    const broken: TabLocks = { request: () => Promise.resolve(), query: () => Promise.reject(new Error('no')) };
    expect((await new WebLocksTabPresence(broken).liveTabs()).size).toBe(0);
    await new WebLocksTabPresence(undefined).whenGone('any');
  });
});
