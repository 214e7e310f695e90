/**
 * Messages between tabs about projects (the `blockyard-projects` broadcast channel). A tab
 * announces every change it makes; the others refresh their lists, and an open editor either
 * takes the new revision (no unsaved edits) or saves its own at once and meets the conflict.
 */

export const PROJECTS_CHANNEL = 'blockyard-projects';
export const PROJECTS_PROTOCOL_VERSION = 1;

export type ProjectChangeKind = 'created' | 'saved' | 'renamed' | 'trashed' | 'restored' | 'purged';
const kinds: readonly ProjectChangeKind[] = ['created', 'saved', 'renamed', 'trashed', 'restored', 'purged'];

interface ProjectChangedMessage {
  readonly type: 'project-changed';
  readonly protocol: typeof PROJECTS_PROTOCOL_VERSION;
  /** The tab that made the change. */
  readonly tabId: string;
  readonly projectId: string;
  readonly kind: ProjectChangeKind;
  /** The project's revision after the change; null when it is gone. */
  readonly revision: number | null;
}

export type ProjectsTabMessage = ProjectChangedMessage;

export function isProjectsTabMessage(value: unknown): value is ProjectsTabMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    m.type === 'project-changed' &&
    m.protocol === PROJECTS_PROTOCOL_VERSION &&
    typeof m.tabId === 'string' &&
    typeof m.projectId === 'string' &&
    kinds.includes(m.kind as ProjectChangeKind) &&
    (m.revision === null || (typeof m.revision === 'number' && Number.isInteger(m.revision)))
  );
}

/** A change as listeners in a tab see it. */
export interface ProjectChange {
  readonly projectId: string;
  readonly kind: ProjectChangeKind;
  readonly revision: number | null;
  /** True when this tab made the change. */
  readonly local: boolean;
}

/** Where the library and autosave learn about changes (the TabSyncedProjectStore). */
export interface ProjectChangeSource {
  subscribe(listener: (change: ProjectChange) => void): () => void;
}
