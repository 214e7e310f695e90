import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { BluetoothPairDialog } from './BluetoothPairDialog.tsx';
import type { BoardControls } from './use-board.ts';

afterEach(cleanup);

function bluetooth(unavailable: 'notimpl' | null = null): BoardControls {
  return {
    transport: 'bluetooth',
    state: { state: 'disconnected', mode: null, info: null, flashing: false, progress: null, error: null, unavailable },
    view: { kind: 'closed' },
    flashes: false,
    pair: vi.fn(() => Promise.resolve()),
    disconnect: vi.fn(),
    flash: vi.fn(() => Promise.resolve(null)),
    cancel: vi.fn(),
    prepare: vi.fn(),
    closeView: vi.fn(),
  };
}

async function show(board: BoardControls, onClose = vi.fn()) {
  render(
    <I18nextProvider i18n={await createI18n('en')}>
      <BluetoothPairDialog open bluetooth={board} onClose={onClose} />
    </I18nextProvider>,
  );
  return onClose;
}

describe('BluetoothPairDialog', () => {
  it('explains pairing in order: USB once, pairing mode with A+B and reset, then the chooser', async () => {
    await show(bluetooth());
    expect(screen.getByRole('dialog', { name: 'Connect your micro:bit by Bluetooth' })).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/USB cable once/);
    expect(steps[1]).toMatch(/buttons A and B.*reset button/);
    expect(steps[2]).toMatch(/Choose my micro:bit/);
  });

  it('"Choose my micro:bit" closes the steps and opens the chooser from the same press', async () => {
    const board = bluetooth();
    const onClose = await show(board);
    fireEvent.click(screen.getByRole('button', { name: 'Choose my micro:bit' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(board.pair).toHaveBeenCalledTimes(1);
  });

  it('"Not now" closes without pairing', async () => {
    const board = bluetooth();
    const onClose = await show(board);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(board.pair).not.toHaveBeenCalled();
  });

  it('without Web Bluetooth: says which browsers can, points to the cable, offers no chooser', async () => {
    await show(bluetooth('notimpl'));
    expect(screen.getByText(/Google Chrome or Microsoft Edge.*USB cable instead/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose my micro:bit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
