import { describe, expect, it } from 'vitest';
import { files, memoryStore, settle } from '../test/helpers.ts';
import { MemoryBroadcastHub, type BroadcastPort } from './broadcast-port.ts';
import type { ProjectChange, ProjectsTabMessage } from './tab-protocol.ts';
import { isProjectsTabMessage } from './tab-protocol.ts';
import { TabSyncedProjectStore } from './tab-synced-project-store.ts';

/** Two tabs on one store, each with a list of what its listeners heard. */
function twoTabs() {
  const { store } = memoryStore();
  const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
  const a = new TabSyncedProjectStore(store, hub.connect(), 'A');
  const b = new TabSyncedProjectStore(store, hub.connect(), 'B');
  const heardByA: ProjectChange[] = [];
  const heardByB: ProjectChange[] = [];
  a.subscribe((c) => heardByA.push(c));
  b.subscribe((c) => heardByB.push(c));
  return { a, b, heardByA, heardByB };
}

describe('TabSyncedProjectStore', () => {
  it('announces each change to other tabs and to listeners here', async () => {
    const { a, heardByA, heardByB } = twoTabs();
    const p = await a.create({ name: 'Radio', files: files('v1') });
    await a.save(p.id, { files: files('v2') }, { expectedRevision: 1 });
    await a.save(p.id, { files: files('v2') }, { expectedRevision: 2 }); // no change: no news
    await a.rename(p.id, 'Radio chat');
    await a.trash(p.id);
    await a.restore(p.id);
    await a.trash(p.id);
    await a.purge(p.id);
    await settle();
    const expected = [
      ['created', 1],
      ['saved', 2],
      ['renamed', 3],
      ['trashed', 3],
      ['restored', 3],
      ['trashed', 3],
      ['purged', null],
    ];
    expect(heardByA.map((c) => [c.kind, c.revision, c.local])).toEqual(expected.map((e) => [...e, true]));
    expect(heardByB.map((c) => [c.kind, c.revision, c.local])).toEqual(expected.map((e) => [...e, false]));
  });

  it("relays work recovered here for a closed tab to this tab's listeners as not its own", async () => {
    const { a, heardByA, heardByB } = twoTabs();
    a.relayOthersWork('p1', 4);
    await settle();
    expect(heardByA).toEqual([{ projectId: 'p1', kind: 'saved', revision: 4, local: false }]);
    // The save itself told the other tabs.
    expect(heardByB).toEqual([]);
  });

  it('ignores messages that do not follow the protocol, and its own echo', () => {
    const { store } = memoryStore();
    let deliver: (message: unknown) => void = () => undefined;
    const port: BroadcastPort<ProjectsTabMessage> = {
      post: () => undefined,
      subscribe: (listener) => {
        deliver = listener;
        return () => undefined;
      },
      close: () => undefined,
    };
    const tab = new TabSyncedProjectStore(store, port, 'me');
    const heard: ProjectChange[] = [];
    tab.subscribe((c) => heard.push(c));
    const valid = { type: 'project-changed', protocol: 1, tabId: 'other', projectId: 'p', kind: 'saved', revision: 2 };
    deliver({ ...valid, protocol: 2 });
    deliver({ ...valid, kind: 'exploded' });
    deliver({ ...valid, tabId: 'me' });
    deliver('hello');
    deliver(null);
    deliver(valid);
    expect(heard).toEqual([{ projectId: 'p', kind: 'saved', revision: 2, local: false }]);
    expect(isProjectsTabMessage({ ...valid, revision: 1.5 })).toBe(false);
  });

  it('keeps going when a listener throws', async () => {
    const { store } = memoryStore();
    const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
    const tab = new TabSyncedProjectStore(store, hub.connect(), 'A');
    const heard: string[] = [];
    tab.subscribe(() => {
      throw new Error('broken listener');
    });
    tab.subscribe((c) => heard.push(c.kind));
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const created = await tab.create({ name: 'Still saved', files: files('') });
    await settle();
    process.off('unhandledRejection', onRejection);
    expect(heard).toEqual(['created']);
    expect((await store.get(created.id)).name).toBe('Still saved');
    expect(rejections).toHaveLength(1);
  });
});
