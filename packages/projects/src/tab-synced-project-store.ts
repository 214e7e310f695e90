import { ForwardingProjectStore } from './forwarding-project-store.ts';
import type { BroadcastPort } from './broadcast-port.ts';
import type { Project, ProjectSummary } from './project.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
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
export class TabSyncedProjectStore extends ForwardingProjectStore implements ProjectChangeSource {
  private readonly listeners = new Set<(change: ProjectChange) => void>();
  private readonly unsubscribe: () => void;

  constructor(
    inner: ProjectStore,
    private readonly port: BroadcastPort<ProjectsTabMessage>,
    readonly tabId: string,
  ) {
    super(inner);
    this.unsubscribe = port.subscribe((message) => {
      if (!isProjectsTabMessage(message) || message.tabId === this.tabId) return;
      this.emit({ projectId: message.projectId, kind: message.kind, revision: message.revision, local: false });
    });
  }

  subscribe(listener: (change: ProjectChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells this tab's listeners that a project holds work stored here but made elsewhere (a draft
   * a closed tab left, recovered by this tab), as that tab's save would have: an editor open on
   * it here takes it, where it passes over this tab's own changes. Other tabs heard of the save.
   */
  relayOthersWork(projectId: string, revision: number): void {
    this.emit({ projectId, kind: 'saved', revision, local: false });
  }

  close(): void {
    this.unsubscribe();
    this.port.close();
  }

  override async create(project: NewProject): Promise<Project> {
    const created = await this.inner.create(project);
    this.announce(created.id, 'created', created.revision);
    return created;
  }

  override async save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    const result = await this.inner.save(id, changes, options);
    // A new thumbnail alone keeps the revision, but the home screen's cards still want it.
    if (
      result.status === 'saved' &&
      (result.project.revision !== options.expectedRevision || changes.thumbnail !== undefined)
    )
      this.announce(id, 'saved', result.project.revision);
    return result;
  }

  override async rename(id: string, name: string): Promise<ProjectSummary> {
    const renamed = await this.inner.rename(id, name);
    this.announce(id, 'renamed', renamed.revision);
    return renamed;
  }

  override async duplicate(id: string, name: string): Promise<Project> {
    const copy = await this.inner.duplicate(id, name);
    this.announce(copy.id, 'created', copy.revision);
    return copy;
  }

  override async trash(id: string): Promise<ProjectSummary> {
    const trashed = await this.inner.trash(id);
    this.announce(id, 'trashed', trashed.revision);
    return trashed;
  }

  override async restore(id: string): Promise<ProjectSummary> {
    const restored = await this.inner.restore(id);
    this.announce(id, 'restored', restored.revision);
    return restored;
  }

  override async purge(id: string): Promise<void> {
    await this.inner.purge(id);
    this.announce(id, 'purged', null);
  }

  override async restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    const result = await this.inner.restoreVersion(id, revision, options);
    if (result.status === 'saved' && result.project.revision !== options.expectedRevision)
      this.announce(id, 'saved', result.project.revision);
    return result;
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
