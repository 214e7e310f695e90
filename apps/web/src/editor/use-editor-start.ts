import type { BlocksEditorHandle } from '@blockyard/blocks';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { Simulator } from '../sim-host/use-simulator.ts';
import { prefetchPythonTab, prefetchWhenIdle } from './code/prefetch-python-tab.ts';
import type { EditorSession } from './session/editor-session.ts';
import { switchShown } from './session/switch-timing.ts';

/**
 * What starts once the blocks or the code are on screen (the editors' `onReady`): the first run
 * waits for it, so the simulator frame loads after the editor is usable, not before.
 */
export function useEditorStart(
  session: EditorSession,
  simulator: Simulator,
  blocks: RefObject<BlocksEditorHandle | null>,
  preloadCodeEditor: () => Promise<unknown>,
  /** The Python a press on the Python tab would show now, made ahead (the page prepares its editor). */
  onPythonAhead?: (python: string) => void,
) {
  const prefetch = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => prefetch.current?.(), []);
  return useCallback(() => {
    performance.mark('blockyard:editor:interactive');
    switchShown();
    requestAnimationFrame(() =>
      setTimeout(() => {
        simulator.controller.preload();
        session.start();
        // The Python tab's code and the program's Python, ahead of a click (from the blocks as
        // the click will read them); again each time Blocks or JavaScript is shown, since after
        // a switch back the text differs from the one converted before (bench python-tab).
        prefetch.current?.();
        prefetch.current = undefined;
        // In Python, the blocks of main.py ahead of a press on Blocks (session/blocks-ahead.ts).
        if (session.getState().mode === 'python')
          prefetch.current = prefetchWhenIdle(() => void session.prepareLeavingPython());
        else
          prefetch.current = prefetchWhenIdle(() =>
            prefetchPythonTab(
              preloadCodeEditor,
              async () => {
                const xml = session.getState().mode === 'blocks' ? await blocks.current?.settledXml() : undefined;
                const answer = await session.preparePython(xml);
                const python = shownPython(answer);
                if (python !== undefined && session.getState().mode !== 'python') onPythonAhead?.(python);
                return answer;
              },
              onPythonAhead !== undefined,
            ),
          );
      }, 0),
    );
  }, [session, simulator, blocks, preloadCodeEditor, onPythonAhead]);
}

/** The Python of a conversion made ahead, when a press would show it (nothing lost to comments). */
function shownPython(answer: unknown): string | undefined {
  const { python, warnings } = (answer ?? {}) as { python?: unknown; warnings?: unknown };
  return typeof python === 'string' && Array.isArray(warnings) && warnings.length === 0 ? python : undefined;
}
