import type {
  Project,
  ProjectDraft,
  ProjectFiles,
  ProjectListing,
  ProjectSummary,
  ProjectVersion,
  ProjectVersionSummary,
  VersionReason,
} from './project.ts';
import type { JournalEntry, JournalSink } from './edit-journal.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';

export interface NewProject {
  name: string;
  files: ProjectFiles;
  thumbnail?: string;
  /** Recorded as the reason of the first version; 'create' when omitted. */
  origin?: Extract<VersionReason, 'create' | 'import' | 'duplicate' | 'example' | 'recovered' | 'cloud'>;
  /**
   * The id to use, for a project that already has one elsewhere (the account's copy of a project
   * made on another device). Throws 'failed' when a project here already has it. A fresh id when
   * omitted.
   */
  id?: string;
  /** Created straight into the trash (the account's copy is in the trash). */
  trashed?: boolean;
}

/** A save replaces whichever of these it names; the files map is replaced as a whole. */
export interface ProjectChanges {
  name?: string;
  files?: ProjectFiles;
  /** A PNG data URL, or null to remove the thumbnail. */
  thumbnail?: string | null;
}

export interface SaveOptions {
  /** The revision the changes were made on; any other current revision is a conflict. */
  expectedRevision: number;
  /** Recorded with the new version; 'save' when omitted. */
  reason?: Extract<VersionReason, 'save' | 'recovered' | 'cloud'>;
}

/**
 * The result of a compare-and-set save. A conflict is an expected outcome (another tab saved
 * first), so it is a value; failures (quota, database gone) throw ProjectStoreError.
 */
export type SaveResult = { status: 'saved'; project: Project } | { status: 'conflict'; current: Project };

/**
 * Where projects live. Implementations: MemoryProjectStore (tests, and the fallback when the
 * browser refuses a database) and the IndexedDB store in @blockyard/platform. Both pass the
 * contract suite in `@blockyard/projects/testing`.
 *
 * Every method either succeeds or throws a ProjectStoreError. Nothing here ever deletes a
 * project that is not in the trash, and nothing deletes a record it cannot read.
 */
export interface ProjectStore extends JournalSink {
  /** Every readable project (trashed ones too) and a report of the records that are damaged. */
  list(): Promise<ProjectListing>;
  /** Throws not-found, or damaged when the record exists but cannot be read. */
  get(id: string): Promise<Project>;
  create(project: NewProject): Promise<Project>;
  /** Compare-and-set: saves only if the project is still at `expectedRevision`. */
  save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult>;
  /** Renames whatever the current revision is (a rename cannot lose an edit). */
  rename(id: string, name: string): Promise<ProjectSummary>;
  /** A new project with the same files and the given name. */
  duplicate(id: string, name: string): Promise<Project>;
  /** Moves to the trash; the project keeps everything and can be restored. */
  trash(id: string): Promise<ProjectSummary>;
  /** Takes a project out of the trash. */
  restore(id: string): Promise<ProjectSummary>;
  /** Deletes a trashed project, its history and drafts for good; throws not-trashed otherwise. */
  purge(id: string): Promise<void>;

  /** Saved versions, newest first. */
  listVersions(id: string): Promise<ProjectVersionSummary[]>;
  getVersion(id: string, revision: number): Promise<ProjectVersion>;
  /** Saves the files of an old version as a new version (so restoring can itself be undone). */
  restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult>;

  /** One quick blind write of an unsaved edit, for a page that is going away. */
  stashDraft(draft: ProjectDraft): Promise<void>;
  /**
   * Unsaved edits: stashed drafts and what each session's edit journal adds up to (over the
   * revision it builds on), the newest one per project and session.
   */
  listDrafts(): Promise<ProjectDraft[]>;
  /**
   * Removes the drafts and journal entries of a project that are not newer than `stashedAt`
   * (all of them when omitted); with `session`, only that session's (and drafts without one).
   */
  discardDraft(projectId: string, stashedAt?: number, session?: string): Promise<void>;

  /** The edit journal (see edit-journal.ts): one entry per edit, written at once. */
  appendJournal(entry: JournalEntry): Promise<void>;
  rewriteJournal(session: string, entry: JournalEntry | null): Promise<void>;

  /** Everything readable, damaged records included as raw text, for a recovery download. */
  exportAll(): Promise<RecoveryBundle>;
}
