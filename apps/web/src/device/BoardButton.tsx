// Connect in the bottom bar: pairs a micro:bit through the browser's chooser (once; the board is
// found again by itself after that), over the USB cable or, next to it, by Bluetooth (which opens
// the pairing steps first). Connected, it shows the board, how it is connected (an icon and one
// word, the sentence in the tooltip), and Disconnect.

import { Bluetooth, BluetoothConnected, Loader2, Unplug, Usb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BoardControls } from './use-board.ts';

interface BoardButtonProps {
  /** The board on the USB cable. */
  board: BoardControls;
  /** The board over Bluetooth; null offers USB only. */
  bluetooth?: BoardControls | null;
  /** Opens the Bluetooth pairing steps (BluetoothPairDialog). */
  onBluetooth?: () => void;
}

function ConnectedStatus({ board }: { board: BoardControls }) {
  const { t } = useTranslation();
  const byBluetooth = board.transport === 'bluetooth';
  const Icon = byBluetooth ? BluetoothConnected : Usb;
  const words = byBluetooth ? t('board.connectedBluetooth') : t('board.connected');
  return (
    <div className="board-status" role="status">
      {/* One short word beside the icon keeps the bottom bar on one line; the whole sentence is
          in the tooltip and is what a screen reader says. */}
      <span className="board-status-text" title={words}>
        <Icon aria-hidden="true" size={20} />
        <span aria-hidden="true">{t('board.connectedShort')}</span>
        <span className="visually-hidden">{words}</span>
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

export function BoardButton({ board, bluetooth, onBluetooth }: BoardButtonProps) {
  const { t } = useTranslation();
  if (board.state.state === 'ready') return <ConnectedStatus board={board} />;
  if (bluetooth?.state.state === 'ready') return <ConnectedStatus board={bluetooth} />;
  const connecting = board.state.state === 'connecting';
  const bluetoothConnecting = bluetooth?.state.state === 'connecting';
  return (
    <>
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
      {bluetooth && onBluetooth ? (
        <button
          type="button"
          className="button button-secondary board-connect"
          // The visible word is part of the name (the label says what the word means).
          aria-label={bluetoothConnecting ? t('board.connectingBluetooth') : t('board.connectBluetooth')}
          title={t('board.connectBluetoothHint')}
          aria-disabled={bluetoothConnecting || undefined}
          onClick={() => {
            if (!bluetoothConnecting) onBluetooth();
          }}
        >
          {bluetoothConnecting ? (
            <Loader2 aria-hidden="true" size={20} className="spin" />
          ) : (
            <Bluetooth aria-hidden="true" size={20} />
          )}
          {t('board.bluetooth')}
        </button>
      ) : null}
    </>
  );
}
