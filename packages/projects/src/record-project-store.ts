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
import { readDraft, readFiles, readSummary, readVersionSummary, readableName } from './project-record.ts';
import { ProjectStoreError } from './project-store-error.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
import type { RecordArea, RecordDatabase, RecordTransaction } from './record-database.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';
import { recoveryFromRecords } from './recovery-from-records.ts';

export interface RecordProjectStoreOptions {
  /** Must tell wall-clock time (epoch milliseconds): dates are stored and shown. */
  clock: Clock;
  /** New project ids; random UUIDs in the browser, counters in tests. */
  newId: () => string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const PROJECT_AREAS: readonly RecordArea[] = ['projects', 'files', 'versions', 'versionFiles'];
const ALL_AREAS: readonly RecordArea[] = ['projects', 'files', 'versions', 'versionFiles', 'drafts'];

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
    return this.db.transact(PROJECT_AREAS, 'readwrite', async (tx) => {
      const id = await this.freshId(tx);
      const now = this.options.clock.now();
      const summary: Mutable<ProjectSummary> = { id, name, createdAt: now, updatedAt: now, revision: 1 };
      if (input.thumbnail !== undefined) summary.thumbnail = input.thumbnail;
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
      tx.delete('drafts', id);
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
    };
    return this.db.putNow('drafts', draft.projectId, value);
  }

  listDrafts(): Promise<ProjectDraft[]> {
    return this.db.transact(['drafts'], 'readonly', async (tx) => {
      const drafts: ProjectDraft[] = [];
      for (const { value } of await tx.getAll('drafts')) {
        const read = readDraft(value);
        if (read.ok) drafts.push(read.value);
      }
      return drafts;
    });
  }

  discardDraft(projectId: string, stashedAt?: number): Promise<void> {
    return this.db.transact(['drafts'], 'readwrite', async (tx) => {
      const read = readDraft(await tx.get('drafts', projectId));
      // An unreadable draft is kept for the recovery file, like every damaged record.
      if (read.ok && (stashedAt === undefined || read.value.stashedAt <= stashedAt)) tx.delete('drafts', projectId);
    });
  }

  exportAll(): Promise<RecoveryBundle> {
    return this.db.transact(['projects', 'files', 'drafts'], 'readonly', async (tx) =>
      recoveryFromRecords(this.options.clock.now(), {
        projects: await tx.getAll('projects'),
        files: await tx.getAll('files'),
        drafts: await tx.getAll('drafts'),
      }),
    );
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
