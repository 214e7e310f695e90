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
  /** The Python was made ahead once on this page (then a new text of the blocks is converted again). */
  const madeAhead = useRef(false);
  useEffect(() => () => prefetch.current?.(), []);
  // The program's Python ahead of a press (from the blocks as the press will read them, `xml`
  // when the caller has that text already), handed to the page for its hidden Python editor.
  const convertAhead = useCallback(
    async (xml?: string) => {
      madeAhead.current = true;
      const blocksXml =
        session.getState().mode === 'blocks' ? (xml ?? (await blocks.current?.settledXml())) : undefined;
      const answer = await session.preparePython(blocksXml);
      const python = shownPython(answer);
      if (python !== undefined && session.getState().mode !== 'python') onPythonAhead?.(python);
      return answer;
    },
    [session, blocks, onPythonAhead],
  );
  const onInteractive = useCallback(() => {
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
            prefetchPythonTab(preloadCodeEditor, () => convertAhead(), onPythonAhead !== undefined),
          );
      }, 0),
    );
  }, [session, simulator, preloadCodeEditor, onPythonAhead, convertAhead]);
  /**
   * The block editor finished building the stacks it left for later, and its text now reads
   * differently from the one converted ahead (the stacks' order): the press would read this text
   * and convert afresh (bench python-tab, round 18), so it is converted ahead again.
   */
  const onBlocksPrimed = useCallback(
    (xml: string) => {
      session.readBlocksAhead(xml);
      if (madeAhead.current && session.getState().mode === 'blocks') void convertAhead(xml).catch(() => undefined);
    },
    [session, convertAhead],
  );
  return { onInteractive, onBlocksPrimed };
}

/** The Python of a conversion made ahead, when a press would show it (nothing lost to comments). */
function shownPython(answer: unknown): string | undefined {
  const { python, warnings } = (answer ?? {}) as { python?: unknown; warnings?: unknown };
  return typeof python === 'string' && Array.isArray(warnings) && warnings.length === 0 ? python : undefined;
}
