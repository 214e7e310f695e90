import { ForwardingProjectStore } from './forwarding-project-store.ts';
import type { Project, ProjectDraft, ProjectSummary } from './project.ts';
import { isProjectStoreError } from './project-store-error.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
import type { StoragePressureMonitor } from './storage-pressure.ts';

/**
 * A ProjectStore that watches the quota: after writes it lets the monitor look (throttled); when
 * a write is refused for lack of space it has caches cleared and tries once more. If that fails
 * too, the quota error reaches the caller (autosave keeps the edit in memory and says so).
 */
export class QuotaAwareProjectStore extends ForwardingProjectStore {
  constructor(
    inner: ProjectStore,
    private readonly monitor: StoragePressureMonitor,
  ) {
    super(inner);
  }

  override create(project: NewProject): Promise<Project> {
    return this.write(() => this.inner.create(project));
  }

  override save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    return this.write(() => this.inner.save(id, changes, options));
  }

  override rename(id: string, name: string): Promise<ProjectSummary> {
    return this.write(() => this.inner.rename(id, name));
  }

  override duplicate(id: string, name: string): Promise<Project> {
    return this.write(() => this.inner.duplicate(id, name));
  }

  override trash(id: string): Promise<ProjectSummary> {
    return this.write(() => this.inner.trash(id));
  }

  override restore(id: string): Promise<ProjectSummary> {
    return this.write(() => this.inner.restore(id));
  }

  override async purge(id: string): Promise<void> {
    await this.inner.purge(id);
    void this.monitor.noteWriteSucceeded();
  }

  override restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    return this.write(() => this.inner.restoreVersion(id, revision, options));
  }

  override stashDraft(draft: ProjectDraft): Promise<void> {
    // No retry: a stash is the last write of a closing page, there is no time for a second one.
    return this.inner.stashDraft(draft);
  }

  private async write<T>(operation: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await operation();
    } catch (error) {
      if (!isProjectStoreError(error, 'quota-exceeded')) throw error;
      await this.monitor.reportQuotaError();
      result = await operation();
    }
    void this.monitor.noteWriteSucceeded();
    return result;
  }
}
