// Connect in the bottom bar: pairs a micro:bit through the browser's chooser (once; the board is
// found again by itself after that). Connected, it shows the board and a Disconnect button.

import { Loader2, Unplug, Usb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BoardControls } from './use-board.ts';

export function BoardButton({ board }: { board: BoardControls }) {
  const { t } = useTranslation();
  const { state } = board.state;
  if (state === 'ready') {
    return (
      <div className="board-status" role="status">
        <span className="board-status-text">
          <Usb aria-hidden="true" size={20} />
          {t('board.connected')}
        </span>
        <button
          type="button"
          className="editor-tool"
          aria-label={t('board.disconnect')}
          title={t('board.disconnect')}
          onClick={board.disconnect}
        >
          <Unplug aria-hidden="true" size={20} />
        </button>
      </div>
    );
  }
  const connecting = state === 'connecting';
  return (
    <button
      type="button"
      className="button button-secondary board-connect"
      title={t('board.connectHint')}
      aria-disabled={connecting || undefined}
      onClick={() => {
        if (!connecting) void board.pair();
      }}
    >
      {connecting ? <Loader2 aria-hidden="true" size={20} className="spin" /> : <Usb aria-hidden="true" size={20} />}
      {connecting ? t('board.connecting') : t('board.connect')}
    </button>
  );
}
