import type { UsbConnectionState } from '@blockyard/device';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { BoardButton } from './BoardButton.tsx';
import type { BoardControls } from './use-board.ts';

afterEach(cleanup);

/** What the status says to a screen reader and in its tooltip, and the word it shows. */
function status() {
  const element = screen.getByRole('status');
  const text = element.querySelector('.board-status-text')!;
  return {
    spoken: element.querySelector('.visually-hidden')?.textContent,
    tooltip: text.getAttribute('title'),
    shown: [...text.querySelectorAll('[aria-hidden="true"]')].map((e) => e.textContent).join(''),
  };
}

function controls(state: UsbConnectionState['state'], transport: 'usb' | 'bluetooth' = 'usb'): BoardControls {
  return {
    transport,
    state: { state, mode: null, info: null, flashing: false, progress: null, error: null, unavailable: null },
    view: { kind: 'closed' },
    flashes: state === 'ready',
    pair: vi.fn(() => Promise.resolve()),
    disconnect: vi.fn(),
    flash: vi.fn(() => Promise.resolve(null)),
    cancel: vi.fn(),
    prepare: vi.fn(),
    closeView: vi.fn(),
  };
}

async function show(board: BoardControls, bluetooth?: BoardControls, onBluetooth?: () => void) {
  render(
    <I18nextProvider i18n={await createI18n('en')}>
      <BoardButton board={board} bluetooth={bluetooth} onBluetooth={onBluetooth} />
    </I18nextProvider>,
  );
}

describe('BoardButton', () => {
  it('disconnected: Connect, with a hint, pairs when pressed', async () => {
    const board = controls('disconnected');
    await show(board);
    const connect = screen.getByRole('button', { name: 'Connect' });
    expect(connect.getAttribute('title')).toMatch(/^Connect a micro:bit with a USB cable/);
    fireEvent.click(connect);
    expect(board.pair).toHaveBeenCalledTimes(1);
  });

  it('connecting: says so and ignores presses (no second chooser)', async () => {
    const board = controls('connecting');
    await show(board);
    const button = screen.getByRole('button', { name: 'Connecting…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(board.pair).not.toHaveBeenCalled();
  });

  it('connected: a status that says so, and Disconnect', async () => {
    const board = controls('ready');
    await show(board);
    // One word on the bar (it stays one line), the sentence for screen readers and the tooltip.
    expect(status()).toEqual({ spoken: 'micro:bit connected', tooltip: 'micro:bit connected', shown: 'Connected' });
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect the micro:bit' }));
    expect(board.disconnect).toHaveBeenCalledTimes(1);
  });

  it('Connect by Bluetooth sits next to Connect and opens the pairing steps (not the chooser)', async () => {
    const usb = controls('disconnected');
    const bluetooth = controls('disconnected', 'bluetooth');
    const onBluetooth = vi.fn();
    await show(usb, bluetooth, onBluetooth);
    const button = screen.getByRole('button', { name: 'Connect by Bluetooth' });
    expect(button.textContent).toBe('Bluetooth');
    fireEvent.click(button);
    expect(onBluetooth).toHaveBeenCalledTimes(1);
    expect(bluetooth.pair).not.toHaveBeenCalled();
    expect(usb.pair).not.toHaveBeenCalled();
  });

  it('connecting by Bluetooth: says so and ignores presses', async () => {
    const onBluetooth = vi.fn();
    await show(controls('disconnected'), controls('connecting', 'bluetooth'), onBluetooth);
    const button = screen.getByRole('button', { name: 'Connecting by Bluetooth…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onBluetooth).not.toHaveBeenCalled();
  });

  it('connected by Bluetooth: the status says how, and Disconnect ends the Bluetooth link', async () => {
    const usb = controls('disconnected');
    const bluetooth = controls('ready', 'bluetooth');
    await show(usb, bluetooth, vi.fn());
    expect(status()).toEqual({
      spoken: 'micro:bit connected by Bluetooth',
      tooltip: 'micro:bit connected by Bluetooth',
      shown: 'Connected',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect the micro:bit' }));
    expect(bluetooth.disconnect).toHaveBeenCalledTimes(1);
    expect(usb.disconnect).not.toHaveBeenCalled();
  });

  it('with the cable connected, USB is the one shown', async () => {
    await show(controls('ready'), controls('ready', 'bluetooth'), vi.fn());
    expect(status().spoken).toBe('micro:bit connected');
  });
});
