/**
 * The trash: deleting a project only moves it there; it stays restorable for 30 days and is
 * purged at the first start after that. Only projects in the trash are ever purged.
 */
import type { ProjectSummary } from './project.ts';
import type { ProjectStore } from './project-store.ts';

const TRASH_RETENTION_DAYS = 30;
export const TRASH_RETENTION_MS = TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** When a trashed project will be deleted for good; null if it is not in the trash. */
export function trashExpiresAt(project: ProjectSummary): number | null {
  return project.trashedAt === undefined ? null : project.trashedAt + TRASH_RETENTION_MS;
}

export function isTrashExpired(project: ProjectSummary, now: number): boolean {
  const expires = trashExpiresAt(project);
  return expires !== null && expires <= now;
}

export interface TrashPurgeReport {
  readonly purged: readonly string[];
  /** Expired but not purged (storage refused); tried again at the next start. */
  readonly failed: readonly string[];
}

/** Purges every project that has been in the trash for 30 days or more. Never throws. */
export async function purgeExpiredTrash(store: ProjectStore, now: number): Promise<TrashPurgeReport> {
  const purged: string[] = [];
  const failed: string[] = [];
  let projects: readonly ProjectSummary[];
  try {
    projects = (await store.list()).projects;
  } catch {
    return { purged, failed };
  }
  for (const project of projects) {
    if (!isTrashExpired(project, now)) continue;
    try {
      await store.purge(project.id);
      purged.push(project.id);
    } catch {
      failed.push(project.id);
    }
  }
  return { purged, failed };
}
