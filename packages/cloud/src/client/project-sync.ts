import type { Clock, KeyValueStore, TimerHandle } from '@blockyard/core';
import type { CloudProject, CloudProjectSummary, ProjectConflictBody } from '../protocol/api-types.ts';
import { CloudHttpError, type CloudApi } from './cloud-api.ts';

/** Spec 000 §3-§4: the cloud status of one project. */
export type CloudStatus = 'none' | 'synced' | 'justSynced' | 'offline' | 'syncing' | 'conflict' | 'localEdits';

/** `justSynced` turns into `synced` after this long. */
export const JUST_SYNCED_MS = 4000;
/** A change is sent this long after the last save (autosave already waits for typing to stop). */
export const PROJECT_SYNC_DELAY_MS = 1500;
/** Offline: tried again after 1 s, doubling up to a minute (spec: retry after 1 s). */
export const PROJECT_RETRY_MS = 1000;
export const PROJECT_RETRY_MAX_MS = 60_000;

/** What the sync needs of the local projects (the web app adapts its ProjectStore). */
export interface LocalProjects {
  /** Projects not in the trash. */
  list(): Promise<ReadonlyArray<{ readonly id: string }>>;
  get(id: string): Promise<{ readonly id: string; readonly name: string; readonly files: Record<string, string> }>;
  /** Replaces the local project's name and files (a new local version: the old one stays in its history). */
  replace(id: string, name: string, files: Record<string, string>): Promise<void>;
  /** A new local project (the other device's version, kept beside this one). */
  create(name: string, files: Record<string, string>): Promise<string>;
}

/** The cloud's version that differs from this device's, for the learner to choose. */
export interface SyncConflict {
  readonly cloud: CloudProject;
}

export type ConflictChoice = 'mine' | 'theirs' | 'both';

export interface ProjectSyncOptions {
  readonly api: CloudApi;
  readonly local: LocalProjects;
  readonly store: KeyValueStore;
  readonly clock: Clock;
  /** The name of the other device's version kept beside this one ("… (other device)"). */
  readonly copyName: (name: string) => string;
  readonly log?: (message: string) => void;
}

/** What this device last agreed with the cloud about one project. */
interface SyncRecord {
  /** The cloud revision the project was last in step with. */
  revision: number;
  /** A fingerprint of the name and files at that moment. */
  fingerprint: string;
}

interface Entry {
  status: CloudStatus;
  conflict?: SyncConflict;
}

const RECORD_PREFIX = 'blockyard.cloudSync.';

/**
 * Cloud projects (spec 000 §3-§4): while signed in, every local project is kept in step with
 * the account's copy through the server's compare-and-set (`PUT /api/projects/{id}` on the
 * revision last agreed). Statuses go localEdits -> syncing -> justSynced -> synced; offline and
 * conflict are the error states. Offline, changes wait and are tried again (1 s, doubling).
 * A conflict (both sides changed) never loses work: nothing is overwritten until the learner
 * chooses, and every choice keeps the other version (in the local or the cloud history, or as
 * a second project).
 */
export class ProjectSync {
  private user: string | null = null;
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private readonly dirty = new Set<string>();
  private timer: TimerHandle | null = null;
  private retryDelay = PROJECT_RETRY_MS;
  private last: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private readonly justSyncedTimers = new Map<string, TimerHandle>();

  constructor(private readonly options: ProjectSyncOptions) {}

  /** The status of one project ('none' while signed out). */
  status(id: string): CloudStatus {
    if (this.user === null) return 'none';
    return this.entries.get(id)?.status ?? 'localEdits';
  }

