import type { FlashResult } from '@blockyard/device';
import { DeviceError, SPEC_MESSAGES } from '@blockyard/device';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NO_BOARD, type BoardLink } from './board-link.ts';
import { useBoard } from './use-board.ts';

const RESULT = { mode: 'partial', unchanged: false } as FlashResult;

function link(flash: BoardLink['flash']) {
  const calls = vi.fn(flash);
  const board: BoardLink = { ...NO_BOARD, flash: calls, cancel: vi.fn() };
  return { board, calls };
}

describe('useBoard', () => {
  it('prepare opens the dialog on "preparing"; the flash then shows progress and closes when done', async () => {
    const { board } = link(() => Promise.resolve(RESULT));
    const { result } = renderHook(() => useBoard(board, 'bluetooth'));
    act(() => result.current.prepare());
    expect(result.current.view).toEqual({ kind: 'flashing', progress: null, preparing: true });
    const onDone = vi.fn();
    await act(() => result.current.flash(new Uint8Array(1), onDone));
    expect(onDone).toHaveBeenCalledWith(RESULT);
    expect(result.current.view).toEqual({ kind: 'closed' });
  });

  it('Stop while the file is made: the dialog closes and that flash never starts', async () => {
    const { board, calls } = link(() => Promise.resolve(RESULT));
    const { result } = renderHook(() => useBoard(board));
    act(() => result.current.prepare());
    act(() => result.current.cancel());
    expect(result.current.view).toEqual({ kind: 'closed' });
    await act(async () => expect(await result.current.flash(new Uint8Array(1))).toBeNull());
    expect(calls).not.toHaveBeenCalled();
    // The next Download flashes as usual.
    act(() => result.current.prepare());
    await act(() => result.current.flash(new Uint8Array(1)));
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('a failure over Bluetooth gets the Bluetooth help; Try again flashes again', async () => {
    const { board, calls } = link(() =>
      Promise.reject(new DeviceError('failed-packet-transfer', SPEC_MESSAGES.failedPacketTransfer)),
    );
    const { result } = renderHook(() => useBoard(board, 'bluetooth'));
    await act(() => result.current.flash(new Uint8Array(1)));
    const view = result.current.view;
    expect(view).toMatchObject({ kind: 'failed', help: { topic: 'bleLost' } });
    act(() => (view.kind === 'failed' ? view.retry() : undefined));
    await act(() => Promise.resolve());
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
