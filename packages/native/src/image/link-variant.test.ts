import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testFirmwareStore } from '../../test/support/node-firmware.ts';
import { readFlash } from '../../test/support/memory.ts';
import { decodeThumbBl } from '../../test/support/thumb-decode.ts';
import { tinyProgram } from '../../test/support/tiny-program.ts';
import { readU32 } from '../binary/bytes.ts';
import { resolveRuntimeEntry } from '../firmware/firmware-image.ts';
import { encodeThumbBl, LinkError, linkVariant } from './link-variant.ts';
import { PROGRAM_HASH_PLACEHOLDER, readProgramHeader } from './program-header.ts';
import { PROGRAM_TOO_BIG_CODE, ProgramTooBigError } from './program-too-big.ts';

const store = testFirmwareStore();

describe('linkVariant', () => {
  it.each(['v1', 'v2'] as const)('%s: places the header and code and resolves every relocation', async (variant) => {
    const firmware = await store.get(variant);
    const linked = linkVariant(firmware, tinyProgram());
    const base = firmware.programStart + 64;
    const header = readProgramHeader(linked.program);
    expect(header.magic).toBe('708e3b92c615a841c49866c975ee5197');
    expect(header.templateHash).toBe(firmware.templateHash.slice(0, 16));
    expect(header.globals).toBe(1);
    expect(header.nonPointerGlobals).toBe(1);
    expect(header.sizeBytes).toBe(Math.ceil(linked.program.length / 8) * 8);
    expect(header.configData).toBe(base + 28);
    expect(header.lambdaTrampoline).toBe((base + 24) | 1);
    expect(header.restoreExceptionState).toBe((base + 26) | 1);
    expect(header.name).toBe(base + 44);

    const code = linked.program.subarray(64);
    expect(readU32(code, 0)).toBe(resolveRuntimeEntry(firmware, 'pxt::RefAction_vtable').address);
    expect(readU32(code, 8)).toBe(base + 13);
    expect(decodeThumbBl(code, 16, base + 16)).toBe(resolveRuntimeEntry(firmware, 'serial::writeString').address);
    expect(readU32(code, 44)).toBe(resolveRuntimeEntry(firmware, 'pxt::string_inline_ascii_vt').address);
  });

  it('computes the program hash as MakeCode does (independent computation)', async () => {
    const linked = linkVariant(await store.get('v1'), tinyProgram());
    const unsealed = Uint8Array.from(linked.program);
    unsealed.set(PROGRAM_HASH_PLACEHOLDER, 24);
    unsealed[34] = unsealed[35] = 0;
    // pxt hashes a string of byte-valued characters, UTF-8 encoded.
    const digest = createHash('sha256')
      .update(Buffer.from(Buffer.from(unsealed).toString('latin1'), 'utf8'))
      .digest();
    expect([...linked.program.subarray(24, 32)]).toEqual([digest[0], 0, digest[1], 0, digest[2], 0, digest[3], 0]);
    expect(linked.programHash).toBe(digest.subarray(0, 4).toString('hex'));
  });

  it('patches the marker: version, program start, template hash; the rest of the firmware is untouched', async () => {
    const firmware = await store.get('v2');
    const linked = linkVariant(firmware, tinyProgram());
    const marker = readFlash(linked.segments, firmware.markerAddress, 20);
    expect(readU32(marker, 0)).toBe(0x4210);
    expect(readU32(marker, 4)).toBe(firmware.programStart);
    expect(Buffer.from(marker.subarray(8, 16)).toString('hex')).toBe(firmware.templateHash.slice(0, 16));
    expect(readU32(marker, 16)).toBe(firmware.topOfFlash);
    for (const original of firmware.segments) {
      const now = readFlash(linked.segments, original.address, original.data.length);
      const changed = [...now].filter((b, i) => b !== original.data[i]).length;
      const holdsMarker =
        original.address <= firmware.markerAddress && firmware.markerAddress < original.address + original.data.length;
      expect(changed).toBeLessThanOrEqual(holdsMarker ? 16 : 0);
    }
    // Zeros between the firmware and the program, the program padded to 16 bytes.
    const gap = readFlash(linked.segments, firmware.firmwareEnd, firmware.programStart - firmware.firmwareEnd);
    expect(gap.every((b) => b === 0)).toBe(true);
    const end = firmware.programStart + Math.ceil(linked.program.length / 16) * 16;
    expect(readFlash(linked.segments, firmware.programStart, end - firmware.programStart).length).toBe(
      end - firmware.programStart,
    );
  });

  it('gives V1 and V2 the same code apart from resolved addresses', async () => {
    const v1 = linkVariant(await store.get('v1'), tinyProgram());
    const v2 = linkVariant(await store.get('v2'), tinyProgram());
    expect(v1.program.length).toBe(v2.program.length);
    expect(v1.program.subarray(64 + 12, 64 + 16)).toEqual(v2.program.subarray(64 + 12, 64 + 16));
    expect(v1.programHash).not.toBe(v2.programHash);
  });

  it('reports the size against each variant’s room', async () => {
    const v1 = await store.get('v1');
    const linked = linkVariant(v1, tinyProgram());
    expect(linked.size).toBe(64 + 64);
    expect(linked.room).toBe(0x3b400 - 0x35400);
    expect(linked.free).toBe(linked.room - linked.size);
  });

  it('refuses a program that does not fit: "program too big by {0} bytes!" (9283)', async () => {
    const v1 = await store.get('v1');
    const room = v1.programLimit - v1.programStart;
    const exact = tinyProgram(room - 128);
    expect(linkVariant(v1, exact).free).toBe(0);
    const tooBig = tinyProgram(room - 128 + 10);
    let error: unknown;
    try {
      linkVariant(v1, tooBig);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProgramTooBigError);
    expect((error as ProgramTooBigError).message).toBe('program too big by 10 bytes!');
    expect((error as ProgramTooBigError).code).toBe(PROGRAM_TOO_BIG_CODE);
    expect((error as ProgramTooBigError).board).toBe('micro:bit V1');
    // The same program fits the V2.
    expect(linkVariant(await store.get('v2'), tooBig).free).toBeGreaterThan(0);
  });

  it('refuses malformed program objects with a LinkError that says what is wrong', async () => {
    const v1 = await store.get('v1');
    const base = tinyProgram();
    const cases: [Partial<typeof base>, RegExp][] = [
      [{ relocations: [{ kind: 'program-address', at: 62 }] }, /outside the 64-byte program/],
      [{ relocations: [{ kind: 'program-address', at: 3 }] }, /outside/],
      [{ relocations: [{ kind: 'runtime-call', at: 16, name: 'pxt::number_vt' }] }, /is data, not a function/],
      [
        { relocations: [{ kind: 'runtime-address', at: 0, name: 'nothing::here' }] },
        /no runtime entry named nothing::here/,
      ],
      [{ code: new Uint8Array(3) }, /even number of bytes/],
      [{ header: { ...base.header, name: 9999 } }, /name \(9999\) is not an offset/],
      [{ header: { ...base.header, globals: 0 } }, /slot 0 is always needed/],
    ];
    for (const [change, message] of cases) {
      expect(() => linkVariant(v1, { ...base, ...change })).toThrow(message);
    }
    expect(() => linkVariant(v1, { ...base, relocations: [{ kind: 'program-address', at: 12 }] })).toThrow(LinkError);
    expect(() => linkVariant(v1, { ...base, flavor: 'bluetooth' })).toThrow(/needs the bluetooth firmware/);
  });
});

describe('encodeThumbBl', () => {
  it('matches the architecture’s examples', () => {
    expect(encodeThumbBl(0x1000, 0x1004)).toEqual([0xf000, 0xf800]);
    expect(encodeThumbBl(0x1000, 0x1000)).toEqual([0xf7ff, 0xfffe]);
  });

  it('round-trips every even offset in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x7ffff }),
        fc.integer({ min: -(1 << 23), max: (1 << 23) - 1 }),
        (pc, half) => {
          const from = 0x100000 + pc * 2;
          const target = from + 4 + half * 2;
          const [hi, lo] = encodeThumbBl(from, target);
          const bytes = Uint8Array.of(hi & 0xff, hi >> 8, lo & 0xff, lo >> 8);
          expect(decodeThumbBl(bytes, 0, from)).toBe(target);
        },
      ),
    );
  });

  it('refuses a target out of reach', () => {
    expect(() => encodeThumbBl(0, 1 << 25)).toThrow(LinkError);
  });
});
