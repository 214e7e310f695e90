import type { UserPreferences, UserProfile } from '@blockyard/cloud/protocol';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../src/database/index.ts';
import { call, signIn, startTestApi, type TestApi } from './support/api-harness.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

/**
 * Two server processes behind one PostgreSQL (each with its own connection pool, provider
 * instance and memory): a sign-in started on one finishes on the other, sessions work on both,
 * patches from both land, and quotas count together. Nothing may live in one process only.
 */
describe.skipIf(!inject('postgresUrl'))('two server processes behind one PostgreSQL', () => {
  let shared: TestDatabase;
  let second: OpenDatabase;
  let a: TestApi;
  let b: TestApi;
  /** Sends each request to the other server in turn, as a load balancer might. */
  let alternating: FastifyInstance;

  beforeAll(async () => {
    shared = await openTestDatabase('postgres');
    second = await openDatabase({ databaseUrl: shared.url, pgliteDir: '' });
    a = await startTestApi(shared.database);
    b = await startTestApi(second);
    let turn = 0;
    alternating = {
      inject: (options: unknown) => ((turn++ % 2 === 0 ? a : b).app.inject as (o: unknown) => unknown)(options),
    } as FastifyInstance;
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await shared?.dispose();
  });

  it('signs in across both and serves the session from either', async () => {
    const { browser, sawPage } = await signIn(alternating, { account: 'demo-alan' });
    expect(sawPage).toContain('Sign in to Blockyard');
    for (const api of [a, b]) {
      expect((await call(api.app, browser, 'GET', '/api/user/profile')).json<UserProfile>().username).toBe('alan');
    }
    const patches = Array.from({ length: 20 }, (_, i) =>
      call((i % 2 ? a : b).app, browser, 'PATCH', '/api/user/preferences', {
        body: [{ op: 'add', path: `/colorThemeIds/p${i}`, value: 'x' }],
      }),
    );
    expect((await Promise.all(patches)).every((r) => r.statusCode === 200)).toBe(true);
    const themes = (await call(a.app, browser, 'GET', '/api/user/preferences')).json<UserPreferences>().colorThemeIds;
    expect(Object.keys(themes)).toHaveLength(20);
    // Signing out on one ends the session on the other.
    await call(b.app, browser, 'GET', '/api/auth/logout');
    expect((await call(a.app, browser, 'GET', '/api/user/profile')).statusCode).toBe(401);
  });

  it('counts quotas across both processes', async () => {
    let status = 0;
    const files = { 'main.ts': 'basic.showNumber(1)' };
    for (let i = 0; i < 40 && status !== 429; i++) {
      status = (await call((i % 2 ? a : b).app, undefined, 'POST', '/api/scripts', { body: { name: `n${i}`, files } }))
        .statusCode;
    }
    const counted = await shared.database.db
      .selectFrom('rate_counters')
      .select(['bucket', 'count'])
      .where('bucket', 'like', 'publish-ip:%')
      .execute();
    expect(status).toBe(429);
    expect(counted[0]?.count).toBe(31);
  });
});
