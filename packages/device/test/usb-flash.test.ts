// Every state and error of flashing over USB, against the emulated board on virtual time.
import { ManualClock } from '@blockyard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoImages } from '../src/emulator/demo-images.ts';
import { DeviceError } from '../src/device-error.ts';
import type { FlashProgress } from '../src/flash/flash-progress.ts';
import { factoryBoard } from '../src/testing/emulated-setup.ts';
import { runOnVirtualTime } from '../src/testing/virtual-time.ts';
import { UsbConnection, type UsbConnectionState } from '../src/usb/usb-connection.ts';
import { connected, holds, testImages } from './support.ts';

let hello: DemoImages;
let big: DemoImages;
let factory: DemoImages;
beforeAll(async () => {
  ({ hello, big, factory } = await testImages());
});

describe('a flash over USB', () => {
  it('goes through its stages with a growing percent and a time left, and ends in application mode', async () => {
    const { connection, run, board } = await connected('v2');
    const progress: FlashProgress[] = [];
    const states: UsbConnectionState[] = [];
    connection.subscribe(() => states.push(connection.getState()));
    const result = await run(connection.flash(big.universalHex, { onProgress: (p) => progress.push(p) }));
    const stages = [...new Set(progress.map((p) => p.stage))];
    expect(stages).toEqual(['connecting', 'checking', 'writing', 'verifying', 'restarting', 'done']);
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    expect(progress.some((p) => p.stage === 'writing' && p.msLeft !== null && p.msLeft > 0)).toBe(true);
    expect(result).toMatchObject({ mode: 'partial', unchanged: false, repaired: 0, recoveries: 0 });
    expect(result.pagesWritten).toBeGreaterThan(1);
    expect(result.bytesWritten).toBe(result.pagesWritten * 4096);
    expect(states.some((s) => s.mode === 'bootloader' && s.flashing)).toBe(true);
    expect(connection.getState()).toMatchObject({ state: 'ready', mode: 'application', flashing: false, error: null });
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.applicationRunning).toBe(true);
  });

  it('writes nothing when the board already holds the file, and still restarts the program', async () => {
    const { connection, run, board } = await connected('v1');
    await run(connection.flash(hello.universalHex));
    const erases = board.target.flash.counters.pageErases;
    const resets = board.target.resets;
    const again = await run(connection.flash(hello.universalHex));
    expect(again).toMatchObject({ unchanged: true, pagesWritten: 0, bytesWritten: 0, mode: 'partial' });
    expect(board.target.flash.counters.pageErases).toBe(erases);
    expect(board.target.resets).toBeGreaterThan(resets);
    expect(board.target.applicationRunning).toBe(true);
  });

  it('writes every page of the file in full mode', async () => {
    const { connection, run, board } = await connected('v1');
    const result = await run(connection.flash(hello.universalHex, { mode: 'full' }));
    expect(result.mode).toBe('full');
    expect(result.pagesWritten).toBeGreaterThan(200);
    expect(holds(board, hello.universalHex)).toBe(true);
  });

  it('writes a blank board whole, start pages last, and they are spoilt before anything else', async () => {
    const { connection, run, board } = await connected('v2', { blank: true });
    const erased: number[] = [];
    board.target.flash.onErase = (page) => erased.push(page);
    const result = await run(connection.flash(hello.universalHex));
    expect(result.mode).toBe('full');
    const programStart = hello.v2.programStart;
    expect(erased.slice(-2)).toEqual([programStart, 0]);
    expect(holds(board, hello.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'hello' });
  });

  it('spoils the start pages first when other pages change, so a cut flash cannot start', async () => {
    const { connection, run, board } = await connected('v2');
    // Watch the order of events on the flash: spoiling is a write without an erase.
    const events: string[] = [];
    const flash = board.target.flash;
    const write = flash.write32.bind(flash);
    flash.write32 = (address, value, cycle) => {
      if (value === 0 && address === big.v2.programStart) events.push('spoil header');
      return write(address, value, cycle);
    };
    flash.onErase = (page) => events.push(page === big.v2.programStart ? 'erase header' : 'erase other');
    await run(connection.flash(big.universalHex));
    expect(events[0]).toBe('spoil header');
    expect(events.at(-1)).toBe('erase header');
    expect(events.filter((e) => e === 'erase other').length).toBeGreaterThan(0);
  });

  it('goes through DAPLink when the settings area needs an erase, and checks the result the same way', async () => {
    const { connection, run, board } = await connected('v1');
    // The board's UICR has a bit cleared that the file needs set: only an erase brings it back.
    const byte = 0x10001015 - 0x10001000;
    board.target.flash.uicr[byte] = board.target.flash.uicr[byte]! & 0x0f;
    const result = await run(connection.flash(hello.universalHex));
    expect(result).toMatchObject({ throughInterfaceChip: true, mode: 'full' });
    expect(holds(board, hello.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'hello' });
  });
});

