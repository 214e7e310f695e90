import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type HealthResponse } from '../app.ts';
import { latestMigrationName, openDatabase } from './index.ts';
import { migrations, readAppliedMigrations } from './migrations/index.ts';
import { exerciseSchema } from './test-schema-checks.ts';

// Runs against the test PostgreSQL of test/postgres-setup.ts: TEST_DATABASE_URL when set, else a
// throw-away cluster of Debian's server (see README.md). Everything happens in a throw-away schema
// that is dropped afterwards. Reading the URL from the setup (not the environment) is what makes
// this file run on a machine with PostgreSQL installed but no TEST_DATABASE_URL.
const adminUrl = inject('postgresUrl');

describe.skipIf(!adminUrl)('the database on a real PostgreSQL', () => {
  const schema = `blockyard_test_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // Every connection of the server's pool works in the new schema.
    const url = new URL(adminUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('runs the migrations, idempotently', async () => {
    const first = await openDatabase({ databaseUrl, pgliteDir: '' });
    try {
      expect(first.kind).toBe('postgres');
      expect(first.location).not.toContain('options');
      expect(first.migrations).toEqual({ applied: Object.keys(migrations), latest: latestMigrationName });
      expect(await readAppliedMigrations(first.db)).toEqual(Object.keys(migrations));
    } finally {
      await first.close();
    }

    const second = await openDatabase({ databaseUrl, pgliteDir: '' });
    try {
      expect(second.migrations).toEqual({ applied: [], latest: latestMigrationName });
      await exerciseSchema(second.db);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('answers the health check', async () => {
    const database = await openDatabase({ databaseUrl, pgliteDir: '' });
    const app = await buildApp({
      config: { webDist: join(import.meta.dirname, 'no-web-dist'), logLevel: 'silent' },
      database,
      version: '9.9.9',
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json<HealthResponse>()).toEqual({
        status: 'ok',
        version: '9.9.9',
        database: { kind: 'postgres', ok: true, migrations: latestMigrationName },
      });

      await database.close();
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json<HealthResponse>().database).toMatchObject({ kind: 'postgres', ok: false });
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
