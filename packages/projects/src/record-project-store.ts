import type { Clock } from '@blockyard/core';
import { versionsToPrune } from './history-pruning.ts';
import {
  copyFiles,
  filesSize,
  sameFiles,
  type DamagedRecord,
  type Project,
  type ProjectDraft,
  type ProjectFiles,
  type ProjectListing,
  type ProjectSummary,
  type ProjectVersion,
  type ProjectVersionSummary,
  type VersionReason,
} from './project.ts';
import { checkProjectName, normalizeProjectName } from './project-name.ts';
import {
  readDraft,
  readFiles,
  readJournalEntry,
  readSummary,
  readVersionSummary,
  readableName,
} from './project-record.ts';
import { ProjectStoreError } from './project-store-error.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
import type { RecordArea, RecordDatabase, RecordTransaction } from './record-database.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';
import { discards, newestDrafts } from './draft-selection.ts';
import { recoveryFromRecords } from './recovery-from-records.ts';
import { replayedContent, replayJournal, type JournalEntry } from './edit-journal.ts';
import type { ProjectContent } from './merge-content.ts';

/** Every readable entry of the edit journal (unreadable ones stay where they are). */
async function readJournal(tx: RecordTransaction): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  for (const { value } of await tx.getAll('journal')) {
    const read = readJournalEntry(value);
    if (read.ok) entries.push(read.value);
  }
  return entries;
}

/** The sessions journaling a project, with the time of each one's newest entry. */
function sessionsOf(entries: readonly JournalEntry[], projectId: string): Map<string, number> {
  const sessions = new Map<string, number>();
  for (const entry of entries) {
    if (entry.projectId === projectId)
      sessions.set(entry.session, Math.max(entry.at, sessions.get(entry.session) ?? 0));
  }
  return sessions;
}

export interface RecordProjectStoreOptions {
  /** Must tell wall-clock time (epoch milliseconds): dates are stored and shown. */
  clock: Clock;
  /** New project ids; random UUIDs in the browser, counters in tests. */
  newId: () => string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const PROJECT_AREAS: readonly RecordArea[] = ['projects', 'files', 'versions', 'versionFiles'];
const ALL_AREAS: readonly RecordArea[] = ['projects', 'files', 'versions', 'versionFiles', 'drafts', 'journal'];
/** What reading drafts needs: the drafts, the journal and the revisions journals build on. */
const DRAFT_AREAS: readonly RecordArea[] = ['projects', 'files', 'versions', 'versionFiles', 'drafts', 'journal'];

/** Stashes of different sessions of one project live side by side. */
function draftKey(projectId: string, session: string | undefined): string {
  return session === undefined ? projectId : `${projectId}#${session}`;
}

function validName(name: string): string {
  const problem = checkProjectName(name);
  if (problem) throw new ProjectStoreError('invalid-name', `The project name is not allowed (${problem}).`);
  return normalizeProjectName(name);
}

function validFiles(files: unknown): ProjectFiles {
  const read = readFiles(files);
  if (!read.ok) throw new ProjectStoreError('invalid-files', `The project files are not valid: ${read.problem}.`);
  return read.value;
}

/** Ids given from outside (the account's projects): short, and safe as a record key and in a URL. */
function validId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new ProjectStoreError('failed', 'That project id cannot be used.');
  return id;
}

/** A counter-based id source, for tests and examples. */
export function sequentialIds(prefix = 'p'): () => string {
  let next = 1;
  return () => `${prefix}${next++}`;
}

/**
 * The rules of project storage, written once over any RecordDatabase: compare-and-set saves,
 * a version per save with pruning, the trash, drafts and the recovery export.
 */
export class RecordProjectStore implements ProjectStore {
  constructor(
    protected readonly db: RecordDatabase,
    private readonly options: RecordProjectStoreOptions,
  ) {}

  list(): Promise<ProjectListing> {
    return this.db.transact(['projects'], 'readonly', async (tx) => {
      const projects: ProjectSummary[] = [];
      const damaged: DamagedRecord[] = [];
      for (const { key, value } of await tx.getAll('projects')) {
        const read = readSummary(value);
        if (read.ok && read.value.id === key) projects.push(read.value);
        else {
          const name = readableName(value);
          const problem = read.ok ? 'the id does not match its key' : read.problem;
          damaged.push({ key: String(key), problem, ...(name === undefined ? {} : { name }) });
        }
      }
      return { projects, damaged };
    });
  }

  get(id: string): Promise<Project> {
    return this.db.transact(['projects', 'files'], 'readonly', (tx) => this.read(tx, id));
  }

