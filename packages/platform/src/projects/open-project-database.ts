/**
 * Opening the project database without ever losing what is in it.
 *
 * 1. Open at our version; an upgrade adds what is missing (never deletes).
 * 2. If the database is newer than this code (VersionError), open it at its own version and
 *    use it when every store we need is there (schema changes are additive).
 * 3. If stores are missing, first copy out everything readable (a recovery bundle), then repair
 *    by opening one version higher, which creates the missing stores and touches nothing else.
 * 4. If it cannot be opened at all, copy out what can be read and report it unavailable; the app
 *    then keeps projects in memory. The database is never deleted, whatever happens.
 *
 * While another tab holds an older version open, opening waits ("blocked") and tells the caller,
 * which asks the learner to close the other tab; blocked time does not count to the timeout.
 */
import { ProjectStoreError, type RecoveryBundle } from '@blockyard/projects';
import { idbError } from './idb-requests.ts';
import { PROJECT_DB_NAME, PROJECT_DB_VERSION, missingStores, upgradeSchema } from './project-database-schema.ts';
import { salvageDatabase, salvageProjectDatabase } from './salvage-project-database.ts';

export interface OpenProjectDatabaseOptions {
  factory: IDBFactory;
  /** Epoch milliseconds, to date a recovery bundle. */
  now: () => number;
  name?: string;
  version?: number;
  /** Another tab holds an older version open; called once per wait. */
  onBlocked?: () => void;
  /** How long an open may hang (outside blocked time) before it counts as failed. */
  timeoutMs?: number;
}

export type OpenedProjectDatabase =
  | { ok: true; db: IDBDatabase; recovery: RecoveryBundle | null }
  | { ok: false; error: ProjectStoreError; recovery: RecoveryBundle | null };

type Attempt = { ok: true; db: IDBDatabase } | { ok: false; error: unknown };

const OPEN_TIMEOUT_MS = 15_000;

function attemptOpen(options: OpenProjectDatabaseOptions, name: string, version: number | undefined): Promise<Attempt> {
  return new Promise((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (attempt: Attempt) => {
      if (settled) {
        if (attempt.ok) attempt.db.close(); // Opened after we gave up: let it go.
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          finish({
            ok: false,
            error: new ProjectStoreError('unavailable', 'The project database did not open in time.'),
          }),
        options.timeoutMs ?? OPEN_TIMEOUT_MS,
      );
    };
    let request: IDBOpenDBRequest;
    try {
      request = version === undefined ? options.factory.open(name) : options.factory.open(name, version);
    } catch (error) {
      finish({ ok: false, error });
      return;
    }
    arm();
    request.onupgradeneeded = (event) => {
      try {
        upgradeSchema(request.result, event.oldVersion);
      } catch (error) {
        request.transaction?.abort();
        finish({ ok: false, error });
      }
    };
    request.onblocked = () => {
      clearTimeout(timer); // Waiting for the other tab is not a failure.
      options.onBlocked?.();
    };
    request.onsuccess = () => finish({ ok: true, db: request.result });
    request.onerror = (event) => {
      event.preventDefault();
      finish({ ok: false, error: request.error });
    };
  });
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

export async function openProjectDatabase(options: OpenProjectDatabaseOptions): Promise<OpenedProjectDatabase> {
  const name = options.name ?? PROJECT_DB_NAME;
  let attempt = await attemptOpen(options, name, options.version ?? PROJECT_DB_VERSION);
  if (!attempt.ok && errorName(attempt.error) === 'VersionError') attempt = await attemptOpen(options, name, undefined);
  if (!attempt.ok) {
    const recovery = await salvageProjectDatabase(options.factory, name, options.now()).catch(() => null);
    return { ok: false, error: idbError(attempt.error), recovery };
  }
  if (missingStores(attempt.db).length === 0) return { ok: true, db: attempt.db, recovery: null };
  // Damaged schema: copy out first, repair after.
  const recovery = await salvageDatabase(attempt.db, options.now()).catch(() => null);
  const repairVersion = attempt.db.version + 1;
  attempt.db.close();
  const repaired = await attemptOpen(options, name, repairVersion);
  if (!repaired.ok) return { ok: false, error: idbError(repaired.error), recovery };
  return { ok: true, db: repaired.db, recovery };
}
