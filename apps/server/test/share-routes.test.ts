import type { PublishResponse, ScriptMeta } from '@blockyard/cloud/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/security-headers.ts';
import { call, signIn, startTestApi, type Browser, type TestApi } from './support/api-harness.ts';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './support/test-database.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const files = { 'main.ts': 'basic.showIcon(IconNames.Heart)\n', 'pxt.json': '{"name":"Heart"}' };

describe.each(testDatabaseKinds())('sharing (%s)', (kind) => {
  let db: TestDatabase;
  let api: TestApi;
  let ada: Browser;
  let grace: Browser;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    api = await startTestApi(db.database, { limits: { maxShareCharacters: 20_000 } });
    ada = (await signIn(api.app, { account: 'demo-ada' })).browser!;
    grace = (await signIn(api.app, { account: 'demo-grace' })).browser!;
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await db?.dispose();
  });

  const publish = (who: Browser | undefined, body: object) => call(api.app, who, 'POST', '/api/scripts', { body });

  it('publishes anonymously under a script id and serves meta, text, picture and history', async () => {
    const history = [{ time: 1_700_000_000_000, name: 'Heart', files: { 'main.ts': 'basic.showString("v1")' } }];
    const published = await publish(undefined, { name: 'Heart', files, thumbnail: PNG, history });
    expect(published.statusCode).toBe(201);
    const { id, url, unpublishKey } = published.json<PublishResponse>();
    expect(id).toMatch(/^_[A-Za-z0-9]{12}$/);
    expect(url).toBe(`http://localhost:3000/${id}`);
    expect(unpublishKey.length).toBeGreaterThan(20);

    const meta = await call(api.app, undefined, 'GET', `/api/${id}`);
    expect(meta.json<ScriptMeta>()).toMatchObject({
      kind: 'script',
      id,
      name: 'Heart',
      target: 'microbit',
      editor: 'tsprj',
      thumbnail: true,
      historyLength: 1,
      mine: false,
    });
    const text = await call(api.app, undefined, 'GET', `/api/${id}/text`);
    expect(text.json()).toEqual(files);
    const thumb = await call(api.app, undefined, 'GET', `/api/${id}/thumb`);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await call(api.app, undefined, 'GET', `/api/${id}/history`)).json()).toEqual({ versions: history });

    // Immutable: a browser that has it gets 304.
    const etag = String(text.headers.etag);
    const again = await call(api.app, undefined, 'GET', `/api/${id}/text`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('serves the share page to any site that embeds it, the other pages to ourselves only', async () => {
    const page = await api.app.inject({
      method: 'GET',
      url: '/_abcdefABCDEF?sandbox=1',
      headers: { accept: 'text/html' },
    });
    expect(String(page.headers['content-security-policy'])).toContain('frame-ancestors *');
    const editor = await api.app.inject({ method: 'GET', url: '/projects/1', headers: { accept: 'text/html' } });
    expect(editor.headers['content-security-policy']).toBe(contentSecurityPolicy);
    const sim = await api.app.inject({ method: 'GET', url: '/sim/?embed=1', headers: { accept: 'text/html' } });
    expect(String(sim.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(String(sim.headers['content-security-policy'])).toContain("connect-src 'none'");
  });

  it('marks the signed-in publisher and lets only them (or the key) unpublish', async () => {
    const { id } = (await publish(ada, { name: 'Ada shares', files })).json<PublishResponse>();
    expect((await call(api.app, ada, 'GET', `/api/${id}`)).json<ScriptMeta>().mine).toBe(true);
    expect((await call(api.app, grace, 'GET', `/api/${id}`)).json<ScriptMeta>().mine).toBe(false);
    expect((await call(api.app, grace, 'DELETE', `/api/${id}`)).statusCode).toBe(403);
    expect(
      (await call(api.app, undefined, 'DELETE', `/api/${id}`, { headers: { 'x-unpublish-key': 'guess' } })).statusCode,
    ).toBe(403);
    expect((await call(api.app, ada, 'DELETE', `/api/${id}`)).statusCode).toBe(200);
    const gone = await call(api.app, undefined, 'GET', `/api/${id}/text`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'unpublished' });
    const row = await db.database.db
      .selectFrom('shared_scripts')
      .select(['files', 'thumbnail'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ files: {}, thumbnail: null });

    const anonymous = (await publish(undefined, { name: 'Anon', files })).json<PublishResponse>();
    const byKey = await call(api.app, undefined, 'DELETE', `/api/${anonymous.id}`, {
      headers: { 'x-unpublish-key': anonymous.unpublishKey },
    });
    expect(byKey.statusCode).toBe(200);
  });

  it('takes reports (once per address) and answers unknown ids with 404', async () => {
    const { id } = (await publish(undefined, { name: 'Reported', files })).json<PublishResponse>();
    const report = () =>
      call(api.app, undefined, 'POST', `/api/${id}/report`, { body: { reason: 'unkind', details: 'mean words' } });
    expect((await report()).statusCode).toBe(202);
    expect((await report()).statusCode).toBe(202);
    const rows = await db.database.db.selectFrom('share_reports').selectAll().where('script_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'unkind', details: 'mean words' });
    expect(
      (await call(api.app, undefined, 'POST', `/api/${id}/report`, { body: { reason: 'bored' } })).statusCode,
    ).toBe(400);
    expect((await call(api.app, undefined, 'GET', '/api/_000000000000')).statusCode).toBe(404);
  });

  it('refuses shares without a program, too big, or with a picture that is not a PNG', async () => {
    expect((await publish(undefined, { name: 'Empty', files: { 'README.md': 'hi' } })).statusCode).toBe(400);
    const big = await publish(undefined, {
      name: 'Big',
      files: { 'main.ts': 'x'.repeat(15_000) },
      history: [{ time: 1, name: 'Big', files: { 'main.ts': 'y'.repeat(15_000) } }],
    });
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toContain('without the history');
    expect(
      (await publish(undefined, { name: 'Pic', files, thumbnail: 'data:text/html;base64,PHNjcmlwdD4=' })).statusCode,
    ).toBe(400);
  });

  it('limits how many projects one address may share in an hour', async () => {
    const tight = await startTestApi(db.database);
    try {
      let status = 0;
      for (let i = 0; i < 40 && status !== 429; i++) {
        status = (
          await call(tight.app, undefined, 'POST', '/api/scripts', {
            body: { name: `n${i}`, files },
            headers: { 'x-forwarded-for': 'x' },
          })
        ).statusCode;
      }
      expect(status).toBe(429);
    } finally {
      await tight.close();
    }
  });
});
