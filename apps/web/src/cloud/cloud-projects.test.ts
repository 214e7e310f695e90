import { CloudApi, PROJECT_SYNC_DELAY_MS, type protocol } from '@blockyard/cloud';
import { ManualClock, MemoryKeyValueStore, type HttpRequest } from '@blockyard/core';
import {
  MemoryBroadcastHub,
  MemoryProjectStore,
  TabSyncedProjectStore,
  type ProjectsTabMessage,
} from '@blockyard/projects';
import { describe, expect, it, vi } from 'vitest';
import type { AccountState } from '../account/account-services.ts';
import { createCloudProjects } from './cloud-projects.ts';

type CloudProject = protocol.CloudProject;

const profile = { id: 'u1', username: 'grace', avatarUrl: null, idp: { provider: 'local', displayName: 'Grace' } };

/** The browser's wiring over an in-memory project store and a server that accepts every save. */
function setup() {
  const clock = new ManualClock(1000);
  const store = new TabSyncedProjectStore(
    new MemoryProjectStore({ clock }),
    new MemoryBroadcastHub<ProjectsTabMessage>().connect(),
    'tab-1',
  );
  const saved = new Map<string, CloudProject>();
  const requests: string[] = [];
  const http = {
    request: (request: HttpRequest) => {
      const reply = (status: number, body: unknown) =>
        Promise.resolve({ status, headers: {}, text: () => Promise.resolve(JSON.stringify(body)) });
      const url = new URL(request.url, 'http://x');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (request.method === 'GET' && url.pathname === '/api/projects') {
        return reply(
          200,
          [...saved.values()].map(({ files: _files, ...summary }) => summary),
        );
      }
      const id = decodeURIComponent(url.pathname.split('/')[3] ?? '');
      if (request.method === 'GET') return reply(saved.has(id) ? 200 : 404, saved.get(id) ?? {});
      if (request.method === 'DELETE') {
        saved.delete(id);
        return reply(200, { status: 'deleted' });
      }
      const body = JSON.parse(String(request.body)) as {
        name: string;
        files: Record<string, string>;
        trashed?: boolean;
      };
      const revision = (saved.get(id)?.revision ?? 0) + 1;
      const project = {
        id,
        name: body.name,
        files: body.files,
        revision,
        updatedAt: 0,
        size: 1,
        deleted: !!body.trashed,
      };
      saved.set(id, project);
      const { files: _files, ...summary } = project;
      return reply(200, { status: 'saved', project: summary });
    },
  };
  let state: AccountState = { status: 'signed-out', providers: [], busy: false, problem: null };
  const listeners = new Set<() => void>();
  const account = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const signIn = () => {
    state = { status: 'signed-in', profile, busy: false } as AccountState;
    for (const listener of listeners) listener();
  };
  const sync = createCloudProjects({
    api: new CloudApi({ http, baseUrl: '', target: 'microbit', token: () => 't', onUnauthorized: () => undefined }),
    store,
    settings: new MemoryKeyValueStore(),
    clock,
    copyName: (name) => `${name} (other device)`,
    untitledName: 'My project',
    account,
  });
  return { clock, store, saved, requests, sync, signIn };
}

describe('createCloudProjects', () => {
  it('sends every local project once signed in, and each save after', async () => {
    const { clock, store, saved, sync, signIn } = setup();
    const project = await store.create({ name: 'Dice', files: { 'main.ts': '1' } });
    expect(sync.status(project.id)).toBe('none');
    signIn();
    clock.advance(0);
    await vi.waitFor(() => expect(saved.get(project.id)?.files['main.ts']).toBe('1'));
    expect(sync.status(project.id)).toBe('justSynced');

    const current = await store.get(project.id);
    await store.save(project.id, { files: { 'main.ts': '2' } }, { expectedRevision: current.revision });
    expect(sync.status(project.id)).toBe('localEdits');
    clock.advance(PROJECT_SYNC_DELAY_MS);
    await vi.waitFor(() => expect(saved.get(project.id)?.revision).toBe(2));
  });

  it('sends the trash too, as the trash', async () => {
    const { clock, store, saved, signIn } = setup();
    const project = await store.create({ name: 'Old', files: { 'main.ts': '1' } });
    await store.trash(project.id);
    signIn();
    clock.advance(0);
    await vi.waitFor(() => expect(saved.get(project.id)?.deleted).toBe(true));
  });

  it("stores the account's projects made elsewhere under their id, and they open with their files", async () => {
    const { clock, store, saved, sync, signIn } = setup();
    const long = 'A rocket that goes very far away '.repeat(3).trim(); // 100 characters: the account allows it
    saved.set('elsewhere-1', {
      id: 'elsewhere-1',
      name: long,
      files: { 'main.ts': 'basic.showNumber(7)', 'pxt.json': '{}' },
      revision: 4,
      updatedAt: 0,
      size: 1,
      deleted: false,
    });
    signIn();
    clock.advance(0);
    await vi.waitFor(async () => expect((await store.list()).projects.map((p) => p.id)).toEqual(['elsewhere-1']));
    const here = await store.get('elsewhere-1');
    expect(here.files).toEqual({ 'main.ts': 'basic.showNumber(7)', 'pxt.json': '{}' });
    expect(here.name.length).toBeLessThanOrEqual(80);
    expect((await store.listVersions('elsewhere-1'))[0]?.reason).toBe('cloud');
    await vi.waitFor(() => expect(sync.status('elsewhere-1')).toBe('justSynced'));
    // The fitted name is what this device agreed on: nothing is sent back until it changes.
    clock.advance(PROJECT_SYNC_DELAY_MS);
    await sync.syncNow();
    expect(saved.get('elsewhere-1')?.revision).toBe(4);
  });

  it('sends a move to the trash, and a deletion for good as one on the revision it knows', async () => {
    const { clock, store, saved, requests, signIn } = setup();
    const project = await store.create({ name: 'Dice', files: { 'main.ts': '1' } });
    signIn();
    clock.advance(0);
    await vi.waitFor(() => expect(saved.get(project.id)?.revision).toBe(1));
    await store.trash(project.id);
    clock.advance(PROJECT_SYNC_DELAY_MS);
    await vi.waitFor(() => expect(saved.get(project.id)).toMatchObject({ deleted: true, revision: 2 }));
    await store.purge(project.id);
    clock.advance(PROJECT_SYNC_DELAY_MS);
    await vi.waitFor(() => expect(saved.has(project.id)).toBe(false));
    expect(requests).toContain(`DELETE /api/projects/${project.id}/forever?baseRevision=2`);
  });
});
