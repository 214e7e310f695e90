import type { Clock } from '@blockyard/core';
import { MemoryRecordDatabase } from './memory-record-database.ts';
import { filesSize, type Project, type ProjectVersionSummary } from './project.ts';
import type { RecordArea, RecordKey } from './record-database.ts';
import { RecordProjectStore, sequentialIds } from './record-project-store.ts';

export interface MemoryProjectStoreOptions {
  /** Must tell wall-clock time (epoch milliseconds). */
  clock: Clock;
  newId?: () => string;
}

/**
 * The in-memory ProjectStore: the same rules as the IndexedDB store, for tests and for browsers
 * that refuse a database (then projects live until the page is closed, and the UI says so).
 */
export class MemoryProjectStore extends RecordProjectStore {
  private readonly records: MemoryRecordDatabase;

  constructor(options: MemoryProjectStoreOptions) {
    const records = new MemoryRecordDatabase();
    super(records, { clock: options.clock, newId: options.newId ?? sequentialIds() });
    this.records = records;
  }

  /** Puts projects back exactly as they were (ids, dates, revisions), e.g. from a recovery file. */
  async seed(projects: readonly Project[]): Promise<void> {
    await this.records.transact(['projects', 'files', 'versions', 'versionFiles'], 'readwrite', (tx) => {
      for (const { files, ...summary } of projects) {
        tx.put('projects', summary.id, summary);
        tx.put('files', summary.id, { files });
        const key = [summary.id, summary.revision] as const;
        const version: ProjectVersionSummary = {
          projectId: summary.id,
          revision: summary.revision,
          savedAt: summary.updatedAt,
          name: summary.name,
          reason: 'recovered',
          size: filesSize(files),
        };
        tx.put('versions', key, version);
        tx.put('versionFiles', key, { files });
      }
      return Promise.resolve();
    });
  }

  /** Test hook: stores any value, as a damaged record would look. */
  putRaw(area: RecordArea, key: RecordKey, value: unknown): void {
    this.records.putRaw(area, key, value);
  }

  /** Test hook: every write fails with `error` until set back to null (e.g. a quota error). */
  failWrites(error: unknown): void {
    this.records.writeFailure = error;
  }
}
