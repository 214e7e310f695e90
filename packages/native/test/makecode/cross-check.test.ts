// Our linker and files against MakeCode's, with MakeCode's own build and reader (installed on
// first use into node_modules/.cache; skipped with a message when that cannot be done).
import { existsSync, readFileSync } from 'node:fs';
import { separateUniversalHex } from '@microbit/microbit-universal-hex';
import { parseIntelHex, type MemorySegment } from '@blockyard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryAddress, type FirmwareImage } from '../../src/firmware/firmware-image.ts';
import { runtimeFunctionTable } from '../../src/firmware/runtime-function-table.ts';
import { projectSource } from '../../src/image/device-build.ts';
import { writeUniversalHex, writeVariantHex, writeVariantUf2 } from '../../src/image/device-files.ts';
import { linkVariant, type LinkedVariant } from '../../src/image/link-variant.ts';
import { readProgramHeader } from '../../src/image/program-header.ts';
import { computeProgramHash } from '../../src/image/program-hash.ts';
import type { ProgramObject } from '../../src/image/program-object.ts';
import { readFlash } from '../support/memory.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';
import { tinyProgram } from '../support/tiny-program.ts';
import { GENERATED_FILE, generateRuntimeFunctions } from './generate-runtime-functions.ts';
import {
  buildWithMakeCode,
  makeCodeAvailability,
  makeCodeFunctionTables,
  readSourceWithMakeCode,
  type MakeCodeBuild,
  type MakeCodeFlavor,
} from '@blockyard/makecode-reference';

const availability = await makeCodeAvailability();
if (!availability.ok) console.warn(`Skipping the MakeCode cross-check: ${availability.reason}`);

const store = testFirmwareStore();

/** A V1 or V2 .hex of MakeCode's as memory: source records (after its end-of-file record) dropped. */
function memoryOf(hex: string): MemorySegment[] {
  const lines: string[] = [];
  for (const line of hex.split(/\r?\n/)) {
    if (!line || /^:......0E/.test(line)) continue;
    lines.push(line);
    if (line === ':00000001FF') break;
  }
  return parseIntelHex(lines.join('\n') + '\n').sections[0]!.segments as MemorySegment[];
}

/** The sorted, merged runs of a memory image, as (address, bytes). */
function runs(segments: readonly MemorySegment[]): { address: number; data: Uint8Array }[] {
  const out: { address: number; parts: Uint8Array[]; length: number }[] = [];
  for (const s of [...segments].sort((a, b) => a.address - b.address)) {
    const last = out[out.length - 1];
    if (last && last.address + last.length === s.address) {
      last.parts.push(s.data);
      last.length += s.data.length;
    } else out.push({ address: s.address, parts: [s.data], length: s.data.length });
  }
  return out.map((r) => ({ address: r.address, data: Buffer.concat(r.parts) }));
}

function expectSameMemory(ours: readonly MemorySegment[], theirs: readonly MemorySegment[]): void {
  const a = runs(ours);
  const b = runs(theirs);
  expect(a.map((r) => [r.address, r.data.length])).toEqual(b.map((r) => [r.address, r.data.length]));
  a.forEach((run, i) => {
    const diff = Buffer.compare(run.data, b[i]!.data);
    if (diff !== 0) {
      const at = run.data.findIndex((byte, k) => byte !== b[i]!.data[k]);
      expect.fail(`images differ at 0x${(run.address + at).toString(16)}`);
    }
  });
}

/**
 * MakeCode's linked program turned back into a program object: its code already holds absolute
 * addresses for this variant, so no relocations; header fields become offsets again. The exact
 * length is the one whose hash matches the header (MakeCode pads the size to 8 bytes).
 */
function objectFromMakeCode(memory: MemorySegment[], firmware: FirmwareImage, flavor: MakeCodeFlavor): ProgramObject {
  const start = firmware.programStart;
  const head = readProgramHeader(readFlash(memory, start, 64));
  const padded = readFlash(memory, start, head.sizeBytes);
  const stored = padded.subarray(24, 32);
  let length = -1;
  for (let candidate = head.sizeBytes - 8; candidate <= head.sizeBytes; candidate += 2) {
    const probe = padded.slice(0, candidate);
    probe.set([0x87, 0x32, 0x66, 0x33, 0x0a, 0xf9, 0xdb, 0xdb], 24);
    probe[34] = probe[35] = probe[40] = probe[41] = 0;
    const digest = computeProgramHash(probe);
    if ([digest[0], 0, digest[1], 0, digest[2], 0, digest[3], 0].every((byte, i) => byte === stored[i]))
      length = candidate;
  }
  expect(length).toBeGreaterThan(64);
  const base = start + 64;
  return {
    code: padded.slice(64, length),
    relocations: [],
    flavor,
    header: {
      globals: head.globals,
      nonPointerGlobals: head.nonPointerGlobals,
      configData: head.configData - base,
      ifaceMemberNames: head.ifaceMemberNames - base,
      lambdaTrampoline: (head.lambdaTrampoline & ~1) - base,
      perfCounters: head.perfCounters - base,
      restoreExceptionState: (head.restoreExceptionState & ~1) - base,
      name: head.name - base,
    },
  };
}