  conflict(id: string): SyncConflict | undefined {
    return this.entries.get(id)?.conflict;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Signed in as `user`: everything is checked against the account's projects. */
  start(user: string): void {
    if (this.user === user) return;
    if (this.user !== null) this.stop();
    this.user = user;
    this.scheduleAll(0);
  }

  /** Signed out: nothing more is sent; the statuses read 'none'. */
  stop(): void {
    if (this.user === null && this.entries.size === 0) return;
    this.user = null;
    this.entries.clear();
    this.dirty.clear();
    if (this.timer !== null) this.options.clock.clear(this.timer);
    this.timer = null;
    for (const timer of this.justSyncedTimers.values()) this.options.clock.clear(timer);
    this.justSyncedTimers.clear();
    this.notify();
  }

  /** A local project was saved (or created): it has local edits and is sent shortly. */
  changed(id: string): void {
    if (this.user === null) return;
    const entry = this.entries.get(id);
    if (entry?.status !== 'conflict') this.set(id, { status: 'localEdits' });
    this.dirty.add(id);
    this.schedule(PROJECT_SYNC_DELAY_MS);
  }

  /**
   * Runs a round now: every dirty project (all of them after start). Rounds never overlap: a
   * call during a round gets one round after it (shared by every call until it starts).
   */
  syncNow(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.last.then(() => {
      this.queued = null;
      return this.round();
    });
    this.queued = next;
    this.last = next.catch(() => undefined);
    return next;
  }

  /**
   * Settles a conflict. 'mine' saves this device's version over the cloud's (the cloud keeps
   * its version in the project's history); 'theirs' puts the cloud's version here (the local
   * history keeps this device's); 'both' keeps the cloud's version as a new project here and
   * then sends this one.
   */
  async resolve(id: string, choice: ConflictChoice): Promise<void> {
    const conflict = this.entries.get(id)?.conflict;
    if (!conflict || this.user === null) return;
    const { cloud } = conflict;
    if (choice === 'theirs') {
      await this.options.local.replace(id, cloud.name, cloud.files);
      this.remember(id, { revision: cloud.revision, fingerprint: fingerprint(cloud.name, cloud.files) });
      this.markSynced(id);
      return;
    }
    if (choice === 'both') await this.options.local.create(this.options.copyName(cloud.name), cloud.files);
    // Send this device's version on top of the cloud's current revision.
    this.remember(id, { revision: cloud.revision, fingerprint: '' });
    this.set(id, { status: 'localEdits' });
    this.dirty.add(id);
    await this.syncNow();
  }

  private scheduleAll(delay: number): void {
    this.dirty.add('*');
    this.schedule(delay);
  }

  private schedule(delay: number): void {
    const { clock } = this.options;
    if (this.timer !== null) clock.clear(this.timer);
    this.timer = clock.setTimeout(() => {
      this.timer = null;
      void this.syncNow();
    }, delay);
  }

  private async round(): Promise<void> {
    const user = this.user;
    if (user === null || this.dirty.size === 0) return;
    const all = this.dirty.has('*');
    const wanted = [...this.dirty].filter((id) => id !== '*');
    this.dirty.clear();
    let offline = false;
    try {
      const cloud = new Map(
        (await this.options.api.call<CloudProjectSummary[]>('GET', '/api/projects')).map((p) => [p.id, p]),
      );
      const ids = all ? (await this.options.local.list()).map((p) => p.id) : wanted;
      for (const id of ids) {
        if (this.user !== user) return;
        try {
          await this.syncOne(id, cloud.get(id));
        } catch (error) {
          // The network failing stops the round (everything waits for it); one project's own
          // failure (its answer, or saving it here) only waits for that project's next round.
          if (isOffline(error) && !(error instanceof LocalSaveError)) throw error;
          this.dirty.add(id);
          this.options.log?.(`Cloud projects: ${id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } catch (error) {
      // Offline waits and tries again; any other failure (a 401 signs out) is only logged.
      offline = isOffline(error);
      this.options.log?.(`Cloud projects: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (offline && this.user === user) {
      // Everything not yet in step waits for the network: tried again, all of it.
      const inStep: CloudStatus[] = ['synced', 'justSynced', 'conflict'];
      for (const [id, entry] of this.entries) if (!inStep.includes(entry.status)) this.set(id, { status: 'offline' });
      for (const id of wanted) if (!inStep.includes(this.status(id))) this.set(id, { status: 'offline' });
      if (all) this.dirty.add('*');
      for (const id of wanted) this.dirty.add(id);
      this.schedule(this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, PROJECT_RETRY_MAX_MS);
    } else {
      this.retryDelay = PROJECT_RETRY_MS;
    }
  }

  private async syncOne(id: string, cloud: CloudProjectSummary | undefined): Promise<void> {
    if (this.entries.get(id)?.status === 'conflict') return; // waits for the learner's choice
    const record = this.record(id);
    let project;
    try {
      project = await this.options.local.get(id);
    } catch {
      return; // gone or unreadable here: nothing to send
    }
    const print = fingerprint(project.name, project.files);
    const cloudMoved = cloud !== undefined && cloud.revision !== (record?.revision ?? 0);
    const localMoved = record?.fingerprint !== print;
    if (!localMoved && !cloudMoved) {
      this.set(id, { status: 'synced' });
      return;
    }
    if (cloudMoved && !localMoved && cloud) {
      // Only the other device changed it: bring its version here.
      const full = await this.options.api.call<CloudProject>('GET', `/api/projects/${encodeURIComponent(id)}`);
      try {
        await this.options.local.replace(id, full.name, full.files);
      } catch (error) {
        throw new LocalSaveError(error);
      }
      this.remember(id, { revision: full.revision, fingerprint: fingerprint(full.name, full.files) });
      this.markSynced(id);
      return;
    }
    this.set(id, { status: 'syncing' });
    try {
      const answer = await this.options.api.call<{ project: CloudProjectSummary }>(
        'PUT',
        `/api/projects/${encodeURIComponent(id)}`,
        { name: project.name, files: project.files, baseRevision: record?.revision ?? 0 },
      );
      this.remember(id, { revision: answer.project.revision, fingerprint: print });
      this.markSynced(id);
    } catch (error) {
      const current = conflictCurrent(error);
      if (!current) {
        if (isOffline(error)) throw error;
        this.options.log?.(`Cloud projects: ${error instanceof Error ? error.message : String(error)}`);
        this.set(id, { status: 'localEdits' });
        return;
      }
      if (fingerprint(current.name, current.files) === print) {
        // The cloud already has exactly this (a repeat of our own save): in step.
        this.remember(id, { revision: current.revision, fingerprint: print });
        this.markSynced(id);
      } else {
        this.set(id, { status: 'conflict', conflict: { cloud: current } });
      }
    }
  }

  private markSynced(id: string): void {
    const { clock } = this.options;
    this.set(id, { status: 'justSynced' });
    const previous = this.justSyncedTimers.get(id);
    if (previous !== undefined) clock.clear(previous);
    this.justSyncedTimers.set(
      id,
      clock.setTimeout(() => {
        this.justSyncedTimers.delete(id);
        if (this.entries.get(id)?.status === 'justSynced') this.set(id, { status: 'synced' });
      }, JUST_SYNCED_MS),
    );
  }

  private set(id: string, entry: Entry): void {
    const before = this.entries.get(id);
    if (before?.status === entry.status && before.conflict === entry.conflict) return;
    this.entries.set(id, entry);
    this.notify();
  }

  private recordKey(id: string): string {
    return `${RECORD_PREFIX}${this.user ?? ''}.${id}`;
  }

  private record(id: string): SyncRecord | undefined {
    const saved = this.options.store.get(this.recordKey(id));
    if (!saved) return undefined;
    try {
      const parsed = JSON.parse(saved) as Partial<SyncRecord>;
      if (typeof parsed.revision === 'number' && typeof parsed.fingerprint === 'string') {
        return { revision: parsed.revision, fingerprint: parsed.fingerprint };
      }
    } catch {
      // damaged: as if never synced (the server's compare-and-set still protects the cloud copy)
    }
    return undefined;
  }

  private remember(id: string, record: SyncRecord): void {
    this.options.store.set(this.recordKey(id), JSON.stringify(record));
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A 409's cloud project, when the error is the server's conflict answer. */
function conflictCurrent(error: unknown): CloudProject | undefined {
  if (!(error instanceof CloudHttpError) || error.status !== 409) return undefined;
  const body = error.body as Partial<ProjectConflictBody> | undefined;
  return body?.current && typeof body.current === 'object' ? body.current : undefined;
}

/** Saving the cloud's version on this device failed (a save race, a full disk): not the network. */
class LocalSaveError extends Error {
  constructor(cause: unknown) {
    super(`could not save it on this device: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** No answer at all (the network), as opposed to an answer with an error status. */
function isOffline(error: unknown): boolean {
  return !(error instanceof CloudHttpError) || error.status === 0 || error.status >= 502;
}

/** A short hash of the name and files (file order does not matter), kept per project. */
function fingerprint(name: string, files: Record<string, string>): string {
  const sorted = Object.keys(files)
    .sort()
    .map((key) => [key, files[key]]);
  return `${JSON.stringify(sorted).length}:${hash53(JSON.stringify([name, sorted]))}`;
}

/** cyrb53: a fast 53-bit string hash; collisions are negligible for telling versions apart. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
