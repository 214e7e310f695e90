import { recoverDrafts, type DraftRecovery } from './draft-recovery.ts';
import type { ProjectDraft } from './project.ts';
import type { ProjectStore } from './project-store.ts';
import { sessionTab, type TabPresence } from './tab-presence.ts';

/** Tells when another page wrote drafts (localStorage's `storage` event for the draft journal). */
export interface DraftArrivals {
  subscribe(listener: () => void): () => void;
}

export interface OrphanDraftRecoveryOptions {
  store: ProjectStore;
  presence: TabPresence;
  /** This tab: the drafts of its own editors are theirs to save. */
  tabId: string;
  /** The name for a copy made from a clashing draft. */
  copyName: (name: string) => string;
  /** Drafts written by other pages after a pass; none heard of when omitted. */
  arrivals?: DraftArrivals;
  /**
   * Told of each project whose stored content now holds a recovered draft (saved, merged, or
   * found saved already), so an editor open on it in this tab shows it.
   */
  onRecovered?: (projectId: string, revision: number) => void;
}

/**
 * Brings back the drafts no open tab owns (see draft-recovery.ts): at start-up, and again later
 * for the ones that start-up could not take. A tab that is closing may still count as open when
 * the next page starts (a busy page runs its `pagehide` late), and its last draft may reach this
 * page's storage only after that page has looked (a closing page's localStorage write lands
 * asynchronously; a `storage` event tells). So the drafts of a tab still open are taken once it
 * is gone (`TabPresence.whenGone`), and every draft written elsewhere triggers another pass.
 * One pass at a time, each listing drafts afresh, so no draft is applied twice; a later
 * snapshot of a session whose earlier one a pass already saved is saved over that one.
 */
export class OrphanDraftRecovery {
  private readonly waitingFor = new Set<string>();
  /** Per project and session: the draft saved as it was, and the revision holding it. */
  private readonly saved = new Map<string, { baseRevision: number; stashedAt: number; revision: number }>();
  private readonly unsubscribe: () => void;
  private chain: Promise<unknown> = Promise.resolve();
  private queued: Promise<DraftRecovery[]> | null = null;
  private stopped = false;

  constructor(private readonly options: OrphanDraftRecoveryOptions) {
    this.unsubscribe = options.arrivals?.subscribe(() => void this.run()) ?? (() => undefined);
  }

  /** Recovers what no open tab owns now. While a pass runs, one more is queued (not more). */
  run(): Promise<DraftRecovery[]> {
    if (this.queued) return this.queued;
    const next = this.chain.then(() => {
      this.queued = null;
      return this.pass();
    });
    this.queued = next;
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Stops listening and waiting (the page is going). */
  stop(): void {
    this.stopped = true;
    this.unsubscribe();
  }

  private async pass(): Promise<DraftRecovery[]> {
    if (this.stopped) return [];
    const { presence, tabId } = this.options;
    const live = await presence.liveTabs();
    const skipped = new Set<string>();
    const results = await recoverDrafts(this.options.store, {
      copyName: this.options.copyName,
      isLive: (session) => {
        const tab = sessionTab(session);
        if (tab !== tabId && !live.has(tab)) return false;
        skipped.add(tab);
        return true;
      },
      builtOn: (draft) => {
        const earlier = draft.session === undefined ? undefined : this.saved.get(snapshotKey(draft));
        return earlier && earlier.baseRevision === draft.baseRevision && earlier.stashedAt < draft.stashedAt
          ? earlier.revision
          : undefined;
      },
      onRecovered: (draft, result) => this.recovered(draft, result),
    });
    for (const tab of skipped) if (tab !== tabId) this.waitFor(tab);
    return results;
  }

  private recovered(draft: ProjectDraft, result: DraftRecovery): void {
    const holding =
      result.outcome === 'applied'
        ? result.project.revision
        : result.outcome === 'already-saved'
          ? result.revision
          : undefined;
    // Drafts without a session cannot be told apart: each stands alone. A merged or copied
    // draft is not what its project now holds: nothing can build on it.
    if (draft.session !== undefined) {
      const key = snapshotKey(draft);
      if (holding === undefined) this.saved.delete(key);
      else this.saved.set(key, { baseRevision: draft.baseRevision, stashedAt: draft.stashedAt, revision: holding });
    }
    if (result.outcome === 'merged') this.options.onRecovered?.(result.project.id, result.project.revision);
    else if (holding !== undefined) this.options.onRecovered?.(draft.projectId, holding);
  }

  private waitFor(tab: string): void {
    if (this.waitingFor.has(tab)) return;
    this.waitingFor.add(tab);
    this.options.presence.whenGone(tab).then(
      () => {
        this.waitingFor.delete(tab);
        void this.run();
      },
      () => {
        // The browser cannot tell: its drafts wait for the next start.
        this.waitingFor.delete(tab);
      },
    );
  }
}

function snapshotKey(draft: ProjectDraft): string {
  return `${draft.projectId}\n${draft.session}`;
}
