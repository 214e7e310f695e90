/**
 * The project as storage sees it: a name, a MakeCode-style file map and bookkeeping. Storage is
 * generic over the files: it never parses pxt.json or main.ts, so formats can evolve without it.
 */

/** File name -> text, e.g. `pxt.json`, `main.blocks`, `main.ts`, `README.md`, `assets.json`. */
export type ProjectFiles = Readonly<Record<string, string>>;

/** What a list of projects shows: everything but the files. */
export interface ProjectSummary {
  readonly id: string;
  readonly name: string;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** Epoch milliseconds of the last change to the name or files. */
  readonly updatedAt: number;
  /** Grows by one with every change to the name or files; saves compare it (compare-and-set). */
  readonly revision: number;
  /** A PNG data URL of the simulator, when one has been taken. */
  readonly thumbnail?: string;
  /** Epoch milliseconds when the project went to the trash; absent while it is not trashed. */
  readonly trashedAt?: number;
}

export interface Project extends ProjectSummary {
  readonly files: ProjectFiles;
}

/**
 * Why a version of the files was recorded; the History panel shows it. 'cloud': brought from the
 * signed-in account (made or changed on another device).
 */
export type VersionReason = 'create' | 'save' | 'restore' | 'import' | 'duplicate' | 'example' | 'recovered' | 'cloud';

export interface ProjectVersionSummary {
  readonly projectId: string;
  /** The project revision these files had. */
  readonly revision: number;
  readonly savedAt: number;
  readonly name: string;
  readonly reason: VersionReason;
  /** For reason 'restore': the revision that was brought back. */
  readonly restoredFrom?: number;
  /** Total characters in the files, to show how big a version is. */
  readonly size: number;
}

export interface ProjectVersion extends ProjectVersionSummary {
  readonly files: ProjectFiles;
}

/**
 * An edit written in one blind, quick write when the page is going away (it may not live long
 * enough to finish a compare-and-set save). The next start reconciles it; see draft-recovery.ts.
 */
export interface ProjectDraft {
  readonly projectId: string;
  /** The revision the edit was made on top of. */
  readonly baseRevision: number;
  readonly name: string;
  readonly files: ProjectFiles;
  readonly stashedAt: number;
  /**
   * The editor session that made it (see edit-journal.ts). Recovery leaves alone the drafts of
   * sessions still open in another tab; drafts of older versions have none.
   */
  readonly session?: string;
}

/** A stored record that could not be read as a project. It is kept, never deleted. */
export interface DamagedRecord {
  /** The record's key (normally the project id). */
  readonly key: string;
  /** The name, if that much was readable. */
  readonly name?: string;
  /** What was wrong, in plain words (for logs and the recovery file, not for children). */
  readonly problem: string;
}

export interface ProjectListing {
  /** Every readable project, trashed ones included (they carry `trashedAt`). */
  readonly projects: readonly ProjectSummary[];
  readonly damaged: readonly DamagedRecord[];
}

/** Total characters of a file map. */
export function filesSize(files: ProjectFiles): number {
  let size = 0;
  for (const text of Object.values(files)) size += text.length;
  return size;
}

export function sameFiles(a: ProjectFiles, b: ProjectFiles): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/** A private copy, so callers can never change what a store holds. */
export function copyFiles(files: ProjectFiles): Record<string, string> {
  return { ...files };
}
