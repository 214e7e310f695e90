import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration } from 'kysely';
import { DatabaseOpenError, errorMessage } from '../../startup-error.ts';
import { initial } from './0001-initial.ts';
import { accountsAndSharing } from './0002-accounts-and-sharing.ts';

/**
 * Every migration, by name. Kysely applies them in name order, so names start with a
 * zero-padded number. Listed in code (not found by scanning a folder) so the bundle carries
 * them. Never edit or rename one that has shipped: add a new one.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_accounts_and_sharing': accountsAndSharing,
};

/** The name of the newest migration this build knows. */
export const latestMigrationName: string = Object.keys(migrations).sort().at(-1) ?? '';

export interface MigrationOutcome {
  /** Names applied by this call, oldest first; empty when the schema was already current. */
  readonly applied: readonly string[];
  /** The newest migration now in the database. */
  readonly latest: string;
}

/**
 * Brings the schema up to date. Safe to call on every start and from several processes at
 * once (Kysely takes a lock). Throws a DatabaseOpenError when the database holds migrations this
 * build does not know (it was used by a newer Blockyard) or when a migration fails.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationOutcome> {
  const unknown = (await readAppliedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new DatabaseOpenError(
      `The database was updated by a newer version of Blockyard (it has migration${unknown.length > 1 ? 's' : ''} ` +
        `${unknown.join(', ')}, which this version does not know). Update Blockyard, or point DATA_DIR or ` +
        'DATABASE_URL at a different database.',
    );
  }

  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    throw new DatabaseOpenError(
      `Could not update the database schema${failed ? ` (migration ${failed} failed)` : ''}: ${errorMessage(error)}`,
    );
  }
  return {
    applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName),
    latest: (await readLatestMigration(db)) ?? '',
  };
}

/** Names of the migrations recorded in the database, oldest first; empty before the first run. */
export async function readAppliedMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ exists: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as exists
  `.execute(db);
  if (rows[0]?.exists !== true) return [];
  const applied = await sql<{ name: string }>`
    select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name
  `.execute(db);
  return applied.rows.map((row) => row.name);
}

/** The newest migration recorded in the database (a cheap query: the health check uses it). */
export async function readLatestMigration<DB>(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name desc limit 1
  `.execute(db);
  return rows[0]?.name ?? null;
}
