// The editor's side of the board: connect, flash with progress, and what to show when something
// goes wrong. State lives in the BoardLink (outside React); this hook adds the dialog's state.

import type { FlashProgress, FlashResult, UsbConnectionState } from '@blockyard/device';
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import type { BoardLink, BoardTransport } from './board-link.ts';
import { boardHelp, type BoardHelp } from './board-help.ts';

export type FlashView =
  | { kind: 'closed' }
  /** `preparing`: the file is still being made (the dialog opens before the flash starts). */
  | { kind: 'flashing'; progress: FlashProgress | null; preparing?: boolean }
  | { kind: 'failed'; help: BoardHelp; retry: () => void };

export interface BoardControls {
  transport: BoardTransport;
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
  /** Opens the progress dialog on "Preparing your file…" while the file is made. */
  prepare: () => void;
  closeView: () => void;
}

export function useBoard(link: BoardLink, transport: BoardTransport = 'usb'): BoardControls {
  const state = useSyncExternalStore(
    (listener) => link.subscribe(listener),
    () => link.getState(),
  );
  const [view, setView] = useState<FlashView>({ kind: 'closed' });
  // Stop pressed while the file was still being made: the flash that follows does not start.
  const stoppedWhilePreparing = useRef(false);

  const pair = useCallback(async () => {
    try {
      await link.pair();
      setView({ kind: 'closed' });
    } catch (error) {
      const help = boardHelp(error, transport);
      if (help) setView({ kind: 'failed', help, retry: () => void pair() });
    }
  }, [link, transport]);

  const flash = useCallback(
    async (file: Uint8Array, onDone?: (result: FlashResult) => void): Promise<FlashResult | null> => {
      if (stoppedWhilePreparing.current) {
        stoppedWhilePreparing.current = false;
        return null;
      }
      setView({ kind: 'flashing', progress: null });
      try {
        const result = await link.flash(file, {
          onProgress: (progress) => setView({ kind: 'flashing', progress }),
        });
        setView({ kind: 'closed' });
        onDone?.(result);
        return result;
      } catch (error) {
        const help = boardHelp(error, transport);
        setView(help ? { kind: 'failed', help, retry: () => void flash(file, onDone) } : { kind: 'closed' });
        return null;
      }
    },
    [link, transport],
  );

  return {
    transport,
    state,
    view,
    flashes: state.state === 'ready' && !state.unavailable,
    pair,
    disconnect: () => void link.disconnect(),
    flash,
    cancel: () => {
      if (view.kind === 'flashing' && view.preparing) {
        stoppedWhilePreparing.current = true;
        setView({ kind: 'closed' });
      }
      link.cancel();
    },
    prepare: () => {
      stoppedWhilePreparing.current = false;
      setView({ kind: 'flashing', progress: null, preparing: true });
    },
    closeView: () => setView({ kind: 'closed' }),
  };
}
