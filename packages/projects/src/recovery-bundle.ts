/**
 * The recovery file: everything a store could read, in one JSON document the learner can
 * download and later import again. Damaged records travel as raw text so nothing is thrown away
 * even when we cannot make sense of it.
 */
import type { Project, ProjectDraft } from './project.ts';
import { readDraft, readFiles, readSummary } from './project-record.ts';

const RECOVERY_FORMAT = 'blockyard-recovery';
const RECOVERY_FORMAT_VERSION = 1;

export interface DamagedRecordCopy {
  /** Which part of storage the record came from (e.g. "projects", "files"). */
  readonly area: string;
  readonly key: string;
  readonly problem: string;
  /** The record as text, as far as it could be turned into text. */
  readonly raw: string;
}

export interface RecoveryBundle {
  readonly format: typeof RECOVERY_FORMAT;
  readonly version: typeof RECOVERY_FORMAT_VERSION;
  readonly exportedAt: number;
  /** Every readable project with its files, trashed ones included. */
  readonly projects: readonly Project[];
  /** Unsaved edits that were stashed when a page closed. */
  readonly drafts: readonly ProjectDraft[];
  readonly damaged: readonly DamagedRecordCopy[];
}

export function createRecoveryBundle(
  exportedAt: number,
  projects: readonly Project[],
  drafts: readonly ProjectDraft[] = [],
  damaged: readonly DamagedRecordCopy[] = [],
): RecoveryBundle {
  return { format: RECOVERY_FORMAT, version: RECOVERY_FORMAT_VERSION, exportedAt, projects, drafts, damaged };
}

export function serializeRecoveryBundle(bundle: RecoveryBundle): string {
  return JSON.stringify(bundle, null, 1);
}

/** A file name for the download, e.g. `blockyard-recovery-2026-05-01.json`. */
export function recoveryFileName(exportedAt: number): string {
  return `blockyard-recovery-${new Date(exportedAt).toISOString().slice(0, 10)}.json`;
}

/** True when a parsed JSON value claims to be a recovery bundle (its projects may still be bad). */
export function looksLikeRecoveryBundle(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === RECOVERY_FORMAT;
}

/**
 * The projects and drafts of a parsed recovery file that are readable; unreadable entries are
 * counted, not thrown at the caller.
 */
export function readRecoveryBundle(value: unknown): { projects: Project[]; drafts: ProjectDraft[]; skipped: number } {
  const result = { projects: [] as Project[], drafts: [] as ProjectDraft[], skipped: 0 };
  if (!looksLikeRecoveryBundle(value)) return result;
  const { projects, drafts } = value as { projects?: unknown; drafts?: unknown };
  for (const entry of Array.isArray(projects) ? (projects as unknown[]) : []) {
    const summary = readSummary(entry);
    const files = readFiles((entry as { files?: unknown } | null)?.files);
    if (summary.ok && files.ok) result.projects.push({ ...summary.value, files: files.value });
    else result.skipped++;
  }
  for (const entry of Array.isArray(drafts) ? (drafts as unknown[]) : []) {
    const draft = readDraft(entry);
    if (draft.ok) result.drafts.push(draft.value);
    else result.skipped++;
  }
  return result;
}
