import type { DamagedRecord, Project, ProjectFiles, ProjectSummary } from './project.ts';
import { toProjectStoreError, type ProjectStoreError } from './project-store-error.ts';
import type { NewProject, ProjectStore } from './project-store.ts';
import type { ProjectChangeSource } from './tab-protocol.ts';

export interface ProjectLibraryState {
  readonly status: 'loading' | 'ready' | 'error';
  /** Projects not in the trash, most recently edited first. */
  readonly projects: readonly ProjectSummary[];
  /** Projects in the trash, most recently trashed first. */
  readonly trash: readonly ProjectSummary[];
  /** Records that could not be read; kept, and offered in the recovery file. */
  readonly damaged: readonly DamagedRecord[];
  /** Why the last listing failed (status 'error'). */
  readonly error: ProjectStoreError | null;
}

/**
 * The home screen's view of the store: the lists of projects and the trash, kept fresh after
 * every change made here or in another tab. Plain observable state; React subscribes to it.
 */
export class ProjectLibrary {
  private state: ProjectLibraryState = { status: 'loading', projects: [], trash: [], damaged: [], error: null };
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;
  private loading: Promise<void> | null = null;
  private loadAgain = false;
  /** A change happened while nobody was watching: read again when someone subscribes. */
  private stale = false;
  /** Whether the store reports this tab's own changes (then each one already asks for a read). */
  private readonly watchesChanges: boolean;
  /** The project `createToOpen` made last, until the editor takes it (`takeOpened`). */
  private opened: Project | null = null;
  /**
   * Set by `createToOpen`: the page watching the lists is about to go, so changes only mark
   * them stale until someone subscribes again (the next visit) or `load` is called.
   */
  private leaving = false;

  /**
   * `changes` tells the library about every change, this tab's included (an autosave, a new
   * thumbnail from the editor): the lists are read again at once while someone watches them,
   * otherwise when the next watcher subscribes (the editor's saves cost no listing).
   */
  constructor(
    private readonly store: ProjectStore,
    changes?: ProjectChangeSource,
  ) {
    this.watchesChanges = changes !== undefined;
    this.unsubscribe =
      changes?.subscribe(() => {
        if (this.listeners.size > 0 && !this.leaving) void this.load();
        else this.stale = true;
      }) ?? (() => undefined);
  }

  getState(): ProjectLibraryState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    this.leaving = false;
    if (this.stale) void this.load();
    return () => this.listeners.delete(listener);
  }

  /** Reads the lists again. Calls made while a read runs share one follow-up read. */
  load(): Promise<void> {
    if (this.loading) {
      this.loadAgain = true;
      return this.loading;
    }
    this.stale = false;
    this.leaving = false;
    const run = (async () => {
      do {
        this.loadAgain = false;
        try {
          const { projects, damaged } = await this.store.list();
          const active = projects.filter((p) => p.trashedAt === undefined).sort((a, b) => b.updatedAt - a.updatedAt);
          const trash = projects
            .filter((p) => p.trashedAt !== undefined)
            .sort((a, b) => (b.trashedAt ?? 0) - (a.trashedAt ?? 0));
          this.set({ status: 'ready', projects: active, trash, damaged, error: null });
        } catch (error) {
          this.set({ ...this.state, status: 'error', error: toProjectStoreError(error) });
        }
      } while (this.loadAgain);
    })();
    this.loading = run;
    return run.finally(() => {
      this.loading = null;
    });
  }

  async create(project: NewProject): Promise<Project> {
    return this.after(await this.store.create(project));
  }

  /**
   * Creates a project its caller opens at once (New project, an example): returns as soon as it
   * is stored, without waiting for the lists to be read again (40-100 ms before the editor could
   * start, bench first-minute). Nor are they read while the editor's page loads: the home page,
   * still mounted until then, would read and draw its list again for nothing (5-13 ms of a busy
   * main thread on a fresh profile, more with many projects). They are marked stale instead, and
   * changes stop asking for reads, until someone subscribes again (the next visit) or calls `load`.
   */
  async createToOpen(project: NewProject): Promise<Project> {
    // Before the create: the store reports the change while it stores.
    this.leaving = true;
    let created: Project;
    try {
      created = await this.store.create(project);
    } catch (error) {
      // The page stays: it follows changes again.
      this.leaving = false;
      if (this.stale && this.listeners.size > 0) void this.load();
      throw error;
    }
    this.opened = created;
    this.stale = true;
    return created;
  }

  /**
   * The project `createToOpen` just stored, when `id` is it (once): the editor opening it starts
   * from this copy instead of reading it back from storage, which cost the first minute a
   * database read and a "Loading" page drawn in between (bench first-minute). Any other id, or a
   * second call, gives `undefined` (then the editor reads the store as for any project).
   */
  takeOpened(id: string): Project | undefined {
    const opened = this.opened;
    if (opened?.id !== id) return undefined;
    this.opened = null;
    return opened;
  }

  async rename(id: string, name: string): Promise<ProjectSummary> {
    return this.after(await this.store.rename(id, name));
  }

  async duplicate(id: string, name: string): Promise<Project> {
    return this.after(await this.store.duplicate(id, name));
  }

  /** Moves to the trash; `restore` is the undo. */
  async trash(id: string): Promise<ProjectSummary> {
    return this.after(await this.store.trash(id));
  }

  async restore(id: string): Promise<ProjectSummary> {
    return this.after(await this.store.restore(id));
  }

  /** Deletes a trashed project for good. */
  async purge(id: string): Promise<void> {
    await this.store.purge(id);
    await this.load();
  }

  /** Creates projects from imported files, in order; returns them. */
  async importProjects(projects: readonly { name: string; files: ProjectFiles }[]): Promise<Project[]> {
    const created: Project[] = [];
    try {
      for (const project of projects) created.push(await this.store.create({ ...project, origin: 'import' }));
    } finally {
      await this.load();
    }
    return created;
  }

  names(): string[] {
    return [...this.state.projects, ...this.state.trash].map((p) => p.name);
  }

  dispose(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private async after<T>(result: T): Promise<T> {
    await this.load();
    return result;
  }

  private set(state: ProjectLibraryState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}
