import { describe, expect, it } from 'vitest';
import { testFirmwareStore } from '../../test/support/node-firmware.ts';
import { tinyProgram } from '../../test/support/tiny-program.ts';
import { buildDeviceImages, DeviceImageCache, deviceBuildKey, projectSource } from './device-build.ts';
import { ProgramTooBigError } from './program-too-big.ts';

const store = testFirmwareStore();

describe('buildDeviceImages', () => {
  it('links both boards and writes the Universal Hex', async () => {
    const images = await buildDeviceImages(store, tinyProgram(), { source: projectSource({ 'main.ts': '' }) });
    expect(images.v1.programStart).toBe(0x35400);
    expect(images.v2.programStart).toBe(0x47000);
    expect(images.universalHex).toMatch(/^:020000040000FA\n:0400000A9900C0DEBB\n/);
  });

  it('keys the cache on everything that goes in', () => {
    const program = tinyProgram();
    const key = deviceBuildKey(program);
    expect(deviceBuildKey(tinyProgram())).toBe(key);
    const changed = tinyProgram();
    changed.code[14] = 1;
    expect(deviceBuildKey(changed)).not.toBe(key);
    expect(deviceBuildKey({ ...program, flavor: 'bluetooth' })).not.toBe(key);
    expect(deviceBuildKey(program, Uint8Array.of(1))).not.toBe(key);
    expect(deviceBuildKey({ ...program, header: { ...program.header, globals: 3 } })).not.toBe(key);
  });

  it('answers a repeated build from the cache, which keeps the last 10', async () => {
    const cache = new DeviceImageCache();
    const first = await buildDeviceImages(store, tinyProgram(), { cache });
    expect(await buildDeviceImages(store, tinyProgram(), { cache })).toBe(first);
    for (let i = 1; i <= 10; i++) await buildDeviceImages(store, tinyProgram(i * 2), { cache });
    expect(cache.size).toBe(10);
    expect(await buildDeviceImages(store, tinyProgram(), { cache })).not.toBe(first);
  });

  it('says which board a program is too big for', async () => {
    const v1 = await store.get('v1');
    const tooBigForV1 = tinyProgram(v1.programLimit - v1.programStart);
    await expect(buildDeviceImages(store, tooBigForV1)).rejects.toThrow(ProgramTooBigError);
    await expect(buildDeviceImages(store, tooBigForV1)).rejects.toMatchObject({ variant: 'v1', overBy: 128 });
  });
});
