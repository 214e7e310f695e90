// The editor's side of the board: connect, flash with progress, and what to show when something
// goes wrong. State lives in the BoardLink (outside React); this hook adds the dialog's state.

import type { FlashProgress, FlashResult, UsbConnectionState } from '@blockyard/device';
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { BoardLink } from './board-link.ts';
import { boardHelp, type BoardHelp } from './board-help.ts';

export type FlashView =
  | { kind: 'closed' }
  | { kind: 'flashing'; progress: FlashProgress | null }
  | { kind: 'failed'; help: BoardHelp; retry: () => void };

export interface BoardControls {
  state: UsbConnectionState;
  view: FlashView;
  /** True when Download should send the program to the board rather than save a file. */
  flashes: boolean;
  pair: () => Promise<void>;
  disconnect: () => void;
  /**
   * Flashes; resolves to the result, or null after a failure (the dialog then explains it and
   * offers Try again). `onDone` runs after a success, whether first time or after Try again.
   */
  flash: (file: Uint8Array, onDone?: (result: FlashResult) => void) => Promise<FlashResult | null>;
  cancel: () => void;
  closeView: () => void;
}

export function useBoard(link: BoardLink): BoardControls {
  const state = useSyncExternalStore(
    (listener) => link.subscribe(listener),
    () => link.getState(),
  );
  const [view, setView] = useState<FlashView>({ kind: 'closed' });

  const pair = useCallback(async () => {
    try {
      await link.pair();
      setView({ kind: 'closed' });
    } catch (error) {
      const help = boardHelp(error);
      if (help) setView({ kind: 'failed', help, retry: () => void pair() });
    }
  }, [link]);

  const flash = useCallback(
    async (file: Uint8Array, onDone?: (result: FlashResult) => void): Promise<FlashResult | null> => {
      setView({ kind: 'flashing', progress: null });
      try {
        const result = await link.flash(file, {
          onProgress: (progress) => setView({ kind: 'flashing', progress }),
        });
        setView({ kind: 'closed' });
        onDone?.(result);
        return result;
      } catch (error) {
        const help = boardHelp(error);
        setView(help ? { kind: 'failed', help, retry: () => void flash(file, onDone) } : { kind: 'closed' });
        return null;
      }
    },
    [link],
  );

  return {
    state,
    view,
    flashes: state.state === 'ready' && !state.unavailable,
    pair,
    disconnect: () => void link.disconnect(),
    flash,
    cancel: () => link.cancel(),
    closeView: () => setView({ kind: 'closed' }),
  };
}
