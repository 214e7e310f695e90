/**
 * The small transactional key-value engine the project store is written against. The store's
 * rules (compare-and-set, history, trash, drafts) live once in RecordProjectStore; an engine
 * only keeps records: MemoryRecordDatabase here, the IndexedDB one in @blockyard/platform.
 *
 * Areas and their keys:
 * - projects:     project id -> summary (ProjectSummary fields)
 * - files:        project id -> { files }
 * - versions:     [project id, revision] -> ProjectVersionSummary
 * - versionFiles: [project id, revision] -> { files }
 * - drafts:       project id (or "<project id> <session>") -> ProjectDraft
 * - journal:      [session, seq] -> JournalEntry (the edit journal, see edit-journal.ts)
 */

export type RecordArea = 'projects' | 'files' | 'versions' | 'versionFiles' | 'drafts' | 'journal';
export const RECORD_AREAS: readonly RecordArea[] = [
  'projects',
  'files',
  'versions',
  'versionFiles',
  'drafts',
  'journal',
];

/** Areas keyed by [id, number], read and cleared by id. */
type RangedArea = 'versions' | 'versionFiles' | 'journal';

/**
 * How hard a write tries to outlive the machine. `strict` (the default) is on disk before it
 * counts as done; `relaxed` is handed to the operating system, which survives the browser being
 * killed but not a power cut: enough for the edit journal, which the next save makes strict.
 */
export type WriteDurability = 'strict' | 'relaxed';

export type RecordKey = string | readonly [string, number];

export interface StoredRecord {
  readonly key: RecordKey;
  /** Whatever was stored; the store checks it before trusting it. */
  readonly value: unknown;
}

/** Operations inside one transaction. Reads see the transaction's own writes. */
export interface RecordTransaction {
  get(area: RecordArea, key: RecordKey): Promise<unknown>;
  /** Every record of an area, in key order. */
  getAll(area: RecordArea): Promise<StoredRecord[]>;
  /** Every record of one id in a ranged area (a project's versions, a session's journal), in order. */
  getAllOfProject(area: RangedArea, projectId: string): Promise<StoredRecord[]>;
  put(area: RecordArea, key: RecordKey, value: unknown): void;
  delete(area: RecordArea, key: RecordKey): void;
  deleteAllOfProject(area: RangedArea, projectId: string): void;
}

export interface RecordDatabase {
  /**
   * Runs `body` in one transaction over `areas`: all of its writes happen or none do. The body
   * may only await the transaction's own operations (IndexedDB closes a transaction that waits
   * for anything else). Failures reject with a ProjectStoreError.
   */
  transact<T>(
    areas: readonly RecordArea[],
    mode: 'readonly' | 'readwrite',
    body: (tx: RecordTransaction) => Promise<T>,
    durability?: WriteDurability,
  ): Promise<T>;
  /**
   * One write issued before this call returns, in the quickest way the engine has, for a page
   * that may be gone a moment later (page hide, a crash). Resolves once the write is done.
   */
  putNow(area: RecordArea, key: RecordKey, value: unknown, durability?: WriteDurability): Promise<void>;
}

export function keyText(key: RecordKey): string {
  return typeof key === 'string' ? key : `${key[0]}#${key[1]}`;
}
