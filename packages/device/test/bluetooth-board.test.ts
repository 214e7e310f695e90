// The editor's Bluetooth board (BluetoothBoard) against the emulated board's GATT service on
// virtual time: its state follows the link, its progress speaks the USB flash's stages with a
// time left, Stop leaves the board in application mode, and errors keep their codes.
import { ManualClock } from '@blockyard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BluetoothBoard, bluetoothProgress } from '../src/bluetooth/bluetooth-board.ts';
import type { DemoImages } from '../src/emulator/demo-images.ts';
import type { FlashProgress } from '../src/flash/flash-progress.ts';
import { factoryBoard } from '../src/testing/emulated-setup.ts';
import { runOnVirtualTime } from '../src/testing/virtual-time.ts';
import { expectWholeOrNothing, holds, testImages } from './support.ts';

let hello: DemoImages;
let big: DemoImages;
let factory: DemoImages;
beforeAll(async () => {
  ({ hello, big, factory } = await testImages());
});

async function setUp() {
  const clock = new ManualClock();
  const board = await factoryBoard({ clock, variant: 'v2' });
  const link = new BluetoothBoard({ bluetooth: board.bluetooth, clock });
  const states: string[] = [];
  link.subscribe(() => {
    const { state } = link.getState();
    if (states.at(-1) !== state) states.push(state);
  });
  const run = <T>(work: Promise<T>) => runOnVirtualTime(clock, work);
  return { clock, board, link, states, run };
}

function outcome(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe('BluetoothBoard', () => {
  it('without Web Bluetooth it says so before anything is tried', async () => {
    const link = new BluetoothBoard({ bluetooth: null, clock: new ManualClock() });
    expect(link.getState().unavailable).toBe('notimpl');
    await expect(link.pair()).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('pairs (connecting, then ready), flashes with stages and a time left, and the program runs', async () => {
    const { board, link, states, run } = await setUp();
    await run(link.pair());
    expect(states).toEqual(['connecting', 'ready']);
    const seen: FlashProgress[] = [];
    const result = await run(link.flash(big.universalHex, { onProgress: (p) => seen.push(p) }));
    expect(result).toMatchObject({ mode: 'partial', unchanged: false });
    expect(result.bytesWritten).toBeGreaterThan(12_000);
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
    const stages = [...new Set(seen.map((p) => p.stage))];
    expect(stages).toEqual(['checking', 'writing', 'restarting', 'done']);
    const percents = seen.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(seen.some((p) => p.stage === 'writing' && p.msLeft !== null && p.msLeft > 0)).toBe(true);
    expect(link.getState()).toMatchObject({ flashing: false, state: 'ready', error: null });
  });

  it('a second flash of the same program sends nothing', async () => {
    const { link, run } = await setUp();
    await run(link.pair());
    await run(link.flash(hello.universalHex));
    const again = await run(link.flash(hello.universalHex));
    expect(again).toMatchObject({ unchanged: true, bytesWritten: 0 });
  });

  it('Stop ends the flash before the next block, and the board is back in application mode', async () => {
    const { board, link, run } = await setUp();
    await run(link.pair());
    const error = await outcome(
      run(
        link.flash(big.universalHex, {
          onProgress: (p) => {
            if (p.stage === 'writing' && p.bytesWritten >= 640) link.cancel();
          },
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'cancelled' });
    expect(board.target.pairingMode).toBe(false);
    expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
    expect(link.getState().error).toMatchObject({ code: 'cancelled' });
  });

  it('after a flash that failed and reset the board, the link comes back by itself', async () => {
    const { board, link, run, clock } = await setUp();
    await run(link.pair());
    const error = await outcome(
      run(
        link.flash(big.universalHex, {
          onProgress: (p) => {
            if (p.stage === 'writing' && p.bytesWritten === 640) board.bluetooth.device.inject('lose-all-answers');
          },
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'failed-packet-transfer' });
    board.bluetooth.device.clearFaults();
    await run(new Promise<void>((resolve) => clock.setTimeout(() => resolve(), 5_000)));
    expect(link.getState().state).toBe('ready');
    expect(board.target.pairingMode).toBe(false);
  });

  it('a board with other software keeps the code usb-flash-required', async () => {
    const { link, run } = await setUp();
    await run(link.pair());
    const error = await outcome(run(link.flash(hello.hex('v1'))));
    expect(error).toMatchObject({ code: 'usb-flash-required' });
    expect(link.getState().flashing).toBe(false);
  });

  it('the chooser closed without a board: "no-device-selected", still disconnected; choosing later works', async () => {
    const { board, clock, run } = await setUp();
    let cancelNext = true;
    const link = new BluetoothBoard({
      clock,
      bluetooth: {
        requestDevice: (options) => {
          if (!cancelNext) return board.bluetooth.requestDevice(options);
          cancelNext = false;
          return Promise.reject(new Error('NotFoundError: User cancelled the requestDevice() chooser.'));
        },
      },
    });
    expect(await outcome(run(link.pair()))).toMatchObject({ code: 'no-device-selected', recoverable: false });
    expect(link.getState()).toMatchObject({ state: 'disconnected', flashing: false });
    await run(link.pair());
    expect(link.getState().state).toBe('ready');
  });

  it('the board loses power mid-flash: "disconnected" after every retry, no half program; Try again works', async () => {
    const { board, link, run } = await setUp();
    await run(link.pair());
    const error = await outcome(
      run(
        link.flash(big.universalHex, {
          onProgress: (p) => {
            if (p.stage === 'writing' && p.bytesWritten === 640) board.unplug();
          },
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'disconnected' });
    expect(link.getState()).toMatchObject({ state: 'disconnected', flashing: false, error: { code: 'disconnected' } });
    board.plugIn();
    // The power cycle took the board out of pairing mode; it starts a whole program or none.
    expect(board.target.pairingMode).toBe(false);
    expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
    await run(link.flash(big.universalHex));
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
  });

  it('a dropped link shows as disconnected, then ready again by itself', async () => {
    const { board, link, states, run, clock } = await setUp();
    await run(link.pair());
    board.bluetooth.device.inject('drop-link');
    await run(new Promise<void>((resolve) => clock.setTimeout(() => resolve(), 5_000)));
    expect(states).toEqual(['connecting', 'ready', 'disconnected', 'connecting', 'ready']);
  });
});

describe('bluetoothProgress', () => {
  it('maps the partial flash states onto the USB stages and counts the time left from the block rate', () => {
    const at = (state: Parameters<typeof bluetoothProgress>[0]['state'], sent = 0) =>
      bluetoothProgress({ state, blocksSent: sent, blocksTotal: 100, chunkDelayMs: 0 }, sent > 0 ? 20 : null);
    expect(at('idle').stage).toBe('connecting');
    expect(at('region-makecode-requested').stage).toBe('checking');
    expect(at('flash', 50)).toMatchObject({ stage: 'writing', percent: 50, msLeft: 1000, bytesWritten: 3200 });
    expect(at('flash', 100)).toMatchObject({ percent: 95, msLeft: 0 });
    expect(at('end-of-transmission').stage).toBe('restarting');
  });
});
