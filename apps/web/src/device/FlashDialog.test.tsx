import type { FlashProgress } from '@blockyard/device';
import { DeviceError, SPEC_MESSAGES } from '@blockyard/device';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { boardHelp } from './board-help.ts';
import { FlashDialog } from './FlashDialog.tsx';
import type { BoardControls, FlashView } from './use-board.ts';

afterEach(cleanup);

function controls(view: FlashView): BoardControls {
  return {
    transport: 'usb',
    state: {
      state: 'ready',
      mode: 'application',
      info: null,
      flashing: view.kind === 'flashing',
      progress: null,
      error: null,
      unavailable: null,
    },
    view,
    flashes: true,
    pair: vi.fn(() => Promise.resolve()),
    disconnect: vi.fn(),
    flash: vi.fn(() => Promise.resolve(null)),
    cancel: vi.fn(),
    prepare: vi.fn(),
    closeView: vi.fn(),
  };
}

const progress = (changes: Partial<FlashProgress>): FlashProgress => ({
  stage: 'writing',
  percent: 40,
  bytesWritten: 8192,
  bytesTotal: 24576,
  msLeft: 2400,
  mode: 'partial',
  ...changes,
});

async function show(board: BoardControls, onSaveFile = vi.fn()) {
  render(
    <I18nextProvider i18n={await createI18n('en')}>
      <FlashDialog board={board} onSaveFile={onSaveFile} />
    </I18nextProvider>,
  );
  return onSaveFile;
}

describe('FlashDialog while sending', () => {
  it('a progress bar at the percent, the stage in plain words and the seconds left', async () => {
    await show(controls({ kind: 'flashing', progress: progress({}) }));
    const bar = screen.getByRole('progressbar', { name: 'Sending your program to the micro:bit' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Sending your program…')).toBeTruthy();
    // 2.4 s left rounds up: never "0 seconds".
    expect(screen.getByText('About 3 seconds left')).toBeTruthy();
  });

  it('one second left is singular; no time left shown outside writing', async () => {
    await show(controls({ kind: 'flashing', progress: progress({ msLeft: 300 }) }));
    expect(screen.getByText('About 1 second left')).toBeTruthy();
    cleanup();
    await show(controls({ kind: 'flashing', progress: progress({ stage: 'verifying', percent: 93 }) }));
    expect(screen.getByText('Checking that everything arrived…')).toBeTruthy();
    expect(screen.queryByText(/left$/)).toBeNull();
  });

  it('while the file is made: "Preparing your file…", the Download button\'s words; Stop still there', async () => {
    const board = controls({ kind: 'flashing', progress: null, preparing: true });
    await show(board);
    expect(screen.getByText('Preparing your file…')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(board.cancel).toHaveBeenCalled();
  });

  it('before any progress: finding the board, at 0 %', async () => {
    await show(controls({ kind: 'flashing', progress: null }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Finding your micro:bit…')).toBeTruthy();
  });

  it('a pulled cable asks for it back; a silent board says it tries again', async () => {
    await show(controls({ kind: 'flashing', progress: progress({ stage: 'recovering', recovery: 'unplugged' }) }));
    expect(screen.getByText('The cable came out. Plug your micro:bit back in and it will carry on.')).toBeTruthy();
    cleanup();
    await show(controls({ kind: 'flashing', progress: progress({ stage: 'recovering', recovery: 'no-answer' }) }));
    expect(screen.getByText('The micro:bit stopped answering. Trying again…')).toBeTruthy();
  });

  it('Stop cancels the flash', async () => {
    const board = controls({ kind: 'flashing', progress: progress({}) });
    await show(board);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(board.cancel).toHaveBeenCalled();
  });
});

describe('FlashDialog after a failure', () => {
  it('another tab holds the board: its steps, the spec text as detail, Try again and Save the file', async () => {
    const retry = vi.fn();
    const help = boardHelp(new DeviceError('device-locked', SPEC_MESSAGES.deviceLocked))!;
    const board = controls({ kind: 'failed', help, retry });
    const onSaveFile = await show(board);
    expect(screen.getByRole('dialog', { name: 'Another tab or app is using your micro:bit' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Close other tabs or apps that use a micro:bit, like another editor or MakeCode.',
      'Unplug the USB cable from the micro:bit, wait a moment, then plug it back in.',
      'Press Try again.',
    ]);
    expect(screen.getByText('Details for a grown-up: Device in use or not found.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save the file instead' }));
    expect(board.closeView).toHaveBeenCalled();
    expect(onSaveFile).toHaveBeenCalledTimes(1);
  });

  it('a file for another board: no Try again (it cannot work), Close instead', async () => {
    const help = boardHelp(new DeviceError('invalid-file', 'Invalid file: it is for a micro:bit V1'))!;
    const board = controls({ kind: 'failed', help, retry: vi.fn() });
    await show(board);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(board.closeView).toHaveBeenCalled();
  });

  it('over Bluetooth, a board with other software: send it by USB once; Close, no Try again', async () => {
    const help = boardHelp(new DeviceError('usb-flash-required', SPEC_MESSAGES.usbFlashRequired), 'bluetooth')!;
    const board = controls({ kind: 'failed', help, retry: vi.fn() });
    await show(board);
    expect(screen.getByRole('dialog', { name: 'Send this program with the USB cable once' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save the file instead' })).toBeTruthy();
  });

  it('nothing shown while closed', async () => {
    await show(controls({ kind: 'closed' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
