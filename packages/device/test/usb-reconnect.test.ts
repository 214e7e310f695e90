// The reconnect policy on a fake clock (spec 000 §4, §9; 001 §4, §9): 500 ms after a close, up to
// 5 tries 500 ms apart, to the last-known serial number, and a 2 s wait when that board is not
// listed (another tab may be letting go of it, or its cable is going back in). Each `getDevices` call is stamped with the
// virtual time, so the waits themselves are asserted, not only the outcome.
import { beforeAll, describe, expect, it } from 'vitest';
import { armFault, parseFaultSpec } from '../src/emulator/faults.ts';
import type { UsbLike } from '../src/usb/webusb.ts';
import { UsbConnection } from '../src/usb/usb-connection.ts';
import { connected, testImages } from './support.ts';

beforeAll(async () => {
  await testImages();
});

/** A connection to the paired board whose `getDevices` calls are timed (ms after `start()`). */
async function timedConnection(options: { lastKnownDelayMs?: number } = {}) {
  const { clock, board, connection: paired, run } = await connected('v2');
  // Pair through the first connection, then hand its last-known serial number to a fresh one
  // that sees the same browser USB through a recorder.
  const calls: number[] = [];
  let origin = 0;
  const usb: UsbLike = {
    getDevices: () => {
      calls.push(clock.now() - origin);
      return board.usb.getDevices();
    },
    requestDevice: (o) => board.usb.requestDevice(o),
    addEventListener: (type, listener) => board.usb.addEventListener(type, listener),
    removeEventListener: (type, listener) => board.usb.removeEventListener(type, listener),
  };
  const serial = paired.getState().info?.serialNumber;
  await run(paired.disconnect());
  paired.dispose();
  const connection = new UsbConnection({ usb, clock, ...options });
  // The page paired this board before: `pair()` through the recorder sets the last-known serial.
  await run(connection.pair());
  expect(connection.getState().info?.serialNumber).toBe(serial);
  await run(connection.disconnect());
  // Let go a while ago, so the 500 ms after a close is over (its own test below).
  await run(new Promise<void>((resolve) => clock.setTimeout(resolve, 1000)));
  const start = () => {
    calls.length = 0;
    origin = clock.now();
  };
  return { clock, board, connection, run, calls, start };
}

async function outcome(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe('reconnecting over USB', () => {
  it('waits 2 s for the last-known board when it is not listed, and finds it back after 2.2 s', async () => {
    const { board, connection, run, calls, start } = await timedConnection();
    board.unplug(2200); // back 2.2 s later: after the five 500 ms tries alone would have ended
    start();
    const info = await run(connection.connect());
    expect(info.variant).toBe('v2');
    expect(connection.getState().state).toBe('ready');
    // Not listed at 0 -> nothing asked for 2 s -> still out at 2000 -> next try 500 ms later.
    expect(calls).toEqual([0, 2000, 2500]);
  });

  it('without that board: the 2 s wait once, then the rest of the 5 tries 500 ms apart, then "Device not found."', async () => {
    const { board, connection, run, calls, start } = await timedConnection();
    board.unplug();
    start();
    const error = await outcome(run(connection.connect()));
    expect(error).toMatchObject({ code: 'device-not-found', message: 'Device not found.' });
    expect(calls).toEqual([0, 2000, 2500, 3000, 3500, 4000]);
    expect(connection.getState()).toMatchObject({ state: 'disconnected' });
  });

  it('a listed but held board: 5 tries exactly 500 ms apart, no 2 s wait', async () => {
    const { board, connection, run, calls, start } = await timedConnection();
    armFault(board, parseFaultSpec('busy'));
    start();
    const error = await outcome(run(connection.connect()));
    expect(error).toMatchObject({ code: 'device-locked', message: 'Device in use or not found.' });
    expect(calls).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('the 2 s wait is what finds a board that is back within it (without it the tries run out)', async () => {
    // The same replug with the wait set to nothing: the five tries end at 2000 ms, before the
    // board is back at 2200 ms. This is the case the wait exists for.
    const { board, connection, run, start } = await timedConnection({ lastKnownDelayMs: 0 });
    board.unplug(2200);
    start();
    const error = await outcome(run(connection.connect()));
    expect(error).toMatchObject({ code: 'device-not-found' });
  });

  it('opens a board again 500 ms after closing it, not sooner', async () => {
    const { connection, run, calls, start } = await timedConnection();
    await run(connection.connect());
    start();
    await run(connection.disconnect());
    const info = await run(connection.connect());
    expect(info.variant).toBe('v2');
    expect(calls).toEqual([500]);
  });

  it('after an unplug while idle, the board is looked for 500 ms after it went', async () => {
    const { board, connection, run, calls, clock, start } = await timedConnection();
    await run(connection.connect());
    start();
    board.unplug(100); // back 100 ms later: the connect event comes before the 500 ms are over
    await run(new Promise<void>((resolve) => clock.setTimeout(resolve, 1000)));
    expect(connection.getState().state).toBe('ready');
    expect(calls[0]).toBe(500);
  });
});
