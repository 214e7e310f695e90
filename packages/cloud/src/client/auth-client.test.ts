import { ManualClock, MemoryKeyValueStore, type HttpRequest } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import type { ClientConfig, UserProfile } from '../protocol/api-types.ts';
import { DEFAULT_LIMITS } from '../protocol/api-types.ts';
import { ACCOUNT_PICKER_AFTER_SIGN_OUT_MS, AUTH_STORAGE_KEYS, AuthClient } from './auth-client.ts';
import { CloudApi } from './cloud-api.ts';
import { TestHttp, type Reply } from './test-http.ts';

const origin = 'http://blockyard.test';
const grace: UserProfile = {
  id: 'u1',
  username: 'grace',
  avatarUrl: null,
  idp: { provider: 'local', displayName: 'Grace Hopper', username: 'grace', picture: {} },
};

function setup(start = `${origin}/projects/7?lang=de&x=1#blocks`, handler?: (request: HttpRequest) => Reply) {
  const store = new MemoryKeyValueStore();
  const clock = new ManualClock(1_000_000);
  let href = start;
  const assigned: string[] = [];
  const logs: string[] = [];
  let keys = 0;
  const http = new TestHttp(
    handler ??
      ((request) => {
        if (request.url.includes('/api/auth/login')) {
          return {
            status: 200,
            body: { success: true, authCodeVerifier: 'verifier-1', loginUrl: `${origin}/oidc/auth?x=1` },
          };
        }
        if (request.url.includes('/api/otac/check')) return { status: 200, body: { success: true } };
        if (request.url.endsWith('/api/user/profile')) return { status: 200, body: grace };
        if (request.url.includes('/api/auth/logout')) return { status: 200, body: { logoutUrl: `${origin}/` } };
        return { status: 404, body: { message: 'no' } };
      }),
  );
  // eslint-disable-next-line prefer-const
  let auth: AuthClient;
  const api = new CloudApi({
    http,
    baseUrl: '',
    target: 'microbit',
    token: () => store.get(AUTH_STORAGE_KEYS.token),
    onUnauthorized: () => auth.clearUser(),
  });
  auth = new AuthClient({
    api,
    store,
    clock,
    page: { href: () => href, assign: (url) => assigned.push(url), replace: (url) => (href = url) },
    newStateKey: () => `key-${++keys}`,
    log: (message) => logs.push(message),
  });
  return { auth, store, clock, http, assigned, logs, href: () => href, go: (url: string) => (href = url) };
}

/** Starts a sign-in and comes back the way the server sends the browser back. */
async function roundTrip(t: ReturnType<typeof setup>, back: (state: string) => string) {
  await t.auth.signIn('local');
  const login = new URL(t.http.requests[0]!.url, origin);
  const redirect = new URL(login.searchParams.get('redirect_uri')!);
  t.go(back(redirect.searchParams.get('state')!));
  return { login, redirect };
}

