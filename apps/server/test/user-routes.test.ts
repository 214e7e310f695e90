import type { UserPreferences, UserProfile } from '@blockyard/cloud/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApi, type Browser, type TestApi } from './support/api-harness.ts';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './support/test-database.ts';

describe.each(testDatabaseKinds())('profile, preferences and account deletion (%s)', (kind) => {
  let db: TestDatabase;
  let api: TestApi;
  let ada: Browser;
  let grace: Browser;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    api = await startTestApi(db.database);
    ada = (await signIn(api.app, { account: 'demo-ada' })).browser!;
    grace = (await signIn(api.app, { account: 'demo-grace' })).browser!;
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await db?.dispose();
  });

  it('needs a signed-in user for every account call', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/profile'],
      ['POST', '/api/user/profile'],
      ['DELETE', '/api/user'],
      ['GET', '/api/user/preferences'],
      ['PATCH', '/api/user/preferences'],
    ] as const) {
      const response = await call(
        api.app,
        undefined,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? {} : { body: [] },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('changes the own profile and refuses to change another user (403)', async () => {
    const me = (await call(api.app, ada, 'GET', '/api/user/profile')).json<UserProfile>();
    const other = (await call(api.app, grace, 'GET', '/api/user/profile')).json<UserProfile>();
    const updated = await call(api.app, ada, 'POST', '/api/user/profile', {
      body: { id: me.id, username: '  Ada\u0007  the   Countess ', avatarUrl: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<UserProfile>()).toMatchObject({
      username: 'Ada the Countess',
      avatarUrl: 'data:image/png;base64,iVBORw0KGgo=',
    });
    const forbidden = await call(api.app, ada, 'POST', '/api/user/profile', {
      body: { id: other.id, username: 'hacked', avatarUrl: null },
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await call(api.app, grace, 'GET', '/api/user/profile')).json<UserProfile>().username).toBe('grace');
    const remote = await call(api.app, ada, 'POST', '/api/user/profile', {
      body: { id: me.id, username: 'Ada', avatarUrl: 'https://tracker.example/pixel.png' },
    });
    expect(remote.statusCode).toBe(400);
  });

  it('starts from the spec defaults and applies RFC 6902 patches', async () => {
    const before = (await call(api.app, ada, 'GET', '/api/user/preferences')).json<UserPreferences>();
    expect(before).toEqual({
      language: 'en',
      highContrast: false,
      colorThemeIds: {},
      reader: '',
      skillmap: { mapProgress: {}, completedTags: {} },
      email: false,
    });
    const patched = await call(api.app, ada, 'PATCH', '/api/user/preferences', {
      body: [
        { op: 'replace', path: '/highContrast', value: true },
        { op: 'add', path: '/colorThemeIds/microbit', value: 'dark' },
        { op: 'replace', path: '/language', value: 'de' },
      ],
    });
    expect(patched.statusCode).toBe(200);
    const after = (await call(api.app, ada, 'GET', '/api/user/preferences')).json<UserPreferences>();
    expect(after).toMatchObject({ highContrast: true, language: 'de', colorThemeIds: { microbit: 'dark' } });
    // Another user's preferences are their own.
    expect((await call(api.app, grace, 'GET', '/api/user/preferences')).json<UserPreferences>().highContrast).toBe(
      false,
    );
  });

  it('refuses patches that break the types, reach prototypes, cannot apply or are too many', async () => {
    const wrongType = await call(api.app, ada, 'PATCH', '/api/user/preferences', {
      body: [{ op: 'replace', path: '/highContrast', value: 'yes' }],
    });
    expect(wrongType.statusCode).toBe(400);
    const prototype = await call(api.app, ada, 'PATCH', '/api/user/preferences', {
      body: [{ op: 'add', path: '/__proto__/polluted', value: true }],
    });
    expect(prototype.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const failing = await call(api.app, ada, 'PATCH', '/api/user/preferences', {
      body: [{ op: 'test', path: '/language', value: 'fr' }],
    });
    expect(failing.statusCode).toBe(409);
    expect(failing.json()).toMatchObject({ code: 'patch-failed', failedIndex: 0 });
    const many = Array.from({ length: 201 }, (_, i) => ({ op: 'add', path: `/k${i}`, value: i }));
    expect((await call(api.app, ada, 'PATCH', '/api/user/preferences', { body: many })).statusCode).toBe(413);
    const notAList = await call(api.app, ada, 'PATCH', '/api/user/preferences', { body: { op: 'add' } });
    expect(notAList.statusCode).toBe(400);
  });

  it('keeps every patch when many arrive at once for one user', async () => {
    const patches = Array.from({ length: 25 }, (_, i) =>
      call(api.app, grace, 'PATCH', '/api/user/preferences', {
        body: [{ op: 'add', path: `/colorThemeIds/t${i}`, value: `v${i}` }],
      }),
    );
    const answers = await Promise.all(patches);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const themes = (await call(api.app, grace, 'GET', '/api/user/preferences')).json<UserPreferences>().colorThemeIds;
    expect(Object.keys(themes)).toHaveLength(25);
  });

  it('deletes the account with everything of it, and the session ends', async () => {
    const carol = (await signIn(api.app, { account: 'demo-katherine' })).browser!;
    const profile = (await call(api.app, carol, 'GET', '/api/user/profile')).json<UserProfile>();
    await call(api.app, carol, 'PATCH', '/api/user/preferences', {
      body: [{ op: 'replace', path: '/email', value: true }],
    });
    await call(api.app, carol, 'PUT', '/api/projects/p1', {
      body: { name: 'Mine', files: { 'main.ts': '' }, baseRevision: 0 },
    });
    const deleted = await call(api.app, carol, 'DELETE', '/api/user');
    expect(deleted.statusCode).toBe(200);
    expect((await call(api.app, carol, 'GET', '/api/user/profile')).statusCode).toBe(401);
    const { db: kysely } = db.database;
    for (const table of ['users', 'identities', 'sessions', 'user_preferences', 'projects'] as const) {
      const column = table === 'users' ? 'id' : table === 'projects' ? 'owner_id' : 'user_id';
      const rows = await kysely.selectFrom(table).select(column).where(column, '=', profile.id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});
