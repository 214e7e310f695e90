import { CloudApi, PROJECT_SYNC_DELAY_MS } from '@blockyard/cloud';
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

const profile = { id: 'u1', username: 'grace', avatarUrl: null, idp: { provider: 'local', displayName: 'Grace' } };

/** The browser's wiring over an in-memory project store and a server that accepts every save. */
function setup() {
  const clock = new ManualClock(1000);
  const store = new TabSyncedProjectStore(
    new MemoryProjectStore({ clock }),
    new MemoryBroadcastHub<ProjectsTabMessage>().connect(),
    'tab-1',
  );
  const saved = new Map<string, { name: string; files: Record<string, string>; revision: number }>();
  const http = {
    request: (request: HttpRequest) => {
      const reply = (status: number, body: unknown) =>
        Promise.resolve({ status, headers: {}, text: () => Promise.resolve(JSON.stringify(body)) });
      if (request.method === 'GET') return reply(200, []);
      const id = decodeURIComponent(request.url.split('/').pop() ?? '');
      const body = JSON.parse(String(request.body)) as { name: string; files: Record<string, string> };
      const revision = (saved.get(id)?.revision ?? 0) + 1;
      saved.set(id, { ...body, revision });
      return reply(200, {
        status: 'saved',
        project: { id, name: body.name, revision, updatedAt: 0, size: 1, deleted: false },
      });
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
    account,
  });
  return { clock, store, saved, sync, signIn };
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

  it('leaves the trash out', async () => {
    const { clock, store, saved, signIn } = setup();
    const project = await store.create({ name: 'Old', files: { 'main.ts': '1' } });
    await store.trash(project.id);
    const kept = await store.create({ name: 'Kept', files: { 'main.ts': '1' } });
    signIn();
    clock.advance(0);
    await vi.waitFor(() => expect(saved.has(kept.id)).toBe(true));
    expect(saved.has(project.id)).toBe(false);
  });
});
