import {
  AutosaveController,
  isProjectStoreError,
  type Project,
  type ProjectLibraryState,
  type StorageHealthState,
} from '@blockyard/projects';
import { useEffect, useState } from 'react';
import { useServices } from '../app/services-context.tsx';
import type { ProjectServices } from './project-services.ts';
import { useObservable } from './observable-hooks.ts';

export function useProjectServices(): ProjectServices {
  return useServices().projects;
}

/** The home screen's lists: projects, trash and damaged records. */
export function useLibrary(): ProjectLibraryState {
  return useObservable(useProjectServices().library);
}

export function useStorageHealth(): StorageHealthState {
  return useObservable(useProjectServices().health);
}

export type ProjectLoad =
  | { status: 'loading' }
  | { status: 'ready'; autosave: AutosaveController }
  | { status: 'missing' }
  | { status: 'damaged'; message: string }
  | { status: 'error'; message: string };

/**
 * Opens a project for editing: reads it (after start-up recovery has run) and makes the
 * AutosaveController that saves every edit. The controller saves what is pending and stops when
 * the component goes away or the id changes. A project just made to be opened (New project, an
 * example) is already stored and comes from the library as stored: no read back from storage
 * between Enter and the editor (bench first-minute). Not a layout effect: tried, Enter -> blocks
 * read 800-1,200 ms with the main thread busy throughout, probably because a suspending part of
 * the editor hides this component, which ends layout effects (not passive ones): the project was
 * then closed and opened again, from storage.
 */
export function useProject(id: string): ProjectLoad {
  const { store, clock, ready, newSession, library } = useProjectServices();
  const [loaded, setLoaded] = useState<{ id: string; load: ProjectLoad } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let controller: AutosaveController | null = null;
    const open = (project: Project): ProjectLoad => {
      // A session of its own: every edit is journaled at once (survives a crash).
      controller = new AutosaveController({ store, changes: store, clock, project, session: newSession() });
      return { status: 'ready', autosave: controller };
    };
    const opened = library.takeOpened(id);
    if (opened) setLoaded({ id, load: open(opened) });
    else
      void (async () => {
        let load: ProjectLoad;
        try {
          await ready;
          const project = await store.get(id);
          if (cancelled) return;
          load = open(project);
        } catch (error) {
          if (isProjectStoreError(error, 'not-found')) load = { status: 'missing' };
          else if (isProjectStoreError(error, 'damaged')) load = { status: 'damaged', message: error.message };
          else load = { status: 'error', message: error instanceof Error ? error.message : String(error) };
        }
        if (!cancelled) setLoaded({ id, load });
      })();
    return () => {
      cancelled = true;
      void controller?.dispose();
    };
  }, [id, store, clock, ready, newSession, library]);

  return loaded?.id === id ? loaded.load : { status: 'loading' };
}
