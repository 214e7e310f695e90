import { AUTH_STORAGE_KEYS } from '@blockyard/cloud';
import { ManualClock, MemoryKeyValueStore, type HttpRequest, type HttpResponse } from '@blockyard/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, settle } from '../test/app-harness.tsx';
import { AccountServices } from './account-services.ts';

const grace = {
  id: 'u1',
  username: 'grace',
  avatarUrl: null,
  idp: { provider: 'local', displayName: 'Grace Hopper', username: 'grace', picture: {} },
};

function account(options: { authEnabled?: boolean; signedIn?: boolean; profileStatus?: number } = {}) {
  const store = new MemoryKeyValueStore();
  if (options.signedIn) store.set(AUTH_STORAGE_KEYS.token, 'tok-1');
  const requests: HttpRequest[] = [];
  const assigned: string[] = [];
  const answer = (status: number, body: unknown): HttpResponse => ({
    status,
    headers: {},
    text: () => Promise.resolve(JSON.stringify(body)),
  });
  const services = new AccountServices({
    http: {
      request: (request) => {
        requests.push(request);
        if (request.url === '/api/clientconfig') {
          const enabled = options.authEnabled ?? true;
          return Promise.resolve(
            answer(200, {
              authEnabled: enabled,
              identityProviders: enabled
                ? [{ id: 'local', order: 0, identity: true, displayName: 'Demo accounts' }]
                : [],
            }),
          );
        }
        if (request.url === '/api/user/profile') return Promise.resolve(answer(options.profileStatus ?? 200, grace));
        if (request.url.startsWith('/api/auth/login')) {
          return Promise.resolve(answer(200, { success: true, authCodeVerifier: 'v', loginUrl: '/oidc/auth' }));
        }
        if (request.url.startsWith('/api/auth/logout')) return Promise.resolve(answer(200, { logoutUrl: '/' }));
        return Promise.resolve(answer(404, { message: 'no' }));
      },
    },
    store,
    clock: new ManualClock(1000),
    page: { href: () => window.location.href, assign: (url) => assigned.push(url), replace: () => undefined },
    newStateKey: () => 'state-1',
  });
  return { services, store, requests, assigned };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('AccountMenu', () => {
  it('offers Sign in when the server has a provider, and starts the sign-in with it', async () => {
    const { services, requests, assigned } = account();
    await renderApp('/', { account: services });
    await act(() => services.start());
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(button.getAttribute('title')).toBe('Sign in with Demo accounts');
    fireEvent.click(button);
    await settle();
    expect(requests.at(-1)?.url).toContain('/api/auth/login?response_type=token&provider=local');
    expect(assigned).toEqual(['/oidc/auth']);
  });

  it('shows nothing when sign-in is off or no server answers', async () => {
    const { services } = account({ authEnabled: false });
    await renderApp('/', { account: services });
    await act(() => services.start());
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('shows the signed-in account with Sign out', async () => {
    const { services, store, requests } = account({ signedIn: true });
    await renderApp('/', { account: services });
    await act(() => services.start());
    const button = await screen.findByRole('button', { name: 'Your account: Grace Hopper' });
    fireEvent.click(button);
    const menu = screen.getByRole('group', { name: 'Your account' });
    expect(menu.textContent).toContain('Signed in as Grace Hopper');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await settle();
    expect(requests.some((r) => r.url.startsWith('/api/auth/logout'))).toBe(true);
    expect(store.get(AUTH_STORAGE_KEYS.token)).toBeNull();
    await screen.findByRole('button', { name: 'Sign in' });
  });

  it('signs out when the profile call answers 401', async () => {
    const { services, store } = account({ signedIn: true, profileStatus: 401 });
    await renderApp('/', { account: services });
    await act(() => services.start());
    await screen.findByRole('button', { name: 'Sign in' });
    expect(store.get(AUTH_STORAGE_KEYS.token)).toBeNull();
  });
});
