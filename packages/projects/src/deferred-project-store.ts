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
 * A ProjectStore that is still being opened: calls wait for it, and once it is there they go
 * straight through (synchronously, which matters to a stash written while the page closes).
 * Lets the app render at once while the database opens, or waits for another tab to let go.
 */
export class DeferredProjectStore implements ProjectStore {
  private store: ProjectStore | null = null;
  private readonly ready: Promise<ProjectStore>;

  constructor(opening: Promise<ProjectStore>) {
    this.ready = opening.then((store) => (this.store = store));
    // A failed opening reaches every caller; it is not an unhandled rejection in itself.
    this.ready.catch(() => undefined);
  }

  /** The store once it is open. */
  whenReady(): Promise<ProjectStore> {
    return this.ready;
  }

  private async call<T>(operation: (store: ProjectStore) => Promise<T>): Promise<T> {
    return operation(this.store ?? (await this.ready));
  }

  list(): Promise<ProjectListing> {
    return this.call((s) => s.list());
  }

  get(id: string): Promise<Project> {
    return this.call((s) => s.get(id));
  }

  create(project: NewProject): Promise<Project> {
    return this.call((s) => s.create(project));
  }

  save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    return this.call((s) => s.save(id, changes, options));
  }

  rename(id: string, name: string): Promise<ProjectSummary> {
    return this.call((s) => s.rename(id, name));
  }

  duplicate(id: string, name: string): Promise<Project> {
    return this.call((s) => s.duplicate(id, name));
  }

  trash(id: string): Promise<ProjectSummary> {
    return this.call((s) => s.trash(id));
  }

  restore(id: string): Promise<ProjectSummary> {
    return this.call((s) => s.restore(id));
  }

  purge(id: string): Promise<void> {
    return this.call((s) => s.purge(id));
  }

  listVersions(id: string): Promise<ProjectVersionSummary[]> {
    return this.call((s) => s.listVersions(id));
  }

  getVersion(id: string, revision: number): Promise<ProjectVersion> {
    return this.call((s) => s.getVersion(id, revision));
  }

  restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    return this.call((s) => s.restoreVersion(id, revision, options));
  }

  stashDraft(draft: ProjectDraft): Promise<void> {
    return this.call((s) => s.stashDraft(draft));
  }

  listDrafts(): Promise<ProjectDraft[]> {
    return this.call((s) => s.listDrafts());
  }

  discardDraft(projectId: string, stashedAt?: number, session?: string): Promise<void> {
    return this.call((s) => s.discardDraft(projectId, stashedAt, session));
  }

  appendJournal(entry: JournalEntry): Promise<void> {
    return this.call((s) => s.appendJournal(entry));
  }

  rewriteJournal(session: string, entry: JournalEntry | null): Promise<void> {
    return this.call((s) => s.rewriteJournal(session, entry));
  }

  exportAll(): Promise<RecoveryBundle> {
    return this.call((s) => s.exportAll());
  }
}
