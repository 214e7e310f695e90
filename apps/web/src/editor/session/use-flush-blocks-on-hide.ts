import type { AutosaveController } from '@blockyard/projects';
import { useEffect } from 'react';
import type { EditorSession } from './editor-session.ts';

/**
 * A block edit still settling when the page goes away is saved too (after the autosave's own
 * stash, which registered first: stash again with it).
 */
export function useFlushBlocksOnHide(
  session: EditorSession,
  autosave: AutosaveController,
  readBlocks: () => string | undefined,
): void {
  useEffect(() => {
    const flushBlocks = () => {
      const xml = session.getState().mode === 'blocks' ? readBlocks() : undefined;
      if (xml === undefined || xml === session.getState().xml) return;
      session.editBlocks(xml);
      void autosave.flush({ pageHide: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushBlocks();
    };
    // Capture, as the autosave's: written before the tab lets go of its lock.
    window.addEventListener('pagehide', flushBlocks, { capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushBlocks, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [session, autosave, readBlocks]);
}
