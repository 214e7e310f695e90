/**
 * Bringing back edits that a closing page stashed as drafts (see AutosaveController.flush with
 * pageHide) or that the edit journal holds after a crash (edit-journal.ts). Run at start-up. A
 * draft is never simply dropped unless storage already holds exactly its content: it is saved,
 * merged, or kept as a separate copy.
 */
import { mergeContent, sameContent, type ProjectContent } from './merge-content.ts';
import type { Project, ProjectDraft } from './project.ts';
import { fitProjectName } from './project-name.ts';
import { isProjectStoreError } from './project-store-error.ts';
import type { ProjectStore } from './project-store.ts';

export type DraftRecovery =
  /** Storage already had the draft's content (at `revision`). */
  | { outcome: 'already-saved'; projectId: string; revision: number }
  /** Saved on top of the revision it was made on. */
  | { outcome: 'applied'; project: Project }
  /** The project moved on meanwhile; both changes fitted together. */
  | { outcome: 'merged'; project: Project }
  /** The project moved on and the changes clash (or it is gone): the draft became a new project. */
  | { outcome: 'copied'; projectId: string; copy: Project }
  /** Could not be handled now (storage failing, project damaged); the draft stays for next time. */
  | { outcome: 'kept'; projectId: string; reason: string };

export interface DraftRecoveryOptions {
  /** The name for a copy made from a clashing draft, e.g. "Dice (recovered)". */
  copyName: (name: string) => string;
  /**
   * Whether an editor session is still open in another tab: its drafts are that tab's to save
   * (recovering them would race its autosave and cut its journal short), so they are skipped.
   */
  isLive?: (session: string) => boolean;
  /**
   * The revision that holds exactly an earlier draft of the same session made on the same base
   * (recovered in an earlier run: a closing page stashes more than once, and the later stashes
   * may land after that run). This draft, a later snapshot of the same editor, then builds on
   * that revision instead of its own base, so it is saved over it rather than clashing with it.
   */
  builtOn?: (draft: ProjectDraft) => number | undefined;
  /** Told of each draft handled (saved, merged, copied or found saved), once it is discarded. */
  onRecovered?: (draft: ProjectDraft, result: DraftRecovery) => void;
}

export async function recoverDrafts(store: ProjectStore, options: DraftRecoveryOptions): Promise<DraftRecovery[]> {
  let drafts: ProjectDraft[];
  try {
    drafts = await store.listDrafts();
  } catch {
    return [];
  }
  const results: DraftRecovery[] = [];
  const orphaned = drafts.filter((d) => d.session === undefined || !options.isLive?.(d.session));
  // Oldest first: a later draft of the same project then merges onto the earlier one's save.
  for (const draft of orphaned.sort((a, b) => a.stashedAt - b.stashedAt)) {
    results.push(await recoverDraft(store, draft, options));
  }
  return results;
}

async function recoverDraft(
  store: ProjectStore,
  draft: ProjectDraft,
  options: DraftRecoveryOptions,
): Promise<DraftRecovery> {
  const mine: ProjectContent = { name: draft.name, files: draft.files };
  try {
    const result = await reconcile(store, draft, mine, options);
    await store.discardDraft(draft.projectId, draft.stashedAt, draft.session);
    options.onRecovered?.(draft, result);
    return result;
  } catch (error) {
    return {
      outcome: 'kept',
      projectId: draft.projectId,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}

async function reconcile(
  store: ProjectStore,
  draft: ProjectDraft,
  mine: ProjectContent,
  options: DraftRecoveryOptions,
): Promise<DraftRecovery> {
  let current: Project;
  try {
    current = await store.get(draft.projectId);
  } catch (error) {
    if (!isProjectStoreError(error, 'not-found')) throw error;
    return copy(store, draft, options);
  }
  const alreadySaved = (project: Project): DraftRecovery => ({
    outcome: 'already-saved',
    projectId: draft.projectId,
    revision: project.revision,
  });
  if (sameContent(mine, current)) return alreadySaved(current);
  const baseRevision = options.builtOn?.(draft) ?? draft.baseRevision;
  if (current.revision === baseRevision) {
    const saved = await store.save(draft.projectId, mine, { expectedRevision: current.revision, reason: 'recovered' });
    if (saved.status === 'saved') return { outcome: 'applied', project: saved.project };
    current = saved.current;
    // Another tab recovering the same draft at the same moment got there first.
    if (sameContent(mine, current)) return alreadySaved(current);
  }
  const base = await store.getVersion(draft.projectId, baseRevision).catch(() => null);
  if (base) {
    const merge = mergeContent(base, mine, current);
    if (merge.status === 'merged') {
      const saved = await store.save(draft.projectId, merge.content, {
        expectedRevision: current.revision,
        reason: 'recovered',
      });
      if (saved.status === 'saved') return { outcome: 'merged', project: saved.project };
    }
  }
  return copy(store, draft, options);
}

async function copy(store: ProjectStore, draft: ProjectDraft, options: DraftRecoveryOptions): Promise<DraftRecovery> {
  const name = fitProjectName(options.copyName(draft.name), fitProjectName(draft.name, 'Recovered project'));
  const created = await store.create({ name, files: draft.files, origin: 'recovered' });
  return { outcome: 'copied', projectId: draft.projectId, copy: created };
}
