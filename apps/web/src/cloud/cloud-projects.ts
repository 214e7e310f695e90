import { ProjectSync, type CloudApi, type LocalProject, type LocalProjects } from '@blockyard/cloud';
import type { Clock, KeyValueStore } from '@blockyard/core';
import {
  fitProjectName,
  isProjectStoreError,
  type Project,
  type ProjectChangeSource,
  type ProjectStore,
  TRASH_RETENTION_MS,
} from '@blockyard/projects';
import type { AccountState } from '../account/account-services.ts';

/** The local projects as the cloud sync sees them: the project store, trash included. */
function localProjects(store: ProjectStore, fallbackName: string): LocalProjects {
  const seen = (project: Project): LocalProject => ({
    id: project.id,
    name: project.name,
    files: { ...project.files },
    trashed: project.trashedAt !== undefined,
  });
  // The account allows longer names than this device: fitted, never refused.
  const fit = (name: string) => fitProjectName(name, fallbackName);
  return {
    async list() {
      return (await store.list()).projects;
    },
    async get(id) {
      try {
        return seen(await store.get(id));
      } catch (error) {
        if (isProjectStoreError(error, 'not-found')) return undefined;
        throw error;
      }
    },
    async replace(id, name, files) {
      // Compare-and-set on what is there now; an edit landing in between wins, and the next
      // round sees a conflict rather than losing it.
      const current = await store.get(id);
      const result = await store.save(
        id,
        { name: fit(name), files },
        { expectedRevision: current.revision, reason: 'cloud' },
      );
      if (result.status === 'conflict') throw new Error('The project changed while the cloud version was saved.');
      return seen(result.project);
    },
    async create({ name, files, id, trashed }) {
      const created = await store.create({
        name: fit(name),
        files,
        origin: id === undefined ? 'duplicate' : 'cloud',
        ...(id === undefined ? {} : { id }),
        ...(trashed ? { trashed } : {}),
      });
      return seen(created);
    },
    async setTrashed(id, trashed) {
      if (trashed) await store.trash(id);
      else await store.restore(id);
    },
    async purge(id) {
      await store.trash(id);
      await store.purge(id);
    },
  };
}

export interface CloudProjectsOptions {
  readonly api: CloudApi;
  readonly store: ProjectStore & ProjectChangeSource;
  readonly settings: KeyValueStore;
  readonly clock: Clock;
  readonly copyName: (name: string) => string;
  /** The name of a project whose name from the account has nothing usable left here. */
  readonly untitledName: string;
  /** The account to follow: sync runs while someone is signed in. */
  readonly account: { getState(): AccountState; subscribe(listener: () => void): () => void };
  readonly log?: (message: string) => void;
}

/**
 * Cloud projects for the browser: a ProjectSync over the project store that follows the
 * account (started on sign-in, stopped on sign-out) and hears about every save made in this tab
 * (other tabs run their own).
 */
export function createCloudProjects(options: CloudProjectsOptions): ProjectSync {
  const sync = new ProjectSync({
    api: options.api,
    local: localProjects(options.store, options.untitledName),
    store: options.settings,
    clock: options.clock,
    copyName: options.copyName,
    trashRetentionMs: TRASH_RETENTION_MS,
    ...(options.log ? { log: options.log } : {}),
  });
  const follow = () => {
    const state = options.account.getState();
    if (state.status === 'signed-in') sync.start(state.profile.id);
    else sync.stop();
  };
  options.account.subscribe(follow);
  follow();
  // Only this tab's own changes: every tab runs its own sync, and each reports what it did.
  options.store.subscribe((change) => {
    if (!change.local) return;
    if (change.kind === 'purged') sync.purged(change.projectId);
    else sync.changed(change.projectId);
  });
  return sync;
}
