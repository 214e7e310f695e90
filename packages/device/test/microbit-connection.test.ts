// The emulated board must be a board the field's own code can flash: the Micro:bit Educational
// Foundation's @microbit/microbit-connection (its WebUSB transport, CMSIS-DAP, SWD, Cortex-M and
// DAPLink code, and MakeCode's own flash and checksum routines, which it runs on the board's
// processor) flashes it here, partially and fully, on both boards. If this passes, the emulator
// speaks the protocol as real micro:bits do, as far as that library relies on it.
import { createUSBConnection } from '@microbit/microbit-connection/usb';
import { createUniversalHexFlashDataSource } from '@microbit/microbit-connection/universal-hex';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoImages, type DemoImages } from '../src/emulator/demo-images.ts';
import { flashImageFor } from '../src/flash/flash-image.ts';
import { factoryBoard } from '../src/testing/emulated-setup.ts';
import { nodeFirmwareStore } from '../src/testing/node-firmware.ts';
import { RealClock } from '../src/testing/real-clock.ts';

const quiet = { event: () => undefined, error: () => undefined, log: () => undefined };
let hello: DemoImages;
const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');

beforeAll(async () => {
  hello = await buildDemoImages(nodeFirmwareStore(), 'hello', { padding: 3000 });
});

afterEach(() => {
  if (saved) Object.defineProperty(globalThis, 'navigator', saved);
  else delete (globalThis as { navigator?: unknown }).navigator;
});

function flashEquals(flash: Uint8Array, hex: string, variant: 'v1' | 'v2'): boolean {
  for (const [address, page] of flashImageFor(hex, variant).pages) {
    if (!page.every((byte, i) => flash[address + i] === byte)) return false;
  }
  return true;
}

describe.each(['v1', 'v2'] as const)('@microbit/microbit-connection flashing the emulated %s', (variant) => {
  it.each([true, false])('partial: %s', async (partial) => {
    const board = await factoryBoard({ clock: new RealClock(), variant, frameMs: 0 });
    Object.defineProperty(globalThis, 'navigator', { value: { usb: board.usb }, configurable: true });
    const connection = createUSBConnection({ logging: quiet, pauseOnHidden: false });
    await connection.initialize();
    await connection.connect();
    expect(connection.getBoardVersion()).toBe(variant.toUpperCase());
    const stages = new Set<string>();
    await connection.flash(createUniversalHexFlashDataSource(hello.universalHex), {
      partial,
      progress: (stage) => stages.add(stage),
    });
    expect(stages).toContain(partial ? 'PartialFlashing' : 'FullFlashing');
    expect(flashEquals(board.flashBytes(), hello.universalHex, variant)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'hello' });
    expect(board.target.applicationRunning).toBe(true);
    await connection.disconnect();
    connection.dispose();
  });
});
