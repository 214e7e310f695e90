// Each injected fault, against the emulated board: the flash either completes and checks out,
// or says clearly what happened; the board never starts half a program.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoImages } from '../src/emulator/demo-images.ts';
import { armFault, parseFaultSpec } from '../src/emulator/faults.ts';
import { DeviceError } from '../src/device-error.ts';
import { plainDeviceError } from '../src/plain-words.ts';
import type { FlashProgress } from '../src/flash/flash-progress.ts';
import { connected, expectWholeOrNothing, holds, testImages } from './support.ts';

let big: DemoImages;
let factory: DemoImages;
beforeAll(async () => {
  ({ big, factory } = await testImages());
});

async function outcome(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe('faults during a USB flash', () => {
  it('unplug@50 (back 1.5 s later): reconnects by itself, finishes and checks out', async () => {
    const { connection, run, board } = await connected('v2');
    const seen: FlashProgress[] = [];
    const arm = armFault(board, parseFaultSpec('unplug@50'));
    const result = await run(
      connection.flash(big.universalHex, {
        onProgress: (p) => {
          seen.push(p);
          arm(p);
        },
      }),
    );
    expect(result.recoveries).toBeGreaterThanOrEqual(1);
    expect(seen.some((p) => p.stage === 'recovering' && p.recovery === 'unplugged')).toBe(true);
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
    expect(board.target.applicationRunning).toBe(true);
  });

  it('unplug@50! (stays out): says the board was unplugged; the board starts nothing half-written', async () => {
    const { connection, run, board } = await connected('v2');
    const error = await outcome(
      run(connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec('unplug@50!')) })),
    );
    expect(error).toBeInstanceOf(DeviceError);
    expect(error).toMatchObject({ code: 'disconnected' });
    expect(connection.getState()).toMatchObject({ state: 'disconnected', flashing: false });
    board.plugIn();
    expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
    expect(board.target.lastCheck.kind).not.toBe('program');
  });

  it('an unplug at any moment leaves a whole program or none, and the next flash completes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 99 }), async (percent) => {
        const { connection, run, board } = await connected('v1');
        await outcome(
          run(
            connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec(`unplug@${percent}!`)) }),
          ),
        );
        board.plugIn();
        expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
        const result = await run(connection.connect().then(() => connection.flash(big.universalHex)));
        expect(result.unchanged || result.pagesWritten > 0).toBe(true);
        expect(holds(board, big.universalHex)).toBe(true);
        expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
      }),
      { numRuns: 6 },
    );
  });

  it('late-response: times out after 1 s, resynchronises and carries on', async () => {
    const { connection, run, board } = await connected('v2');
    const result = await run(
      connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec('late-response@40')) }),
    );
    expect(result.traffic.timeouts).toBeGreaterThanOrEqual(1);
    expect(result.traffic.resyncs).toBeGreaterThanOrEqual(1);
    expect(result.traffic.staleAnswers).toBeGreaterThanOrEqual(1);
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.applicationRunning).toBe(true);
  });

  it('duplicate-response: the extra answer is noticed and thrown away', async () => {
    const { connection, run, board } = await connected('v2');
    const result = await run(
      connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec('duplicate-response@40')) }),
    );
    expect(result.traffic.staleAnswers).toBeGreaterThanOrEqual(1);
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
  });

  it('duplicate answers at any moment never end in a wrong board', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 99 }), async (percent) => {
        const { connection, run, board } = await connected('v1');
        const result = await outcome(
          run(
            connection.flash(big.universalHex, {
              onProgress: armFault(board, parseFaultSpec(`duplicate-response@${percent}`)),
            }),
          ),
        );
        if (result instanceof Error) expect(result).toBeInstanceOf(DeviceError);
        else expect(holds(board, big.universalHex)).toBe(true);
        expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
      }),
      { numRuns: 6 },
    );
  });

  it('stuck-bootloader: the file is written and checked, then "did not start" until the board is replugged', async () => {
    const { connection, run, board } = await connected('v2');
    const error = await outcome(
      run(connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec('stuck-bootloader')) })),
    );
    expect(error).toMatchObject({ code: 'not-started' });
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.state).toBe('halted');
    board.unplug();
    board.plugIn();
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
    expect(board.target.applicationRunning).toBe(true);
  });

  it('wont-halt: "cannot switch into bootloader mode" in plain words; nothing written, the old program runs', async () => {
    const { connection, run, board } = await connected('v2');
    const before = board.flashBytes();
    const error = await outcome(
      run(connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec('wont-halt')) })),
    );
    expect(error).toBeInstanceOf(DeviceError);
    expect(error).toMatchObject({ code: 'cannot-enter-bootloader', message: 'cannot switch into bootloader mode' });
    const plain = plainDeviceError(error as DeviceError);
    expect(plain).toMatch(/^[A-Z][^(]*\. /);
    expect(plain).toContain('(cannot switch into bootloader mode)');
    expect(board.flashBytes()).toEqual(before);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'factory' });
    expect(board.target.applicationRunning).toBe(true);
    expect(connection.getState()).toMatchObject({ flashing: false, error: { code: 'cannot-enter-bootloader' } });
  });

  it('usb-error@40: every transfer fails; after the retries it says "USB error on device {name} ({cause})"', async () => {
    const { connection, run, board } = await connected('v2');
    const error = await outcome(
      run(connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec('usb-error@40')) })),
    );
    expect(error).toBeInstanceOf(DeviceError);
    expect(error).toMatchObject({ code: 'usb-error' });
    expect((error as DeviceError).message).toMatch(
      /^USB error on device BBC micro:bit CMSIS-DAP \(.*transfer.*stall\)$/,
    );
    board.unplug();
    board.plugIn();
    expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
    expect(board.target.lastCheck.kind).not.toBe('program');
  });

  it('error-response@40: DAPLink answers with its error status; reported as "execution error", never half a program', async () => {
    const { connection, run, board } = await connected('v2');
    const error = await outcome(
      run(connection.flash(big.universalHex, { onProgress: armFault(board, parseFaultSpec('error-response@40')) })),
    );
    expect(error).toBeInstanceOf(DeviceError);
    expect(error).toMatchObject({ code: 'execution-error' });
    expect((error as DeviceError).message).toMatch(/^execution error/);
    expect(plainDeviceError(error as DeviceError)).toMatch(/could not do what it was asked/);
    board.unplug();
    board.plugIn();
    expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
    expect(board.target.lastCheck.kind).not.toBe('program');
  });

  it('busy: another tab holds the board: five tries 500 ms apart, then "Device in use or not found."', async () => {
    const { connection, run, board, clock } = await connected('v2');
    await run(connection.disconnect());
    armFault(board, parseFaultSpec('busy'));
    const started = clock.now();
    const error = await outcome(run(connection.connect()));
    expect(error).toMatchObject({ code: 'device-locked', message: 'Device in use or not found.' });
    expect(clock.now() - started).toBeGreaterThanOrEqual(4 * 500);
    expect(connection.getState()).toMatchObject({ state: 'disconnected' });
  });

  it('busy for a moment: the other tab lets go within the tries, and the connection succeeds', async () => {
    const { connection, run, board, clock } = await connected('v2');
    await run(connection.disconnect());
    armFault(board, parseFaultSpec('busy'));
    clock.setTimeout(() => board.release(), 1200);
    const info = await run(connection.connect());
    expect(info.variant).toBe('v2');
    expect(connection.getState().state).toBe('ready');
  });

  it('a board that comes back after being unplugged while idle is connected again by itself', async () => {
    const { connection, run, board, clock } = await connected('v2');
    board.unplug(500);
    expect(connection.getState().state).toBe('disconnected');
    await run(new Promise<void>((resolve) => clock.setTimeout(resolve, 3000)));
    expect(connection.getState()).toMatchObject({ state: 'ready', mode: 'application' });
  });
});

describe('fault names', () => {
  it.each([
    ['unplug@50', { kind: 'unplug', atPercent: 50, replugAfterMs: 1500 }],
    ['unplug@5!', { kind: 'unplug', atPercent: 5, replugAfterMs: null }],
    ['late-response', { kind: 'late-response', atPercent: 30 }],
    ['busy', { kind: 'busy' }],
    ['stuck-bootloader', { kind: 'stuck-bootloader' }],
    ['wont-halt', { kind: 'wont-halt' }],
    ['usb-error@40', { kind: 'usb-error', atPercent: 40, replugAfterMs: null }],
    ['error-response', { kind: 'error-response', atPercent: 30 }],
  ])('%s', (text, expected) => {
    expect(parseFaultSpec(text)).toMatchObject(expected);
  });

  it.each(['unplug@101', 'explode', 'busy!', '', 'unplug@-1', 'usb-error!'])(
    '%j is refused with the list of faults',
    (text) => {
      expect(() => parseFaultSpec(text)).toThrow(/unplug|percent|Only unplug/);
    },
  );
});
