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
 * - drafts:       project id -> ProjectDraft
 */

export type RecordArea = 'projects' | 'files' | 'versions' | 'versionFiles' | 'drafts';
export const RECORD_AREAS: readonly RecordArea[] = ['projects', 'files', 'versions', 'versionFiles', 'drafts'];

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
  /** Every record of a project in a per-project area (versions, versionFiles), by revision. */
  getAllOfProject(area: 'versions' | 'versionFiles', projectId: string): Promise<StoredRecord[]>;
  put(area: RecordArea, key: RecordKey, value: unknown): void;
  delete(area: RecordArea, key: RecordKey): void;
  deleteAllOfProject(area: 'versions' | 'versionFiles', projectId: string): void;
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
  ): Promise<T>;
  /**
   * One write issued before this call returns, in the quickest way the engine has, for a page
   * that may be gone a moment later (page hide). Resolves once the write is durable.
   */
  putNow(area: RecordArea, key: RecordKey, value: unknown): Promise<void>;
}

export function keyText(key: RecordKey): string {
  return typeof key === 'string' ? key : `${key[0]}#${key[1]}`;
}
