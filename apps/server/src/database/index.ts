import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MEMORY_DATA_DIR, type ServerConfig } from '../config.ts';
import { DatabaseOpenError, errorMessage } from '../startup-error.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { migrateToLatest, type MigrationOutcome } from './migrations/index.ts';
import { createPGliteDialect } from './pglite-dialect.ts';
import { findPGliteTemplate } from './pglite-template.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';
export { latestMigrationName, readLatestMigration } from './migrations/index.ts';

type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  /** Where the data lives, for logs: a folder, "memory", or the server URL without its password. */
  readonly location: string;
  /** What migrating did at open; undefined when opened with `migrate: false`. */
  readonly migrations: MigrationOutcome | undefined;
  /** Closes the connection(s) and releases the data folder. Safe to call twice. */
  close(): Promise<void>;
}

export type DatabaseConfig = Pick<ServerConfig, 'databaseUrl' | 'pgliteDir'>;

export interface OpenDatabaseOptions {
  /** Run the migrations after opening (default true). */
  readonly migrate?: boolean;
  /** Errors that happen outside any query, such as an idle PostgreSQL connection dropping. */
  readonly onBackgroundError?: (error: unknown) => void;
  /** The empty-database copy a new PGlite folder starts from (default: the build's, if any). */
  readonly pgliteTemplate?: string | null;
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else the
 * embedded PGlite (on disk under `<DATA_DIR>/pglite`, or in memory for `memory://`), and brings
 * its schema up to date. Problems the user can fix throw a DatabaseOpenError with a plain message.
 */
export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<OpenDatabase> {
  return startOpeningDatabase(config, options);
}

/**
 * Like openDatabase, but the quick checks run now and throw at once: the data folder is usable
 * and locked for this process before this returns. Only the slow part (starting PGlite or
 * connecting, migrating) is left in the promise, so main can claim the folder, then listen.
 */
export function startOpeningDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<OpenDatabase> {
  const lock = config.databaseUrl === undefined ? claimPGliteDir(config.pgliteDir) : undefined;
  return finishOpening(config, options, lock);
}

async function finishOpening(
  config: DatabaseConfig,
  options: OpenDatabaseOptions,
  lock: DataDirLock | undefined,
): Promise<OpenDatabase> {
  const opened =
    config.databaseUrl === undefined
      ? await openPGlite(config.pgliteDir, lock, options.pgliteTemplate)
      : await openPostgres(config.databaseUrl, options.onBackgroundError);

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= opened.db.destroy().finally(() => {
      opened.lock?.release();
    }));

  let migrations: MigrationOutcome | undefined;
  if (options.migrate !== false) {
    try {
      migrations = await migrateToLatest(opened.db);
    } catch (error) {
      await close().catch(() => undefined);
      if (error instanceof DatabaseOpenError) throw error;
      throw new DatabaseOpenError(`Could not update the database schema in ${opened.location}: ${errorMessage(error)}`);
    }
  }
  return { db: opened.db, kind: opened.kind, location: opened.location, migrations, close };
}

interface Opened {
  db: Kysely<Database>;
  kind: DatabaseKind;
  location: string;
  lock?: DataDirLock;
}

/** Makes sure the data folder is usable and takes its lock (nothing for an in-memory database). */
function claimPGliteDir(dir: string): DataDirLock | undefined {
  if (dir === MEMORY_DATA_DIR) return undefined;
  const dataDir = dirname(dir);
  prepareDataDir(dataDir, dir);
  return acquireDataDirLock(`${dir}.lock`, dataDir);
}

