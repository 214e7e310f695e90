import { ManualClock } from '@blockyard/core';
import { BluetoothBoard, UsbConnection } from '@blockyard/device';
import { describe, expect, it, vi } from 'vitest';
import { lazyLoad } from '../app/lazy-load.ts';
import type { BoardLink } from './board-link.ts';
import { LazyBoardLink, unconnectedState } from './lazy-board-link.ts';

/** A stand-in real link: a state to change, serial to send, calls to count. */
function fakeLink() {
  const listeners = new Set<() => void>();
  const serial = new Set<(text: string) => void>();
  let state = unconnectedState(null);
  const calls = { disconnect: vi.fn(() => Promise.resolve()), cancel: vi.fn(), pair: vi.fn() };
  const link: BoardLink = {
    getState: () => state,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    pair: () => {
      calls.pair();
      state = { ...state, state: 'ready' };
      for (const listener of listeners) listener();
      return Promise.resolve(null);
    },
    disconnect: calls.disconnect,
    flash: vi.fn(() => Promise.reject(new Error('no board'))),
    cancel: calls.cancel,
    onSerial: (listener) => (serial.add(listener), () => serial.delete(listener)),
    writeSerial: vi.fn(() => Promise.resolve()),
  };
  return { link, calls, sendSerial: (text: string) => serial.forEach((listener) => listener(text)) };
}

const clock = new ManualClock();

describe('LazyBoardLink', () => {
  it('starts as a new connection does, and loads nothing until it is used', () => {
    const load = vi.fn(() => Promise.resolve(fakeLink().link));
    const link = new LazyBoardLink(load, unconnectedState('security'));
    const unsubscribe = link.subscribe(() => undefined);
    link.cancel();
    void link.disconnect();
    unsubscribe();
    expect(link.getState()).toEqual(new UsbConnection({ usb: null, clock, unavailable: 'security' }).getState());
    expect(load).not.toHaveBeenCalled();
  });

  it("states a new connection's state as UsbConnection and BluetoothBoard do", () => {
    expect(unconnectedState('notimpl')).toEqual(new UsbConnection({ usb: null, clock }).getState());
    expect(unconnectedState('notimpl')).toEqual(new BluetoothBoard({ bluetooth: null, clock }).getState());
  });

  it('loads the real link on the first use, once, and hands its state and serial to listeners', async () => {
    const real = fakeLink();
    const load = vi.fn(() => Promise.resolve(real.link));
    const link = new LazyBoardLink(load, unconnectedState(null));
    const changed = vi.fn();
    const serial = vi.fn();
    link.subscribe(changed);
    link.onSerial(serial);
    await Promise.all([link.pair(), link.writeSerial('hi')]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(link.getState().state).toBe('ready');
    expect(changed).toHaveBeenCalled();
    real.sendSerial('42\n');
    expect(serial).toHaveBeenCalledWith('42\n');
    await link.disconnect();
    link.cancel();
    expect(real.calls.disconnect).toHaveBeenCalledTimes(1);
    expect(real.calls.cancel).toHaveBeenCalledTimes(1);
  });

  it('passes a failed load to the caller and tries again on the next use', async () => {
    const real = fakeLink();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(real.link);
    const link = new LazyBoardLink(lazyLoad('the board connection', load), unconnectedState(null));
    await expect(link.pair()).rejects.toThrow('Could not load the board connection');
    expect(link.getState()).toEqual(unconnectedState(null));
    await link.pair();
    expect(real.calls.pair).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is prepared once, at the first subscription, and keeps its serial limit before it loads', async () => {
    const prepare = vi.fn((start: () => void) => start());
    const load = vi.fn(() => Promise.resolve(fakeLink().link));
    const link = new LazyBoardLink(load, unconnectedState(null), { maxSerialBytes: 60, prepare });
    expect(link.maxSerialBytes).toBe(60);
    link.subscribe(() => undefined);
    link.subscribe(() => undefined);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(prepare).toHaveBeenCalledTimes(1);
  });
});
