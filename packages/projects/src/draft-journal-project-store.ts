import { ForwardingProjectStore } from './forwarding-project-store.ts';
import type { KeyValueStore } from '@blockyard/core';
import type { ProjectDraft } from './project.ts';
import { readDraft } from './project-record.ts';
import type { ProjectStore } from './project-store.ts';
import { discards, newestDrafts } from './draft-selection.ts';
import type { RecoveryBundle } from './recovery-bundle.ts';

/** One stash per project and session, as in the database. */
function stashKey(draft: ProjectDraft): string {
  return `${draft.projectId}\n${draft.session ?? ''}`;
}

/** Where the journal keeps its drafts in the key-value store. */
export const DRAFT_JOURNAL_KEY = 'draft-journal';
/** Where an unreadable journal is kept (never overwritten by the next stash). */
export const DRAFT_JOURNAL_DAMAGED_KEY = 'draft-journal-damaged';

/**
 * A ProjectStore that also writes stashed drafts to a synchronous key-value store (localStorage
 * in browsers). A page that is closing gets no second turn: Chromium drops database
 * transactions still in flight when the page goes, but a synchronous write is done before the
 * handler returns. Drafts are listed from both places (the newest per project and session wins)
 * and discarded from both, so start-up recovery sees them wherever they landed.
 *
 * Not for crashes: Chromium writes localStorage to disk seconds later, so a killed browser
 * loses it (measured: lost at every delay from 5 ms to 6 s). The edit journal in the database
 * (edit-journal.ts) covers crashes.
 */
export class DraftJournalProjectStore extends ForwardingProjectStore {
  constructor(
    inner: ProjectStore,
    private readonly journal: KeyValueStore,
  ) {
    super(inner);
  }

  override async purge(id: string): Promise<void> {
    await this.inner.purge(id);
    this.removeJournaled((draft) => draft.projectId === id);
  }

  override stashDraft(draft: ProjectDraft): Promise<void> {
    // Synchronously first: this is the copy that survives a page closing right now.
    const journaled = this.readJournal();
    journaled.set(stashKey(draft), draft);
    this.writeJournal(journaled);
    return this.inner.stashDraft(draft);
  }

  override async listDrafts(): Promise<ProjectDraft[]> {
    return newestDrafts([...(await this.inner.listDrafts()), ...this.readJournal().values()]);
  }

  override async discardDraft(projectId: string, stashedAt?: number, session?: string): Promise<void> {
    await this.inner.discardDraft(projectId, stashedAt, session);
    this.removeJournaled((draft) => discards(draft, projectId, stashedAt, session));
  }

  override async exportAll(): Promise<RecoveryBundle> {
    const bundle = await this.inner.exportAll();
    const inBundle = new Set(bundle.drafts.map((d) => `${d.projectId}@${d.stashedAt}`));
    const extra = [...this.readJournal().values()].filter((d) => !inBundle.has(`${d.projectId}@${d.stashedAt}`));
    return extra.length ? { ...bundle, drafts: [...bundle.drafts, ...extra] } : bundle;
  }

  private removeJournaled(matches: (draft: ProjectDraft) => boolean): void {
    const journaled = this.readJournal();
    let removed = false;
    for (const [key, draft] of journaled) {
      if (!matches(draft)) continue;
      journaled.delete(key);
      removed = true;
    }
    if (removed) this.writeJournal(journaled);
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
      if (read.ok) drafts.set(stashKey(read.value), read.value);
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
