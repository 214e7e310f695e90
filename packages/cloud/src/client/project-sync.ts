import { textHash, type Clock, type KeyValueStore, type TimerHandle } from '@blockyard/core';
import { isLegacyFingerprint, legacyFingerprint } from './legacy-fingerprint.ts';
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
/** While signed in, the account's projects are looked at this often (new ones, the trash). */
export const PROJECT_POLL_MS = 60_000;

/** A project on this device as the sync sees it. */
export interface LocalProject {
  readonly id: string;
  readonly name: string;
  readonly files: Record<string, string>;
  readonly trashed: boolean;
}

/** What the sync needs of the local projects (the web app adapts its ProjectStore). */
export interface LocalProjects {
  /** Every project here, those in the trash too. */
  list(): Promise<ReadonlyArray<{ readonly id: string }>>;
  /** Undefined when there is no such project here; throws when it is there but cannot be read. */
  get(id: string): Promise<LocalProject | undefined>;
  /**
   * Replaces the local project's name and files (a new local version: the old one stays in its
   * history); returns what was stored (the name may be fitted to this device's rules).
   */
  replace(id: string, name: string, files: Record<string, string>): Promise<LocalProject>;
  /**
   * A new local project: under `id` when given (the account's project), else a fresh id (the
   * other device's version kept beside this one); in the trash when asked. Returns what was stored.
   */
  create(project: {
    readonly name: string;
    readonly files: Record<string, string>;
    readonly id?: string;
    readonly trashed?: boolean;
  }): Promise<LocalProject>;
  /** Moves it to the trash here, or out of it. */
  setTrashed(id: string, trashed: boolean): Promise<void>;
  /** Deletes it here for good (through the trash: it is moved there first when it is not). */
  purge(id: string): Promise<void>;
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
  /**
   * How long the local trash keeps a project (the projects package's TRASH_RETENTION_MS): a
   * project missing here counts as expired from the trash only once that long has passed.
   */
  readonly trashRetentionMs: number;
  readonly log?: (message: string) => void;
}

/** What this device last agreed with the cloud about one project. */
interface SyncRecord {
  /** The cloud revision the project was last in step with. */
  revision: number;
  /** A fingerprint of the name and files at that moment. */
  fingerprint: string;
  /** Whether it was in the trash then. */
  trashed: boolean;
  /** Deleted for good on this device since: the account's copy goes too (if nobody changed it). */
  purged?: true;
  /**
   * Deleted for good here while nobody was signed in: whoever did it may not be this account's
   * owner (a shared classroom computer), so the account's copy goes to the trash, not away.
   */
  purgedSignedOut?: true;
}

interface Entry {
  status: CloudStatus;
  conflict?: SyncConflict;
}

const RECORD_PREFIX = 'blockyard.cloudSync.';
/** Projects deleted for good here while signed out (a JSON array of ids, oldest first). */
const SIGNED_OUT_PURGES_KEY = 'blockyard.cloudSync.purgedSignedOut';
/** At most this many are remembered (the oldest go first). */
const MAX_SIGNED_OUT_PURGES = 500;

