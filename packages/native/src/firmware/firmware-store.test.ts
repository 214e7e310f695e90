import { describe, expect, it } from 'vitest';
import { nodeFirmwareLoader } from '../../test/support/node-firmware.ts';
import { FirmwareError } from './firmware-image.ts';
import { allFirmwareFileNames, firmwareFileName, FirmwareStore, type FirmwareLoader } from './firmware-store.ts';

function countingLoader(inner: FirmwareLoader): FirmwareLoader & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    load: (name) => {
      calls.push(name);
      return inner.load(name);
    },
  };
}

describe('FirmwareStore', () => {
  it('loads each image once, also for concurrent requests', async () => {
    const loader = countingLoader(nodeFirmwareLoader);
    const store = new FirmwareStore(loader);
    const [a, b] = await Promise.all([store.get('v1'), store.get('v1')]);
    expect(a).toBe(b);
    await store.get('v2');
    expect(loader.calls).toEqual([firmwareFileName('v1'), firmwareFileName('v2')]);
  });

  it('says which board failed, and tries again on the next request', async () => {
    let fail = true;
    const loader: FirmwareLoader = {
      load: (name) => (fail ? Promise.reject(new Error('offline')) : nodeFirmwareLoader.load(name)),
    };
    const store = new FirmwareStore(loader);
    await expect(store.get('v2')).rejects.toThrow(
      new FirmwareError('the micro:bit V2 firmware could not be loaded (offline)'),
    );
    fail = false;
    await expect(store.get('v2')).resolves.toMatchObject({ variant: 'v2', programStart: 0x47000 });
  });

  it('refuses bytes that are not the pinned image', async () => {
    const store = new FirmwareStore({ load: () => Promise.resolve(new Uint8Array(10)) });
    await expect(store.get('v1')).rejects.toThrow(/micro:bit V1 firmware file is not the expected one/);
  });

  it('names the four image files', () => {
    const names = allFirmwareFileNames();
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{64}\.hex$/);
  });
});