  async create(input: NewProject): Promise<Project> {
    const name = validName(input.name);
    const files = validFiles(input.files);
    const wanted = input.id === undefined ? undefined : validId(input.id);
    return this.db.transact(PROJECT_AREAS, 'readwrite', async (tx) => {
      const id = wanted ?? (await this.freshId(tx));
      if (
        wanted !== undefined &&
        ((await tx.get('projects', id)) !== undefined || (await tx.get('files', id)) !== undefined)
      )
        throw new ProjectStoreError('failed', `There is already a project ${id}.`);
      const now = this.options.clock.now();
      const summary: Mutable<ProjectSummary> = { id, name, createdAt: now, updatedAt: now, revision: 1 };
      if (input.thumbnail !== undefined) summary.thumbnail = input.thumbnail;
      if (input.trashed === true) summary.trashedAt = now;
      tx.put('projects', id, summary);
      tx.put('files', id, { files });
      await this.addVersion(tx, summary, files, input.origin ?? 'create');
      return { ...summary, files: copyFiles(files) };
    });
  }

  async save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    const name = changes.name === undefined ? undefined : validName(changes.name);
    const files = changes.files === undefined ? undefined : validFiles(changes.files);
    return this.db.transact(PROJECT_AREAS, 'readwrite', async (tx) => {
      const current = await this.read(tx, id);
      if (current.revision !== options.expectedRevision) return { status: 'conflict', current };
      return this.write(tx, current, { name, files, thumbnail: changes.thumbnail }, options.reason ?? 'save');
    });
  }

  async rename(id: string, name: string): Promise<ProjectSummary> {
    const newName = validName(name);
    return this.db.transact(['projects'], 'readwrite', async (tx) => {
      const summary = await this.readSummaryOf(tx, id);
      if (summary.name === newName) return summary;
      const renamed = {
        ...summary,
        name: newName,
        revision: summary.revision + 1,
        updatedAt: this.options.clock.now(),
      };
      tx.put('projects', id, renamed);
      return renamed;
    });
  }

  async duplicate(id: string, name: string): Promise<Project> {
    const newName = validName(name);
    return this.db.transact(PROJECT_AREAS, 'readwrite', async (tx) => {
      const source = await this.read(tx, id);
      const copyId = await this.freshId(tx);
      const now = this.options.clock.now();
      const summary: Mutable<ProjectSummary> = {
        id: copyId,
        name: newName,
        createdAt: now,
        updatedAt: now,
        revision: 1,
      };
      if (source.thumbnail !== undefined) summary.thumbnail = source.thumbnail;
      tx.put('projects', copyId, summary);
      tx.put('files', copyId, { files: source.files });
      await this.addVersion(tx, summary, source.files, 'duplicate');
      return { ...summary, files: copyFiles(source.files) };
    });
  }

  trash(id: string): Promise<ProjectSummary> {
    return this.db.transact(['projects'], 'readwrite', async (tx) => {
      const summary = await this.readSummaryOf(tx, id);
      if (summary.trashedAt !== undefined) return summary;
      const trashed = { ...summary, trashedAt: this.options.clock.now() };
      tx.put('projects', id, trashed);
      return trashed;
    });
  }

  restore(id: string): Promise<ProjectSummary> {
    return this.db.transact(['projects'], 'readwrite', async (tx) => {
      const { trashedAt, ...restored } = await this.readSummaryOf(tx, id);
      if (trashedAt !== undefined) tx.put('projects', id, restored);
      return restored;
    });
  }

  purge(id: string): Promise<void> {
    return this.db.transact(ALL_AREAS, 'readwrite', async (tx) => {
      const summary = await this.readSummaryOf(tx, id);
      if (summary.trashedAt === undefined)
        throw new ProjectStoreError('not-trashed', 'Only projects in the trash can be deleted for good.');
      tx.delete('projects', id);
      tx.delete('files', id);
      for (const { key, value } of await tx.getAll('drafts')) {
        const read = readDraft(value);
        if (key === id || (read.ok && read.value.projectId === id)) tx.delete('drafts', key);
      }
      for (const session of sessionsOf(await readJournal(tx), id).keys()) tx.deleteAllOfProject('journal', session);
      tx.deleteAllOfProject('versions', id);
      tx.deleteAllOfProject('versionFiles', id);
    });
  }

  listVersions(id: string): Promise<ProjectVersionSummary[]> {
    return this.db.transact(['projects', 'versions'], 'readonly', async (tx) => {
      await this.readSummaryOf(tx, id);
      const versions: ProjectVersionSummary[] = [];
      for (const { value } of await tx.getAllOfProject('versions', id)) {
        const read = readVersionSummary(value);
        if (read.ok) versions.push(read.value);
      }
      return versions.sort((a, b) => b.revision - a.revision);
    });
  }

  getVersion(id: string, revision: number): Promise<ProjectVersion> {
    return this.db.transact(['versions', 'versionFiles'], 'readonly', (tx) => this.readVersion(tx, id, revision));
  }

  restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    return this.db.transact(PROJECT_AREAS, 'readwrite', async (tx) => {
      const version = await this.readVersion(tx, id, revision);
      const current = await this.read(tx, id);
      if (current.revision !== options.expectedRevision) return { status: 'conflict', current };
      return this.write(tx, current, { files: version.files }, 'restore', revision);
    });
  }

  stashDraft(draft: ProjectDraft): Promise<void> {
    const value: ProjectDraft = {
      projectId: draft.projectId,
      baseRevision: draft.baseRevision,
      name: draft.name,
      files: copyFiles(draft.files),
      stashedAt: draft.stashedAt,
      ...(draft.session === undefined ? {} : { session: draft.session }),
    };
    return this.db.putNow('drafts', draftKey(draft.projectId, draft.session), value);
  }

  listDrafts(): Promise<ProjectDraft[]> {
    return this.db.transact(DRAFT_AREAS, 'readonly', async (tx) => {
      const drafts: ProjectDraft[] = [];
      for (const { value } of await tx.getAll('drafts')) {
        const read = readDraft(value);
        if (read.ok) drafts.push(read.value);
      }
      return newestDrafts([...drafts, ...(await this.journalDrafts(tx))]);
    });
  }

  discardDraft(projectId: string, stashedAt?: number, session?: string): Promise<void> {
    return this.db.transact(['drafts', 'journal'], 'readwrite', async (tx) => {
      for (const { key, value } of await tx.getAll('drafts')) {
        const read = readDraft(value);
        // An unreadable draft is kept for the recovery file, like every damaged record.
        if (read.ok && discards(read.value, projectId, stashedAt, session)) tx.delete('drafts', key);
      }
      for (const [name, newest] of sessionsOf(await readJournal(tx), projectId)) {
        // The session named was recovered as a whole (even the entries after a broken one);
        // others only when nothing in them is newer than what was recovered.
        if (session === undefined ? stashedAt === undefined || newest <= stashedAt : name === session)
          tx.deleteAllOfProject('journal', name);
      }
    });
  }

  appendJournal(entry: JournalEntry): Promise<void> {
    return this.db.putNow('journal', [entry.session, entry.seq], entry, 'relaxed');
  }

  rewriteJournal(session: string, entry: JournalEntry | null): Promise<void> {
    return this.db.transact(
      ['journal'],
      'readwrite',
      (tx) => {
        tx.deleteAllOfProject('journal', session);
        if (entry) tx.put('journal', [entry.session, entry.seq], entry);
        return Promise.resolve();
      },
      'relaxed',
    );
  }

  exportAll(): Promise<RecoveryBundle> {
    return this.db.transact(DRAFT_AREAS, 'readonly', async (tx) => {
      const bundle = recoveryFromRecords(this.options.clock.now(), {
        projects: await tx.getAll('projects'),
        files: await tx.getAll('files'),
        drafts: await tx.getAll('drafts'),
      });
      const journaled = await this.journalDrafts(tx);
      return journaled.length ? { ...bundle, drafts: [...bundle.drafts, ...journaled] } : bundle;
    });
  }

  /** What each session's journal adds up to, as drafts over the revision it builds on. */
  private async journalDrafts(tx: RecordTransaction): Promise<ProjectDraft[]> {
    const drafts: ProjectDraft[] = [];
    for (const replay of replayJournal(await readJournal(tx))) {
      const base = await this.journalBase(tx, replay.projectId, replay.baseRevision);
      const content = replayedContent(replay, base ?? { name: replay.name ?? 'Recovered project', files: {} });
      drafts.push({
        projectId: replay.projectId,
        baseRevision: replay.baseRevision,
        name: content.name,
        files: content.files,
        stashedAt: replay.at,
        session: replay.session,
      });
    }
    return drafts;
  }

  /**
   * The content a journal builds on: that revision's version, else (a rename has no version of
   * its own, pruning may have taken it) the project as it is now; null when it is gone.
   */
  private async journalBase(tx: RecordTransaction, id: string, revision: number): Promise<ProjectContent | null> {
    try {
      const version = await this.readVersion(tx, id, revision);
      return { name: version.name, files: version.files };
    } catch {
      try {
        const current = await this.read(tx, id);
        return { name: current.name, files: current.files };
      } catch {
        return null;
      }
    }
  }

  private async freshId(tx: RecordTransaction): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const id = this.options.newId();
      if ((await tx.get('projects', id)) === undefined && (await tx.get('files', id)) === undefined) return id;
    }
    throw new ProjectStoreError('failed', 'Could not find a free project id.');
  }

  private async readSummaryOf(tx: RecordTransaction, id: string): Promise<ProjectSummary> {
    const value = await tx.get('projects', id);
    if (value === undefined) throw new ProjectStoreError('not-found', `There is no project ${id}.`);
    const read = readSummary(value);
    if (!read.ok) throw new ProjectStoreError('damaged', `The project ${id} cannot be read: ${read.problem}.`);
    return read.value;
  }

  private async read(tx: RecordTransaction, id: string): Promise<Project> {
    const summary = await this.readSummaryOf(tx, id);
    const read = readFiles(((await tx.get('files', id)) as { files?: unknown } | undefined)?.files);
    if (!read.ok) throw new ProjectStoreError('damaged', `The files of project ${id} cannot be read: ${read.problem}.`);
    return { ...summary, files: read.value };
  }

  private async readVersion(tx: RecordTransaction, id: string, revision: number): Promise<ProjectVersion> {
    const meta = await tx.get('versions', [id, revision]);
    if (meta === undefined) throw new ProjectStoreError('not-found', `Project ${id} has no version ${revision}.`);
    const summary = readVersionSummary(meta);
    const files = readFiles(((await tx.get('versionFiles', [id, revision])) as { files?: unknown } | undefined)?.files);
    if (!summary.ok || !files.ok)
      throw new ProjectStoreError('damaged', `Version ${revision} of project ${id} cannot be read.`);
    return { ...summary.value, files: files.value };
  }

  /** Applies changes to a project already checked for its revision. */
  private async write(
    tx: RecordTransaction,
    current: Project,
    changes: { name?: string | undefined; files?: ProjectFiles | undefined; thumbnail?: string | null | undefined },
    reason: VersionReason,
    restoredFrom?: number,
  ): Promise<SaveResult> {
    const nameChanged = changes.name !== undefined && changes.name !== current.name;
    const filesChanged = changes.files !== undefined && !sameFiles(changes.files, current.files);
    const thumbnailChanged = changes.thumbnail !== undefined && (changes.thumbnail ?? undefined) !== current.thumbnail;
    if (!nameChanged && !filesChanged && !thumbnailChanged) return { status: 'saved', project: current };
    const { files: currentFiles, thumbnail: _thumbnail, ...rest } = current;
    const summary: Mutable<ProjectSummary> = { ...rest };
    const thumbnail = changes.thumbnail === undefined ? current.thumbnail : (changes.thumbnail ?? undefined);
    if (thumbnail !== undefined) summary.thumbnail = thumbnail;
    const files = filesChanged && changes.files ? changes.files : currentFiles;
    // A new thumbnail alone is not an edit: it keeps the revision, so it never causes a conflict.
    if (nameChanged || filesChanged) {
      summary.revision = current.revision + 1;
      summary.updatedAt = this.options.clock.now();
      if (nameChanged && changes.name !== undefined) summary.name = changes.name;
    }
    tx.put('projects', current.id, summary);
    if (filesChanged) {
      tx.put('files', current.id, { files });
      await this.addVersion(tx, summary, files, reason, restoredFrom);
    }
    return { status: 'saved', project: { ...summary, files: copyFiles(files) } };
  }

  private async addVersion(
    tx: RecordTransaction,
    project: ProjectSummary,
    files: ProjectFiles,
    reason: VersionReason,
    restoredFrom?: number,
  ): Promise<void> {
    const version: Mutable<ProjectVersionSummary> = {
      projectId: project.id,
      revision: project.revision,
      savedAt: this.options.clock.now(),
      name: project.name,
      reason,
      size: filesSize(files),
    };
    if (restoredFrom !== undefined) version.restoredFrom = restoredFrom;
    tx.put('versions', [project.id, project.revision], version);
    tx.put('versionFiles', [project.id, project.revision], { files });
    await this.prune(tx, project.id);
  }

  private async prune(tx: RecordTransaction, projectId: string): Promise<void> {
    const stamps = [];
    for (const { value } of await tx.getAllOfProject('versions', projectId)) {
      const read = readVersionSummary(value);
      if (read.ok) stamps.push(read.value);
    }
    for (const revision of versionsToPrune(stamps, this.options.clock.now())) {
      tx.delete('versions', [projectId, revision]);
      tx.delete('versionFiles', [projectId, revision]);
    }
  }
}
