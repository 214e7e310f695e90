import { describe, expect, it } from 'vitest';
import { TAB_LOCK_PREFIX, WebLocksTabPresence, type TabLocks } from './web-locks-tab-presence.ts';

/** Locks held until released, as navigator.locks keeps them until the page is gone. */
function fakeLocks(): TabLocks & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    request(name, callback) {
      held.add(name);
      return callback().finally(() => held.delete(name));
    },
    query: () => Promise.resolve({ held: [...held].map((name) => ({ name })) }),
  };
}

describe('WebLocksTabPresence', () => {
  it('lists the tabs holding their lock, and only ours', async () => {
    const locks = fakeLocks();
    locks.held.add('someone-else');
    const presence = new WebLocksTabPresence(locks);
    presence.announce('tab-1');
    presence.announce('tab-2');
    expect([...(await presence.liveTabs())].sort()).toEqual(['tab-1', 'tab-2']);
    locks.held.delete(`${TAB_LOCK_PREFIX}tab-1`);
    expect([...(await presence.liveTabs())]).toEqual(['tab-2']);
  });

  it('lets go when the page is hidden for good, and holds again when it comes back', async () => {
    const locks = fakeLocks();
    const listeners = new Map<string, (event: { persisted?: boolean }) => void>();
    const lifecycle = {
      addEventListener: (type: string, listener: (event: { persisted?: boolean }) => void) =>
        listeners.set(type, listener),
    };
    const presence = new WebLocksTabPresence(locks, lifecycle);
    presence.announce('closing');
    expect([...(await presence.liveTabs())]).toEqual(['closing']);
    listeners.get('pagehide')?.({ persisted: false });
    await Promise.resolve();
    expect([...(await presence.liveTabs())]).toEqual([]);
    listeners.get('pageshow')?.({ persisted: true });
    expect([...(await presence.liveTabs())]).toEqual(['closing']);
  });

  it('counts no tab as open when the browser has no Web Locks or the query fails', async () => {
    expect((await new WebLocksTabPresence(undefined).liveTabs()).size).toBe(0);
    const broken: TabLocks = { request: () => Promise.resolve(), query: () => Promise.reject(new Error('no')) };
    expect((await new WebLocksTabPresence(broken).liveTabs()).size).toBe(0);
  });
});
