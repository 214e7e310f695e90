import { AUTH_COOKIE, TARGET_HEADER } from '@blockyard/cloud/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { join } from 'node:path';
import type { ApiContext } from '../../src/api/api-context.ts';
import { buildApp } from '../../src/app.ts';
import type { OpenDatabase } from '../../src/database/index.ts';
import type { ApiLimits } from '@blockyard/cloud/protocol';

export const PUBLIC_URL = 'http://localhost:3000';

/** Cookies by name for one path prefix: enough of a browser's jar for the sign-in flow. */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  take(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const key = `${cookie.name}@${cookie.path ?? '/'}`;
      const gone =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  header(path: string): string | undefined {
    const pairs = [...this.cookies.entries()]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.slice(0, key.indexOf('@'))}=${cookie.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  get(name: string): string | undefined {
    for (const [key, cookie] of this.cookies) if (key.startsWith(`${name}@`)) return cookie.value;
    return undefined;
  }
}

export interface TestApi {
  app: FastifyInstance;
  context: ApiContext;
  close(): Promise<void>;
}

export async function startTestApi(
  database: OpenDatabase,
  options: {
    limits?: Partial<ApiLimits>;
    rateLimitPerMinute?: number | null;
    webDist?: string;
    now?: () => number;
  } = {},
): Promise<TestApi> {
  let context: ApiContext | undefined;
  const app = await buildApp({
    config: {
      webDist: options.webDist ?? join(import.meta.dirname, 'no-web-dist'),
      logLevel: 'silent',
      auth: { mode: 'local' },
      rateLimitPerMinute: options.rateLimitPerMinute ?? null,
    },
    database,
    version: '0.0.0-test',
    publicUrl: () => PUBLIC_URL,
    contentDir: join(import.meta.dirname, 'content'),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.now ? { now: options.now } : {}),
    onApi: (api) => (context = api),
  });
  if (!context) throw new Error('no API context');
  return { app, context, close: () => app.close() };
}

/** A signed-in browser: its token and the cookie that must travel with it. */
export interface Browser {
  token: string;
  jar: CookieJar;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the target header (default: sent). */
  noTarget?: boolean;
}

/** An API call as the client makes it: target header, bearer token and cookies of `browser`. */
export function call(
  app: FastifyInstance,
  browser: Browser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
) {
  const path = url.split('?')[0] ?? url;
  const cookie = browser?.jar.header(path);
  return app.inject({
    method,
    url,
    headers: {
      ...(options.noTarget ? {} : { [TARGET_HEADER]: 'microbit' }),
      ...(browser ? { authorization: `Bearer ${browser.token}` } : {}),
      ...(cookie ? { cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** Follows redirects within the server, carrying the jar, until one leaves it or a page answers. */
export async function follow(app: FastifyInstance, jar: CookieJar, location: string, limit = 10) {
  let url = new URL(location, PUBLIC_URL);
  for (let hop = 0; hop < limit; hop++) {
    const cookie = jar.header(url.pathname);
    const response = await app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: cookie ? { cookie } : {},
    });
    jar.take(response);
    const next = response.headers.location;
    const autoPost =
      /<title>Submitting Callback<\/title>[\s\S]*<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(
        response.body,
      );
    if (response.statusCode === 200 && autoPost) {
      // The provider's own auto-submitted form (a browser runs its script): post it.
      const target = new URL(autoPost[1]!.replace(/&amp;/g, '&'), url);
      const fields = [...autoPost[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(
        ([, name, value]) => `${encodeURIComponent(name!)}=${encodeURIComponent(value!.replace(/&amp;/g, '&'))}`,
      );
      const cookie = jar.header(target.pathname);
      const posted = await app.inject({
        method: 'POST',
        url: target.pathname + target.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: fields.join('&'),
      });
      jar.take(posted);
      if (typeof posted.headers.location !== 'string') return { url: target, response: posted };
      url = new URL(posted.headers.location, target);
      continue;
    }
    if (response.statusCode < 300 || response.statusCode >= 400 || typeof next !== 'string') return { url, response };
    url = new URL(next, url);
    // The app's own pages (the SPA) end the walk: the client takes over there.
    if (!url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api/')) return { url, response };
  }
  throw new Error('too many redirects');
}

export interface SignInOptions {
  account?: string;
  persistent?: boolean;
  prompt?: 'select_account' | 'silent';
  /** The browser's jar (the provider's session lives in its cookies). */
  jar?: CookieJar;
  /** Where the app asks to come back to. */
  returnTo?: string;
}

/**
 * The whole sign-in of spec 000 §4 through the real local provider, as a browser does it:
 * login -> provider -> account page -> choose -> callback -> back to the app with a token ->
 * claim the session (otac) -> cookie. Returns the signed-in browser and what it saw on the way.
 */
export async function signIn(app: FastifyInstance, options: SignInOptions = {}) {
  const jar = options.jar ?? new CookieJar();
  const state = `state-${Math.random().toString(36).slice(2)}`;
  const returnTo = options.returnTo ?? `${PUBLIC_URL}/projects/1?authcallback=1&state=${state}`;
  const query = new URLSearchParams({
    response_type: 'token',
    provider: 'local',
    persistent: String(options.persistent ?? true),
    redirect_uri: returnTo,
    prompt: options.prompt ?? 'silent',
  });
  const login = await call(app, undefined, 'GET', `/api/auth/login?${query.toString()}`);
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const { authCodeVerifier, loginUrl } = login.json<{ authCodeVerifier: string; loginUrl: string }>();
  let walk = await follow(app, jar, loginUrl);
  let sawPage: string | undefined;
  if (walk.url.pathname.startsWith('/oidc-login/')) {
    sawPage = walk.response.body;
    const cookie = jar.header(`${walk.url.pathname}/login`);
    const chosen = await app.inject({
      method: 'POST',
      url: `${walk.url.pathname}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: `account=${encodeURIComponent(options.account ?? 'demo-ada')}`,
    });
    jar.take(chosen);
    if (!chosen.headers.location) throw new Error(`choosing an account: ${chosen.statusCode} ${chosen.body}`);
    walk = await follow(app, jar, chosen.headers.location);
  }
  const back = walk.url;
  const token = back.searchParams.get('token');
  if (!token) return { browser: undefined, back, sawPage, authCodeVerifier, jar };
  const claim = await app.inject({
    method: 'POST',
    url: `/api/otac/check?persistent=${options.persistent ?? true}`,
    headers: { [TARGET_HEADER]: 'microbit', authorization: `Bearer ${authCodeVerifier}` },
  });
  if (claim.statusCode !== 200) throw new Error(`otac: ${claim.statusCode} ${claim.body}`);
  jar.take(claim);
  if (!jar.get(AUTH_COOKIE)) throw new Error('no auth cookie');
  return { browser: { token, jar } satisfies Browser, back, sawPage, authCodeVerifier, jar };
}