describe('AuthClient sign-in', () => {
  it('saves the state before the login call, then goes to the provider', async () => {
    const t = setup();
    let savedBeforeCall: string | null = null;
    const inner = t.http.handler;
    t.http.handler = (request) => {
      savedBeforeCall ??= t.store.get(AUTH_STORAGE_KEYS.pending);
      return inner(request);
    };
    await t.auth.signIn('local');
    expect(JSON.parse(savedBeforeCall!)).toMatchObject({ key: 'key-1', idp: 'local', callbackPathname: '/projects/7' });
    const login = new URL(t.http.requests[0]!.url, origin);
    expect(Object.fromEntries(login.searchParams)).toEqual({
      response_type: 'token',
      provider: 'local',
      persistent: 'true',
      redirect_uri: `${origin}/projects/7?authcallback=1&state=key-1`,
      prompt: 'silent',
    });
    expect(t.assigned).toEqual([`${origin}/oidc/auth?x=1`]);
    expect(JSON.parse(t.store.get(AUTH_STORAGE_KEYS.pending)!)).toMatchObject({
      authCodeVerifier: 'verifier-1',
      callbackState: { hash: '#blocks', params: { lang: 'de', x: '1' } },
    });
  });

  it('claims the session with the verifier, stores the token and restores path, query and hash', async () => {
    const t = setup();
    await roundTrip(t, (state) => `${origin}/projects/7?authcallback=1&state=${state}&token=tok-9`);
    const outcome = await t.auth.completeSignIn();
    expect(outcome).toEqual({ kind: 'signed-in', profile: grace });
    const claim = t.http.requests.find((r) => r.url.includes('/api/otac/check'))!;
    expect(claim.url).toBe('/api/otac/check?persistent=true');
    expect(claim.headers?.['authorization']).toBe('Bearer verifier-1');
    const profile = t.http.requests.find((r) => r.url.endsWith('/api/user/profile'))!;
    expect(profile.headers?.['authorization']).toBe('Bearer tok-9');
    expect(t.href()).toBe(`${origin}/projects/7?lang=de&x=1#blocks`);
    expect(t.auth.signedIn).toBe(true);
    expect(t.auth.profile()?.username).toBe('grace');
    expect(t.store.get(AUTH_STORAGE_KEYS.pending)).toBeNull();
  });

  it('rejects a callback whose state differs, storing nothing', async () => {
    const t = setup();
    await roundTrip(t, () => `${origin}/projects/7?authcallback=1&state=forged&token=tok-evil`);
    const outcome = await t.auth.completeSignIn();
    expect(outcome.kind).toBe('rejected');
    expect(t.store.get(AUTH_STORAGE_KEYS.token)).toBeNull();
    expect(t.http.requests.some((r) => r.url.includes('/api/otac/check'))).toBe(false);
    expect(t.href()).toBe(`${origin}/projects/7`);
    expect(t.logs[0]).toContain('does not match');
  });

  it('rejects a callback when no sign-in was started here', async () => {
    const t = setup(`${origin}/?authcallback=1&state=key-1&token=tok-evil`);
    expect((await t.auth.completeSignIn()).kind).toBe('rejected');
    expect(t.store.get(AUTH_STORAGE_KEYS.token)).toBeNull();
    expect(t.http.requests).toEqual([]);
  });

  it('logs a provider error and sends the user to the default location', async () => {
    const t = setup();
    await roundTrip(
      t,
      (state) => `${origin}/projects/7?authcallback=1&state=${state}&error=access_denied&error_description=No`,
    );
    expect(await t.auth.completeSignIn()).toEqual({ kind: 'error', error: 'access_denied', description: 'No' });
    expect(t.href()).toBe('/');
    expect(t.logs[0]).toBe('Sign-in failed: access_denied (No)');
    expect(t.store.get(AUTH_STORAGE_KEYS.token)).toBeNull();
  });

  it('stores nothing when the callback carries no token', async () => {
    const t = setup();
    await roundTrip(t, (state) => `${origin}/projects/7?authcallback=1&state=${state}`);
    expect(await t.auth.completeSignIn()).toEqual({ kind: 'no-token' });
    expect(t.store.get(AUTH_STORAGE_KEYS.token)).toBeNull();
    expect(t.href()).toBe(`${origin}/projects/7?lang=de&x=1#blocks`);
  });

  it('ignores pages that are not a callback', async () => {
    const t = setup();
    expect(await t.auth.completeSignIn()).toEqual({ kind: 'none' });
  });
});

describe('AuthClient sign-out and 401', () => {
  async function signedIn() {
    const t = setup();
    await roundTrip(t, (state) => `${origin}/projects/7?authcallback=1&state=${state}&token=tok-9`);
    await t.auth.completeSignIn();
    return t;
  }

  it('signs out: the token and profile go, and the account picker is asked for during 60 s', async () => {
    const t = await signedIn();
    let changes = 0;
    t.auth.subscribe(() => changes++);
    await t.auth.signOut();
    const logout = t.http.requests.find((r) => r.url.includes('/api/auth/logout'))!;
    expect(logout.headers?.['authorization']).toBe('Bearer tok-9');
    expect(t.auth.signedIn).toBe(false);
    expect(t.store.get(AUTH_STORAGE_KEYS.profile)).toBeNull();
    expect(changes).toBe(1);
    expect(t.auth.prompt()).toBe('select_account');
    await t.auth.signIn('local');
    expect(new URL(t.http.requests.at(-1)!.url, origin).searchParams.get('prompt')).toBe('select_account');
    t.clock.advance(ACCOUNT_PICKER_AFTER_SIGN_OUT_MS);
    expect(t.auth.prompt()).toBe('silent');
  });

  it('still signs out here when the server cannot be reached', async () => {
    const t = await signedIn();
    t.http.handler = () => ({ status: 500, body: { message: 'down' } });
    await t.auth.signOut();
    expect(t.auth.signedIn).toBe(false);
    expect(t.logs.at(-1)).toContain('could not be told');
  });

  it('any 401 clears the token and the user state', async () => {
    const t = await signedIn();
    t.http.handler = () => ({ status: 401, body: { message: 'Please sign in again.' } });
    await expect(t.auth.refreshProfile()).rejects.toThrow('Bad HTTP status code: 401');
    expect(t.store.get(AUTH_STORAGE_KEYS.token)).toBeNull();
    expect(t.auth.profile()).toBeNull();
  });
});

describe('AuthClient.providers', () => {
  const config: ClientConfig = {
    primaryCdnUrl: origin,
    authEnabled: true,
    identityProviders: [
      { id: 'b', order: 2, identity: true, displayName: 'B' },
      { id: 'store', order: 0, identity: false, displayName: 'Store' },
      { id: 'a', order: 1, identity: true, displayName: 'A' },
    ],
    sharedStoreUrl: null,
    limits: DEFAULT_LIMITS,
  };
  it('offers identity providers only, in order, when auth is enabled and not in the desktop app', () => {
    expect(AuthClient.providers(config).map((p) => p.id)).toEqual(['a', 'b']);
    expect(AuthClient.providers({ ...config, authEnabled: false })).toEqual([]);
    expect(AuthClient.providers(config, true)).toEqual([]);
    expect(AuthClient.providers(null)).toEqual([]);
  });
});
