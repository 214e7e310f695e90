// The pinned firmware images from node_modules (pxt-microbit's hexcache), for the CLI, the
// benchmark, the e2e setup and the tests. Node only.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FirmwareStore, type FirmwareLoader } from '@blockyard/native';

export function hexcacheDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('pxt-microbit/package.json')), 'built', 'hexcache');
}

export const nodeFirmwareLoader: FirmwareLoader = {
  load: async (fileName) => new Uint8Array(await readFile(join(hexcacheDir(), fileName))),
};

let shared: FirmwareStore | undefined;
export function nodeFirmwareStore(): FirmwareStore {
  shared ??= new FirmwareStore(nodeFirmwareLoader);
  return shared;
}
