// Before the browser's Bluetooth chooser: how to get a micro:bit ready to pair (it must already
// run a program sent over USB once, and be in pairing mode: A and B held through a reset), then
// "Choose my micro:bit" opens the chooser. Where the browser has no Web Bluetooth it says so and
// points to the cable instead. Pairing errors go to the flash dialog's help like USB's.

import { Bluetooth } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import './board.css';
import type { BoardControls } from './use-board.ts';

const STEPS = ['usbFirst', 'pairingMode', 'choose'] as const;

interface BluetoothPairDialogProps {
  open: boolean;
  bluetooth: BoardControls;
  onClose: () => void;
}

export function BluetoothPairDialog({ open, bluetooth, onClose }: BluetoothPairDialogProps) {
  const { t } = useTranslation();
  const unavailable = bluetooth.state.unavailable !== null;
  return (
    <Dialog open={open} title={t('board.pairing.title')} onClose={onClose} className="bluetooth-pair-dialog">
      {unavailable ? (
        <p>{t('board.pairing.unavailable')}</p>
      ) : (
        <>
          <p>{t('board.pairing.intro')}</p>
          <ol className="flash-steps">
            {STEPS.map((step) => (
              <li key={step}>{t(`board.pairing.step.${step}`)}</li>
            ))}
          </ol>
          <p className="flash-help-detail">{t('board.pairing.close')}</p>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {unavailable ? t('board.help.close') : t('board.pairing.cancel')}
        </button>
        {unavailable ? null : (
          <button
            type="button"
            className="button button-primary"
            ref={(element) => element?.setAttribute('autofocus', '')}
            onClick={() => {
              // The chooser must open from this press (browsers need a user gesture).
              onClose();
              void bluetooth.pair();
            }}
          >
            <Bluetooth aria-hidden="true" size={20} />
            {t('board.pairing.choose')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