/**
 * Cloud projects (spec 000 §3-§4): while signed in, every local project is kept in step with
 * the account's copy through the server's compare-and-set (`PUT /api/projects/{id}` on the
 * revision last agreed). Statuses go localEdits -> syncing -> justSynced -> synced; offline and
 * conflict are the error states. Offline, changes wait and are tried again (1 s, doubling).
 * A conflict (both sides changed) never loses work: nothing is overwritten until the learner
 * chooses, and every choice keeps the other version (in the local or the cloud history, or as
 * a second project).
 *
 * The account's projects come here too: one this device has never had is made here under the
 * same id (in the trash if it is in the account's trash). The trash follows the account: moving
 * to the trash and back is part of what is kept in step; deleting for good here deletes the
 * account's copy only if nobody changed it since (otherwise it comes back here), and a project
 * deleted for good elsewhere is deleted here only if it was in the trash here and unchanged
 * (otherwise this device's version is kept, and sent to the account again).
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
    this.applySignedOutPurges();
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

  /** Looks at all of the account's projects soon (the page came back into view, the list opened). */
  refresh(): void {
    if (this.user !== null) this.scheduleAll(0);
  }

  /**
   * A local project was saved, created, renamed, or moved to or from the trash: it has local
   * edits and is sent shortly.
   */
  changed(id: string): void {
    if (this.user === null) return;
    const entry = this.entries.get(id);
    if (entry?.status !== 'conflict') this.set(id, { status: 'localEdits' });
    this.dirty.add(id);
    this.schedule(PROJECT_SYNC_DELAY_MS);
  }

  /**
   * A local project was deleted for good (signed in or not). Only this tells a deliberate
   * deletion from a project that is simply missing here (storage cleared, a memory-only store):
   * the latter is brought back from the account, never deleted there.
   */
  purged(id: string): void {
    if (this.user === null) {
      // Signed out: the records are per account and none is known now, so the deletion is kept
      // here and applied to the next account that signs in and had this project in step, as a
      // move to the trash (it may not have been that account's owner at the keyboard).
      this.rememberSignedOutPurge(id);
      return;
    }
    const record = this.record(id);
    if (record) this.remember(id, { ...record, purged: true });
    if (this.entries.delete(id)) this.notify();
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
   * then sends this one. The trash goes with the version chosen.
   */
  async resolve(id: string, choice: ConflictChoice): Promise<void> {
    const conflict = this.entries.get(id)?.conflict;
    if (!conflict || this.user === null) return;
    const { cloud } = conflict;
    if (choice === 'theirs') {
      const local = await this.options.local.get(id);
      const stored = await this.writeLocal(id, local, cloud);
      this.agree(id, cloud.revision, stored);
      this.markSynced(id);
      return;
    }
    if (choice === 'both') {
      await this.options.local.create({
        name: this.options.copyName(cloud.name),
        files: cloud.files,
        trashed: cloud.deleted,
      });
    }
    // Send this device's version on top of the cloud's current revision.
    this.remember(id, { revision: cloud.revision, fingerprint: '', trashed: cloud.deleted });
    this.set(id, { status: 'localEdits' });
    this.dirty.add(id);
    await this.syncNow();
  }

  private rememberSignedOutPurge(id: string): void {
    const ids = [...this.signedOutPurges().filter((other) => other !== id), id];
    this.options.store.set(SIGNED_OUT_PURGES_KEY, JSON.stringify(ids.slice(-MAX_SIGNED_OUT_PURGES)));
  }

  /** Ids deleted for good here while nobody was signed in, oldest first (damaged: none). */
  private signedOutPurges(): string[] {
    try {
      const saved = JSON.parse(this.options.store.get(SIGNED_OUT_PURGES_KEY) ?? '[]') as unknown;
      return Array.isArray(saved) ? saved.filter(isProjectId) : [];
    } catch {
      return [];
    }
  }

  /**
   * The projects deleted for good while signed out that this account had in step become
   * deletions of this account (the round sends them, compare-and-set as always); the others
   * wait for their own account.
   */
  private applySignedOutPurges(): void {
    const ids = this.signedOutPurges();
    if (ids.length === 0) return;
    const waiting: string[] = [];
    for (const id of ids) {
      const record = this.record(id);
      if (record) this.remember(id, { ...record, purgedSignedOut: true });
      else waiting.push(id);
    }
    if (waiting.length === 0) this.options.store.remove(SIGNED_OUT_PURGES_KEY);
    else this.options.store.set(SIGNED_OUT_PURGES_KEY, JSON.stringify(waiting));
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

  /** Nothing else to do: the account is looked at again in a while (projects made elsewhere). */
  private schedulePoll(): void {
    if (this.timer !== null || this.user === null) return;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      this.dirty.add('*');
      void this.syncNow();
    }, PROJECT_POLL_MS);
  }

  private async round(): Promise<void> {
    const user = this.user;
    if (user === null) return;
    // This round takes everything waiting, so a timer set for it is spent.
    if (this.timer !== null) this.options.clock.clear(this.timer);
    this.timer = null;
    if (this.dirty.size === 0) {
      this.schedulePoll();
      return;
    }
    const all = this.dirty.has('*');
    const wanted = [...this.dirty].filter((id) => id !== '*');
    this.dirty.clear();
    let offline = false;
    try {
      const cloud = new Map(
        (await this.options.api.call<CloudProjectSummary[]>('GET', '/api/projects'))
          .filter((p) => isProjectId(p.id))
          .map((p) => [p.id, p]),
      );
      const ids = all
        ? [...new Set([...(await this.options.local.list()).map((p) => p.id), ...cloud.keys(), ...wanted])]
        : wanted;
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
    if (this.user !== user) return;
    if (offline) {
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
      this.schedulePoll();
    }
  }

  private async syncOne(id: string, cloud: CloudProjectSummary | undefined): Promise<void> {
    if (this.entries.get(id)?.status === 'conflict') return; // waits for the learner's choice
    let local: LocalProject | undefined;
    try {
      local = await this.options.local.get(id);
    } catch {
      return; // there but unreadable here: left alone (recovery keeps it), nothing sent or taken
    }
    const record = this.record(id);
    if (!local) {
      await this.syncMissing(id, cloud, record);
      return;
    }
    const print = fingerprint(local.name, local.files);
    const samePrint =
      record !== undefined &&
      (isLegacyFingerprint(record.fingerprint)
        ? record.fingerprint === legacyFingerprint(local.name, local.files)
        : record.fingerprint === print);
    const localMoved = record === undefined || !samePrint || record.trashed !== local.trashed;
    if (!cloud) {
      if (record && !localMoved) {
        // Deleted for good on another device, and this one had not changed it since.
        if (local.trashed) {
          await this.options.local.purge(id).catch((error: unknown) => Promise.reject(new LocalSaveError(error)));
          this.forget(id);
          return;
        }
        // It was never in the trash here: it goes there (here and in the account), never lost.
        await this.options.local
          .setTrashed(id, true)
          .catch((error: unknown) => Promise.reject(new LocalSaveError(error)));
        local = { ...local, trashed: true };
      }
      // New here, or changed here since another device deleted it: sent as a new project.
      await this.send(id, local, print, 0);
      return;
    }
    const cloudMoved = cloud.revision !== (record?.revision ?? 0);
    if (!localMoved && !cloudMoved) {
      this.set(id, { status: 'synced' });
      return;
    }
    if (cloudMoved && !localMoved) {
      await this.bring(id, local); // only the other device changed it
      return;
    }
    await this.send(id, local, print, record?.revision ?? 0);
  }

  /** A project the account has (or had) that is not on this device. */
  private async syncMissing(id: string, cloud: CloudProjectSummary | undefined, record: SyncRecord | undefined) {
    if (!cloud) {
      this.forget(id); // gone everywhere
      return;
    }
    // Deleted here on purpose, or gone from the trash here because its days ran out (perhaps
    // before this sync started): the account's copy goes too, unless it changed since. Missing
    // from the trash sooner means storage was lost here: it is brought back (below).
    const expired =
      record?.trashed === true &&
      cloud.deleted &&
      this.options.clock.now() - cloud.updatedAt >= this.options.trashRetentionMs;
    if (record?.purgedSignedOut === true && cloud.revision === record.revision) {
      // Deleted here while signed out: the project comes back into the trash, here and in the
      // account, where its days run out as any trashed project's do; nothing is lost at once.
      const full = await this.options.api.call<CloudProject>('GET', `/api/projects/${encodeURIComponent(id)}`);
      let stored: LocalProject;
      try {
        stored = await this.options.local.create({ id, name: full.name, files: full.files, trashed: true });
      } catch (error) {
        throw new LocalSaveError(error);
      }
      await this.send(id, stored, fingerprint(stored.name, stored.files), full.revision);
      return;
    }
    const deletedHere = record !== undefined && (record.purged === true || expired);
    if (deletedHere && cloud.revision === record.revision) {
      try {
        await this.options.api.call(
          'DELETE',
          `/api/projects/${encodeURIComponent(id)}/forever?baseRevision=${record.revision}`,
        );
        this.forget(id);
        return;
      } catch (error) {
        // Changed on another device after it was deleted here: it comes back (below).
        if (!conflictCurrent(error)) throw error;
      }
    }
    // Made on another device, missing here without having been deleted here (storage cleared),
    // or changed elsewhere after it was deleted here: the account's copy is brought here.
    await this.bring(id, undefined);
  }

  /** Puts the account's current version here (made here when it is not). */
  private async bring(id: string, local: LocalProject | undefined): Promise<void> {
    const full = await this.options.api.call<CloudProject>('GET', `/api/projects/${encodeURIComponent(id)}`);
    const stored = await this.writeLocal(id, local, full);
    this.agree(id, full.revision, stored);
    this.markSynced(id);
  }

  /** Makes the project here look like `cloud` (files, name, trash), keeping the old in history. */
  private async writeLocal(id: string, local: LocalProject | undefined, cloud: CloudProject): Promise<LocalProject> {
    const { local: projects } = this.options;
    try {
      if (!local) return await projects.create({ id, name: cloud.name, files: cloud.files, trashed: cloud.deleted });
      let stored = local;
      if (fingerprint(local.name, local.files) !== fingerprint(cloud.name, cloud.files)) {
        stored = await projects.replace(id, cloud.name, cloud.files);
      }
      if (stored.trashed !== cloud.deleted) {
        await projects.setTrashed(id, cloud.deleted);
        stored = { ...stored, trashed: cloud.deleted };
      }
      return stored;
    } catch (error) {
      throw new LocalSaveError(error);
    }
  }

  /** Sends this device's version (name, files, trash) on top of `baseRevision`. */
  private async send(id: string, local: LocalProject, print: string, baseRevision: number): Promise<void> {
    this.set(id, { status: 'syncing' });
    try {
      const answer = await this.options.api.call<{ project: CloudProjectSummary }>(
        'PUT',
        `/api/projects/${encodeURIComponent(id)}`,
        { name: local.name, files: local.files, baseRevision, trashed: local.trashed },
      );
      // Deleted for good here while the save was on its way: that stays known for the next round.
      const purged = this.record(id)?.purged === true;
      this.remember(id, {
        revision: answer.project.revision,
        fingerprint: print,
        trashed: local.trashed,
        ...(purged ? { purged: true as const } : {}),
      });
      if (purged) this.dirty.add(id);
      else this.markSynced(id);
    } catch (error) {
      const current = conflictCurrent(error);
      if (!current) {
        if (isOffline(error)) throw error;
        this.options.log?.(`Cloud projects: ${error instanceof Error ? error.message : String(error)}`);
        this.set(id, { status: 'localEdits' });
        return;
      }
      if (fingerprint(current.name, current.files) !== print) {
        this.set(id, { status: 'conflict', conflict: { cloud: current } });
        return;
      }
      // The same name and files (a repeat of our own save, or the same change made twice).
      if (current.deleted === local.trashed) {
        this.agree(id, current.revision, local);
        this.markSynced(id);
      } else if (local.trashed) {
        // One side put it in the trash while the other kept it or took it out: out of the trash
        // wins, so nothing disappears from a device that still uses it.
        const stored = await this.writeLocal(id, local, current);
        this.agree(id, current.revision, stored);
        this.markSynced(id);
      } else {
        await this.send(id, local, print, current.revision);
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
        return {
          revision: parsed.revision,
          fingerprint: parsed.fingerprint,
          trashed: parsed.trashed === true,
          ...(parsed.purged === true ? { purged: true as const } : {}),
          ...(parsed.purgedSignedOut === true ? { purgedSignedOut: true as const } : {}),
        };
      }
    } catch {
      // damaged: as if never synced (the server's compare-and-set still protects the cloud copy)
    }
    return undefined;
  }

  /** This device and the account agree on `revision`, which is what is stored here now. */
  private agree(id: string, revision: number, stored: LocalProject): void {
    this.remember(id, { revision, fingerprint: fingerprint(stored.name, stored.files), trashed: stored.trashed });
  }

  private remember(id: string, record: SyncRecord): void {
    this.options.store.set(this.recordKey(id), JSON.stringify(record));
  }

  /** Gone here and in the account: nothing more to keep in step. */
  private forget(id: string): void {
    this.options.store.remove(this.recordKey(id));
    const timer = this.justSyncedTimers.get(id);
    if (timer !== undefined) this.options.clock.clear(timer);
    this.justSyncedTimers.delete(id);
    if (this.entries.delete(id)) this.notify();
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

/** The ids the server accepts (and this device may store under): nothing else is taken. */
function isProjectId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

/** A short hash of the name and files (file order does not matter), kept per project. */
function fingerprint(name: string, files: Record<string, string>): string {
  const names = Object.keys(files).sort();
  return textHash([name, ...names.flatMap((key) => [key, files[key] ?? ''])]);
}
