import type { CloudProject, CloudProjectSummary, CloudProjectVersionSummary } from '@blockyard/cloud/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApi, type Browser, type TestApi } from './support/api-harness.ts';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './support/test-database.ts';

describe.each(testDatabaseKinds())('cloud projects (%s)', (kind) => {
  let db: TestDatabase;
  let api: TestApi;
  let ada: Browser;
  let grace: Browser;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    api = await startTestApi(db.database, { limits: { maxProjectCharacters: 5000, maxProjectFiles: 5 } });
    ada = (await signIn(api.app, { account: 'demo-ada' })).browser!;
    grace = (await signIn(api.app, { account: 'demo-grace' })).browser!;
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await db?.dispose();
  });

  const save = (who: Browser, id: string, baseRevision: number, text: string, name = 'Heart') =>
    call(api.app, who, 'PUT', `/api/projects/${id}`, { body: { name, files: { 'main.ts': text }, baseRevision } });

  it('creates, saves on top of the revision it knows, and keeps history', async () => {
    const created = await save(ada, 'heart', 0, 'basic.showIcon(IconNames.Heart)');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: 'saved', project: { id: 'heart', revision: 1, deleted: false } });
    expect((await save(ada, 'heart', 1, 'basic.showIcon(IconNames.Happy)')).json()).toMatchObject({
      project: { revision: 2 },
    });
    // Saving the same content again makes no new revision.
    expect((await save(ada, 'heart', 2, 'basic.showIcon(IconNames.Happy)')).json()).toMatchObject({
      project: { revision: 2 },
    });
    const project = (await call(api.app, ada, 'GET', '/api/projects/heart')).json<CloudProject>();
    expect(project).toMatchObject({
      name: 'Heart',
      revision: 2,
      files: { 'main.ts': 'basic.showIcon(IconNames.Happy)' },
    });
    const history = (await call(api.app, ada, 'GET', '/api/projects/heart/history')).json<
      CloudProjectVersionSummary[]
    >();
    expect(history.map((v) => v.revision)).toEqual([2, 1]);
    const first = (await call(api.app, ada, 'GET', '/api/projects/heart/history/1')).json<CloudProject>();
    expect(first.files['main.ts']).toBe('basic.showIcon(IconNames.Heart)');
  });

  it('answers a stale save with 409 and the current project', async () => {
    const stale = await save(ada, 'heart', 1, 'basic.showString("old")');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'conflict',
      current: { revision: 2, files: { 'main.ts': 'basic.showIcon(IconNames.Happy)' } },
    });
  });

  it("never shows or changes another user's project (404)", async () => {
    expect((await call(api.app, grace, 'GET', '/api/projects/heart')).statusCode).toBe(404);
    expect((await call(api.app, grace, 'GET', '/api/projects/heart/history')).statusCode).toBe(404);
    expect((await call(api.app, grace, 'GET', '/api/projects/heart/history/1')).statusCode).toBe(404);
    expect((await call(api.app, grace, 'DELETE', '/api/projects/heart')).statusCode).toBe(404);
    expect((await call(api.app, grace, 'GET', '/api/projects')).json()).toEqual([]);
    // The same id in Grace's projects is her own project, not Ada's.
    expect((await save(grace, 'heart', 0, 'grace')).json()).toMatchObject({ project: { revision: 1 } });
    expect((await call(api.app, ada, 'GET', '/api/projects/heart')).json<CloudProject>().files['main.ts']).toBe(
      'basic.showIcon(IconNames.Happy)',
    );
    expect((await save(grace, 'heart', 2, 'overwrite ada?')).statusCode).toBe(409);
  });

  it('moves a project to the cloud trash, lists it as deleted, and a save brings it back', async () => {
    await save(ada, 'trashme', 0, 'x');
    const deleted = await call(api.app, ada, 'DELETE', '/api/projects/trashme');
    expect(deleted.json()).toMatchObject({ deleted: true, revision: 2 });
    const list = (await call(api.app, ada, 'GET', '/api/projects')).json<CloudProjectSummary[]>();
    expect(list.find((p) => p.id === 'trashme')).toMatchObject({ deleted: true });
    expect((await save(ada, 'trashme', 2, 'x')).json()).toMatchObject({ project: { deleted: false, revision: 3 } });
  });

  it('moves to and from the trash with a compare-and-set save, as a revision without a new version', async () => {
    await save(ada, 'bin', 0, 'kept');
    const trash = (baseRevision: number, trashed: boolean) =>
      call(api.app, ada, 'PUT', '/api/projects/bin', {
        body: { name: 'Heart', files: { 'main.ts': 'kept' }, baseRevision, trashed },
      });
    expect((await trash(1, true)).json()).toMatchObject({ project: { deleted: true, revision: 2 } });
    // The same state again is no new revision; a stale base is a conflict.
    expect((await trash(2, true)).json()).toMatchObject({ project: { deleted: true, revision: 2 } });
    expect((await trash(1, false)).statusCode).toBe(409);
    expect((await trash(2, false)).json()).toMatchObject({ project: { deleted: false, revision: 3 } });
    const history = (await call(api.app, ada, 'GET', '/api/projects/bin/history')).json<CloudProjectVersionSummary[]>();
    expect(history.map((v) => v.revision)).toEqual([1]);
    // A project can start its cloud life in the trash.
    const created = await call(api.app, ada, 'PUT', '/api/projects/born-binned', {
      body: { name: 'Old', files: { 'main.ts': '' }, baseRevision: 0, trashed: true },
    });
    expect(created.json()).toMatchObject({ project: { deleted: true, revision: 1 } });
  });

  it('deletes forever only on the revision the device knows, and only the owner', async () => {
    await save(ada, 'gone', 0, 'one');
    await save(ada, 'gone', 1, 'two');
    expect((await call(api.app, grace, 'DELETE', '/api/projects/gone/forever?baseRevision=2')).statusCode).toBe(404);
    const stale = await call(api.app, ada, 'DELETE', '/api/projects/gone/forever?baseRevision=1');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { revision: 2, files: { 'main.ts': 'two' } } });
    expect((await call(api.app, ada, 'DELETE', '/api/projects/gone/forever')).statusCode).toBe(400);
    expect((await call(api.app, ada, 'DELETE', '/api/projects/gone/forever?baseRevision=2')).json()).toEqual({
      status: 'deleted',
    });
    expect((await call(api.app, ada, 'GET', '/api/projects/gone')).statusCode).toBe(404);
    expect((await call(api.app, ada, 'GET', '/api/projects/gone/history')).statusCode).toBe(404);
    // The id is free again: a device that still has it may send it as new.
    expect((await save(ada, 'gone', 0, 'back')).json()).toMatchObject({ project: { revision: 1 } });
  });

  it('refuses bad ids, names, file names and projects over the limits', async () => {
    expect((await save(ada, 'bad id!', 0, 'x')).statusCode).toBe(400);
    expect((await save(ada, 'ok', 0, 'x', '   ')).statusCode).toBe(400);
    const badFile = await call(api.app, ada, 'PUT', '/api/projects/ok', {
      body: { name: 'A', files: { '../etc': '' }, baseRevision: 0 },
    });
    expect(badFile.statusCode).toBe(400);
    const big = await save(ada, 'big', 0, 'x'.repeat(6000));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'too-large' });
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.ts`, '']));
    expect(
      (await call(api.app, ada, 'PUT', '/api/projects/many', { body: { name: 'A', files, baseRevision: 0 } }))
        .statusCode,
    ).toBe(413);
  });
});