const PROGRAMS: Record<string, { flavor: MakeCodeFlavor; main: string }> = {
  'xc-display': {
    flavor: 'radio',
    main: 'basic.showIcon(IconNames.Heart)\nbasic.forever(function () {\n    led.toggle(2, 2)\n    basic.pause(100)\n})\n',
  },
  'xc-classes': {
    flavor: 'radio',
    main: `class Pet { constructor(public name: string, public legs: number) {} speak() { return this.name + " " + this.legs } }
let pets = [new Pet("cat", 4), new Pet("bird", 2)]
input.onButtonPressed(Button.A, () => { for (let p of pets) serial.writeLine(p.speak()) })
control.inBackground(() => { serial.writeNumber(Math.sqrt(2)) })
`,
  },
  'xc-radio': {
    flavor: 'radio',
    main: 'radio.setGroup(1)\nradio.onReceivedString(function (s) { basic.showString(s) })\ninput.onButtonPressed(Button.A, () => radio.sendString("hi"))\n',
  },
  'xc-bluetooth': { flavor: 'bluetooth', main: 'bluetooth.startUartService()\nbasic.showString("B")\n' },
};

describe.skipIf(!availability.ok)("cross-check with MakeCode's own build", () => {
  const builds: Record<string, MakeCodeBuild> = {};
  beforeAll(async () => {
    for (const [name, { flavor, main }] of Object.entries(PROGRAMS)) {
      builds[name] = await buildWithMakeCode(name, { 'main.ts': main }, flavor);
    }
  }, 900_000);

  it.each(Object.keys(PROGRAMS))('%s: relinking MakeCode’s program gives its exact V1 and V2 images', async (name) => {
    const { flavor } = PROGRAMS[name]!;
    for (const variant of ['v1', 'v2'] as const) {
      const theirs = memoryOf(variant === 'v1' ? builds[name]!.v1Hex : builds[name]!.v2Hex);
      const firmware = await store.get(variant, flavor);
      const ours = linkVariant(firmware, objectFromMakeCode(theirs, firmware, flavor));
      expectSameMemory(ours.segments, theirs);
    }
  });

  it('our own program’s image has MakeCode’s firmware region byte for byte', async () => {
    const theirs = memoryOf(builds['xc-display']!.v1Hex);
    const firmware = await store.get('v1');
    const ours: LinkedVariant = linkVariant(firmware, tinyProgram());
    const outside = (segments: readonly MemorySegment[]) =>
      runs(segments).flatMap((r) => {
        // Everything below the program start, and everything above the program area.
        const cut = firmware.programStart - r.address;
        if (cut <= 0) return r.address >= firmware.programLimit ? [r] : [];
        return [{ address: r.address, data: r.data.subarray(0, Math.min(cut, r.data.length)) }];
      });
    expectSameMemory(outside(ours.segments), outside(theirs));
  });

  it('MakeCode reads the source back from our Universal Hex, V1 .hex and V2 .uf2', async () => {
    const files = {
      'pxt.json': JSON.stringify({ name: 'Round trip ✓', dependencies: { core: '*' }, files: ['main.ts'] }),
      'main.ts': 'basic.showString("héllo ✓ 🙂")\n',
    };
    const source = projectSource(files);
    const firmwareV1 = await store.get('v1');
    const firmwareV2 = await store.get('v2');
    const object = objectFromMakeCode(memoryOf(builds['xc-display']!.v1Hex), firmwareV1, 'radio');
    const v1 = linkVariant(firmwareV1, object);
    const v2 = linkVariant(firmwareV2, objectFromMakeCode(memoryOf(builds['xc-display']!.v2Hex), firmwareV2, 'radio'));
    const universal = writeUniversalHex(v1, v2, source);
    const encoder = new TextEncoder();
    for (const file of [
      encoder.encode(universal),
      encoder.encode(writeVariantHex(v1, source)),
      writeVariantUf2(v2, source),
    ]) {
      const read = await readSourceWithMakeCode(file);
      expect(JSON.parse(read.source)).toEqual(files);
      expect(read.meta?.name).toBe('Round trip ✓');
    }
    // The Foundation's library (MakeCode's editor separates Universal Hexes with it) splits ours
    // into the two images we linked.
    const parts = separateUniversalHex(universal);
    expect(parts.map((p) => p.boardId)).toEqual([0x9900, 0x9903]);
    expectSameMemory(parseIntelHex(parts[0]!.hex).sections[0]!.segments, v1.segments);
    expectSameMemory(parseIntelHex(parts[1]!.hex).sections[0]!.segments, v2.segments);
  }, 120_000);

  it('the runtime function list is what MakeCode derives, and resolves to the same addresses', async () => {
    expect(existsSync(GENERATED_FILE)).toBe(true);
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await generateRuntimeFunctions());
    for (const flavor of ['radio', 'bluetooth'] as const) {
      for (const table of await makeCodeFunctionTables(flavor)) {
        const variant = table.variant === 'mbdal' ? 'v1' : 'v2';
        const firmware = await store.get(variant, flavor);
        const ours = runtimeFunctionTable(flavor);
        expect(firmware.templateHash).toBe(table.sha);
        table.functions.forEach((f, index) => {
          expect(ours.entries[index]!.name).toBe(f.name);
          expect(entryAddress(firmware, ours.entries[index]!)).toBe(f.address & ~1);
        });
      }
    }
  }, 300_000);
});
