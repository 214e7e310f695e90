import {
  RecordProjectStore,
  type ProjectStoreError,
  type RecordProjectStoreOptions,
  type RecoveryBundle,
} from '@blockyard/projects';
import { IndexedDbRecordDatabase, type ConnectionLoss } from './indexeddb-record-database.ts';
import { openProjectDatabase, type OpenProjectDatabaseOptions } from './open-project-database.ts';

/** The ProjectStore of the browser: the rules of RecordProjectStore over IndexedDB. */
export class IndexedDbProjectStore extends RecordProjectStore {
  constructor(
    readonly records: IndexedDbRecordDatabase,
    options: RecordProjectStoreOptions,
  ) {
    super(records, options);
  }

  close(): void {
    this.records.close();
  }
}

export interface OpenIndexedDbProjectStoreOptions
  extends RecordProjectStoreOptions, Omit<OpenProjectDatabaseOptions, 'now'> {
  /** The connection stopped working (another tab upgraded, or the browser closed it). */
  onLost?: (why: ConnectionLoss) => void;
}

export type OpenedProjectStore =
  /** `recovery` is set when the database needed a repair: what was copied out before it. */
  | { ok: true; store: IndexedDbProjectStore; recovery: RecoveryBundle | null }
  /** No database: `recovery` holds whatever could still be read, to seed a memory store. */
  | { ok: false; error: ProjectStoreError; recovery: RecoveryBundle | null };

export async function openIndexedDbProjectStore(
  options: OpenIndexedDbProjectStoreOptions,
): Promise<OpenedProjectStore> {
  const opened = await openProjectDatabase({ ...options, now: () => options.clock.now() });
  if (!opened.ok) return opened;
  const records = new IndexedDbRecordDatabase(opened.db, options.onLost);
  return {
    ok: true,
    store: new IndexedDbProjectStore(records, { clock: options.clock, newId: options.newId }),
    recovery: opened.recovery,
  };
}
