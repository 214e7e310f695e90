import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FirmwareStore, type FirmwareLoader } from '../../src/firmware/firmware-store.ts';

/** pxt-microbit's firmware images, as installed by npm (never committed). */
export const HEXCACHE_DIR = join(
  dirname(createRequire(import.meta.url).resolve('pxt-microbit/package.json')),
  'built',
  'hexcache',
);

/** Reads images from node_modules, as the CLI does. */
export const nodeFirmwareLoader: FirmwareLoader = {
  load: async (fileName) => new Uint8Array(await readFile(join(HEXCACHE_DIR, fileName))),
};

let store: FirmwareStore | undefined;
/** One store for a test file: each image is read and parsed once. */
export function testFirmwareStore(): FirmwareStore {
  store ??= new FirmwareStore(nodeFirmwareLoader);
  return store;
}
