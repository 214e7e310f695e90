import type { Clock, TimerHandle } from '@blockyard/core';
import { mergeContent, sameContent, type ProjectContent } from './merge-content.ts';
import type { Project } from './project.ts';
import { fitProjectName } from './project-name.ts';
import { toProjectStoreError, type ProjectStoreErrorCode } from './project-store-error.ts';
import type { ProjectStore } from './project-store.ts';
import type { ProjectChange, ProjectChangeSource } from './tab-protocol.ts';
import { EditJournal } from './edit-journal.ts';

/**
 * - saved: storage has exactly what the learner sees.
 * - unsaved: an edit waits for its save (at most `maxWaitMs`).
 * - saving: a save is under way.
 * - error: the last save failed; the edit is kept in memory and retried.
 * - conflict: another tab changed the same thing; the learner chooses (see resolve methods).
 */
type AutosaveStatus = 'saved' | 'unsaved' | 'saving' | 'error' | 'conflict';

interface AutosaveError {
  readonly code: ProjectStoreErrorCode;
  readonly message: string;
  /** Failed attempts in a row. */
  readonly attempts: number;
  /** When the next automatic attempt happens; null when only the learner can fix it. */
  readonly retryAt: number | null;
}

interface AutosaveConflict {
  /** The project as the other tab saved it. */
  readonly theirs: Project;
  /** What both sides changed: file names, or 'name'. */
  readonly conflicts: readonly string[];
}

export interface AutosaveState {
  readonly status: AutosaveStatus;
  /** The stored revision this tab's content builds on. */
  readonly revision: number;
  readonly lastSavedAt: number | null;
  readonly error: AutosaveError | null;
  readonly conflict: AutosaveConflict | null;
  /** True while the project sits in the trash (another tab may have put it there). */
  readonly trashed: boolean;
  /** Grows when the content was replaced from outside the editor (other tab, merge, restore). */
  readonly contentVersion: number;
}

export interface AutosaveOptions {
  store: ProjectStore;
  /** Wall-clock time: it stamps drafts and "saved at". */
  clock: Clock;
  project: Project;
  /** Where changes made by other tabs are heard of. */
  changes?: ProjectChangeSource;
  /** Quiet time after an edit before saving. */
  idleMs?: number;
  /** The longest an edit waits for its save to start, however fast the typing. */
  maxWaitMs?: number;
  /** Pauses between automatic retries after failures; the last one repeats. */
  retryDelaysMs?: readonly number[];
  /**
   * This editor session's id (unique across tabs and page loads). With one, every edit is also
   * written to the edit journal at once (see edit-journal.ts), and drafts carry it.
   */
  session?: string;
}

const AUTOSAVE_IDLE_MS = 300;
const AUTOSAVE_MAX_WAIT_MS = 1000;
const AUTOSAVE_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];

/** Errors that retrying cannot fix: the learner has to act. */
const PERMANENT: readonly ProjectStoreErrorCode[] = ['not-found', 'damaged', 'invalid-name', 'invalid-files'];

/**
 * Saves a project within a second of every edit and never drops one: a failed save keeps the
 * edit in memory, retries, and says so; a save that meets another tab's change merges what can
 * be merged and otherwise asks. Time comes from the injected Clock.
 */
export class AutosaveController {
  readonly projectId: string;
  private readonly store: ProjectStore;
  private readonly clock: Clock;
  private readonly idleMs: number;
  private readonly maxWaitMs: number;
  private readonly retryDelays: readonly number[];
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;

  /** What storage holds at `revision`, as far as this tab knows. */
  private base: ProjectContent;
  private draft: ProjectContent;
  private state: AutosaveState;
  private saving: Promise<void> | null = null;
  private saveAgain = false;
  private timer: TimerHandle | null = null;
  private firstPendingEditAt: number | null = null;
  private stashedAt: number | null = null;
  private disposed = false;
  private readonly session: string | undefined;
  private readonly journal: EditJournal | null;

