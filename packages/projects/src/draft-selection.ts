/**
 * Which drafts count. A project can have several: a stash of a closing page and the edit journal
 * of each editor session (see edit-journal.ts). Per project and session the newest one holds the
 * most, so only that one is listed; sessions of different tabs stay separate.
 */
import type { ProjectDraft } from './project.ts';

/** The newest draft per project and session (a later stash or journal entry holds more). */
export function newestDrafts(drafts: readonly ProjectDraft[]): ProjectDraft[] {
  const newest = new Map<string, ProjectDraft>();
  for (const draft of drafts) {
    const key = `${draft.projectId}\n${draft.session ?? ''}`;
    const known = newest.get(key);
    if (!known || draft.stashedAt > known.stashedAt) newest.set(key, draft);
  }
  return [...newest.values()];
}

/** Whether discardDraft(projectId, stashedAt, session) covers this draft. */
export function discards(draft: ProjectDraft, projectId: string, stashedAt?: number, session?: string): boolean {
  if (draft.projectId !== projectId) return false;
  if (stashedAt !== undefined && draft.stashedAt > stashedAt) return false;
  return session === undefined || draft.session === undefined || draft.session === session;
}
