// Proves the linker end to end: a hand-written Thumb program (test/programs/hello-abi.s, GNU as
// until our assembler lands) that follows the documented binary interface, linked by our linker
// with the pinned firmware, boots in the emulation harness and does what it says. The V2 image,
// which no emulator here can run, is checked structurally.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readProjectHex } from '@blockyard/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveRuntimeEntry } from '../src/firmware/firmware-image.ts';
import { projectSource } from '../src/image/device-build.ts';
import { writeUniversalHex, writeVariantHex } from '../src/image/device-files.ts';
import { linkVariant, type LinkedVariant } from '../src/image/link-variant.ts';
import { readProgramHeader } from '../src/image/program-header.ts';
import type { ProgramObject } from '../src/image/program-object.ts';
import { MicrobitSession, qemuAvailable } from './harness/qemu-microbit.ts';
import { assembleThumb, GNU_AS, programObjectFrom } from './support/gnu-object.ts';
import { readFlash } from './support/memory.ts';
import { testFirmwareStore } from './support/node-firmware.ts';
import { decodeThumbBl } from './support/thumb-decode.ts';

const canAssemble = existsSync(GNU_AS);
if (!canAssemble)
  console.warn('Skipping the linker proof: arm-none-eabi-as is not installed (scripts/ensure-deps.mjs)');
const canRun = canAssemble && qemuAvailable();

const files = {
  'pxt.json': JSON.stringify({ name: 'hello-abi', dependencies: { core: '*' }, files: ['main.ts'] }),
  'main.ts': '// written in assembly: test/programs/hello-abi.s\n',
};

let object: ProgramObject;
let v1: LinkedVariant;
let v2: LinkedVariant;

describe.skipIf(!canAssemble)('a hand-written program linked by our linker', () => {
  beforeAll(async () => {
    const source = readFileSync(join(import.meta.dirname, 'programs', 'hello-abi.s'), 'utf8');
    object = programObjectFrom(assembleThumb(source), { globals: 2, nonPointerGlobals: 1 });
    const store = testFirmwareStore();
    v1 = linkVariant(await store.get('v1'), object);
    v2 = linkVariant(await store.get('v2'), object);
  });

  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  const greeting = /hello from blockyard\r\n7\r\ntick 1\r\ntick 2\r\ntick 3\r\n/;
  const threeLeds = ['#....', '.....', '..#..', '.....', '....#'];

  it.skipIf(!canRun)(
    'runs on V1 from its own .hex: serial, runtime arithmetic, LEDs, forever, a global',
    async () => {
      session = await MicrobitSession.boot(writeVariantHex(v1));
      await session.waitForSerial(greeting);
      await session.waitForFrame(threeLeds);
    },
    60_000,
  );

  it.skipIf(!canRun)(
    'runs from the Universal Hex with the source embedded, and answers button A',
    async () => {
      const universal = writeUniversalHex(v1, v2, projectSource(files));
      expect(readProjectHex(new TextEncoder().encode(universal)).files).toEqual(files);
      session = await MicrobitSession.boot(universal, { leds: false });
      await session.waitForSerial(/tick 2\r\n/);
      await session.press('A');
      await session.waitForSerial(/A!\r\n/);
    },
    60_000,
  );

  it('V2: vector table, header, every runtime reference and the marker are right', () => {
    const firmware = v2.firmware;
    // Vector table: initial stack pointer in RAM, reset handler a Thumb address in flash.
    const vectors = readFlash(v2.segments, 0, 8);
    const view = new DataView(vectors.buffer);
    expect(view.getUint32(0, true)).toBeGreaterThanOrEqual(0x20000000);
    expect(view.getUint32(0, true)).toBeLessThanOrEqual(0x20020000);
    expect(view.getUint32(4, true) & 1).toBe(1);
    expect(view.getUint32(4, true)).toBeLessThan(0x80000);

    const header = readProgramHeader(v2.program);
    expect(header.templateHash).toBe(firmware.templateHash.slice(0, 16));
    expect(header.globals).toBe(2);
    const base = v2.programStart + 64;
    const end = v2.programStart + v2.program.length;
    for (const pointer of [header.configData, header.ifaceMemberNames, header.perfCounters, header.name]) {
      expect(pointer).toBeGreaterThanOrEqual(base);
      expect(pointer).toBeLessThan(end);
    }
    expect(header.lambdaTrampoline & 1).toBe(1);

    const code = v2.program.subarray(64);
    for (const relocation of object.relocations) {
      if (relocation.kind === 'runtime-call') {
        expect(decodeThumbBl(code, relocation.at, base + relocation.at)).toBe(
          resolveRuntimeEntry(firmware, relocation.name).address,
        );
      } else if (relocation.kind === 'runtime-address') {
        expect(new DataView(code.buffer, code.byteOffset).getUint32(relocation.at, true)).toBe(
          resolveRuntimeEntry(firmware, relocation.name).address,
        );
      }
    }
    const marker = new DataView(readFlash(v2.segments, firmware.markerAddress, 8).buffer);
    expect(marker.getUint32(0, true)).toBe(0x4210);
    expect(marker.getUint32(4, true)).toBe(0x47000);
    expect(v2.size).toBe(v1.size);
    expect(v2.room).toBe(0x73000 - 0x47000);
  });
});
