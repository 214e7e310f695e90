// The board's serial port through DAPLink, and the packet link's own rules.
import { ManualClock } from '@blockyard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoImages } from '../src/emulator/demo-images.ts';
import { DeviceError } from '../src/device-error.ts';
import { PacketLink } from '../src/link/packet-link.ts';
import { factoryBoard } from '../src/testing/emulated-setup.ts';
import { runOnVirtualTime } from '../src/testing/virtual-time.ts';
import { usbUnavailableReason } from '../src/usb/availability.ts';
import { connected, testImages } from './support.ts';

let hello: DemoImages;
beforeAll(async () => {
  ({ hello } = await testImages());
});

const wait = (clock: ManualClock, ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

describe.each(['v1', 'v2'] as const)('serial from an emulated %s', (variant) => {
  it('arrives after a flash (at 115200 baud, set if DAPLink was not), and text typed reaches the program', async () => {
    const { connection, run, clock } = await connected(variant);
    let text = '';
    connection.onSerial((chunk) => (text += chunk));
    await run(connection.flash(hello.universalHex));
    await run(wait(clock, 2500));
    expect(text).toMatch(/hello started\r\ncount:1\r\ncount:2\r\n/);
    await run(connection.writeSerial('ping\n'));
    await run(wait(clock, 200));
    expect(text).toContain('heard:ping\r\n');
  });
});

describe('the packet link', () => {
  async function openLink() {
    const clock = new ManualClock();
    const board = await factoryBoard({ clock });
    const device = await board.usb.requestDevice({ filters: [] });
    const link = new PacketLink(device, { clock });
    await runOnVirtualTime(clock, link.open());
    return { clock, board, link, run: <T>(work: Promise<T>) => runOnVirtualTime(clock, work) };
  }

  it('an unknown command is "invalid command", and the link stays in step', async () => {
    const { link, run } = await openLink();
    const error = await run(link.command(Uint8Array.of(0x42))).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid-command', message: 'invalid command' });
    expect(link.inSync).toBe(true);
    expect((await run(link.command(Uint8Array.of(0x00, 0x04))))[0]).toBe(0x00);
  });

  it('an answer to another command is "out of sync"; the next command resynchronises first', async () => {
    const { link, run, board } = await openLink();
    await run(link.learnProbes());
    board.fire({ kind: 'duplicate-response', atPercent: 0, replugAfterMs: null });
    await run(link.command(Uint8Array.of(0x00, 0x02))); // answered twice
    const error = await run(link.command(Uint8Array.of(0x81))).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'out-of-sync', message: 'out of sync' });
    expect(link.inSync).toBe(false);
    const answer = await run(link.command(Uint8Array.of(0x81)));
    expect(answer[0]).toBe(0x81);
    expect(link.counters.staleAnswers).toBeGreaterThanOrEqual(1);
  });

  it('waits 1000 ms for an answer, then reads the late one before anything newer', async () => {
    const { link, run, board, clock } = await openLink();
    await run(link.learnProbes());
    board.fire({ kind: 'late-response', atPercent: 0, replugAfterMs: null });
    const started = clock.now();
    const error = await run(link.command(Uint8Array.of(0x80))).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(clock.now() - started).toBeGreaterThanOrEqual(1000);
    expect(clock.now() - started).toBeLessThan(1100);
    const answer = await run(link.command(Uint8Array.of(0x00, 0x04)));
    expect(answer[0]).toBe(0x00);
    expect(link.counters).toMatchObject({ timeouts: 1, staleAnswers: 1 });
  });

  it('sends 64-byte packets only, and refuses longer commands', async () => {
    const { link, run, board } = await openLink();
    await expect(run(link.command(new Uint8Array(65)))).rejects.toThrow(RangeError);
    const before = board.traffic.wireBytesOut;
    await run(link.command(Uint8Array.of(0x00, 0x04)));
    expect(board.traffic.wireBytesOut - before).toBe(64);
  });

  it('a pulled cable is "disconnected" and the link stays closed', async () => {
    const { link, run, board } = await openLink();
    board.unplug();
    const error = await run(link.command(Uint8Array.of(0x00, 0x04))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeviceError);
    expect(error).toMatchObject({ code: 'disconnected' });
    expect(link.closed).toBe(true);
  });
});

describe('WebUSB availability (spec 001 §8)', () => {
  const usb = { getDevices: () => Promise.resolve([]) } as never;
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36';
  it.each([
    [{ usb, userAgent: `${chrome} Electron/30.0.0` }, 'electron'],
    [{ usb: null, userAgent: chrome }, 'notimpl'],
    [{ usb, userAgent: 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) Chrome/109' }, 'oldwindows'],
    [{ usb: { getDevices: () => Promise.reject(new Error('SecurityError')) } as never, userAgent: chrome }, 'security'],
    [{ usb, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130' }, null],
  ])('%#: %s', async (environment, reason) => {
    expect(await usbUnavailableReason(environment)).toBe(reason);
  });
});
