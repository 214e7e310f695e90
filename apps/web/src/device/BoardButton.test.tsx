import type { UsbConnectionState } from '@blockyard/device';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { BoardButton } from './BoardButton.tsx';
import type { BoardControls } from './use-board.ts';

afterEach(cleanup);

function controls(state: UsbConnectionState['state']): BoardControls {
  return {
    state: { state, mode: null, info: null, flashing: false, progress: null, error: null, unavailable: null },
    view: { kind: 'closed' },
    flashes: state === 'ready',
    pair: vi.fn(() => Promise.resolve()),
    disconnect: vi.fn(),
    flash: vi.fn(() => Promise.resolve(null)),
    cancel: vi.fn(),
    closeView: vi.fn(),
  };
}

async function show(board: BoardControls) {
  render(
    <I18nextProvider i18n={await createI18n('en')}>
      <BoardButton board={board} />
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
    expect(screen.getByRole('status').textContent).toBe('micro:bit connected');
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect the micro:bit' }));
    expect(board.disconnect).toHaveBeenCalledTimes(1);
  });
});
