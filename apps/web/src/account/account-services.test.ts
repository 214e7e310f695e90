import { AUTH_STORAGE_KEYS, PREFERENCE_BATCH_DELAY_MS, protocol } from '@blockyard/cloud';
import { ManualClock, MemoryKeyValueStore, type HttpRequest, type HttpResponse } from '@blockyard/core';
import { describe, expect, it, vi } from 'vitest';
import { AccountServices } from './account-services.ts';

const grace = {
  id: 'u1',
  username: 'grace',
  avatarUrl: null,
  idp: { provider: 'local', displayName: 'Grace Hopper', username: 'grace', picture: {} },
};

/** A signed-in browser whose server keeps preferences; `online` switches the network. */
function signedIn(account: Partial<protocol.UserPreferences> = {}) {
  const store = new MemoryKeyValueStore();
  store.set(AUTH_STORAGE_KEYS.token, 'tok-1');
  const clock = new ManualClock(1000);
  const server: protocol.UserPreferences = { ...protocol.defaultPreferences(), ...account };
  const patches: unknown[] = [];
  const logged: string[] = [];
  const network = { online: true, preferencesStatus: 200 };
  const answer = (status: number, body: unknown): HttpResponse => ({
    status,
    headers: {},
    text: () => Promise.resolve(JSON.stringify(body)),
  });
  const services = new AccountServices({
    http: {
      request: (request: HttpRequest) => {
        if (!network.online) return Promise.reject(new TypeError('Failed to fetch'));
        if (request.url === '/api/clientconfig') {
          return Promise.resolve(
            answer(200, {
              authEnabled: true,
              identityProviders: [{ id: 'local', order: 0, identity: true, displayName: 'Demo' }],
            }),
          );
        }
        if (request.url === '/api/user/profile') return Promise.resolve(answer(200, grace));
        if (request.url === '/api/user/preferences' && request.method === 'GET') {
          return Promise.resolve(answer(network.preferencesStatus, server));
        }
        if (request.url === '/api/user/preferences' && request.method === 'PATCH') {
          const operations = JSON.parse(String(request.body)) as protocol.PatchOperation[];
          patches.push(operations);
          for (const op of operations) if (op.op === 'replace' || op.op === 'add') server[op.path.slice(1)] = op.value;
          return Promise.resolve(answer(200, server));
        }
        if (request.url.startsWith('/api/auth/logout')) return Promise.resolve(answer(200, { logoutUrl: '/' }));
        return Promise.resolve(answer(404, { message: 'no' }));
      },
    },
    store,
    clock,
    page: { href: () => 'http://localhost/', assign: () => undefined, replace: () => undefined },
    newStateKey: () => 'state-1',
    log: (message) => logged.push(message),
    preferences: { clock, language: 'en' },
  });
  return { services, store, clock, server, patches, logged, network };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AccountServices preferences', () => {
  it("adopts the account's preferences once signed in", async () => {
    const { services } = signedIn({ highContrast: true, language: 'fr' });
    await services.start();
    await vi.waitFor(() => expect(services.preferences?.preferences).toMatchObject({ highContrast: true }));
    expect(services.preferences?.preferences.language).toBe('fr');
  });

  it('sends a change to the account in a batch while signed in', async () => {
    const { services, clock, patches, server } = signedIn({ reader: 'x' });
    await services.start();
    await vi.waitFor(() => expect(services.preferences?.preferences.reader).toBe('x'));
    services.preferences?.update((p) => ({ ...p, highContrast: true }));
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await vi.waitFor(() => expect(server.highContrast).toBe(true));
    expect(patches).toEqual([[{ op: 'replace', path: '/highContrast', value: true }]]);
  });

  it('works offline: reports the failure, keeps the setting, and sends it once back online', async () => {
    const { services, clock, server, logged, network } = signedIn();
    await services.start();
    await vi.waitFor(() => expect(logged).toEqual([]));
    await settle();
    network.online = false;
    services.preferences?.update((p) => ({ ...p, email: true }));
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await vi.waitFor(() => expect(logged.some((line) => line.startsWith('Could not save your settings'))).toBe(true));
    expect(services.preferences?.preferences.email).toBe(true);
    network.online = true;
    clock.advance(60_000);
    await vi.waitFor(() => expect(server.email).toBe(true));
  });

  it('sends what is queued before signing out, and keeps the settings here', async () => {
    const { services, server } = signedIn();
    await services.start();
    await vi.waitFor(() => expect(services.getState().status).toBe('signed-in'));
    await settle();
    services.preferences?.update((p) => ({ ...p, highContrast: true }));
    await services.signOut();
    expect(server.highContrast).toBe(true); // flushed without waiting for the batch
    expect(services.getState().status).toBe('signed-out');
    expect(services.preferences?.preferences.highContrast).toBe(true);
    expect(services.preferences?.pending).toBe(0);
  });

  it("carries on with this device's values when the account's cannot be read", async () => {
    const { services, clock, network, server, logged } = signedIn({ language: 'de' });
    network.preferencesStatus = 500;
    services.preferences?.update((p) => ({ ...p, highContrast: true })); // before sign-in finishes
    await services.start();
    await vi.waitFor(() => expect(logged.some((line) => line.startsWith('Could not load your settings'))).toBe(true));
    expect(services.preferences?.preferences).toMatchObject({ highContrast: true, language: 'en' });
    clock.advance(PREFERENCE_BATCH_DELAY_MS);
    await vi.waitFor(() => expect(server.highContrast).toBe(true));
    expect(server.language).toBe('de'); // only what changed here was sent
  });
});
