import { AUTH_COOKIE, type UserProfile } from '@blockyard/cloud/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CookieJar, follow, PUBLIC_URL, signIn, startTestApi, type TestApi } from './support/api-harness.ts';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './support/test-database.ts';

describe.each(testDatabaseKinds())('sign-in through the local identity provider (%s)', (kind) => {
  let db: TestDatabase;
  let api: TestApi;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    api = await startTestApi(db.database);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await db?.dispose();
  });

  it('signs in: login, the account page, the callback with a token, the claim, then the profile', async () => {
    const { browser, back, sawPage } = await signIn(api.app, { account: 'demo-grace' });
    expect(sawPage).toContain('Sign in to Blockyard');
    expect(sawPage).toContain('Grace Hopper');
    // Back to the very page it left, with the marker and state (spec 000 §2).
    expect(back.pathname).toBe('/projects/1');
    expect(back.searchParams.get('authcallback')).toBe('1');
    expect(back.searchParams.get('state')).toMatch(/^state-/);
    expect(browser).toBeDefined();
    const profile = await call(api.app, browser, 'GET', '/api/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json<UserProfile>()).toMatchObject({
      username: 'grace',
      avatarUrl: null,
      idp: { provider: 'local', displayName: 'Grace Hopper', username: 'grace', picture: {} },
    });
  });

  it('needs both the token and its cookie; either alone is a 401', async () => {
    const { browser } = await signIn(api.app);
    if (!browser) throw new Error('not signed in');
    const tokenOnly = await call(api.app, { token: browser.token, jar: new CookieJar() }, 'GET', '/api/user/profile');
    expect(tokenOnly.statusCode).toBe(401);
    expect(tokenOnly.json()).toMatchObject({ code: 'signed-out' });
    const cookie = `${AUTH_COOKIE}=${browser.jar.get(AUTH_COOKIE)}`;
    const cookieOnly = await api.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { 'x-blockyard-target': 'microbit', cookie },
    });
    expect(cookieOnly.statusCode).toBe(401);
    const garbage = await call(api.app, { token: 'x'.repeat(43), jar: browser.jar }, 'GET', '/api/user/profile');
    expect(garbage.statusCode).toBe(401);
  });

  it('lets the session be claimed once only, and only with the verifier', async () => {
    const { authCodeVerifier } = await signIn(api.app);
    const again = await api.app.inject({
      method: 'POST',
      url: '/api/otac/check?persistent=true',
      headers: { 'x-blockyard-target': 'microbit', authorization: `Bearer ${authCodeVerifier}` },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'otac-invalid' });
  });

  it('signs in silently while the provider remembers the browser, and shows the account picker for select_account', async () => {
    const jar = new CookieJar();
    const first = await signIn(api.app, { jar, account: 'demo-ada' });
    expect(first.sawPage).toContain('Sign in to Blockyard');
    const silent = await signIn(api.app, { jar });
    expect(silent.sawPage).toBeUndefined();
    expect(silent.browser).toBeDefined();
    const picking = await signIn(api.app, { jar, prompt: 'select_account', account: 'demo-alan' });
    expect(picking.sawPage).toContain('Choose an account');
    expect(picking.sawPage).toContain('signed in here');
    expect(picking.back.href).toContain('token=');
    const profile = await call(api.app, picking.browser, 'GET', '/api/user/profile');
    expect(profile.json<UserProfile>().username).toBe('alan');
  });

  it('refuses a callback whose state it does not know, and a reused one', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/auth/callback?code=abc&state=forged' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This sign-in has expired');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('sends a cancelled sign-in back with the error and no token', async () => {
    const state = 'cancelled-state';
    const query = new URLSearchParams({
      response_type: 'token',
      provider: 'local',
      persistent: 'false',
      redirect_uri: `${PUBLIC_URL}/?authcallback=1&state=${state}`,
      prompt: 'silent',
    });
    const login = await call(api.app, undefined, 'GET', `/api/auth/login?${query.toString()}`);
    const jar = new CookieJar();
    const page = await follow(api.app, jar, login.json<{ loginUrl: string }>().loginUrl);
    expect(page.url.pathname).toMatch(/^\/oidc-login\//);
    const cancelled = await api.app.inject({
      method: 'POST',
      url: `${page.url.pathname}/abort`,
      headers: { cookie: jar.header(`${page.url.pathname}/abort`) ?? '' },
    });
    const back = await follow(api.app, jar, String(cancelled.headers.location));
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(back.url.searchParams.get('state')).toBe(state);
    expect(back.url.searchParams.has('token')).toBe(false);
  });

  it('refuses return addresses outside this server, unknown providers and calls without the target header', async () => {
    const base = { response_type: 'token', provider: 'local', persistent: 'true', prompt: 'silent' };
    const elsewhere = new URLSearchParams({ ...base, redirect_uri: 'https://evil.example/?authcallback=1&state=x' });
    expect((await call(api.app, undefined, 'GET', `/api/auth/login?${elsewhere.toString()}`)).json()).toMatchObject({
      statusCode: 400,
      code: 'bad-redirect',
    });
    const unknown = new URLSearchParams({
      ...base,
      provider: 'nope',
      redirect_uri: `${PUBLIC_URL}/?authcallback=1&state=x`,
    });
    expect((await call(api.app, undefined, 'GET', `/api/auth/login?${unknown.toString()}`)).json()).toMatchObject({
      code: 'unknown-provider',
    });
    const ok = new URLSearchParams({ ...base, redirect_uri: `${PUBLIC_URL}/?authcallback=1&state=x` });
    expect(
      (await call(api.app, undefined, 'GET', `/api/auth/login?${ok.toString()}`, { noTarget: true })).json(),
    ).toMatchObject({
      code: 'wrong-target',
    });
  });

  it('signs out: the session ends, the cookie is cleared, the logout address is ours', async () => {
    const { browser } = await signIn(api.app);
    const logout = await call(
      api.app,
      browser,
      'GET',
      `/api/auth/logout?redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/projects/1#x`)}&authcallback=1`,
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ logoutUrl: `${PUBLIC_URL}/projects/1#x` });
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`${AUTH_COOKIE}=;`));
    expect((await call(api.app, browser, 'GET', '/api/user/profile')).statusCode).toBe(401);
    const foreign = await call(
      api.app,
      undefined,
      'GET',
      `/api/auth/logout?redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(foreign.json()).toEqual({ logoutUrl: `${PUBLIC_URL}/` });
  });
});
