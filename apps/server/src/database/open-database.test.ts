import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError } from '../startup-error.ts';
import { describePostgresUrl, latestMigrationName, openDatabase, startOpeningDatabase } from './index.ts';
import { migrations } from './migrations/index.ts';

const root = mkdtempSync(join(tmpdir(), 'blockyard-open-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A fresh DATA_DIR under the test's temporary folder. */
function dataDir(): { dataDir: string; pgliteDir: string; lockFile: string } {
  const dir = join(root, `data-${++folders}`);
  return { dataDir: dir, pgliteDir: join(dir, 'pglite'), lockFile: join(dir, 'pglite.lock') };
}

async function openError(config: Parameters<typeof openDatabase>[0]): Promise<DatabaseOpenError> {
  try {
    const database = await openDatabase(config);
    await database.close();
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseOpenError);
    return error as DatabaseOpenError;
  }
  throw new Error('expected a DatabaseOpenError');
}

describe('openDatabase with PGlite on disk', () => {
  it('creates the folder, migrates, keeps data across restarts and locks the folder while open', async () => {
    const { dataDir: dir, pgliteDir, lockFile } = dataDir();
    const first = await openDatabase({ databaseUrl: undefined, pgliteDir });
    expect(first.kind).toBe('pglite');
    expect(first.location).toBe(pgliteDir);
    // Applied here, or already in the build's migrated copy it started from.
    expect(first.migrations?.latest).toBe(latestMigrationName);
    expect(existsSync(join(pgliteDir, 'PG_VERSION'))).toBe(true);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });

    // A second server on the same folder would corrupt it: refused with a clear message.
    const locked = await openError({ databaseUrl: undefined, pgliteDir });
    expect(locked.message).toContain(`Another Blockyard server (process ${process.pid}, this one)`);
    expect(locked.message).toContain(dir);

    await first.db.insertInto('users').values({ username: 'grace', idp_provider: 'local', idp_subject: 'g' }).execute();
    await first.close();
    await first.close(); // twice is fine
    expect(existsSync(lockFile)).toBe(false);

    const second = await openDatabase({ databaseUrl: undefined, pgliteDir });
    expect(second.migrations).toEqual({ applied: [], latest: latestMigrationName });
    expect(await second.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'grace' }]);
    await second.close();
  }, 60_000);

  it('starts a new folder from an empty-database copy, and without one when the copy is bad', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const empty = await PGlite.create({ dataDir: 'memory://' });
    const copy = join(root, 'empty.tar.gz');
    writeFileSync(copy, Buffer.from(await (await empty.dumpDataDir('gzip')).arrayBuffer()));
    await empty.close();

    const fromCopy = dataDir();
    const opened = await openDatabase(
      { databaseUrl: undefined, pgliteDir: fromCopy.pgliteDir },
      { pgliteTemplate: copy },
    );
    expect(opened.migrations?.applied).toEqual(Object.keys(migrations).sort());
    await opened.close();

    const bad = join(root, 'bad.tar.gz');
    writeFileSync(bad, 'not a database');
    const fromBad = dataDir();
    const fallback = await openDatabase(
      { databaseUrl: undefined, pgliteDir: fromBad.pgliteDir },
      { pgliteTemplate: bad },
    );
    expect(fallback.migrations?.applied).toEqual(Object.keys(migrations).sort());
    expect(existsSync(join(fromBad.pgliteDir, 'PG_VERSION'))).toBe(true);
    await fallback.close();
  }, 120_000);

  it('takes over a lock left by a process that has exited', async () => {
    const { dataDir: dir, pgliteDir, lockFile } = dataDir();
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    mkdirSync(dir, { recursive: true });
    writeFileSync(lockFile, JSON.stringify({ pid, since: '2020-01-01T00:00:00.000Z' }));
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir }, { migrate: false });
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    await database.close();
  }, 60_000);

  it('refuses a lock held by another running process', async () => {
    const { dataDir: dir, pgliteDir, lockFile } = dataDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid }));
    const error = await openError({ databaseUrl: undefined, pgliteDir });
    expect(error.message).toMatch(/^Another Blockyard server \(process \d+\) is already using the data folder/);
    expect(error.message).toContain('set DATA_DIR to a different folder');
  });

  it('startOpeningDatabase claims the folder before it returns: a held lock throws at once', async () => {
    const { dataDir: dir, pgliteDir, lockFile } = dataDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid }));
    expect(() => startOpeningDatabase({ databaseUrl: undefined, pgliteDir })).toThrow(/^Another Blockyard server/);

    const free = dataDir();
    const opening = startOpeningDatabase({ databaseUrl: undefined, pgliteDir: free.pgliteDir });
    // Locked synchronously, while PGlite has not even started.
    expect(JSON.parse(readFileSync(free.lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    await (await opening).close();
    expect(existsSync(free.lockFile)).toBe(false);
  }, 60_000);

  it('explains a damaged database folder instead of crashing', async () => {
    const { pgliteDir, lockFile } = dataDir();
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir }, { migrate: false });
    await database.close();
    writeFileSync(join(pgliteDir, 'global', 'pg_control'), 'not a control file');

    const error = await openError({ databaseUrl: undefined, pgliteDir });
    expect(error.message).toContain(`Could not open the embedded database in ${pgliteDir}.`);
    expect(error.message).toMatch(/Reason: PANIC: +could not read file "global\/pg_control"/);
    expect(error.message).toContain('move that folder somewhere safe');
    expect(error.stack).toBeDefined();
    expect(existsSync(lockFile)).toBe(false); // released after the failure
  }, 60_000);

  it('explains a folder that is not a database', async () => {
    const { pgliteDir } = dataDir();
    mkdirSync(pgliteDir, { recursive: true });
    writeFileSync(join(pgliteDir, 'PG_VERSION'), 'garbage\n');
    const error = await openError({ databaseUrl: undefined, pgliteDir });
    expect(error.message).toContain('Could not open the embedded database');
    expect(error.message).toContain('PostgreSQL garbage data');
  }, 60_000);

  it('explains a DATA_DIR that is a file', async () => {
    const { dataDir: dir, pgliteDir } = dataDir();
    writeFileSync(dir, 'oops');
    const error = await openError({ databaseUrl: undefined, pgliteDir });
    expect(error.message).toBe(
      `The data folder ${dir} is a file, not a folder. Set DATA_DIR to a folder Blockyard can write to.`,
    );
  });
});

describe('openDatabase in memory', () => {
  it('opens and migrates without touching the disk', async () => {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    expect(database.location).toBe('memory');
    expect(database.migrations?.latest).toBe(latestMigrationName);
    await database.close();
    expect(existsSync('memory:')).toBe(false);
  }, 60_000);
});

describe('openDatabase with PostgreSQL', () => {
  it('explains an unreachable server without revealing the password', async () => {
    const error = await openError({ databaseUrl: 'postgres://me:hunter2@127.0.0.1:1/blockyard', pgliteDir: '' });
    expect(error.message).toMatch(/^Could not connect to PostgreSQL at postgres:\/\/me@127\.0\.0\.1:1\/blockyard: /);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).not.toContain('hunter2');
  });

  it('describes connection strings without their password or options', () => {
    expect(describePostgresUrl('postgresql://u:p@h:5433/db?sslmode=require&password=x')).toBe(
      'postgresql://u@h:5433/db',
    );
    expect(describePostgresUrl('::')).toBe('DATABASE_URL');
  });
});
