import type {
  Project,
  ProjectDraft,
  ProjectListing,
  ProjectSummary,
  ProjectVersion,
  ProjectVersionSummary,
} from './project.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
import type { JournalEntry } from './edit-journal.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';

/**
 * A ProjectStore that passes every call to another one. Decorators (quota watching, tab sync,
 * the draft journal) extend it and override only what they add to.
 */
export abstract class ForwardingProjectStore implements ProjectStore {
  constructor(protected readonly inner: ProjectStore) {}

  list(): Promise<ProjectListing> {
    return this.inner.list();
  }

  get(id: string): Promise<Project> {
    return this.inner.get(id);
  }

  create(project: NewProject): Promise<Project> {
    return this.inner.create(project);
  }

  save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    return this.inner.save(id, changes, options);
  }

  rename(id: string, name: string): Promise<ProjectSummary> {
    return this.inner.rename(id, name);
  }

  duplicate(id: string, name: string): Promise<Project> {
    return this.inner.duplicate(id, name);
  }

  trash(id: string): Promise<ProjectSummary> {
    return this.inner.trash(id);
  }

  restore(id: string): Promise<ProjectSummary> {
    return this.inner.restore(id);
  }

  purge(id: string): Promise<void> {
    return this.inner.purge(id);
  }

  listVersions(id: string): Promise<ProjectVersionSummary[]> {
    return this.inner.listVersions(id);
  }

  getVersion(id: string, revision: number): Promise<ProjectVersion> {
    return this.inner.getVersion(id, revision);
  }

  restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    return this.inner.restoreVersion(id, revision, options);
  }

  stashDraft(draft: ProjectDraft): Promise<void> {
    return this.inner.stashDraft(draft);
  }

  listDrafts(): Promise<ProjectDraft[]> {
    return this.inner.listDrafts();
  }

  discardDraft(projectId: string, stashedAt?: number, session?: string): Promise<void> {
    return this.inner.discardDraft(projectId, stashedAt, session);
  }

  appendJournal(entry: JournalEntry): Promise<void> {
    return this.inner.appendJournal(entry);
  }

  rewriteJournal(session: string, entry: JournalEntry | null): Promise<void> {
    return this.inner.rewriteJournal(session, entry);
  }

  exportAll(): Promise<RecoveryBundle> {
    return this.inner.exportAll();
  }
}
