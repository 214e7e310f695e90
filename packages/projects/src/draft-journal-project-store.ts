import type { KeyValueStore } from '@blockyard/core';
import type {
  Project,
  ProjectDraft,
  ProjectListing,
  ProjectSummary,
  ProjectVersion,
  ProjectVersionSummary,
} from './project.ts';
import { readDraft } from './project-record.ts';
import type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';

/** Where the journal keeps its drafts in the key-value store. */
export const DRAFT_JOURNAL_KEY = 'draft-journal';
/** Where an unreadable journal is kept (never overwritten by the next stash). */
export const DRAFT_JOURNAL_DAMAGED_KEY = 'draft-journal-damaged';

/**
 * A ProjectStore that also writes stashed drafts to a synchronous key-value store (localStorage
 * in browsers). A page that is closing gets no second turn: Chromium drops database
 * transactions still in flight when the page goes, but a synchronous write is done before the
 * handler returns. Drafts are listed from both places (the newest per project wins) and
 * discarded from both, so start-up recovery sees them wherever they landed.
 */
export class DraftJournalProjectStore implements ProjectStore {
  constructor(
    private readonly inner: ProjectStore,
    private readonly journal: KeyValueStore,
  ) {}

  list(): Promise<ProjectListing> {
    return this.inner.list();
  }

  get(id: string): Promise<Project> {
    return this.inner.get(id);
  }

  create(project: NewProject): Promise<Project> {
    return this.inner.create(project);
  }

  save(id: string, changes: ProjectChanges, options: SaveOptions): Promise<SaveResult> {
    return this.inner.save(id, changes, options);
  }

  rename(id: string, name: string): Promise<ProjectSummary> {
    return this.inner.rename(id, name);
  }

  duplicate(id: string, name: string): Promise<Project> {
    return this.inner.duplicate(id, name);
  }

  trash(id: string): Promise<ProjectSummary> {
    return this.inner.trash(id);
  }

  restore(id: string): Promise<ProjectSummary> {
    return this.inner.restore(id);
  }

  async purge(id: string): Promise<void> {
    await this.inner.purge(id);
    this.removeJournaled(id);
  }

  listVersions(id: string): Promise<ProjectVersionSummary[]> {
    return this.inner.listVersions(id);
  }

  getVersion(id: string, revision: number): Promise<ProjectVersion> {
    return this.inner.getVersion(id, revision);
  }

  restoreVersion(id: string, revision: number, options: SaveOptions): Promise<SaveResult> {
    return this.inner.restoreVersion(id, revision, options);
  }

  stashDraft(draft: ProjectDraft): Promise<void> {
    // Synchronously first: this is the copy that survives a page closing right now.
    const journaled = this.readJournal();
    journaled.set(draft.projectId, draft);
    this.writeJournal(journaled);
    return this.inner.stashDraft(draft);
  }

  async listDrafts(): Promise<ProjectDraft[]> {
    const newest = new Map<string, ProjectDraft>();
    for (const draft of [...(await this.inner.listDrafts()), ...this.readJournal().values()]) {
      const known = newest.get(draft.projectId);
      if (!known || draft.stashedAt > known.stashedAt) newest.set(draft.projectId, draft);
    }
    return [...newest.values()];
  }

  async discardDraft(projectId: string, stashedAt?: number): Promise<void> {
    await this.inner.discardDraft(projectId, stashedAt);
    const journaled = this.readJournal().get(projectId);
    if (journaled && (stashedAt === undefined || journaled.stashedAt <= stashedAt)) this.removeJournaled(projectId);
  }

  async exportAll(): Promise<RecoveryBundle> {
    const bundle = await this.inner.exportAll();
    const inBundle = new Set(bundle.drafts.map((d) => `${d.projectId}@${d.stashedAt}`));
    const extra = [...this.readJournal().values()].filter((d) => !inBundle.has(`${d.projectId}@${d.stashedAt}`));
    return extra.length ? { ...bundle, drafts: [...bundle.drafts, ...extra] } : bundle;
  }

  private removeJournaled(projectId: string): void {
    const journaled = this.readJournal();
    if (journaled.delete(projectId)) this.writeJournal(journaled);
  }

  private readJournal(): Map<string, ProjectDraft> {
    const text = this.journal.get(DRAFT_JOURNAL_KEY);
    const drafts = new Map<string, ProjectDraft>();
    if (text === null) return drafts;
    let entries: unknown;
    try {
      entries = JSON.parse(text);
    } catch {
      entries = null;
    }
    if (!Array.isArray(entries)) {
      this.keepDamaged(text);
      return drafts;
    }
    for (const entry of entries) {
      const read = readDraft(entry);
      if (read.ok) drafts.set(read.value.projectId, read.value);
      else this.keepDamaged(JSON.stringify(entry));
    }
    return drafts;
  }

  private writeJournal(drafts: Map<string, ProjectDraft>): void {
    if (drafts.size === 0) this.journal.remove(DRAFT_JOURNAL_KEY);
    else this.journal.set(DRAFT_JOURNAL_KEY, JSON.stringify([...drafts.values()]));
  }

  /** Something unreadable is set aside, not overwritten: it may be someone's work. */
  private keepDamaged(text: string): void {
    const kept = this.journal.get(DRAFT_JOURNAL_DAMAGED_KEY);
    if (kept?.includes(text)) return;
    this.journal.set(DRAFT_JOURNAL_DAMAGED_KEY, kept ? `${kept}\n${text}` : text);
  }
}