async function openPGlite(
  dir: string,
  lock: DataDirLock | undefined,
  templateOption: string | null | undefined,
): Promise<Opened> {
  const template = (fresh: boolean) =>
    fresh ? (templateOption === undefined ? findPGliteTemplate() : (templateOption ?? undefined)) : undefined;
  // PGlite's Postgres writes its log to stderr; keep the tail to explain a failure to start.
  const log: string[] = [];
  const onStderr = (line: string): boolean => {
    log.push(line);
    if (log.length > 50) log.shift();
    return false;
  };

  if (dir === MEMORY_DATA_DIR || !lock) {
    const client = await createPGlite(MEMORY_DATA_DIR, template(true), onStderr);
    return { db: new Kysely<Database>({ dialect: createPGliteDialect(client) }), kind: 'pglite', location: 'memory' };
  }

  let client: PGlite | undefined;
  try {
    const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
    client = await createPGlite(dir, template(fresh), onStderr);
    await client.query('select 1');
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw new DatabaseOpenError(describePGliteFailure(dir, error, log));
  }
  return { db: new Kysely<Database>({ dialect: createPGliteDialect(client) }), kind: 'pglite', location: dir, lock };
}

/**
 * PGlite on `dir`; a new (missing or empty) folder starts from the empty-database copy when there
 * is one. If that copy cannot be used, the folder is emptied again and initdb runs.
 */
async function createPGlite(
  dir: string,
  template: string | undefined,
  onStderr: (line: string) => boolean,
): Promise<PGlite> {
  // Loaded here, not at the top: the server listens before the database opens (main.ts), and the
  // first page should not wait for PGlite's (or pg's) modules to load.
  const { PGlite } = await import('@electric-sql/pglite');
  if (template) {
    try {
      const loadDataDir = new Blob([readFileSync(template)]);
      return await PGlite.create({ dataDir: dir, loadDataDir, onStderr });
    } catch {
      if (dir !== MEMORY_DATA_DIR) rmSync(dir, { recursive: true, force: true });
    }
  }
  return PGlite.create({ dataDir: dir, onStderr });
}

function prepareDataDir(dataDir: string, pgliteDir: string): void {
  const advice = 'Set DATA_DIR to a folder Blockyard can write to.';
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new DatabaseOpenError(`The data folder ${dataDir} is a file, not a folder. ${advice}`);
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new DatabaseOpenError(`Cannot use the data folder ${dataDir}: ${errorMessage(error)}. ${advice}`);
  }
  if (existsSync(pgliteDir)) {
    if (!statSync(pgliteDir).isDirectory()) {
      throw new DatabaseOpenError(`${pgliteDir} should be the embedded database folder but is a file. ${advice}`);
    }
    try {
      accessSync(pgliteDir, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new DatabaseOpenError(`Cannot use the database folder ${pgliteDir}: ${errorMessage(error)}. ${advice}`);
    }
  }
}

function describePGliteFailure(dir: string, error: unknown, log: readonly string[]): string {
  const stripPrefix = (line: string) => line.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] /, '').trim();
  const detail =
    [...log].reverse().find((line) => /\b(PANIC|FATAL|ERROR):/.test(line)) ??
    [...log].reverse().find((line) => /could not|invalid|incompatible/i.test(line));
  let version = '';
  try {
    version = readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    // No PG_VERSION: not (or not completely) a Postgres data folder.
  }
  return [
    `Could not open the embedded database in ${dir}.`,
    `  Reason: ${detail ? stripPrefix(detail) : errorMessage(error)}`,
    ...(version ? [`  The folder says it holds PostgreSQL ${version.slice(0, 20)} data.`] : []),
    'The folder may be damaged or written by an incompatible version. To start fresh, stop Blockyard, move that ' +
      'folder somewhere safe (or delete it if you do not need its data) and start again; or set DATABASE_URL to ' +
      'use a PostgreSQL server instead.',
  ].join('\n');
}

async function openPostgres(url: string, onBackgroundError?: (error: unknown) => void): Promise<Opened> {
  const location = describePostgresUrl(url);
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection that drops emits 'error' on the pool; unhandled, that would crash the process.
  const report = onBackgroundError ?? ((error: unknown) => console.error(`PostgreSQL: ${errorMessage(error)}`));
  pool.on('error', report);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseOpenError(
      `Could not connect to PostgreSQL at ${location}: ${errorMessage(error)}. ` +
        'Check DATABASE_URL and that the server is running (or unset DATABASE_URL to use the embedded database).',
    );
  }
  return { db, kind: 'postgres', location };
}

/** The connection string without its password, for messages and logs. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
