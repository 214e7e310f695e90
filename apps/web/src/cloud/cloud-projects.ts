import { ProjectSync, type CloudApi, type LocalProjects } from '@blockyard/cloud';
import type { Clock, KeyValueStore } from '@blockyard/core';
import type { ProjectChangeSource, ProjectStore } from '@blockyard/projects';
import type { AccountState } from '../account/account-services.ts';

/** The local projects as the cloud sync sees them: the project store, trash left out. */
export function localProjects(store: ProjectStore): LocalProjects {
  return {
    async list() {
      const { projects } = await store.list();
      return projects.filter((project) => project.trashedAt === undefined);
    },
    async get(id) {
      const { name, files } = await store.get(id);
      return { id, name, files: { ...files } };
    },
    async replace(id, name, files) {
      // Compare-and-set on what is there now; an edit landing in between wins, and the next
      // round sees a conflict rather than losing it.
      const current = await store.get(id);
      const result = await store.save(id, { name, files }, { expectedRevision: current.revision });
      if (result.status === 'conflict') throw new Error('The project changed while the cloud version was saved.');
    },
    async create(name, files) {
      return (await store.create({ name, files, origin: 'duplicate' })).id;
    },
  };
}

export interface CloudProjectsOptions {
  readonly api: CloudApi;
  readonly store: ProjectStore & ProjectChangeSource;
  readonly settings: KeyValueStore;
  readonly clock: Clock;
  readonly copyName: (name: string) => string;
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
    local: localProjects(options.store),
    store: options.settings,
    clock: options.clock,
    copyName: options.copyName,
    ...(options.log ? { log: options.log } : {}),
  });
  const follow = () => {
    const state = options.account.getState();
    if (state.status === 'signed-in') sync.start(state.profile.id);
    else sync.stop();
  };
  options.account.subscribe(follow);
  follow();
  options.store.subscribe((change) => {
    if (change.local && change.kind !== 'purged' && change.kind !== 'trashed') sync.changed(change.projectId);
  });
  return sync;
}