describe('refusals and errors', () => {
  async function failure(work: Promise<unknown>): Promise<DeviceError> {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeviceError);
    return error as DeviceError;
  }

  it('"Invalid file" for text that is not a .hex, and nothing on the board changes', async () => {
    const { connection, run, board } = await connected('v2');
    const before = board.flashBytes();
    const error = await failure(run(connection.flash('this is not a hex file')));
    expect(error.code).toBe('invalid-file');
    expect(error.message).toMatch(/^Invalid file/);
    expect(Buffer.compare(board.flashBytes(), before)).toBe(0);
    expect(connection.getState().error?.code).toBe('invalid-file');
  });

  it('"Invalid file" for a .hex that writes outside the flash, or locks the board', async () => {
    const { connection, run } = await connected('v1');
    const outside = ':020000042000DA\n:0400000001020304F2\n:00000001FF\n';
    expect((await failure(run(connection.flash(outside)))).code).toBe('invalid-file');
    const locking = ':020000041000EA\n:04100400000000FFE9\n:00000001FF\n';
    const error = await failure(run(connection.flash(locking)));
    expect(error.message).toMatch(/lock/);
  });

  it('"Invalid file" for a V1-only file on a V2 board', async () => {
    const { connection, run } = await connected('v2');
    expect((await failure(run(connection.flash(hello.hex('v1'))))).message).toMatch(/it is for a micro:bit V1/);
  });

  it('"Device not found." when no board is plugged in or allowed', async () => {
    const clock = new ManualClock();
    const board = await factoryBoard({ clock });
    const connection = new UsbConnection({ usb: board.usb, clock });
    const error = await failure(runOnVirtualTime(clock, connection.connect()));
    expect(error).toMatchObject({ code: 'device-not-found', message: 'Device not found.' });
  });

  it('the chooser closed without a board', async () => {
    const clock = new ManualClock();
    const board = await factoryBoard({ clock });
    board.usb.chooser = 'cancel';
    const connection = new UsbConnection({ usb: board.usb, clock });
    expect((await failure(runOnVirtualTime(clock, connection.pair()))).code).toBe('no-device-selected');
  });

  it('no WebUSB: every call says why, without touching anything', async () => {
    const connection = new UsbConnection({ usb: null, clock: new ManualClock() });
    expect(connection.getState().unavailable).toBe('notimpl');
    const error = await failure(connection.pair());
    expect(error).toMatchObject({ code: 'unavailable', details: { reason: 'notimpl' } });
  });

  it('refuses a second flash while one runs', async () => {
    const { connection, run } = await connected('v2');
    const first = connection.flash(hello.universalHex);
    expect((await failure(connection.flash(hello.universalHex))).code).toBe('device-locked');
    await run(first);
  });

  it('stops at the next page when cancelled, and reports it', async () => {
    const { connection, run, board } = await connected('v2');
    const work = connection.flash(big.universalHex, {
      onProgress: (p) => {
        if (p.stage === 'writing' && p.bytesWritten > 0) connection.cancel();
      },
    });
    expect((await failure(run(work))).code).toBe('cancelled');
    // Half written, the start page spoilt: the board starts nothing rather than half a program.
    board.target.systemReset();
    expect(board.target.lastCheck.kind).not.toBe('program');
    // The next flash puts everything right.
    await run(connection.flash(big.universalHex));
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
  });

  it('the factory image is what the board starts with', async () => {
    const { board } = await connected('v2');
    expect(holds(board, factory.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'factory' });
  });
});
