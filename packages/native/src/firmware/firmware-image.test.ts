import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatHexRecord, writeIntelHex } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { HEXCACHE_DIR, testFirmwareStore } from '../../test/support/node-firmware.ts';
import { entryAddress, FirmwareError, parseFirmware, resolveRuntimeEntry } from './firmware-image.ts';
import { firmwareFileName, verifyFirmwareBytes } from './firmware-store.ts';
import { runtimeFunctionTable } from './runtime-function-table.ts';

const store = testFirmwareStore();

describe('the pinned firmware images', () => {
  // Checked against MakeCode's own builds of the same firmware (its .asm listings' .startaddr).
  it.each([
    ['v1', 'radio', 0x33180, 0x35400, 0x3b400],
    ['v2', 'radio', 0x433c0, 0x47000, 0x73000],
    ['v1', 'bluetooth', 0x34fc0, 0x37400, 0x3b400],
    ['v2', 'bluetooth', 0x45600, 0x4a000, 0x73000],
  ] as const)('%s %s: marker, program start and limit', async (variant, flavor, marker, start, limit) => {
    const firmware = await store.get(variant, flavor);
    expect(firmware.markerAddress).toBe(marker);
    expect(firmware.programStart).toBe(start);
    expect(firmware.programLimit).toBe(limit);
    expect(firmware.tableWords.length).toBe(runtimeFunctionTable(flavor).entries.length);
  });

  it("agrees with pxt-microbit's configured usable flash ends", async () => {
    const target = JSON.parse(readFileSync(join(HEXCACHE_DIR, '..', 'target.json'), 'utf8')) as {
      compile: { flashUsableEnd: number };
      variants: { mbcodal: { compile: { flashUsableEnd: number } } };
    };
    expect((await store.get('v1')).programLimit).toBe(target.compile.flashUsableEnd);
    expect((await store.get('v2')).programLimit).toBe(target.variants.mbcodal.compile.flashUsableEnd);
  });

  it('resolves entries: code with the Thumb bit cleared, data at its address', async () => {
    const v1 = await store.get('v1');
    const call = resolveRuntimeEntry(v1, 'basic::showString');
    expect(call.entry.kind).toBe('function');
    expect(call.entry.argsFmt).toEqual(['V', 'S', 'I']);
    expect(call.address % 2).toBe(0);
    expect(v1.tableWords[call.entry.index]! % 2).toBe(1);
    const vtable = resolveRuntimeEntry(v1, 'pxt::RefAction_vtable');
    expect(vtable.entry.kind).toBe('data');
    expect(vtable.address % 4).toBe(0);
    expect(entryAddress(v1, vtable.entry)).toBe(v1.tableWords[vtable.entry.index]);
    expect(() => resolveRuntimeEntry(v1, 'no::suchThing')).toThrow(FirmwareError);
  });

  it('checks the bytes a loader returns', () => {
    const bytes = readFileSync(join(HEXCACHE_DIR, firmwareFileName('v1')));
    expect(() => verifyFirmwareBytes(bytes, 'v1', 'radio')).not.toThrow();
    const damaged = Uint8Array.from(bytes);
    damaged[1000] = damaged[1000]! ^ 1;
    expect(() => verifyFirmwareBytes(damaged, 'v1', 'radio')).toThrow(/not the expected one/);
    expect(() => verifyFirmwareBytes(bytes, 'v2', 'radio')).toThrow(FirmwareError);
  });
});

describe('parseFirmware on damaged images', () => {
  const table = runtimeFunctionTable('radio');
  const marker = [0x01, 0x08, 0x01, 0x08, 0x42, 0x42, 0x42, 0x42, 0x01, 0x08, 0x01, 0x08, 0x3e, 0xd8, 0xe9, 0x8d];

  function image(entries: number, markers = 1): string {
    const data = new Uint8Array(0x20 * markers + 20 + 4 * entries);
    for (let m = 0; m < markers; m++) data.set(marker, 0x20 * m);
    const view = new DataView(data.buffer);
    for (let i = 0; i < entries; i++) view.setUint32(0x20 * (markers - 1) + 20 + 4 * i, 0x1001 + 2 * i, true);
    return writeIntelHex([{ address: 0x18000, data }]);
  }

  it('reads a well-formed table', () => {
    const firmware = parseFirmware(image(table.entries.length), 'v1', 'radio', '0'.repeat(64));
    expect(firmware.markerAddress).toBe(0x18000);
    expect(firmware.programStart % 1024).toBe(0);
  });

  it('refuses an image without a marker, with two, or with a short table', () => {
    expect(() => parseFirmware(writeIntelHex([{ address: 0, data: new Uint8Array(64) }]), 'v1', 'radio', '')).toThrow(
      /0 function table markers/,
    );
    expect(() => parseFirmware(image(table.entries.length, 2), 'v1', 'radio', '')).toThrow(/2 function table markers/);
    expect(() => parseFirmware(image(10), 'v1', 'radio', '')).toThrow(/shorter than/);
  });

  it('refuses text that is not Intel HEX, in plain words', () => {
    expect(() => parseFirmware('hello', 'v2', 'radio', '')).toThrow(/micro:bit V2 firmware is not a valid \.hex file/);
    expect(() => parseFirmware(formatHexRecord(0, 0, [1]) + '\n', 'v1', 'radio', '')).toThrow(FirmwareError);
  });
});
