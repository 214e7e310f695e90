/**
 * The IndexedDB schema of project storage. One object store per RecordArea, all with
 * out-of-line keys (so even a damaged value keeps its key and can be reported).
 *
 * Migrations only ever add: a store or index that is missing is created, nothing is deleted or
 * rewritten in place. Version history:
 * - 1: projects, files, versions, versionFiles, drafts.
 * - 2: journal (the edit journal, keyed [session, seq]).
 */
import { RECORD_AREAS, type RecordArea } from '@blockyard/projects';

export const PROJECT_DB_NAME = 'blockyard-projects';
export const PROJECT_DB_VERSION = 2;

export function missingStores(db: IDBDatabase): RecordArea[] {
  return RECORD_AREAS.filter((area) => !db.objectStoreNames.contains(area));
}

/** Runs inside `upgradeneeded`: brings any older (or damaged) schema up to date, additively. */
export function upgradeSchema(db: IDBDatabase, _oldVersion: number): void {
  for (const area of missingStores(db)) db.createObjectStore(area);
  // Future data migrations go here, keyed on _oldVersion, and must be additive too.
}
