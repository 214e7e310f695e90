import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Simulator } from '../../sim-host/use-simulator.ts';
import type { EditorSession } from '../session/editor-session.ts';
import type { EditorMode } from '../session/project-files.ts';
import { EditorDebugger } from './editor-debugger.ts';

/**
 * The debugger of an open project: its breakpoints, and where a paused (or slow-motion) program
 * is, as the blocks editor and the code editor each show it.
 */
export function useEditorDebug(
  simulator: Simulator,
  session: EditorSession,
  mode: EditorMode,
  blockName: (blockId: string) => string | undefined,
) {
  const { t } = useTranslation();
  const [debug] = useState(() => new EditorDebugger(simulator.controller, session));
  const state = useSyncExternalStore(
    (listener) => debug.subscribe(listener),
    () => debug.getState(),
  );
  const simView = useSyncExternalStore(
    (listener) => simulator.controller.subscribe(listener),
    () => simulator.controller.getState(),
  );
  const stop = simView.state === 'paused' ? simView.stop : undefined;
  // Slow motion lights up the statement held now, the same way as a stop.
  const trace = simView.state === 'running' && state.slowMotion !== 'off' ? simView.trace : undefined;
  const stopPlace = useMemo(() => {
    const at = stop ?? trace;
    return at ? debug.place(at) : null;
  }, [debug, stop, trace]);
  const currentBlock = stopPlace && 'blockId' in stopPlace ? stopPlace.blockId : null;
  const currentLine = stopPlace && 'line' in stopPlace ? stopPlace.line : null;
  const blocks = useMemo(
    () => ({
      breakpoints: state.breakpoints.blocks,
      current: currentBlock,
      onToggle: (blockId: string) => debug.toggleBlock(blockId),
    }),
    [debug, state.breakpoints.blocks, currentBlock],
  );
  const codeLanguage = mode === 'python' ? 'python' : 'javascript';
  const code = useMemo(
    () => ({
      breakpoints: state.breakpoints[codeLanguage],
      current: currentLine,
      onBreakpoints: (lines: number[]) => debug.setLines(codeLanguage, lines),
    }),
    [debug, state.breakpoints, codeLanguage, currentLine],
  );
  // The Python editor is kept (hidden) behind the other tabs: its own breakpoints, always.
  const python = useMemo(
    () => ({
      breakpoints: state.breakpoints.python,
      current: mode === 'python' ? currentLine : null,
      onBreakpoints: (lines: number[]) => debug.setLines('python', lines),
    }),
    [debug, state.breakpoints.python, mode, currentLine],
  );
  const placeName = useCallback(
    (at: { readonly file?: string; readonly line?: number }) => {
      const place = debug.place(at);
      if (place && 'blockId' in place) {
        return t('editor.debug.atBlock', { block: blockName(place.blockId) ?? t('editor.debug.somewhere') });
      }
      return place ? t('editor.debug.atLine', { line: place.line }) : t('editor.debug.somewhere');
    },
    [debug, blockName, t],
  );
  const hasBreakpoints =
    mode === 'blocks' ? state.breakpoints.blocks.length > 0 : state.breakpoints[codeLanguage].length > 0;
  return { debug, blocks, code, python, placeName, hasBreakpoints };
}
