// Shared by the device tests: the images, a board from the factory with a connection to it, and
// the check that matters most: the board holds one whole program (the old one or the new one) or
// refuses to start anything; never half of one.

import { ManualClock } from '@blockyard/core';
import { expect } from 'vitest';
import { buildDemoImages, type DemoImages } from '../src/emulator/demo-images.ts';
import type { EmulatedBoard } from '../src/emulator/emulated-board.ts';
import type { BoardVariant } from '../src/emulator/board-facts.ts';
import { flashImageFor } from '../src/flash/flash-image.ts';
import { factoryBoard, factoryImages } from '../src/testing/emulated-setup.ts';
import { nodeFirmwareStore } from '../src/testing/node-firmware.ts';
import { runOnVirtualTime } from '../src/testing/virtual-time.ts';
import { UsbConnection } from '../src/usb/usb-connection.ts';

let images: Promise<{ hello: DemoImages; big: DemoImages; factory: DemoImages }> | undefined;

/** "hello" (one page of program), "big" (a program over several pages) and the factory image. */
export function testImages(): Promise<{ hello: DemoImages; big: DemoImages; factory: DemoImages }> {
  images ??= (async () => ({
    hello: await buildDemoImages(nodeFirmwareStore(), 'hello'),
    big: await buildDemoImages(nodeFirmwareStore(), 'big', { padding: 12_000 }),
    factory: await factoryImages(),
  }))();
  return images;
}

export async function connected(variant: BoardVariant = 'v2', options: { blank?: boolean } = {}) {
  const clock = new ManualClock();
  const board = await factoryBoard({ clock, variant, ...options });
  const connection = new UsbConnection({ usb: board.usb, clock });
  await runOnVirtualTime(clock, connection.pair());
  const run = <T>(work: Promise<T>) => runOnVirtualTime(clock, work);
  return { clock, board, connection, run };
}

/** Whether the board's flash holds every page of `hex` for its variant. */
export function holds(board: EmulatedBoard, hex: string): boolean {
  const flash = board.target.flash.bytes;
  for (const [address, page] of flashImageFor(hex, board.facts.variant).pages) {
    for (let i = 0; i < page.length; i++) if (flash[address + i] !== page[i]) return false;
  }
  return true;
}

/** The board starts a whole program from `candidates`, or nothing at all. */
export function expectWholeOrNothing(board: EmulatedBoard, candidates: Record<string, string>): void {
  const check = board.target.lastCheck;
  if (check.kind !== 'program') return;
  const hex = candidates[check.name];
  expect(hex, `the board starts "${check.name}", which is none of the files`).toBeDefined();
  expect(holds(board, hex!), `the board starts "${check.name}" but holds only part of it`).toBe(true);
}