  constructor(options: AutosaveOptions) {
    this.projectId = options.project.id;
    this.store = options.store;
    this.clock = options.clock;
    this.idleMs = options.idleMs ?? AUTOSAVE_IDLE_MS;
    this.maxWaitMs = options.maxWaitMs ?? AUTOSAVE_MAX_WAIT_MS;
    this.retryDelays = options.retryDelaysMs ?? AUTOSAVE_RETRY_DELAYS_MS;
    this.base = { name: options.project.name, files: options.project.files };
    this.draft = this.base;
    this.state = {
      status: 'saved',
      revision: options.project.revision,
      lastSavedAt: null,
      error: null,
      conflict: null,
      trashed: options.project.trashedAt !== undefined,
      contentVersion: 0,
    };
    this.session = options.session;
    this.journal =
      options.session === undefined
        ? null
        : new EditJournal({
            sink: options.store,
            session: options.session,
            projectId: this.projectId,
            clock: options.clock,
            revision: options.project.revision,
            base: this.base,
          });
    this.unsubscribe = options.changes?.subscribe((change) => this.onChange(change)) ?? (() => undefined);
  }

  getState(): AutosaveState {
    return this.state;
  }

  /** The learner's latest content, saved or not. */
  getContent(): ProjectContent {
    return this.draft;
  }

