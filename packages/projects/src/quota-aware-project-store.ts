import type {
  Project,
  ProjectDraft,
  ProjectListing,
  ProjectSummary,
  ProjectVersion,
  ProjectVersionSummary,
} from './project.ts';
import { isProjectStoreError } from './project-store-error.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';
import type { StoragePressureMonitor } from './storage-pressure.ts';

/**
 * A ProjectStore that watches the quota: after writes it lets the monitor look (throttled); when
 * a write is refused for lack of space it has caches cleared and tries once more. If that fails
 * too, the quota error reaches the caller (autosave keeps the edit in memory and says so).
 */
export class QuotaAwareProjectStore implements ProjectStore {
  constructor(
    private readonly inner: ProjectStore,
    private readonly monitor: StoragePressureMonitor,
  ) {}

  list(): Promise<ProjectListing> {
    return this.inner.list();
  }

  get(id: string): Promise<Project> {
    return this.inner.get(id);
  }

  create(project: NewProject): Promise<Project> {
    return this.write(() => this.inner.create(project));
  }

  save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    return this.write(() => this.inner.save(id, changes, options));
  }

  rename(id: string, name: string): Promise<ProjectSummary> {
    return this.write(() => this.inner.rename(id, name));
  }

  duplicate(id: string, name: string): Promise<Project> {
    return this.write(() => this.inner.duplicate(id, name));
  }

  trash(id: string): Promise<ProjectSummary> {
    return this.write(() => this.inner.trash(id));
  }

  restore(id: string): Promise<ProjectSummary> {
    return this.write(() => this.inner.restore(id));
  }

  async purge(id: string): Promise<void> {
    await this.inner.purge(id);
    void this.monitor.noteWriteSucceeded();
  }

  listVersions(id: string): Promise<ProjectVersionSummary[]> {
    return this.inner.listVersions(id);
  }

  getVersion(id: string, revision: number): Promise<ProjectVersion> {
    return this.inner.getVersion(id, revision);
  }

  restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    return this.write(() => this.inner.restoreVersion(id, revision, options));
  }

  stashDraft(draft: ProjectDraft): Promise<void> {
    // No retry: a stash is the last write of a closing page, there is no time for a second one.
    return this.inner.stashDraft(draft);
  }

  listDrafts(): Promise<ProjectDraft[]> {
    return this.inner.listDrafts();
  }

  discardDraft(projectId: string, stashedAt?: number): Promise<void> {
    return this.inner.discardDraft(projectId, stashedAt);
  }

  exportAll(): Promise<RecoveryBundle> {
    return this.inner.exportAll();
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
