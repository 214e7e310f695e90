import type { BroadcastPort } from './broadcast-port.ts';
import type {
  Project,
  ProjectDraft,
  ProjectListing,
  ProjectSummary,
  ProjectVersion,
  ProjectVersionSummary,
} from './project.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';
import {
  PROJECTS_PROTOCOL_VERSION,
  isProjectsTabMessage,
  type ProjectChange,
  type ProjectChangeKind,
  type ProjectChangeSource,
  type ProjectsTabMessage,
} from './tab-protocol.ts';

/**
 * A ProjectStore that tells the other tabs about every change it makes and tells listeners in
 * this tab about changes from anywhere. Storage stays the single source of truth (revisions are
 * compared there); the channel only says "look again".
 */
export class TabSyncedProjectStore implements ProjectStore, ProjectChangeSource {
  private readonly listeners = new Set<(change: ProjectChange) => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly inner: ProjectStore,
    private readonly port: BroadcastPort<ProjectsTabMessage>,
    readonly tabId: string,
  ) {
    this.unsubscribe = port.subscribe((message) => {
      if (!isProjectsTabMessage(message) || message.tabId === this.tabId) return;
      this.emit({ projectId: message.projectId, kind: message.kind, revision: message.revision, local: false });
    });
  }

  subscribe(listener: (change: ProjectChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
    this.port.close();
  }

  list(): Promise<ProjectListing> {
    return this.inner.list();
  }

  get(id: string): Promise<Project> {
    return this.inner.get(id);
  }

  async create(project: NewProject): Promise<Project> {
    const created = await this.inner.create(project);
    this.announce(created.id, 'created', created.revision);
    return created;
  }

  async save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    const result = await this.inner.save(id, changes, options);
    if (result.status === 'saved' && result.project.revision !== options.expectedRevision)
      this.announce(id, 'saved', result.project.revision);
    return result;
  }

  async rename(id: string, name: string): Promise<ProjectSummary> {
    const renamed = await this.inner.rename(id, name);
    this.announce(id, 'renamed', renamed.revision);
    return renamed;
  }

  async duplicate(id: string, name: string): Promise<Project> {
    const copy = await this.inner.duplicate(id, name);
    this.announce(copy.id, 'created', copy.revision);
    return copy;
  }

  async trash(id: string): Promise<ProjectSummary> {
    const trashed = await this.inner.trash(id);
    this.announce(id, 'trashed', trashed.revision);
    return trashed;
  }

  async restore(id: string): Promise<ProjectSummary> {
    const restored = await this.inner.restore(id);
    this.announce(id, 'restored', restored.revision);
    return restored;
  }

  async purge(id: string): Promise<void> {
    await this.inner.purge(id);
    this.announce(id, 'purged', null);
  }

  listVersions(id: string): Promise<ProjectVersionSummary[]> {
    return this.inner.listVersions(id);
  }

  getVersion(id: string, revision: number): Promise<ProjectVersion> {
    return this.inner.getVersion(id, revision);
  }

  async restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    const result = await this.inner.restoreVersion(id, revision, options);
    if (result.status === 'saved' && result.project.revision !== options.expectedRevision)
      this.announce(id, 'saved', result.project.revision);
    return result;
  }

  stashDraft(draft: ProjectDraft): Promise<void> {
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

  private announce(projectId: string, kind: ProjectChangeKind, revision: number | null): void {
    try {
      this.port.post({
        type: 'project-changed',
        protocol: PROJECTS_PROTOCOL_VERSION,
        tabId: this.tabId,
        projectId,
        kind,
        revision,
      });
    } catch {
      // A closed channel only costs other tabs a refresh; the change itself is stored.
    }
    this.emit({ projectId, kind, revision, local: true });
  }

  private emit(change: ProjectChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        // One broken listener must not undo the news for the others (or fail a stored change).
        void Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
