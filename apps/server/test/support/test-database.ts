import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { inject } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/database/index.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The databases this run can test against: PGlite always, PostgreSQL when the setup has one. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  database: OpenDatabase;
  /** For PostgreSQL: a connection string to the same schema (a second server process can open it). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database: PGlite in memory, or a throw-away schema on the test PostgreSQL
 * (dropped by dispose).
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    return { database, dispose: () => database.close() };
  }
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('No test PostgreSQL (see test/postgres-setup.ts).');
  const schema = `blockyard_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}