  /** True while closing the page would lose something (an edit not yet in storage). */
  hasUnsavedWork(): boolean {
    return this.isDirty() || this.saving !== null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records an edit: a new name, new texts for some files, and/or files to remove. */
  edit(change: { name?: string; files?: Readonly<Record<string, string>>; remove?: readonly string[] }): void {
    if (this.disposed) return;
    let files = change.files ? { ...this.draft.files, ...change.files } : this.draft.files;
    if (change.remove?.some((name) => Object.hasOwn(files, name))) {
      const remove = new Set(change.remove);
      files = Object.fromEntries(Object.entries(files).filter(([name]) => !remove.has(name)));
    }
    this.draft = { name: change.name ?? this.draft.name, files };
    if (this.isDirty()) this.firstPendingEditAt ??= this.clock.now();
    // Before anything else: this is the copy that survives a crash a moment from now.
    this.journal?.record(this.draft);
    this.schedule();
    this.publish();
  }

  /**
   * An edit made outside this editor (files brought in by a pull from GitHub): saved like any
   * edit, and the editor shows it as it shows another tab's version (the content version grows).
   */
  replaceFiles(change: { files?: Readonly<Record<string, string>>; remove?: readonly string[] }): void {
    if (this.disposed) return;
    this.edit(change);
    this.state = { ...this.state, contentVersion: this.state.contentVersion + 1 };
    this.publish();
  }

  /**
   * Saves now. With `pageHide`, first writes the edit as a draft in one quick write that a
   * closing page can still finish. Never throws: failures end up in the state.
   */
  async flush(options: { pageHide?: boolean } = {}): Promise<void> {
    if (this.disposed) return;
    if (options.pageHide && this.hasUnsavedWork()) this.stash();
    this.clearTimer();
    if (this.saving) {
      this.saveAgain = true;
      await this.saving;
    }
    if (this.isDirty() && !this.state.conflict) await this.saveNow();
  }

  /** Conflict choice: take the other tab's version; this tab's unsaved edit is dropped. */
  loadTheirs(): void {
    const conflict = this.state.conflict;
    if (!conflict) return;
    this.adopt(conflict.theirs);
    this.discardStash();
  }

  /**
   * Conflict (or "deleted elsewhere") choice: keep this tab's content as a new project named
   * `name`; this tab then shows the other tab's version. Returns the copy, to open it.
   */
  async keepMineAsCopy(name: string): Promise<Project> {
    const copyName = fitProjectName(name, fitProjectName(this.draft.name, 'Copy'));
    const copy = await this.store.create({ name: copyName, files: this.draft.files, origin: 'recovered' });
    if (this.state.conflict) this.loadTheirs();
    else {
      // The original is gone: nothing more to save here.
      this.base = this.draft;
      this.firstPendingEditAt = null;
      this.journal?.rebase(this.state.revision, this.base, this.draft);
      this.publish();
    }
    return copy;
  }

  /**
   * Brings back an old version as a new save (so it can be undone from History too). Pending
   * edits are saved first; returns false when they could not be (nothing is restored then).
   * Store failures are thrown.
   */
  async restoreVersion(revision: number): Promise<boolean> {
    await this.flush();
    if (this.disposed || this.state.conflict || this.isDirty()) return false;
    const result = await this.store.restoreVersion(this.projectId, revision, { expectedRevision: this.state.revision });
    if (result.status === 'saved') this.adopt(result.project);
    else {
      this.adopt(result.current);
      const retry = await this.store.restoreVersion(this.projectId, revision, {
        expectedRevision: this.state.revision,
      });
      this.adopt(retry.status === 'saved' ? retry.project : retry.current);
      if (retry.status !== 'saved') return false;
    }
    return true;
  }

  /** Saves what is pending and stops. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    await this.flush();
    this.disposed = true;
    this.clearTimer();
    this.unsubscribe();
    this.listeners.clear();
  }

  private isDirty(): boolean {
    return !sameContent(this.draft, this.base);
  }

  private schedule(): void {
    // While saving, the end of the save schedules the next one.
    if (this.disposed || this.saving || this.state.conflict || !this.isDirty()) return;
    const error = this.state.error;
    if (error?.code === 'not-found') return;
    // After a failure the retry timer stands: typing faster does not make the disk emptier.
    if (error && error.retryAt !== null && this.timer !== null) return;
    this.clearTimer();
    const now = this.clock.now();
    const first = this.firstPendingEditAt ?? now;
    const due = Math.min(now + this.idleMs, first + this.maxWaitMs);
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        void this.saveNow();
      },
      Math.max(0, due - now),
    );
  }

  private scheduleRetry(delay: number): void {
    this.clearTimer();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.saveNow();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clear(this.timer);
    this.timer = null;
  }

  private saveNow(): Promise<void> {
    if (this.saving) {
      this.saveAgain = true;
      return this.saving;
    }
    if (this.disposed || this.state.conflict || !this.isDirty()) return Promise.resolve();
    this.clearTimer();
    const snapshot = this.draft;
    this.firstPendingEditAt = null;
    const run = this.runSave(snapshot);
    this.saving = run;
    this.publish();
    return run;
  }

  private async runSave(snapshot: ProjectContent): Promise<void> {
    try {
      const result = await this.store.save(
        this.projectId,
        { name: snapshot.name, files: snapshot.files },
        { expectedRevision: this.state.revision },
      );
      if (result.status === 'saved') {
        this.base = snapshot;
        this.state = { ...this.state, revision: result.project.revision, lastSavedAt: this.clock.now(), error: null };
        this.journal?.rebase(this.state.revision, this.base, this.draft);
        if (!this.isDirty()) this.discardStash();
      } else this.meetConflict(result.current);
    } catch (thrown) {
      const error = toProjectStoreError(thrown);
      const attempts = (this.state.error?.attempts ?? 0) + 1;
      const permanent = PERMANENT.includes(error.code);
      const delay = this.retryDelays[Math.min(attempts, this.retryDelays.length) - 1] ?? 1000;
      const retryAt = permanent ? null : this.clock.now() + delay;
      this.state = { ...this.state, error: { code: error.code, message: error.message, attempts, retryAt } };
      // The edit is not lost: it is still the draft, and it still counts as pending.
      this.firstPendingEditAt ??= this.clock.now();
    } finally {
      this.saving = null;
    }
    if (this.disposed) return;
    const again = this.saveAgain;
    this.saveAgain = false;
    const error = this.state.error;
    if (this.isDirty() && !this.state.conflict) {
      if (again && !error) void this.saveNow();
      else if (error) {
        if (error.retryAt !== null) this.scheduleRetry(Math.max(0, error.retryAt - this.clock.now()));
      } else {
        this.firstPendingEditAt ??= this.clock.now();
        this.schedule();
      }
    }
    this.publish();
  }

  /** Another tab saved first: merge whole files if both changed different things, else ask. */
  private meetConflict(theirs: Project): void {
    const theirsContent: ProjectContent = { name: theirs.name, files: theirs.files };
    const merge = mergeContent(this.base, this.draft, theirsContent);
    if (merge.status === 'merged') {
      const mergedChangesDraft = !sameContent(merge.content, this.draft);
      this.base = theirsContent;
      this.draft = merge.content;
      this.state = {
        ...this.state,
        revision: theirs.revision,
        trashed: theirs.trashedAt !== undefined,
        contentVersion: this.state.contentVersion + (mergedChangesDraft ? 1 : 0),
      };
      this.journal?.rebase(this.state.revision, this.base, this.draft);
      // Whatever is still ours is saved on top of theirs at once.
      if (this.isDirty()) this.saveAgain = true;
      return;
    }
    this.state = { ...this.state, conflict: { theirs, conflicts: merge.conflicts }, error: null };
  }

  /** Takes a stored project as the content (other tab's version, restore result). */
  private adopt(project: Project): void {
    this.clearTimer();
    this.base = { name: project.name, files: project.files };
    this.draft = this.base;
    this.firstPendingEditAt = null;
    this.state = {
      ...this.state,
      revision: project.revision,
      conflict: null,
      error: null,
      trashed: project.trashedAt !== undefined,
      contentVersion: this.state.contentVersion + 1,
    };
    this.journal?.rebase(this.state.revision, this.base, this.draft);
    this.publish();
  }

  private onChange(change: ProjectChange): void {
    if (this.disposed || change.local || change.projectId !== this.projectId) return;
    if (change.kind === 'trashed' || change.kind === 'restored') {
      this.state = { ...this.state, trashed: change.kind === 'trashed' };
      this.publish();
      return;
    }
    if (change.kind === 'purged') {
      const message = 'The project was deleted in another tab.';
      this.state = { ...this.state, error: { code: 'not-found', message, attempts: 0, retryAt: null } };
      this.clearTimer();
      this.publish();
      return;
    }
    if (change.revision === null || change.revision === this.state.revision) return;
    // With an edit pending, save it now: the store answers with a conflict and we merge or ask.
    if (this.hasUnsavedWork()) void this.saveNow();
    else void this.refresh();
  }

  private async refresh(): Promise<void> {
    try {
      const theirs = await this.store.get(this.projectId);
      if (this.disposed || theirs.revision === this.state.revision) return;
      if (this.hasUnsavedWork()) void this.saveNow();
      else this.adopt(theirs);
    } catch {
      // Unreadable now: the next save will report it.
    }
  }

  private stash(): void {
    const stashedAt = this.clock.now();
    this.stashedAt = stashedAt;
    // Issued synchronously, before anything awaits: the page may be gone a moment later.
    this.store
      .stashDraft({
        projectId: this.projectId,
        baseRevision: this.state.revision,
        name: this.draft.name,
        files: this.draft.files,
        stashedAt,
        ...(this.session === undefined ? {} : { session: this.session }),
      })
      .catch(() => {
        if (this.stashedAt === stashedAt) this.stashedAt = null;
      });
  }

  private discardStash(): void {
    if (this.stashedAt === null) return;
    const stashedAt = this.stashedAt;
    this.stashedAt = null;
    this.store.discardDraft(this.projectId, stashedAt, this.session).catch(() => undefined);
  }

  private publish(): void {
    const status: AutosaveStatus = this.state.conflict
      ? 'conflict'
      : this.saving
        ? 'saving'
        : this.state.error && (this.isDirty() || this.state.error.code === 'not-found')
          ? 'error'
          : this.isDirty()
            ? 'unsaved'
            : 'saved';
    if (status !== this.state.status) this.state = { ...this.state, status };
    if (!this.isDirty() && !this.saving && this.state.error && this.state.error.code !== 'not-found')
      this.state = { ...this.state, error: null };
    for (const listener of [...this.listeners]) listener();
  }
}
