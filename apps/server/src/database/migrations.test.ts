import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError } from '../startup-error.ts';
import { latestMigrationName, migrateToLatest, migrations, readAppliedMigrations } from './migrations/index.ts';
import { createPGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';
import { exerciseSchema } from './test-schema-checks.ts';

describe('migrations on PGlite (in memory)', () => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = new Kysely<Database>({ dialect: createPGliteDialect(await PGlite.create('memory://')) });
  }, 60_000);
  afterAll(() => db.destroy());

  it('are listed in name order, the first being 0001_initial', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('0001_initial');
    expect(latestMigrationName).toBe(names.at(-1));
  });

  it('apply from scratch', async () => {
    expect(await readAppliedMigrations(db)).toEqual([]);
    const outcome = await migrateToLatest(db);
    expect(outcome).toEqual({ applied: Object.keys(migrations), latest: latestMigrationName });
    expect(await readAppliedMigrations(db)).toEqual(Object.keys(migrations));
  });

  it('are idempotent: running them again applies nothing and keeps the data', async () => {
    await db.insertInto('users').values({ username: 'kept', idp_provider: 'local', idp_subject: 'k' }).execute();
    expect(await migrateToLatest(db)).toEqual({ applied: [], latest: latestMigrationName });
    expect(await migrateToLatest(db)).toEqual({ applied: [], latest: latestMigrationName });
    expect(await db.selectFrom('users').select('username').execute()).toEqual([{ username: 'kept' }]);
    await db.deleteFrom('users').execute();
  });

  it('build the tables the Database interface describes', async () => {
    const tables = await db.introspection.getTables();
    const columns = Object.fromEntries(
      tables.map((table) => [table.name, table.columns.map((column) => column.name).sort()]),
    );
    expect(columns).toMatchObject({
      app_meta: ['key', 'updated_at', 'value'],
      users: ['avatar_url', 'created_at', 'id', 'idp_provider', 'idp_subject', 'username'],
      user_preferences: ['preferences', 'updated_at', 'user_id'],
    });
    await exerciseSchema(db);
  });

  it('refuse a database migrated by a newer version', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', now()::text)`.execute(db);
    const attempt = migrateToLatest(db);
    await expect(attempt).rejects.toBeInstanceOf(DatabaseOpenError);
    await expect(attempt).rejects.toThrow(/newer version of Blockyard.*9999_from_the_future/);
    await sql`delete from kysely_migration where name = '9999_from_the_future'`.execute(db);
  });
});
