// An emulated board straight from the factory (the pinned firmware and a small program called
// "factory"), for tests, the benchmark and the CLI. Node only (reads the firmware from disk).

import type { Clock } from '@blockyard/core';
import type { ApplicationFactory } from '../emulator/application.ts';
import type { BoardVariant } from '../emulator/board-facts.ts';
import { buildDemoImages, type DemoImages } from '../emulator/demo-images.ts';
import { EmulatedBoard } from '../emulator/emulated-board.ts';
import { nodeFirmwareStore } from './node-firmware.ts';

let factory: Promise<DemoImages> | undefined;

export function factoryImages(): Promise<DemoImages> {
  factory ??= buildDemoImages(nodeFirmwareStore(), 'factory');
  return factory;
}

export async function factoryBoard(options: {
  clock: Clock;
  variant?: BoardVariant;
  frameMs?: number;
  application?: ApplicationFactory;
  blank?: boolean;
}): Promise<EmulatedBoard> {
  const variant = options.variant ?? 'v2';
  const images = await factoryImages();
  return new EmulatedBoard({
    clock: options.clock,
    variant,
    ...(options.frameMs !== undefined ? { frameMs: options.frameMs } : {}),
    ...(options.application ? { application: options.application } : {}),
    flash: options.blank ? [] : images[variant].segments,
  });
}
