import type { AutosaveController, AutosaveState } from '@blockyard/projects';
import { useEffect } from 'react';
import { useObservable } from './observable-hooks.ts';

/** The autosave state of an open project (saved, saving, unsaved, error, conflict). */
export function useAutosave(autosave: AutosaveController): AutosaveState {
  return useObservable(autosave);
}

/**
 * Saves when the page is hidden or closed. On `pagehide` (and when the tab is hidden, as
 * mobile browsers may drop a hidden page without another event) the edit is first stashed in
 * one quick write the closing page can still finish. When storage is failing (error, conflict)
 * the browser is also asked to confirm leaving, since only this page still holds the edit.
 */
export function useFlushOnPageHide(autosave: AutosaveController): void {
  useEffect(() => {
    const stash = () => void autosave.flush({ pageHide: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stash();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const { status } = autosave.getState();
      if ((status === 'error' || status === 'conflict') && autosave.hasUnsavedWork()) event.preventDefault();
    };
    // Capture: before the tab lets go of its lock (WebLocksTabPresence, registered first), so
    // another tab waiting for it to go finds the stash already written.
    window.addEventListener('pagehide', stash, { capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', stash, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [autosave]);
}
