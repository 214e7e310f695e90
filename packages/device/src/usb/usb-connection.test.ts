import { ManualClock } from '@blockyard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMULATED_BOARD_FACTS } from '../emulator/board-facts.ts';
import { buildDemoImages, type DemoImages } from '../emulator/demo-images.ts';
import { nodeFirmwareStore } from '../testing/node-firmware.ts';
import { factoryBoard } from '../testing/emulated-setup.ts';
import { runOnVirtualTime } from '../testing/virtual-time.ts';
import { flashImageFor } from '../flash/flash-image.ts';
import { UsbConnection } from './usb-connection.ts';

let hello: DemoImages;
beforeAll(async () => {
  hello = await buildDemoImages(nodeFirmwareStore(), 'hello');
});

function imageBytesEqual(board: Uint8Array, hex: string, variant: 'v1' | 'v2'): boolean {
  const image = flashImageFor(hex, variant);
  for (const [address, page] of image.pages) {
    const onBoard = board.subarray(address, address + page.length);
    if (!onBoard.every((b, i) => b === page[i])) return false;
  }
  return true;
}

describe.each(['v1', 'v2'] as const)('flashing an emulated %s over WebUSB', (variant) => {
  it('pairs, flashes only the changed pages, checks them and starts the program', async () => {
    const clock = new ManualClock();
    const board = await factoryBoard({ clock, variant });
    const connection = new UsbConnection({ usb: board.usb, clock });
    const info = await runOnVirtualTime(clock, connection.pair());
    // Every device-info field the spec names, as the emulated DAPLink reports them.
    const facts = EMULATED_BOARD_FACTS[variant];
    expect(info).toMatchObject({
      variant,
      boardId: facts.boardId,
      version: facts.daplinkVersion,
      pageSize: facts.pageSize,
      flashSize: facts.flashSize,
      maxMessageSize: 64,
      familyId: facts.familyId,
    });
    expect(info.features).toEqual(expect.arrayContaining(['swd', 'serial', 'flash-stream']));
    const result = await runOnVirtualTime(clock, connection.flash(hello.universalHex));
    expect(result.mode).toBe('partial');
    expect(result.pagesWritten).toBeGreaterThan(0);
    expect(imageBytesEqual(board.flashBytes(), hello.universalHex, variant)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'hello' });
    expect(board.target.applicationRunning).toBe(true);
    expect(connection.getState()).toMatchObject({ state: 'ready', mode: 'application', flashing: false });
  });
});
